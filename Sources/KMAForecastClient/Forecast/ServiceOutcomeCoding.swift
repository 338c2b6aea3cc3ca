/// The checks every side service's outcome (``MidTermOutcome``, ``WarningsOutcome``,
/// ``UVIndexOutcome``) makes when it is decoded, in one place.
enum ServiceOutcomeCoding {
    /// A stored `status` is derived from the rest, so it must agree with what the rest says.
    static func checkStatus<Key: CodingKey, Status: RawRepresentable & Decodable & Equatable>(
        _ derived: Status, in container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws where Status.RawValue == String {
        if let stated = try container.decodeIfPresent(Status.self, forKey: key), stated != derived {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "status '\(stated.rawValue)' contradicts the outcome, which is '\(derived.rawValue)'")
        }
    }

}
