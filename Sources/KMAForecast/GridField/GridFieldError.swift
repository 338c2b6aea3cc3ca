/// Why a body from KMA API Hub's grid-field service (`nph-dfs_*_grd`) is not a whole field.
///
/// Every case's ``description`` says what was wrong and what to do. Text quoted from a body is
/// kept as sent in the case and shown by the package's one rule for network text
/// (``PrintableText/excerpt(_:)``: control characters escaped, cut after 300 characters); a
/// client that knows the key redacts it as well (KMA could echo it).
public enum GridFieldError: Error, Hashable, Sendable {
    /// The body held no numbers, only a `#` line: API Hub's way of reporting an error with
    /// HTTP 200, e.g. `# input variable error (-1)`. `message` is that line without the `#`, as sent
    /// (trimmed).
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
    /// A body with KMA's layout (each 149-value row over 8 lines: 7 of 20 values and 1 of 9)
    /// whose row `ny` does not end where it should: `line` (from 1) holds `values` numbers
    /// where the layout has `expected`. The count may be right, but every cell after it would
    /// be shifted.
    case misalignedRow(ny: Int, line: Int, values: Int, expected: Int)
    /// A value outside the physical range of the variable (``ForecastCategory/physicalRange``),
    /// e.g. TMP 899.99 °C: the first such value and its cell.
    case implausibleValue(variable: String, value: Double, nx: Int, ny: Int, range: ClosedRange<Double>)
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
            return "KMA API Hub answered with an error line instead of a field: '\(PrintableText.excerpt(message))'. Check the variable (one code the product has, e.g. TMP), the run (tmfc) and the valid time (tmef)."
        case .refused(let error):
            return error.description
        case .empty:
            return "KMA API Hub sent an empty body instead of a grid field; try again later."
        case .truncated(let read, let expected):
            return "the grid field was cut short after \(read) of \(expected) values (the connection was probably cut); try again."
        case .wrongCount(let found, let expected):
            return "the grid field holds \(found) values, not \(expected) (149 × 253 cells): it is not a whole field of the KMA 5 km grid."
        case .invalidNumber(let line, let text):
            return "the grid field has '\(PrintableText.excerpt(text))' on line \(line), which is not a number: the body is not a KMA grid field."
        case .misalignedRow(let ny, let line, let values, let expected):
            return "row ny \(ny) of the grid field does not end where KMA's layout puts it (each 149-value row over 8 lines of 20 values, the last of 9): line \(line) holds \(values) values, not \(expected), so every cell after it would be shifted. The body is not a whole field of the KMA 5 km grid; try again."
        case .implausibleValue(let variable, let value, let nx, let ny, let range):
            return "the \(variable) field has \(GridFieldError.plain(value)) at nx \(nx), ny \(ny), outside \(variable)'s physical range \(GridFieldError.plain(range.lowerBound))...\(GridFieldError.plain(range.upperBound))\(ForecastCategory(variable).unit.map { " " + $0 } ?? ""): the body is not a plausible KMA field; try again later."
        case .allMissing(let variable):
            return "every cell of the \(variable) field is missing (-99): KMA has no data for it at this run and hour. Check that the product has \(variable), ask one variable per call, or try an earlier run."
        }
    }
}

extension GridFieldError {
    /// A number as people write it: `60`, `899.99`, `-60.5`.
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
