/// A run's stored shape, as the API names it: `{"baseDate":"20261121","baseTime":"0500"}`.
extension ForecastBase: Codable {
    private enum CodingKeys: String, CodingKey { case baseDate, baseTime }

    /// Decodes `{"baseDate":"YYYYMMDD","baseTime":"HHMM"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let date = try container.decode(String.self, forKey: .baseDate)
        let time = try container.decode(String.self, forKey: .baseTime)
        do {
            try self.init(baseDate: date, baseTime: time)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Encodes ``baseDate`` and ``baseTime``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(baseDate, forKey: .baseDate)
        try container.encode(baseTime, forKey: .baseTime)
    }
}
