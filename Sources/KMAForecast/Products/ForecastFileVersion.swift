#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The version of a run's data file as KMA's `getFcstVersion` reports it: the file's creation
/// time, `YYYYMMDDHHMMSS` on the KST wall clock (e.g. `20210628092217` is 2021-06-28 09:22:17 KST).
///
/// The nowcast and the ultra-short forecast are regenerated every 10 minutes under the same
/// `base_time`; each regeneration is a new file with a new version. Two equal versions of the
/// same product and run mean the same content.
///
/// ```swift
/// let version = ForecastFileVersion("20210628092217")
/// version?.createdAt.iso8601     // "2021-06-28T09:22:17+09:00"
/// ```
public struct ForecastFileVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// KMA's text, exactly 14 ASCII digits: `YYYYMMDDHHMMSS`, KST.
    public let text: String
    /// The creation time the text denotes, KST, to the second.
    public let createdAt: KSTDateTime

    /// A version from KMA's text, or `nil` unless it is exactly 14 ASCII digits forming a real
    /// KST date and time (year 1...9999, seconds 0...59).
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard let number = FixedWidthDigits.value(bytes, count: 14),
              let time = try? KSTDateTime(
                  year: number / 10_000_000_000, month: number / 100_000_000 % 100, day: number / 1_000_000 % 100,
                  hour: number / 10_000 % 100, minute: number / 100 % 100, second: number % 100
              ) else { return nil }
        self.text = String(decoding: bytes, as: UTF8.self)
        self.createdAt = time
    }

    /// The creation time as an instant.
    public var date: Date { createdAt.date }

    /// The text, e.g. `20210628092217`.
    public var description: String { text }

    /// Earlier creation time first.
    public static func < (lhs: ForecastFileVersion, rhs: ForecastFileVersion) -> Bool {
        lhs.createdAt < rhs.createdAt
    }
}
