/// KMA's newest bulletin of the warnings in force nationwide (`getPwnStatus`, 특보 현황): its
/// text as KMA wrote it, for a person to read. Line breaks are kept (`\r\n` as sent); broken
/// characters (U+FFFD) too.
public struct WarningBulletin: Hashable, Sendable, Codable {
    /// When it was issued (`tmFc`).
    public var issuedAt: KSTDateTime?
    /// When it takes effect (`tmEf`).
    public var effectiveAt: KSTDateTime?
    /// Its number (`tmSeq`).
    public var sequence: Int?
    /// The warnings in force, by kind and zone (`t6`), e.g. `o 없음`.
    public var inForce: String
    /// The preliminary warnings (예비특보, `t7`).
    public var preliminary: String
    /// Other information (`other`).
    public var other: String

    /// A bulletin.
    public init(issuedAt: KSTDateTime?, effectiveAt: KSTDateTime?, sequence: Int?, inForce: String, preliminary: String, other: String) {
        self.issuedAt = issuedAt
        self.effectiveAt = effectiveAt
        self.sequence = sequence
        self.inForce = inForce
        self.preliminary = preliminary
        self.other = other
    }
}
