/// An instant's stored shape: one ISO 8601 string with the KST offset,
/// `"2026-11-21T05:10:00+09:00"` (``KSTDateTime/iso8601``). Decoding also accepts `Z` and other
/// offsets (``KSTDateTime/init(iso8601:)``).
extension KSTDateTime: Codable {
    /// Decodes an ISO 8601 string.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(iso8601: text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Encodes ``iso8601``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601)
    }
}
