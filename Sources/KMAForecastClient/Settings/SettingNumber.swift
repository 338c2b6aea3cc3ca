/// The one reader of numeric settings: every number a person gives the tool as a setting (an
/// environment variable such as `KMA_MAX_REQUESTS` or `COLUMNS`, an option such as
/// `--max-requests`, `--rate`, `--hours`, `--days`, `--delay`) is read by one of these two
/// functions, one per kind, strictly: a value that is not exactly the accepted form, or out
/// of the setting's range, is refused with the setting's name and the form it takes — never
/// ignored, never rounded, never clamped.
///
/// - A whole number is ASCII digits, with a leading `-` only where the range allows
///   negatives: `abc`, `1,000`, `1e3`, `2 ` (a space), `+5`, `٣` and `1.0` are refused.
/// - A decimal number is ASCII digits with at most one `.` between digits (`30`, `2.5`,
///   `0.5`): no exponent, no sign, no spaces, no thousands separators.
///
/// An empty environment variable counts as unset before it gets here
/// (``EnvironmentVariable/value(in:)``); an empty option value is refused like any other.
package enum SettingNumber {
    /// The accepted form of a whole number, for messages: "a whole number in 0...2147483647
    /// (digits only, e.g. 500)".
    package static func wholeForm(_ range: ClosedRange<Int>) -> String {
        "a whole number in \(range.lowerBound)...\(range.upperBound) (digits only, e.g. \(example(range)))"
    }

    /// A whole number in `range`.
    ///
    /// - Parameters:
    ///   - text: The setting's value as given.
    ///   - source: Where it came from (the option or the variable), for the message.
    ///   - range: The values the setting takes.
    ///   - meaning: What the number is, for the message: `a number of requests`.
    /// - Throws: ``SettingsError/invalidValue(_:_:expected:)`` when `text` is not a whole
    ///   number in digits, ``SettingsError/outOfRange(_:_:rule:)`` when it is outside `range`.
    package static func whole(_ text: String, _ source: SettingsError.Source, in range: ClosedRange<Int>, meaning: String) throws(SettingsError) -> Int {
        var digits = Substring(text)
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw .invalidValue(text, source, expected: "\(meaning), \(wholeForm(range))")
        }
        // Digits only: a value too long for Int is out of every range.
        guard let value = Int(text), range.contains(value) else {
            throw .outOfRange(text, source, rule: "\(meaning) must be in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// A decimal number above `minimumExclusive` (when given) and within `range`.
    ///
    /// - Parameters:
    ///   - text: The setting's value as given.
    ///   - source: Where it came from, for the message.
    ///   - range: The values the setting takes.
    ///   - aboveLowerBound: The lower bound itself is refused (`--rate 0`).
    ///   - meaning: What the number is, for the message: `requests per second`.
    /// - Throws: ``SettingsError/invalidValue(_:_:expected:)`` when `text` is not a decimal
    ///   number of the accepted form, ``SettingsError/outOfRange(_:_:rule:)`` when outside.
    package static func decimal(
        _ text: String, _ source: SettingsError.Source, in range: ClosedRange<Double>, aboveLowerBound: Bool = false, meaning: String
    ) throws(SettingsError) -> Double {
        let bounds = "\(aboveLowerBound ? "above" : "at least") \(number(range.lowerBound)) and at most \(number(range.upperBound))"
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }
        guard parts.allSatisfy(isDigits), let value = Double(text), value.isFinite else {
            throw .invalidValue(text, source, expected: "\(meaning), a number \(bounds) (digits with an optional decimal point, e.g. \(number(range.upperBound < 30 ? range.upperBound : 30)))")
        }
        guard range.contains(value), !(aboveLowerBound && value == range.lowerBound) else {
            throw .outOfRange(text, source, rule: "\(meaning) must be \(bounds)")
        }
        return value
    }

    /// A value of the range to show as an example: 500 when it is inside, else the upper bound.
    private static func example(_ range: ClosedRange<Int>) -> Int { range.contains(500) ? 500 : range.upperBound }

    /// `30`, `0.5`: a bound without a needless `.0`.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
