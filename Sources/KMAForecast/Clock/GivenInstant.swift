/// The one reader of an instant a person or an agent gives: the CLI's `--at` and `--valid`, the
/// MCP tools' `at` and `valid`. ISO 8601 as ``ISO8601Instant`` reads it (`2026-11-21T02:09:59+09:00`,
/// `…Z`, or without an offset KST), within ``years``.
///
/// **The rule**: every instant whose KST date is in the years 1000 to 9999, from
/// `1000-01-01T00:00:00+09:00` to `9999-12-31T23:59:59+09:00` inclusive (KMA's dates have eight
/// digits). Anything else is refused with ``GivenInstantError``, whose ``GivenInstantError/reason``
/// says which rule it broke in the words every face prints.
package enum GivenInstant {
    /// The years (of the KST date) an instant may fall in.
    package static let years: ClosedRange<Int> = 1000...9999

    /// The first and last instants, for messages.
    package static let span = "from 1000-01-01T00:00:00+09:00 to 9999-12-31T23:59:59+09:00"

    /// Reads `text`.
    ///
    /// - Throws: ``GivenInstantError``: not ISO 8601, a field out of range (month 13, day 30 in
    ///   February), or outside ``years``.
    package static func read(_ text: String) throws(GivenInstantError) -> KSTDateTime {
        let instant: KSTDateTime
        do {
            instant = KSTDateTime(unixSeconds: try ISO8601Instant.unixSeconds(text))
        } catch {
            switch error {
            case .unreadable: throw .unreadable(text: text)
            case .fieldOutOfRange: throw .notATime(text: text, error)
            }
        }
        guard years.contains(instant.yyyymmdd / 10_000) else { throw .outsideYears(text: text, instant: instant) }
        return instant
    }
}

/// Why a given instant was refused (``GivenInstant/read(_:)``), by case: each face says it in
/// its own frame (`The value '…' is invalid for '--at <instant>': <reason>`), in English or
/// Korean (`KoreanMessages.givenInstant(_:)`).
package enum GivenInstantError: Error, Hashable, Sendable {
    /// Not ISO 8601 in an accepted form.
    case unreadable(text: String)
    /// A field outside its range: month 13, hour 25, 30 February.
    case notATime(text: String, KSTDateTimeError)
    /// A real instant outside ``GivenInstant/years`` (KST).
    case outsideYears(text: String, instant: KSTDateTime)

    /// The text that was given.
    package var text: String {
        switch self {
        case .unreadable(let text), .notATime(let text, _), .outsideYears(let text, _): text
        }
    }

    /// What is wrong and what to give, after a colon: `expected ISO 8601 such as …`,
    /// `month 13 is outside 1...12`, `give an instant between the years 1000 and 9999 in KST (…)`.
    package var reason: String {
        switch self {
        case .unreadable: "expected \(ISO8601Instant.expected)"
        case .notATime(_, let error): error.description
        case .outsideYears: "give an instant between the years \(GivenInstant.years.lowerBound) and \(GivenInstant.years.upperBound) in KST, \(GivenInstant.span)"
        }
    }
}
