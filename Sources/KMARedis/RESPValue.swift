/// One reply of a Redis server, RESP2 or RESP3 (the server speaks RESP2 unless a client asks
/// for RESP3 with `HELLO 3`, which this client never does; the RESP3 types are read all the
/// same, so a proxy that answers in them is understood).
///
/// Bytes stay bytes: a value stored in Redis comes back exactly as stored, whatever it holds.
public enum RESPValue: Sendable, Hashable {
    /// A simple string (`+OK`), or a RESP3 big number (`(`) as its digits.
    case simpleString(String)
    /// An error reply (`-ERR …`, or a RESP3 blob error `!`): the server's words.
    case error(String)
    /// An integer reply (`:`), −2⁶³…2⁶³−1.
    case integer(Int64)
    /// A bulk string (`$`), or a RESP3 verbatim string (`=`) without its format prefix.
    case bulkString([UInt8])
    /// A null: RESP2's null bulk string (`$-1`) or array (`*-1`), RESP3's `_`.
    case null
    /// An array (`*`), a RESP3 set (`~`) or push (`>`); a RESP3 map (`%`) as its keys and values
    /// in turn.
    case array([RESPValue])
    /// A RESP3 boolean (`#t`, `#f`).
    case boolean(Bool)
    /// A RESP3 double (`,`).
    case double(Double)

    /// The kind of value, as a message names it ("a bulk string"), never its content: a value
    /// may hold anything a caller stored, and messages never show values.
    public var kind: String {
        switch self {
        case .simpleString: "a simple string"
        case .error: "an error"
        case .integer: "an integer"
        case .bulkString: "a bulk string"
        case .null: "a null"
        case .array(let items): "an array of \(items.count)"
        case .boolean: "a boolean"
        case .double: "a double"
        }
    }

    /// The integer a reply holds: an integer reply, or a string of decimal digits (what
    /// `GET` gives for a counter); `nil` otherwise.
    public var integerValue: Int64? {
        switch self {
        case .integer(let value): value
        case .bulkString(let bytes): RESPParser.integer(bytes[...])
        case .simpleString(let text): RESPParser.integer(Array(text.utf8)[...])
        default: nil
        }
    }
}
