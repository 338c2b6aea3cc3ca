/// A coordinate's stored shape: `{"latitude":37.5665,"longitude":126.978}`, in degrees. Like
/// the type, decoding enforces no range (``ForecastGrid/cell(for:)`` validates).
extension GeoCoordinate: Codable {
    private enum CodingKeys: String, CodingKey { case latitude, longitude }

    /// Decodes `{"latitude":…,"longitude":…}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            latitude: try container.decode(Double.self, forKey: .latitude),
            longitude: try container.decode(Double.self, forKey: .longitude)
        )
    }

    /// Encodes `{"latitude":…,"longitude":…}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
    }
}
