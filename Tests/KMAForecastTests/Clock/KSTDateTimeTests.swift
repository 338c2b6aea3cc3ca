import Foundation
import Testing
@testable import KMAForecast

@Suite("KSTDateTime: KST wall clock by arithmetic")
struct KSTDateTimeTests {
    @Test("Known instants")
    func knownInstants() throws {
        // 2026-11-21T00:00:00+09:00 is 2026-11-20T15:00:00Z.
        let midnight = KSTDateTime(unixSeconds: 1_795_186_800)
        #expect(midnight.iso8601 == "2026-11-21T00:00:00+09:00")
        #expect(midnight.year == 2026 && midnight.month == 11 && midnight.day == 21)
        #expect(midnight.hour == 0 && midnight.minute == 0 && midnight.second == 0)
        #expect(KSTDateTime(unixSeconds: 0).iso8601 == "1970-01-01T09:00:00+09:00")
        #expect(KSTDateTime(unixSeconds: -32_401).iso8601 == "1969-12-31T23:59:59+09:00")
        #expect(try KSTDateTime(year: 2026, month: 11, day: 21).unixSeconds == 1_795_186_800)
        #expect(KSTDateTime(Date(timeIntervalSince1970: 1_795_186_799.999)).iso8601 == "2026-11-20T23:59:59+09:00")
    }

    @Test("Fields round-trip and match a day-by-day count from 1900 to 2200")
    func civilDaysAgainstCounting() throws {
        var year = 1900, month = 1, day = 1
        var dayNumber = KSTDateTime.daysFromCivil(year: 1900, month: 1, day: 1)
        #expect(dayNumber == -25_567)
        while year <= 2200 {
            let civil = KSTDateTime.civilFromDays(dayNumber)
            if civil.year != year || civil.month != month || civil.day != day {
                Issue.record("day \(dayNumber): \(civil) vs \(year)-\(month)-\(day)")
                return
            }
            #expect(KSTDateTime.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day)) == dayNumber)
            day += 1
            if day > KSTDateTime.daysInMonth(year: year, month: month) {
                day = 1
                month += 1
                if month > 12 { month = 1; year += 1 }
            }
            dayNumber += 1
        }
    }

    @Test("Neri–Schneider agrees with Hinnant across its whole range and at both ends")
    func fastCivilAgainstHinnant() {
        let first: Int64 = -12_699_422
        let last: Int64 = 1_061_042_401
        var days = Array(first...(first + 2000)) + Array((last - 2000)...last) + Array(-800_000...800_000)
        days += stride(from: first, through: last, by: 9973)
        for day in days where KSTDateTime.civilFromDays(day) != KSTDateTime.hinnantCivilFromDays(day) {
            Issue.record("day \(day): \(KSTDateTime.civilFromDays(day)) vs \(KSTDateTime.hinnantCivilFromDays(day))")
            return
        }
        // Outside the fast range, Hinnant's answers.
        for day in [first - 1, last + 1, Int64.min / 200_000, Int64.max / 200_000] {
            #expect(KSTDateTime.civilFromDays(day) == KSTDateTime.hinnantCivilFromDays(day))
        }
        #expect(KSTDateTime.civilFromDays(first) == (-32_800, 3, 1))
    }

    @Test("Whole seconds of a Date round towards the past", arguments: [
        (0.0, 0), (0.999, 0), (-0.001, -1), (-1.0, -1), (-1.5, -2), (1_795_186_799.999, 1_795_186_799), (-1e15 - 0.5, -1_000_000_000_000_001),
    ] as [(Double, Int64)])
    func unixSecondsFloor(_ seconds: Double, _ expected: Int64) {
        #expect(KSTDateTime.unixSeconds(of: Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test("Agrees with Foundation's Calendar in a fixed UTC+9 zone on 20,000 instants")
    func againstFoundationCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(secondsFromGMT: 32_400))
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unix = Int64(state >> 33) % 6_000_000_000 - 1_000_000_000  // 1938 … 2128
            let kst = KSTDateTime(unixSeconds: unix)
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(unix)))
            #expect(kst.year == c.year && kst.month == c.month && kst.day == c.day, "\(unix)")
            #expect(kst.hour == c.hour && kst.minute == c.minute && kst.second == c.second, "\(unix)")
        }
    }

    @Test("Fields out of range are errors naming the field", arguments: [
        (2026, 13, 1, 0, 0, "month 13 is outside 1...12"),
        (2026, 2, 29, 0, 0, "day 29 is outside 1...28"),
        (2026, 11, 21, 24, 0, "hour 24 is outside 0...23"),
        (2026, 11, 21, 0, 60, "minute 60 is outside 0...59"),
        (0, 1, 1, 0, 0, "year 0 is outside 1...9999"),
    ])
    func badFields(year: Int, month: Int, day: Int, hour: Int, minute: Int, message: String) {
        #expect(throws: KSTDateTimeError.self) { try KSTDateTime(year: year, month: month, day: day, hour: hour, minute: minute) }
        do {
            _ = try KSTDateTime(year: year, month: month, day: day, hour: hour, minute: minute)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("Leap years")
    func leapYears() throws {
        #expect(try KSTDateTime(year: 2024, month: 2, day: 29).day == 29)
        #expect(try KSTDateTime(year: 2000, month: 2, day: 29).day == 29)
        #expect(throws: KSTDateTimeError.self) { try KSTDateTime(year: 2100, month: 2, day: 29) }
        #expect(KSTDateTime.daysInMonth(year: 1900, month: 2) == 28)
    }
}
