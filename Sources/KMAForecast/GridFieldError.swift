/// Why a body from KMA API Hub's grid-field service (`nph-dfs_*_grd`) is not a whole field.
///
/// Every case's ``description`` says what was wrong and what to do. Text quoted from a body is
/// cut to at most 200 characters with control characters removed; a client that knows the key
/// redacts it as well (KMA could echo it).
public enum GridFieldError: Error, Hashable, Sendable {
    /// The body held no numbers, only a `#` line: API Hub's way of reporting an error with
    /// HTTP 200, e.g. `# input variable error (-1)`. `message` is that line without the `#`.
    case serviceMessage(String)
    /// The body is JSON, XML or HTML: an API Hub refusal (HTTP 403 with `"status":403` and text
    /// mentioning 활용신청: the operation is not applied for), the data.go.kr-style gateway
    /// envelope, or an error page. The decoded reason is kept.
    case refused(ForecastResponseError)
    /// An empty body (or only spaces and line ends).
    case empty
    /// The body ends inside a line with fewer numbers than a whole field: the connection was
    /// cut. Retrying usually helps.
    case truncated(valuesRead: Int, expected: Int)
    /// The body ends cleanly but does not hold exactly `expected` (37,697) numbers.
    case wrongCount(found: Int, expected: Int)
    /// A token that is not a plain decimal number (`-99.00`, `12.3`, `0`): `line` counts from
    /// 1, `text` is the token (cut to 40 characters).
    case invalidNumber(line: Int, text: String)
    /// Every cell is missing (-99): KMA has nothing for this variable at this run and hour (a
    /// variable the product does not have, several variables in one call, a run not produced
    /// yet). Raised by the client, not the decoder: such a body is well formed.
    case allMissing(variable: String)

    /// Whether asking again may help (a body cut short).
    public var isTransient: Bool {
        switch self {
        case .truncated, .refused(.truncated): true
        default: false
        }
    }
}

extension GridFieldError: CustomStringConvertible {
    /// A message for people: what happened and what to do.
    public var description: String {
        switch self {
        case .serviceMessage(let message):
            return "KMA API Hub answered with an error line instead of a field: '\(message)'. Check the variable (one code the product has, e.g. TMP), the run (tmfc) and the valid time (tmef)."
        case .refused(let error):
            return error.description
        case .empty:
            return "KMA API Hub sent an empty body instead of a grid field; try again later."
        case .truncated(let read, let expected):
            return "the grid field was cut short after \(read) of \(expected) values (the connection was probably cut); try again."
        case .wrongCount(let found, let expected):
            return "the grid field holds \(found) values, not \(expected) (149 × 253 cells): it is not a whole field of the KMA 5 km grid."
        case .invalidNumber(let line, let text):
            return "the grid field has '\(text)' on line \(line), which is not a number: the body is not a KMA grid field."
        case .allMissing(let variable):
            return "every cell of the \(variable) field is missing (-99): KMA has no data for it at this run and hour. Check that the product has \(variable), ask one variable per call, or try an earlier run."
        }
    }
}
