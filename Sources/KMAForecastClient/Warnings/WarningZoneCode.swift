import KMAPlaces

/// A place's warning zone as stored with a forecast: the zone, and how sure it is
/// (``WarningZoneAssignment``).
///
/// Stored shape: `{"id":"L1100100","name":"서울동남권","isApproximate":true,"method":"direction",`
/// `"alternatives":["L1100200","L1100300","L1100400"],"note":"…"}`; `note` and `alternatives` only
/// when approximate.
public struct WarningZoneCode: Hashable, Sendable, Codable {
    /// The zone's code, e.g. `L1100100`.
    public var id: String
    /// The zone's name, e.g. `서울동남권`.
    public var name: String
    /// Whether the place may be in another zone (``alternatives``).
    public var isApproximate: Bool
    /// How the zone was found (``WarningZoneAssignment/Method``'s raw value: `name`,
    /// `direction`, `lowland`, `mainPart`, `border`).
    public var method: String
    /// The codes of the other zones the place may be in.
    public var alternatives: [String]
    /// How approximate, in one sentence (``WarningZoneAssignment/note``); `nil` when exact.
    public var note: String?

    /// The code of an assignment.
    public init(_ assignment: WarningZoneAssignment) {
        id = assignment.zone.id
        name = assignment.zone.name
        isApproximate = assignment.isApproximate
        method = assignment.method.rawValue
        alternatives = assignment.alternatives.map(\.id)
        note = assignment.note.isEmpty ? nil : assignment.note
    }

    private enum CodingKeys: String, CodingKey { case id, name, isApproximate, method, alternatives, note }

    /// Decodes the shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        isApproximate = try container.decode(Bool.self, forKey: .isApproximate)
        method = try container.decode(String.self, forKey: .method)
        alternatives = try container.decodeIfPresent([String].self, forKey: .alternatives) ?? []
        note = try container.decodeIfPresent(String.self, forKey: .note)
    }

    /// Encodes the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(isApproximate, forKey: .isApproximate)
        try container.encode(method, forKey: .method)
        if !alternatives.isEmpty { try container.encode(alternatives, forKey: .alternatives) }
        try container.encodeIfPresent(note, forKey: .note)
    }
}
