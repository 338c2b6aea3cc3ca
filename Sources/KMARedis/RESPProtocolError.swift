/// What was wrong with the bytes a server sent, where a Redis reply was expected: the parser's
/// verdict (``RESPParser``). The connection that sent them is closed, since nothing after a
/// broken reply can be trusted. Descriptions never quote the bytes (they could be a stored
/// value); they name the kind of fault and the limit.
public enum RESPProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A reply began with a byte that starts no RESP type (the byte's value).
    case unknownType(UInt8)
    /// A line did not end in CRLF (a CR followed by something else, or a bulk string's data
    /// not followed by CRLF).
    case missingLineEnd
    /// A line longer than the limit, in bytes, without its CRLF.
    case lineTooLong(limit: Int)
    /// A length, count or integer that is not a decimal integer in range.
    case invalidNumber(what: String)
    /// A negative length other than −1 (the null).
    case negativeLength(Int64)
    /// A bulk string longer than the limit: its announced length and the limit, in bytes.
    case bulkTooLong(length: Int64, limit: Int)
    /// More values in one reply than the limit.
    case tooManyElements(limit: Int)
    /// Aggregates nested deeper than the limit.
    case nestingTooDeep(limit: Int)
    /// A reply spanning more bytes than the limit.
    case replyTooLong(limit: Int)
    /// A RESP3 boolean other than `t` or `f`, or a null (`_`) with something on its line.
    case malformedValue(what: String)

    /// What was wrong, in a sentence.
    public var description: String {
        switch self {
        case .unknownType(let byte):
            let shown = (0x21...0x7E).contains(byte) ? " '\(Character(Unicode.Scalar(byte)))'" : ""
            return "a reply began with byte 0x\(String(byte, radix: 16, uppercase: true))\(shown), which starts no RESP type"
        case .missingLineEnd: return "a line of a reply did not end in CRLF"
        case .lineTooLong(let limit): return "a line of a reply ran past \(limit) bytes without ending"
        case .invalidNumber(let what): return "\(what) in a reply is not a decimal integer in range"
        case .negativeLength(let length): return "a reply announced the negative length \(length)"
        case .bulkTooLong(let length, let limit): return "a reply announced a string of \(length) bytes, over the limit of \(limit)"
        case .tooManyElements(let limit): return "a reply holds more than \(limit) values"
        case .nestingTooDeep(let limit): return "a reply nests arrays deeper than \(limit) levels"
        case .replyTooLong(let limit): return "a reply ran past \(limit) bytes"
        case .malformedValue(let what): return "a reply's \(what) is malformed"
        }
    }

    /// The description in Korean.
    public var koreanDescription: String {
        switch self {
        case .unknownType(let byte): "응답이 RESP 형식이 아닌 바이트 0x\(String(byte, radix: 16, uppercase: true))로 시작했습니다"
        case .missingLineEnd: "응답의 한 줄이 CRLF로 끝나지 않았습니다"
        case .lineTooLong(let limit): "응답의 한 줄이 \(limit)바이트를 넘었습니다"
        case .invalidNumber(let what): "응답의 \(what) 값이 범위 안의 10진 정수가 아닙니다"
        case .negativeLength(let length): "응답이 음수 길이 \(length)를 알렸습니다"
        case .bulkTooLong(let length, let limit): "응답이 알린 문자열 길이 \(length)바이트가 한도 \(limit)바이트를 넘습니다"
        case .tooManyElements(let limit): "응답의 값이 \(limit)개를 넘습니다"
        case .nestingTooDeep(let limit): "응답의 배열이 \(limit)단계보다 깊게 중첩되었습니다"
        case .replyTooLong(let limit): "응답이 \(limit)바이트를 넘었습니다"
        case .malformedValue(let what): "응답의 \(what) 값 형식이 잘못되었습니다"
        }
    }
}
