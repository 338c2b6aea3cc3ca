import Foundation
import Testing
@testable import KMAForecast

/// `2026-11-21T02:10:00+09:00` → Unix seconds (a test helper with its own arithmetic).
func kst(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0) -> Int64 {
    var days = 0
    for y in 1970..<year { days += (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 366 : 365 }
    let lengths = [31, (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    for m in 0..<(month - 1) { days += lengths[m] }
    days += day - 1
    return Int64(days * 86_400 + hour * 3600 + minute * 60 + second) - 32_400
}

struct BaseCase: Sendable, CustomTestStringConvertible {
    let product: ForecastProduct
    let at: Int64
    let label: String
    let baseDate: String
    let baseTime: String
    var testDescription: String { "\(product.rawValue) at \(label) → \(baseDate) \(baseTime)" }
    init(_ product: ForecastProduct, _ label: String, _ at: Int64, _ baseDate: String, _ baseTime: String) {
        self.product = product; self.label = label; self.at = at; self.baseDate = baseDate; self.baseTime = baseTime
    }
}

@Suite("IssuanceSchedule: the newest available base")
struct IssuanceScheduleTests {
    static let cases: [BaseCase] = [
        // short-term: 02:10 is available, 02:09:59 is not.
        BaseCase(.shortTerm, "02:09:59", kst(2026, 11, 21, 2, 9, 59), "20261120", "2300"),
        BaseCase(.shortTerm, "02:10:00", kst(2026, 11, 21, 2, 10, 0), "20261121", "0200"),
        BaseCase(.shortTerm, "00:00:00", kst(2026, 11, 21, 0, 0, 0), "20261120", "2300"),
        BaseCase(.shortTerm, "23:09:59", kst(2026, 11, 21, 23, 9, 59), "20261121", "2000"),
        BaseCase(.shortTerm, "23:10:00", kst(2026, 11, 21, 23, 10, 0), "20261121", "2300"),
        BaseCase(.shortTerm, "23:59:59", kst(2026, 11, 21, 23, 59, 59), "20261121", "2300"),
        // Across month and year ends.
        BaseCase(.shortTerm, "Jan 1 02:09:59", kst(2027, 1, 1, 2, 9, 59), "20261231", "2300"),
        BaseCase(.shortTerm, "Mar 1 01:00", kst(2028, 3, 1, 1, 0, 0), "20280229", "2300"),
        BaseCase(.shortTerm, "Mar 1 01:00 (no leap)", kst(2027, 3, 1, 1, 0, 0), "20270228", "2300"),
        BaseCase(.shortTerm, "Dec 1 00:30", kst(2026, 12, 1, 0, 30, 0), "20261130", "2300"),
        // nowcast: HH00 from HH:10.
        BaseCase(.nowcast, "00:09:59", kst(2026, 11, 21, 0, 9, 59), "20261120", "2300"),
        BaseCase(.nowcast, "00:10:00", kst(2026, 11, 21, 0, 10, 0), "20261121", "0000"),
        BaseCase(.nowcast, "13:59:59", kst(2026, 11, 21, 13, 59, 59), "20261121", "1300"),
        BaseCase(.nowcast, "Jan 1 00:05", kst(2027, 1, 1, 0, 5, 0), "20261231", "2300"),
        // ultra-short: HH30 from HH:45.
        BaseCase(.ultraShort, "00:44:59", kst(2026, 11, 21, 0, 44, 59), "20261120", "2330"),
        BaseCase(.ultraShort, "00:45:00", kst(2026, 11, 21, 0, 45, 0), "20261121", "0030"),
        BaseCase(.ultraShort, "10:30:00", kst(2026, 11, 21, 10, 30, 0), "20261121", "0930"),
        BaseCase(.ultraShort, "10:59:59", kst(2026, 11, 21, 10, 59, 59), "20261121", "1030"),
        BaseCase(.ultraShort, "Jan 1 00:15", kst(2027, 1, 1, 0, 15, 0), "20261231", "2330"),
    ]

    @Test(arguments: cases)
    func latestBase(_ c: BaseCase) {
        let base = c.product.schedule.latestBase(atUnixSeconds: c.at)
        #expect(base.baseDate == c.baseDate)
        #expect(base.baseTime == c.baseTime)
    }

    @Test("Every short-term boundary of a day, ±1 s", arguments: [2, 5, 8, 11, 14, 17, 20, 23])
    func shortTermBoundaries(hour: Int) {
        let schedule = ForecastProduct.shortTerm.schedule
        let releasedAt = kst(2026, 11, 21, hour, 10, 0)
        let base = schedule.latestBase(atUnixSeconds: releasedAt)
        #expect(base.baseTimeNumber == hour * 100)
        #expect(base.baseDate == "20261121")
        let before = schedule.latestBase(atUnixSeconds: releasedAt - 1)
        #expect(before == schedule.previousBase(before: base))
        #expect(schedule.latestBase(atUnixSeconds: releasedAt + 1) == base)
    }

    @Test("Every hourly boundary of a day, ±1 s, for nowcast and ultra-short", arguments: [ForecastProduct.nowcast, .ultraShort])
    func hourlyBoundaries(product: ForecastProduct) {
        let schedule = product.schedule
        let minute = product == .nowcast ? 0 : 30
        let lag = product == .nowcast ? 10 : 15
        for hour in 0..<24 {
            let release = kst(2026, 12, 31, hour, minute + lag, 0)
            let base = schedule.latestBase(atUnixSeconds: release)
            #expect(base.baseTimeNumber == hour * 100 + minute)
            #expect(base.baseDate == "20261231")
            #expect(schedule.latestBase(atUnixSeconds: release - 1) == schedule.previousBase(before: base))
            #expect(schedule.latestBase(atUnixSeconds: release + 1) == base)
        }
    }

    /// The reference: from the instant, step back minute by minute (Foundation's Calendar in
    /// KST reads each minute's hour) to the first scheduled base that is available; its date
    /// and time as `yyyyMMdd`, `HHmm`.
    static func referenceBase(_ product: ForecastProduct, at unix: Int64, calendar: Calendar) -> (date: Int, time: Int) {
        let date = Date(timeIntervalSince1970: TimeInterval(unix))
        var candidate = calendar.date(bySetting: .second, value: 0, of: date) ?? date
        if candidate > date { candidate = calendar.date(byAdding: .minute, value: -1, to: candidate) ?? candidate }
        while true {
            let c = calendar.dateComponents([.hour, .minute], from: candidate)
            let onSchedule: Bool
            switch product {
            case .nowcast: onSchedule = c.minute == 0
            case .ultraShort: onSchedule = c.minute == 30
            case .shortTerm: onSchedule = c.minute == 0 && [2, 5, 8, 11, 14, 17, 20, 23].contains(c.hour)
            }
            let delay: TimeInterval = product == .ultraShort ? 900 : 600
            if onSchedule && candidate.addingTimeInterval(delay) <= date { break }
            candidate = candidate.addingTimeInterval(-60)
        }
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: candidate)
        return ((c.year ?? 0) * 10_000 + (c.month ?? 0) * 100 + (c.day ?? 0), (c.hour ?? 0) * 100 + (c.minute ?? 0))
    }

    /// Whether the schedule's base at `unix` is the reference's; records an issue when not.
    static func agrees(_ product: ForecastProduct, at unix: Int64, calendar: Calendar) -> Bool {
        let base = product.schedule.latestBase(atUnixSeconds: unix)
        let expected = referenceBase(product, at: unix, calendar: calendar)
        guard base.baseDateNumber == expected.date, base.baseTimeNumber == expected.time else {
            Issue.record("\(product.rawValue) at \(unix): \(base) vs \(expected.date) \(expected.time)")
            return false
        }
        return true
    }

    // It was 50,000 random instants (5 s of a debug run, most of them far from any turn of the
    // date): now the turns themselves, every one, and a tenth of the random instants.
    @Test("Agrees with a Foundation Calendar reference where every month of 1990–2090 begins, and at 5,000 random instants")
    func againstCalendarReference() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(secondsFromGMT: 32_400))
        // Every month's first release of each product, a second before and at it: the base
        // turns from the last one of the month before (its last day: 28, 29, 30 or 31;
        // December's year) to the first of the new month. Every leap day of the range, 2000's
        // included, and every year's turn are among them.
        for year in 1990...2090 {
            for month in 1...12 {
                let midnight = try #require(calendar.date(from: DateComponents(year: year, month: month, day: 1)))
                let start = Int64(midnight.timeIntervalSince1970)
                // The day's first releases: nowcast 00 at 00:10, ultra-short 0030 at 00:45,
                // short-term 0200 at 02:10.
                for (product, release): (ForecastProduct, Int64) in [(.nowcast, 600), (.ultraShort, 2700), (.shortTerm, 7800)] {
                    guard Self.agrees(product, at: start + release - 1, calendar: calendar),
                          Self.agrees(product, at: start + release, calendar: calendar) else { return }
                }
            }
        }
        // And anywhere: seeded random instants over the range, each product in turn.
        var state: UInt64 = 42
        for index in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unix = 631_152_000 + Int64(state >> 34) % 3_155_760_000
            guard Self.agrees(ForecastProduct.allCases[index % 3], at: unix, calendar: calendar) else { return }
        }
    }
}

@Suite("IssuanceSchedule: previous, next, availability, custom delays")
struct IssuanceScheduleNavigationTests {
    @Test("Previous issuance crosses midnight, month and year")
    func previous() throws {
        let schedule = ForecastProduct.shortTerm.schedule
        #expect(schedule.previousBase(before: try ForecastBase(baseDate: "20270101", baseTime: "0200")).description == "20261231 2300")
        #expect(schedule.previousBase(before: try ForecastBase(baseDate: "20261121", baseTime: "0500")).description == "20261121 0200")
        // Not on the schedule: the last scheduled base before it.
        #expect(schedule.previousBase(before: try ForecastBase(baseDate: "20261121", baseTime: "0600")).description == "20261121 0500")
        let ultra = ForecastProduct.ultraShort.schedule
        #expect(ultra.previousBase(before: try ForecastBase(baseDate: "20260301", baseTime: "0030")).description == "20260228 2330")
        let now = ForecastProduct.nowcast.schedule
        #expect(now.previousBase(before: try ForecastBase(baseDate: "20260101", baseTime: "0000")).description == "20251231 2300")
    }

    @Test("Next issuance and when it becomes available")
    func next() throws {
        let schedule = ForecastProduct.shortTerm.schedule
        let last = try ForecastBase(baseDate: "20261231", baseTime: "2300")
        let next = schedule.nextBase(after: last)
        #expect(next.description == "20270101 0200")
        #expect(schedule.availableAt(next).iso8601 == "2027-01-01T02:10:00+09:00")
        let at = Date(timeIntervalSince1970: TimeInterval(kst(2026, 11, 21, 5, 9, 59)))
        #expect(schedule.nextAvailability(after: at).iso8601 == "2026-11-21T05:10:00+09:00")
        let ultra = ForecastProduct.ultraShort.schedule
        #expect(ultra.nextBase(after: try ForecastBase(baseDate: "20261121", baseTime: "2330")).description == "20261122 0030")
        #expect(ultra.availableAt(try ForecastBase(baseDate: "20261121", baseTime: "2330")).iso8601 == "2026-11-21T23:45:00+09:00")
    }

    @Test("The delay can be changed (e.g. the old HH:40 nowcast rule)")
    func customDelay() {
        var schedule = ForecastProduct.nowcast.schedule
        schedule.delay = 40 * 60
        #expect(schedule.latestBase(atUnixSeconds: kst(2026, 11, 21, 9, 39, 59)).baseTime == "0800")
        #expect(schedule.latestBase(atUnixSeconds: kst(2026, 11, 21, 9, 40, 0)).baseTime == "0900")
        let zero = IssuanceSchedule(product: .shortTerm, delay: 0)
        #expect(zero.latestBase(atUnixSeconds: kst(2026, 11, 21, 5, 0, 0)).baseTime == "0500")
        let long = IssuanceSchedule(product: .nowcast, delay: 3 * 3600)
        #expect(long.latestBase(atUnixSeconds: kst(2026, 11, 21, 1, 0, 0)).description == "20261120 2200")
    }

    @Test("Which bases are on the schedule")
    func scheduled() throws {
        #expect(ForecastProduct.shortTerm.schedule.isScheduled(try ForecastBase(baseDate: "20261121", baseTime: "0500")))
        #expect(!ForecastProduct.shortTerm.schedule.isScheduled(try ForecastBase(baseDate: "20261121", baseTime: "0600")))
        #expect(ForecastProduct.ultraShort.schedule.isScheduled(try ForecastBase(baseDate: "20261121", baseTime: "0630")))
        #expect(!ForecastProduct.nowcast.schedule.isScheduled(try ForecastBase(baseDate: "20261121", baseTime: "0630")))
    }

    @Test("Sub-second instants count towards the past: 02:09:59.999 is before 02:10")
    func subSecond() {
        let schedule = ForecastProduct.shortTerm.schedule
        let justBefore = Date(timeIntervalSince1970: TimeInterval(kst(2026, 11, 21, 2, 10, 0)) - 0.001)
        #expect(schedule.latestBase(at: justBefore).baseTime == "2300")
        let atRelease = Date(timeIntervalSince1970: TimeInterval(kst(2026, 11, 21, 2, 10, 0)))
        #expect(schedule.latestBase(at: atRelease).baseTime == "0200")
    }

    @Test("Product names and operations")
    func products() {
        #expect(ForecastProduct.allCases.map(\.rawValue) == ["nowcast", "ultra-short", "short-term"])
        #expect(ForecastProduct.allCases.map(\.operation) == ["getUltraSrtNcst", "getUltraSrtFcst", "getVilageFcst"])
        #expect(ForecastProduct(operation: "getVilageFcst") == .shortTerm)
        #expect(ForecastProduct(operation: "getFcstVersion") == nil)
    }
}

@Suite("ForecastBase: the API's base_date and base_time strings")
struct ForecastBaseTests {
    @Test("Parses and prints the API's strings")
    func roundTrip() throws {
        let base = try ForecastBase(baseDate: "20261121", baseTime: "0030")
        #expect(base.baseDate == "20261121")
        #expect(base.baseTime == "0030")
        #expect(base.baseTimeNumber == 30)
        #expect(try ForecastBase(baseDate: "20261121", baseTime: "0000").baseTime == "0000")
        #expect(try ForecastBase(baseDate: "20261121", baseTime: "2330").baseTime == "2330")
        #expect(try ForecastBase(baseDate: "20261121", baseTime: "0500") < ForecastBase(baseDate: "20261121", baseTime: "0800"))
    }

    @Test("Bad strings are errors that say what is expected", arguments: [
        ("2026112", "0500"), ("20261121", "500"), ("2026-11-21", "0500"), ("20261121", "05:00"),
        ("20261332", "0500"), ("20261121", "2400"), ("20261121", "0560"), ("", ""),
    ])
    func bad(date: String, time: String) {
        #expect(throws: KSTDateTimeError.self) { try ForecastBase(baseDate: date, baseTime: time) }
    }
}

@Suite("IssuanceSchedule and KSTDateTime: far instants")
struct FarInstantTests {
    @Test("Instants before 1970 and at the years 1000 and 9999")
    func edges() throws {
        let schedule = ForecastProduct.shortTerm.schedule
        // 1969-12-31T02:10:00+09:00 is before the epoch.
        let before1970 = try KSTDateTime(year: 1969, month: 12, day: 31, hour: 2, minute: 10)
        #expect(schedule.latestBase(atUnixSeconds: before1970.unixSeconds).description == "19691231 0200")
        #expect(schedule.latestBase(atUnixSeconds: before1970.unixSeconds - 1).description == "19691230 2300")
        let first = try KSTDateTime(year: 1000, month: 1, day: 2, hour: 2, minute: 10)
        #expect(schedule.latestBase(at: first).baseDate == "10000102")
        let last = try KSTDateTime(year: 9999, month: 12, day: 30, hour: 23, minute: 10)
        #expect(schedule.latestBase(at: last).description == "99991230 2300")
        #expect(try ForecastBase(baseDate: "00990101", baseTime: "0000").baseDate == "00990101")
    }

    @Test("Instants beyond ±2^62 s are clamped, never trapped or wrapped")
    func clamped() {
        let schedule = ForecastProduct.shortTerm.schedule
        for extreme in [Int64.max, Int64.max - 32_399, Int64.min, Int64.min + 1] {
            let time = KSTDateTime(unixSeconds: extreme)
            #expect(abs(time.unixSeconds) <= KSTDateTime.instantLimit)
            #expect((time.unixSeconds > 0) == (extreme > 0))
            let base = schedule.latestBase(atUnixSeconds: extreme)
            _ = schedule.nextBase(after: base)
            _ = schedule.previousBase(before: base)
            _ = ForecastBase(time)
        }
        #expect(KSTDateTime(unixSeconds: 0).adding(seconds: .max).unixSeconds == KSTDateTime.instantLimit)
        #expect(KSTDateTime(unixSeconds: 0).adding(seconds: .min).unixSeconds == -KSTDateTime.instantLimit)
    }
}
