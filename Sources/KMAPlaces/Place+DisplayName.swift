extension Place {
    /// The full name as people write it: ``name`` with a city's district set apart, as KMA's
    /// table writes it run together (`경기도 수원시장안구` → `경기도 수원시 장안구`,
    /// `경상남도 창원시마산합포구` → `경상남도 창원시 마산합포구`). Other names are ``name`` as it is.
    public var displayName: String {
        levels.map(Self.splitCityDistrict).joined(separator: " ")
    }

    /// `수원시장안구` → `수원시 장안구`: a level that names a city (…시) and then one of its
    /// districts (…구) in one word.
    static func splitCityDistrict(_ level: String) -> String {
        guard level.hasSuffix("구"), let city = level.firstIndex(of: "시") else { return level }
        let rest = level[level.index(after: city)...]
        guard rest.count >= 2 else { return level }
        return String(level[...city]) + " " + rest
    }
}
