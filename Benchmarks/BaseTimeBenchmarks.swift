// base-time.*: the base date and time to request, from an instant.

import Foundation
import KMAForecast
import _KMATestSupport

/// Calls per timed run.
private let callCount = 1_000_000
/// Calls per timed run of the (much slower) Calendar baseline.
private let baselineCount = 20_000

/// Instants spread over 2020–2030, with fractions of a second, from a fixed seed.
private let instants: [Date] = {
    var generator = SplitMix64(seed: 0x4241_5345)
    let start = 1_577_804_400.0   // 2020-01-01T00:00:00+09:00
    let end = 1_924_959_600.0     // 2031-01-01T00:00:00+09:00
    return (0..<callCount).map { _ in Date(timeIntervalSince1970: Double.random(in: start..<end, using: &generator)) }
}()

/// The baseline: the common way, with Foundation's `Calendar` in KST. Step back by the
/// availability delay (and the first run's offset), read the KST date and hour with
/// `dateComponents`, and round the hour down to the product's schedule.
struct CalendarBaseTime {
    let calendar: Calendar

    init() {
        var calendar = Calendar(identifier: .gregorian)
        // Always succeeds for a whole-hour offset; the check compares every answer anyway.
        calendar.timeZone = TimeZone(secondsFromGMT: 32_400) ?? calendar.timeZone
        self.calendar = calendar
    }

    /// `base_date` and `base_time` as numbers (`20261121`, `500`).
    func latestBase(_ product: ForecastProduct, at date: Date) -> (date: Int, time: Int) {
        let back: TimeInterval
        switch product {
        case .nowcast: back = 10 * 60                  // HH00 from HH:10
        case .ultraShort: back = 45 * 60               // HH30 from HH:45
        case .shortTerm: back = 10 * 60 + 2 * 3600     // 02, 05, …, 23 h from +10 min
        }
        let c = calendar.dateComponents([.year, .month, .day, .hour], from: date.addingTimeInterval(-back))
        let ymd = (c.year ?? 0) * 10_000 + (c.month ?? 0) * 100 + (c.day ?? 0)
        let hour = c.hour ?? 0
        switch product {
        case .nowcast: return (ymd, hour * 100)
        case .ultraShort: return (ymd, hour * 100 + 30)
        case .shortTerm: return (ymd, (hour / 3 * 3 + 2) * 100)
        }
    }
}

@MainActor
func addBaseTimeBenchmarks(_ suite: BenchmarkSuite) {
    let calendar = CalendarBaseTime()
    for product in [ForecastProduct.shortTerm, .ultraShort, .nowcast] {
        let schedule = product.schedule
        suite.add(
            "base-time.\(product.rawValue)", per: "call", items: callCount,
            check: {
                // Random instants, and every second around each base of four days.
                var dates = Array(instants.prefix(100_000))
                let day0 = 1_795_100_400.0   // 2026-11-20T00:00:00+09:00
                for second in stride(from: day0 - 3600, to: day0 + 4 * 86_400, by: 60) {
                    for delta in [-1.0, -0.25, 0, 0.5, 1] { dates.append(Date(timeIntervalSince1970: second + delta)) }
                }
                for date in dates {
                    let base = schedule.latestBase(at: date)
                    let ours = (base.baseDateNumber, base.baseTimeNumber)
                    let theirs = calendar.latestBase(product, at: date)
                    try expect(ours == theirs, "\(product.rawValue) at \(date.timeIntervalSince1970): ours \(ours), Calendar \(theirs)")
                }
            },
            baseline: Baseline("base-time.\(product.rawValue).calendar", items: baselineCount) {
                var sum = 0
                for date in instants.prefix(baselineCount) {
                    let base = calendar.latestBase(product, at: date)
                    sum &+= base.date &+ base.time
                }
                blackHole(sum)
            }
        ) {
            var sum = 0
            for date in instants {
                let base = schedule.latestBase(at: date)
                sum &+= base.baseDateNumber &+ base.baseTimeNumber
            }
            blackHole(sum)
        }
    }
}
