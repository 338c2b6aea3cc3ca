#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A wall-clock date and time in Korea Standard Time (UTC+9, no daylight saving), to the
/// second — computed by pure arithmetic, whatever the machine's time zone.
///
/// No `Calendar`, `DateFormatter` or `TimeZone(identifier:)` is involved (the last is `nil`
/// on Linux images without tzdata). Dates are the proleptic Gregorian calendar: days from a
/// date by Howard Hinnant's `days_from_civil`, the date of a day by Neri and Schneider's
/// algorithm (Hinnant's `civil_from_days` outside its range).
public struct KSTDateTime: Hashable, Comparable, Sendable {
    /// KST's offset from UTC: +9 hours, in seconds.
    public static let utcOffset: Int64 = 32_400

    /// Seconds since 1970-01-01 00:00:00 *KST wall clock* (the Unix time plus 9 hours).
    @usableFromInline internal let wallSeconds: Int64

    @inlinable
    internal init(wallSeconds: Int64) {
        self.wallSeconds = wallSeconds
    }

    /// The most seconds from the epoch an instant may be, either way: 2^62 s (about 146 billion
    /// years). Instants beyond are clamped to it, so no arithmetic on them can overflow.
    public static let instantLimit: Int64 = 1 << 62

    /// The KST wall-clock time of an instant.
    ///
    /// - Parameter unixSeconds: Seconds since 1970-01-01T00:00:00Z, clamped to
    ///   ±``instantLimit``.
    @inlinable
    public init(unixSeconds: Int64) {
        self.wallSeconds = Self.wall(unixSeconds)
    }

    /// KST wall-clock seconds of an instant, clamped to ±``instantLimit``.
    @inlinable
    internal static func wall(_ unixSeconds: Int64) -> Int64 {
        min(max(unixSeconds, -instantLimit), instantLimit) + utcOffset
    }

    /// The KST wall-clock time of a `Date`, truncated to the whole second below.
    ///
    /// Truncation is towards the past, so 02:09:59.9 stays 02:09:59 (before a 02:10 release).
    @inlinable
    public init(_ date: Date) {
        self.init(unixSeconds: Self.unixSeconds(of: date))
    }

    /// Creates a KST wall-clock time from its fields, checking each.
    ///
    /// - Parameters:
    ///   - year: 1...9999.
    ///   - month: 1...12.
    ///   - day: 1...28/29/30/31 as the month has.
    ///   - hour: 0...23.
    ///   - minute: 0...59.
    ///   - second: 0...59.
    /// - Throws: ``KSTDateTimeError`` naming the field and its range.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) throws(KSTDateTimeError) {
        guard (1...9999).contains(year) else { throw .fieldOutOfRange(field: "year", value: year, range: 1...9999) }
        guard (1...12).contains(month) else { throw .fieldOutOfRange(field: "month", value: month, range: 1...12) }
        let days = Self.daysInMonth(year: year, month: month)
        guard (1...days).contains(day) else { throw .fieldOutOfRange(field: "day", value: day, range: 1...days) }
        guard (0...23).contains(hour) else { throw .fieldOutOfRange(field: "hour", value: hour, range: 0...23) }
        guard (0...59).contains(minute) else { throw .fieldOutOfRange(field: "minute", value: minute, range: 0...59) }
        guard (0...59).contains(second) else { throw .fieldOutOfRange(field: "second", value: second, range: 0...59) }
        let dayNumber = Self.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        self.wallSeconds = dayNumber * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    // MARK: Fields

    /// The instant, in seconds since 1970-01-01T00:00:00Z.
    @inlinable public var unixSeconds: Int64 { wallSeconds &- Self.utcOffset }

    /// The instant as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: TimeInterval(unixSeconds)) }

    /// Days since 1970-01-01 in KST.
    @inlinable internal var dayNumber: Int64 { Self.floorDivide(wallSeconds, 86_400) }
    /// Seconds since KST midnight, 0..<86400 (unsigned, so that the divisions of the fields
    /// below compile to a multiply and a shift, with no sign fix-up).
    @inlinable internal var secondOfDay: UInt32 { UInt32(truncatingIfNeeded: wallSeconds &- dayNumber &* 86_400) }

    /// The calendar date as (year, month 1...12, day 1...31).
    @inlinable
    public var civilDate: (year: Int, month: Int, day: Int) {
        let civil = Self.civilFromDays(dayNumber)
        return (Int(civil.year), Int(civil.month), Int(civil.day))
    }

    /// The year, e.g. 2026.
    @inlinable public var year: Int { civilDate.year }
    /// The month, 1...12.
    @inlinable public var month: Int { civilDate.month }
    /// The day of the month, 1...31.
    @inlinable public var day: Int { civilDate.day }
    /// The hour, 0...23.
    @inlinable public var hour: Int { Int(secondOfDay / 3600) }
    /// The minute, 0...59.
    @inlinable public var minute: Int { Int(secondOfDay / 60 % 60) }
    /// The second, 0...59.
    @inlinable public var second: Int { Int(secondOfDay % 60) }

    /// The date as the number `YYYYMMDD`, e.g. `20261121`.
    @inlinable
    public var yyyymmdd: Int {
        let civil = Self.civilFromDays(dayNumber)
        // |year| < 3e11 for any wall time, so this cannot overflow: wrapping operators skip
        // the checks.
        return Int(civil.year &* 10_000 &+ civil.month &* 100 &+ civil.day)
    }

    /// The time as the number `HHMM`, e.g. `510` for 05:10.
    @inlinable
    public var hhmm: Int {
        let s = secondOfDay
        return Int(s / 3600 * 100 + s / 60 % 60)
    }

    /// ISO 8601 with the KST offset, e.g. `2026-11-21T05:10:00+09:00`.
    public var iso8601: String {
        let (y, mo, d) = civilDate
        return "\(y.zeroPadded(toWidth: 4))-\(mo.zeroPadded(toWidth: 2))-\(d.zeroPadded(toWidth: 2))T\(hour.zeroPadded(toWidth: 2)):\(minute.zeroPadded(toWidth: 2)):\(second.zeroPadded(toWidth: 2))+09:00"
    }

    /// Adds seconds (negative to go back).
    @inlinable
    public func adding(seconds: Int64) -> KSTDateTime {
        // Saturating: beyond ±instantLimit the time stays at the limit instead of overflowing.
        let (sum, overflow) = wallSeconds.addingReportingOverflow(seconds)
        let lower = -Self.instantLimit + Self.utcOffset, upper = Self.instantLimit + Self.utcOffset
        return KSTDateTime(wallSeconds: overflow ? (seconds > 0 ? upper : lower) : min(max(sum, lower), upper))
    }

    /// Orders by instant.
    @inlinable
    public static func < (lhs: KSTDateTime, rhs: KSTDateTime) -> Bool { lhs.wallSeconds < rhs.wallSeconds }

    // MARK: Arithmetic

    /// Whole seconds of a `Date` since the epoch, rounded towards the past.
    @inlinable
    public static func unixSeconds(of date: Date) -> Int64 {
        let t = date.timeIntervalSince1970
        // Dates beyond ±292 billion years do not occur; keep the conversion from trapping anyway.
        guard t > -9.2e18, t < 9.2e18 else { return t < 0 ? -instantLimit : instantLimit }
        // Truncate, then step down for negative fractions: the floor, without a call to libm
        // (plain x86-64 has no floor instruction).
        let truncated = Int64(t)
        return Double(truncated) > t ? truncated - 1 : truncated
    }

    /// `a / b` rounded towards −∞ (for b > 0).
    @inlinable
    internal static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b < 0) ? q - 1 : q
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's `days_from_civil`).
    @inlinable
    internal static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The proleptic Gregorian date of a day number.
    ///
    /// Neri and Schneider's algorithm ("Euclidean affine functions and their application to
    /// calendar algorithms", Software: Practice and Experience, 2022), in its 32-bit form: only
    /// multiplications, shifts and divisions by constants, about three times faster than
    /// Hinnant's. It covers day numbers −12,699,422 … 1,061,042,401 (years −32,800 to about
    /// 2.9 million, checked against Hinnant's over the whole range); other days go through
    /// Hinnant's `civil_from_days`.
    @inlinable
    internal static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        guard days >= -12_699_422, days <= 1_061_042_401 else { return hinnantCivilFromDays(days) }
        // Shift so that day 0 is 1 March of year −32,800 (s = 82 periods of 400 years).
        let n = UInt32(truncatingIfNeeded: days &+ 12_699_422)
        // Century.
        let n1 = 4 &* n &+ 3
        let century = n1 / 146_097
        let dayOfCentury = n1 % 146_097 / 4
        // Year.
        let n2 = 4 &* dayOfCentury &+ 3
        let p2 = UInt64(2_939_745) &* UInt64(n2)
        let yearOfCentury = UInt32(truncatingIfNeeded: p2 >> 32)
        let dayOfYear = UInt32(truncatingIfNeeded: p2) / 2_939_745 / 4
        let year = 100 &* century &+ yearOfCentury
        // Month and day, in a year that starts on 1 March.
        let n3 = 2141 &* dayOfYear &+ 197_913
        let month = n3 / 65_536
        let day = n3 % 65_536 / 2141
        // January and February belong to the next calendar year.
        let januaryOrFebruary = dayOfYear >= 306
        return (
            Int64(year) - 32_800 + (januaryOrFebruary ? 1 : 0),
            Int64(januaryOrFebruary ? month - 12 : month),
            Int64(day + 1)
        )
    }

    /// The proleptic Gregorian date of any day number (Hinnant's `civil_from_days`).
    @inlinable
    internal static func hinnantCivilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The number of days in a month of the proleptic Gregorian calendar.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

extension KSTDateTime: CustomStringConvertible {
    /// ISO 8601 with the KST offset, e.g. `2026-11-21T05:10:00+09:00`.
    public var description: String { iso8601 }
}

/// Why a KST date or time could not be made from the given fields or text.
public enum KSTDateTimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A field outside its range, e.g. month 13.
    case fieldOutOfRange(field: String, value: Int, range: ClosedRange<Int>)
    /// Text that is not a date/time in the accepted forms.
    case unreadable(text: String, expected: String)

    /// A message for a person: the field or text, and what is expected.
    public var description: String {
        switch self {
        case .fieldOutOfRange(let field, let value, let range):
            return "\(field) \(value) is outside \(range.lowerBound)...\(range.upperBound)"
        case .unreadable(let text, let expected):
            return "'\(text)' is not a valid date and time; expected \(expected)"
        }
    }
}
