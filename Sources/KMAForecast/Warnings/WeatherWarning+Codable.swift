/// The stored shape of a ``WeatherWarning`` (see its documentation). `title` and `englishTitle`
/// and the names of the kind and level are derived and only written; the codes are what is read.
extension WeatherWarning: Codable {
    private enum CodingKeys: String, CodingKey {
        case zoneID, zoneName, title, englishTitle, kind, level, issuedAt, effectiveAt, endsAt, firstIssuedAt
    }

    private enum CodeKeys: String, CodingKey { case code, name, englishName }

    /// Decodes the shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.nestedContainer(keyedBy: CodeKeys.self, forKey: .kind)
        let level = try container.nestedContainer(keyedBy: CodeKeys.self, forKey: .level)
        self.init(
            zoneID: try container.decode(String.self, forKey: .zoneID),
            zoneName: try container.decode(String.self, forKey: .zoneName),
            kind: WarningKind(code: try kind.decode(Int.self, forKey: .code)),
            level: WarningLevel(code: try level.decode(Int.self, forKey: .code)),
            issuedAt: try container.decode(KSTDateTime.self, forKey: .issuedAt),
            effectiveAt: try container.decode(KSTDateTime.self, forKey: .effectiveAt),
            endsAt: try container.decodeIfPresent(KSTDateTime.self, forKey: .endsAt),
            firstIssuedAt: try container.decodeIfPresent(KSTDateTime.self, forKey: .firstIssuedAt)
        )
    }

    /// Encodes the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(zoneID, forKey: .zoneID)
        try container.encode(zoneName, forKey: .zoneName)
        try container.encode(title, forKey: .title)
        try container.encode(englishTitle, forKey: .englishTitle)
        var kindContainer = container.nestedContainer(keyedBy: CodeKeys.self, forKey: .kind)
        try kindContainer.encode(kind.code, forKey: .code)
        try kindContainer.encodeIfPresent(kind.koreanName, forKey: .name)
        try kindContainer.encodeIfPresent(kind.englishName, forKey: .englishName)
        var levelContainer = container.nestedContainer(keyedBy: CodeKeys.self, forKey: .level)
        try levelContainer.encode(level.code, forKey: .code)
        try levelContainer.encodeIfPresent(level.koreanName, forKey: .name)
        try levelContainer.encodeIfPresent(level.englishName, forKey: .englishName)
        try container.encode(issuedAt, forKey: .issuedAt)
        try container.encode(effectiveAt, forKey: .effectiveAt)
        try container.encodeIfPresent(endsAt, forKey: .endsAt)
        try container.encodeIfPresent(firstIssuedAt, forKey: .firstIssuedAt)
    }
}
