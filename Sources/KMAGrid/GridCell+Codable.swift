/// A cell's stored shape: `{"nx":60,"ny":127}`. Decoding checks the ranges (nx 1...149,
/// ny 1...253) and fails with the ``GridError`` text otherwise.
extension GridCell: Codable {
    private enum CodingKeys: String, CodingKey { case nx, ny }

    /// Decodes `{"nx":…,"ny":…}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let nx = try container.decode(Int.self, forKey: .nx)
        let ny = try container.decode(Int.self, forKey: .ny)
        do {
            try self.init(nx: nx, ny: ny)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Encodes `{"nx":…,"ny":…}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(nx, forKey: .nx)
        try container.encode(ny, forKey: .ny)
    }
}
