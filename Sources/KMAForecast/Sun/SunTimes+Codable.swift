/// `{"astronomicalDawn":"2026-10-03T05:02:11+09:00",…,"sunrise":"2026-10-03T06:29:20+09:00",…}`:
/// each event as ISO 8601 with `+09:00` (like an hour's `time`); an event that does not happen
/// that day is left out.
extension SunTimes: Codable {
    private enum CodingKeys: String, CodingKey {
        case astronomicalDawn, nauticalDawn, civilDawn, sunrise, solarNoon, sunset, civilDusk, nauticalDusk, astronomicalDusk
    }

    /// Decodes the shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func at(_ key: CodingKeys) throws -> KSTDateTime? { try container.decodeIfPresent(KSTDateTime.self, forKey: key) }
        self.init(
            astronomicalDawn: try at(.astronomicalDawn), nauticalDawn: try at(.nauticalDawn), civilDawn: try at(.civilDawn),
            sunrise: try at(.sunrise), solarNoon: try at(.solarNoon), sunset: try at(.sunset), civilDusk: try at(.civilDusk),
            nauticalDusk: try at(.nauticalDusk), astronomicalDusk: try at(.astronomicalDusk)
        )
    }

    /// Encodes the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(astronomicalDawn, forKey: .astronomicalDawn)
        try container.encodeIfPresent(nauticalDawn, forKey: .nauticalDawn)
        try container.encodeIfPresent(civilDawn, forKey: .civilDawn)
        try container.encodeIfPresent(sunrise, forKey: .sunrise)
        try container.encodeIfPresent(solarNoon, forKey: .solarNoon)
        try container.encodeIfPresent(sunset, forKey: .sunset)
        try container.encodeIfPresent(civilDusk, forKey: .civilDusk)
        try container.encodeIfPresent(nauticalDusk, forKey: .nauticalDusk)
        try container.encodeIfPresent(astronomicalDusk, forKey: .astronomicalDusk)
    }
}
