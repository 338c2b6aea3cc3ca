/// A Lua script run by Redis (`EVALSHA`/`EVAL`), with the SHA-1 of its text that names it
/// on the server, computed once here.
public struct RedisScript: Sendable, Hashable {
    /// The Lua source.
    public let source: String
    /// The SHA-1 of ``source``, 40 lowercase hexadecimal digits: what `SCRIPT LOAD` returns.
    public let sha1: String

    /// A script from its Lua source.
    public init(_ source: String) {
        self.source = source
        sha1 = SHA1.hexDigest(Array(source.utf8))
    }
}
