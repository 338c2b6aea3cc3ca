/// How much of a reply the client accepts before it calls the reply hostile and drops the
/// connection: what a broken or malicious server (or something that is not Redis at all)
/// can make the client wait for or allocate. The defaults hold a cached forecast with room
/// to spare and stop a length of 4 GB announced by garbage before a byte of it is awaited.
public struct RESPLimits: Sendable, Hashable {
    /// The longest bulk string, in bytes (≥ 0; default 64 MiB; Redis's own ceiling is 512 MB).
    public var maximumBulkLength: Int
    /// The longest line (a simple string, an error, a number, a length), in bytes without its
    /// CRLF (≥ 1; default 64 KiB).
    public var maximumLineLength: Int
    /// The most values in one reply, nested ones included (≥ 1; default 65,536).
    public var maximumElements: Int
    /// The deepest nesting of arrays, sets, maps and pushes (≥ 1; default 16).
    public var maximumDepth: Int
    /// The most bytes one reply may span on the wire (default: the longest bulk string plus
    /// 1 MiB).
    public var maximumReplyLength: Int

    /// Limits; every argument has its default.
    public init(
        maximumBulkLength: Int = 64 << 20, maximumLineLength: Int = 64 << 10,
        maximumElements: Int = 65_536, maximumDepth: Int = 16, maximumReplyLength: Int? = nil
    ) {
        self.maximumBulkLength = max(0, maximumBulkLength)
        self.maximumLineLength = max(1, maximumLineLength)
        self.maximumElements = max(1, maximumElements)
        self.maximumDepth = max(1, maximumDepth)
        self.maximumReplyLength = max(1, maximumReplyLength ?? (self.maximumBulkLength + (1 << 20)))
    }
}
