/// A run of KMA's mid-term forecast (중기예보, `MidFcstInfoService`): the `tmFc` it was issued
/// at, `YYYYMMDD0600` or `YYYYMMDD1800` KST.
///
/// ```swift
/// let issue = MidTermIssue.newest(at: try KSTDateTime(year: 2026, month: 10, day: 5, hour: 1))
/// issue.tmFc                      // "202610041800": the run of the evening before
/// issue.dayNumber(of: 20261009)   // 5: days count from the issue date, not from today
/// issue.days                      // 5...10 (an 18 run has no day 4)
/// ```
///
/// **Day numbers.** The keys of an answer (`taMin5`, `wf7Pm` …) number days from the run's
/// **issue date**. Since 2024-11-28 an 06 run carries days 4–10 and an 18 run days 5–10; day 3
/// is never read, nor day 4 of an 18 run, nor any day outside 4…10.
///
/// **Which run.** KMA documents no publication delay: the newest run at an instant is the 18
/// run from 18:00, the 06 run from 06:00, else the previous day's 18 run; on NO_DATA ask for
/// ``previous``. Only runs from the last 24 hours are served.
public struct MidTermIssue: Hashable, Comparable, Sendable {
    /// The issue time, 06:00 or 18:00 KST.
    public let dateTime: KSTDateTime

    /// The run issued on a date at 06 or 18.
    ///
    /// - Parameters:
    ///   - date: The issue date, `YYYYMMDD` (KST).
    ///   - hour: 6 or 18.
    /// - Returns: `nil` for another hour or an invalid date.
    public init?(date: Int, hour: Int) {
        guard hour == 6 || hour == 18,
              let time = try? KSTDateTime(year: date / 10_000, month: date / 100 % 100, day: date % 100, hour: hour) else { return nil }
        dateTime = time
    }

    /// The run a `tmFc` names, e.g. `202610040600`.
    ///
    /// - Returns: `nil` unless it is 12 ASCII digits of a valid date followed by `0600` or `1800`.
    public init?(tmFc: some StringProtocol) {
        guard let number = FixedWidthDigits.value(tmFc.utf8, count: 12), number % 100 == 0 else { return nil }
        self.init(date: number / 10_000, hour: number / 100 % 100)
    }

    /// The newest run at an instant: today's 18 run from 18:00, today's 06 run from 06:00,
    /// else yesterday's 18 run.
    public static func newest(at instant: KSTDateTime) -> MidTermIssue {
        let midnight = instant.adding(seconds: -Int64(instant.hour * 3600 + instant.minute * 60 + instant.second))
        let hour: Int64 = instant.hour >= 18 ? 18 : instant.hour >= 6 ? 6 : -6
        return MidTermIssue(uncheckedDateTime: midnight.adding(seconds: hour * 3600))
    }

    private init(uncheckedDateTime: KSTDateTime) {
        dateTime = uncheckedDateTime
    }

    /// The run 12 hours before.
    public var previous: MidTermIssue { MidTermIssue(uncheckedDateTime: dateTime.adding(seconds: -43_200)) }

    /// The run 12 hours after: when it is due, this one stops being the newest.
    public var next: MidTermIssue { MidTermIssue(uncheckedDateTime: dateTime.adding(seconds: 43_200)) }

    /// `tmFc` as KMA takes it: `YYYYMMDDHHMM`, e.g. `202610041800`.
    public var tmFc: String { String(issueDate) + (isMorningRun ? "0600" : "1800") }

    /// The issue date, `YYYYMMDD`.
    public var issueDate: Int { dateTime.yyyymmdd }

    /// Whether this is the 06 run (the only one that carries day 4).
    public var isMorningRun: Bool { dateTime.hour == 6 }

    /// The day numbers this run carries: 4...10 for an 06 run, 5...10 for an 18 run.
    public var days: ClosedRange<Int> { isMorningRun ? 4...10 : 5...10 }

    /// The day number of a date counted from the issue date, or `nil` when the run does not
    /// carry that date (outside ``days``, or not a valid `YYYYMMDD`).
    public func dayNumber(of date: Int) -> Int? {
        guard let difference = CivilDay.difference(from: issueDate, to: date), days.contains(difference) else { return nil }
        return difference
    }

    /// The date of day `n` of this run, `YYYYMMDD`.
    public func date(ofDay n: Int) -> Int {
        CivilDay.adding(n, to: issueDate)
    }

    /// Orders by issue time.
    public static func < (lhs: MidTermIssue, rhs: MidTermIssue) -> Bool { lhs.dateTime < rhs.dateTime }
}

extension MidTermIssue: CustomStringConvertible {
    /// `tmFc`, e.g. `202610041800`.
    public var description: String { tmFc }
}

/// Whole-day arithmetic on `YYYYMMDD` numbers (KST calendar dates).
enum CivilDay {
    /// The midnight of a `YYYYMMDD`, or `nil` for an invalid date.
    static func midnight(_ date: Int) -> KSTDateTime? {
        try? KSTDateTime(year: date / 10_000, month: date / 100 % 100, day: date % 100)
    }

    /// `to − from` in days, or `nil` if either is not a valid date.
    static func difference(from: Int, to: Int) -> Int? {
        guard let a = midnight(from), let b = midnight(to) else { return nil }
        return Int((b.unixSeconds - a.unixSeconds) / 86_400)
    }

    /// The date `days` after `date` (an invalid date is returned unchanged).
    static func adding(_ days: Int, to date: Int) -> Int {
        guard let start = midnight(date) else { return date }
        return start.adding(seconds: Int64(days) * 86_400).yyyymmdd
    }

    /// The weekday of a date, 0 = Sunday … 6 = Saturday; `nil` for an invalid date.
    static func weekday(_ date: Int) -> Int? {
        guard let start = midnight(date) else { return nil }
        let days = (start.unixSeconds + KSTDateTime.utcOffset) / 86_400
        // 1970-01-01 was a Thursday (4).
        return Int(((days % 7) + 7 + 4) % 7)
    }
}
