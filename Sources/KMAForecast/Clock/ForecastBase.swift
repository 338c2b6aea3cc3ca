/// The run of a forecast: the `base_date` and `base_time` (KST) that the API takes and returns.
///
/// ```swift
/// let base = try ForecastBase(baseDate: "20261121", baseTime: "0500")
/// base.baseDate   // "20261121"
/// base.baseTime   // "0500"
/// ```
///
/// A base is a KST wall-clock minute; seconds are dropped. Which bases exist, and when
/// each becomes available, is the business of ``IssuanceSchedule``.
public struct ForecastBase: Hashable, Comparable, Sendable {
    /// The base as a KST date and time (seconds are always 0).
    public let dateTime: KSTDateTime

    /// The base of a KST date and time, truncated to the minute.
    @inlinable
    public init(_ dateTime: KSTDateTime) {
        self.dateTime = KSTDateTime(wallSeconds: KSTDateTime.floorDivide(dateTime.wallSeconds, 60) * 60)
    }

    /// Parses the API's own strings.
    ///
    /// - Parameters:
    ///   - baseDate: `YYYYMMDD`, e.g. `20261121`.
    ///   - baseTime: `HHMM`, e.g. `0500`.
    /// - Throws: ``KSTDateTimeError`` naming the text or field that is wrong.
    public init(baseDate: some StringProtocol, baseTime: some StringProtocol) throws(KSTDateTimeError) {
        guard let date = FixedWidthDigits.value(baseDate.utf8, count: 8) else {
            throw .unreadable(text: String(baseDate), expected: "a base_date of 8 digits, YYYYMMDD (e.g. 20261121)")
        }
        guard let time = FixedWidthDigits.value(baseTime.utf8, count: 4) else {
            throw .unreadable(text: String(baseTime), expected: "a base_time of 4 digits, HHMM (e.g. 0500)")
        }
        let dateTime = try KSTDateTime(
            year: date / 10_000, month: date / 100 % 100, day: date % 100,
            hour: time / 100, minute: time % 100
        )
        self.init(dateTime)
    }

    /// `base_date` as the API writes it: `YYYYMMDD` (eight digits for the years 1000–9999).
    public var baseDate: String {
        dateTime.yyyymmdd.zeroPadded(toWidth: 8)
    }

    /// `base_time` as the API writes it: `HHMM`, zero-padded (`0500`).
    public var baseTime: String {
        dateTime.hhmm.zeroPadded(toWidth: 4)
    }

    /// `base_date` as a number, e.g. `20261121` (no allocation).
    @inlinable public var baseDateNumber: Int { dateTime.yyyymmdd }

    /// `base_time` as a number, e.g. `500` for `0500` (no allocation).
    @inlinable public var baseTimeNumber: Int { dateTime.hhmm }

    /// Orders bases by time.
    @inlinable
    public static func < (lhs: ForecastBase, rhs: ForecastBase) -> Bool { lhs.dateTime < rhs.dateTime }
}

extension ForecastBase: CustomStringConvertible {
    /// `base_date` and `base_time` as `20261121 0500`.
    public var description: String { "\(baseDate) \(baseTime)" }
}
