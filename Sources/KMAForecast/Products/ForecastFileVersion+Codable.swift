/// A file version's stored shape: KMA's text, `"20210628092217"`. Decoding applies the same
/// checks as ``ForecastFileVersion/init(_:)``.
extension ForecastFileVersion: Codable {
    /// Decodes KMA's 14-digit text.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let version = ForecastFileVersion(text) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "file version '\(text)' is not 14 digits YYYYMMDDHHMMSS of a real KST time"
            ))
        }
        self = version
    }

    /// Encodes ``text``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
