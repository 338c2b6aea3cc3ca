// sun.events, apparent.hour: what a forecast computes on the device for every day and hour.

import Foundation
import KMAForecast
import _KMATestSupport

/// Days (one place each) per timed run of `sun.events`.
private let sunCount = 20_000
/// Hours per timed run of `apparent.hour`.
private let hourCount = 1_000_000

/// Places over the grid and days over 2020–2030, from a fixed seed.
private let sunInputs: [(day: KSTDateTime, latitude: Double, longitude: Double)] = {
    var generator = SplitMix64(seed: 0x5355_4E45)
    return (0..<sunCount).map { _ in
        let unix = Int64.random(in: 1_577_804_400..<1_924_959_600, using: &generator)
        return (KSTDateTime(unixSeconds: unix), Double.random(in: 33...38.6, using: &generator), Double.random(in: 124.5...131.9, using: &generator))
    }
}()

/// Hours: temperature −20…38 °C, humidity 5…100 %, wind 0…12 m/s, month 1…12.
private let hourInputs: [(t: Double, rh: Double, wsd: Double, month: Int)] = {
    var generator = SplitMix64(seed: 0x4645_454C)
    return (0..<hourCount).map { _ in
        (Double.random(in: -20...38, using: &generator), Double.random(in: 5...100, using: &generator),
         Double.random(in: 0...12, using: &generator), Int.random(in: 1...12, using: &generator))
    }
}()

/// The baseline for `sun.events`: NOAA's calculator written plainly (`NOAASolarReference`) with
/// the date arithmetic the common way, Foundation's `Calendar` in KST: the date's components,
/// its midnight, and each event as a `Date` by `date(byAdding:)`.
struct CalendarSunTimes {
    let calendar: Calendar

    init() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 32_400) ?? calendar.timeZone
        self.calendar = calendar
    }

    /// The nine events (`nil` where one does not happen).
    func events(at date: Date, latitude: Double, longitude: Double) -> [Date?] {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        let (y, m, d) = (c.year ?? 0, c.month ?? 0, c.day ?? 0)
        let midnight = calendar.startOfDay(for: date)
        func at(_ minutes: Double?) -> Date? {
            guard let minutes else { return nil }
            return calendar.date(byAdding: .second, value: Int((minutes * 60).rounded()), to: midnight)
        }
        func event(_ rise: Bool, _ zenith: Double) -> Date? {
            at(NOAASolarReference.event(rise, zenith: zenith, year: y, month: m, day: d, latitude: latitude, longitude: longitude))
        }
        return [event(true, 108), event(true, 102), event(true, 96), event(true, 90.833),
                at(NOAASolarReference.solarNoon(year: y, month: m, day: d, longitude: longitude)),
                event(false, 90.833), event(false, 96), event(false, 102), event(false, 108)]
    }
}

/// The baseline for `apparent.hour`: KMA's rule with the formulas as published, `pow` for
/// every power, not inlined.
enum PlainApparent {
    @inline(never)
    static func celsius(_ t: Double, _ rh: Double, _ wsd: Double, _ month: Int) -> Double {
        if month >= 5 && month <= 9 {
            let tw = t * atan(0.151977 * pow(rh + 8.313659, 0.5)) + atan(t + rh) - atan(rh - 1.67633)
                + 0.00391838 * pow(rh, 1.5) * atan(0.023101 * rh) - 4.686035
            return -0.2442 + 0.55399 * tw + 0.45535 * t - 0.0022 * pow(tw, 2) + 0.00278 * tw * t + 3.0
        }
        if t <= 10 && wsd >= 1.3 {
            let v = 3.6 * wsd
            return 13.12 + 0.6215 * t - 11.37 * pow(v, 0.16) + 0.3965 * pow(v, 0.16) * t
        }
        return t
    }
}

@MainActor
func addSkyBenchmarks(_ suite: BenchmarkSuite) {
    let calendar = CalendarSunTimes()
    suite.add(
        "sun.events", per: "day", items: sunCount,
        check: {
            for input in sunInputs.prefix(2_000) {
                guard let sun = SunTimes(day: input.day, latitude: input.latitude, longitude: input.longitude) else {
                    throw CheckFailure("no events at \(input)")
                }
                let ours = [sun.astronomicalDawn, sun.nauticalDawn, sun.civilDawn, sun.sunrise, sun.solarNoon, sun.sunset,
                            sun.civilDusk, sun.nauticalDusk, sun.astronomicalDusk]
                let theirs = calendar.events(at: input.day.date, latitude: input.latitude, longitude: input.longitude)
                for (a, b) in zip(ours, theirs) {
                    let difference = abs((a?.date.timeIntervalSince1970 ?? 0) - (b?.timeIntervalSince1970 ?? 0))
                    try expect((a == nil) == (b == nil) && difference <= 60, "\(input): ours \(String(describing: a)), NOAA \(String(describing: b))")
                }
            }
        },
        baseline: Baseline("sun.events.calendar", items: sunCount / 10) {
            for input in sunInputs.prefix(sunCount / 10) {
                blackHole(calendar.events(at: input.day.date, latitude: input.latitude, longitude: input.longitude))
            }
        }
    ) {
        for input in sunInputs {
            blackHole(SunTimes(day: input.day, latitude: input.latitude, longitude: input.longitude))
        }
    }
    suite.add(
        "apparent.hour", per: "hour", items: hourCount,
        check: {
            for input in hourInputs.prefix(200_000) {
                let ours = ApparentTemperature.celsius(temperature: input.t, humidityPercent: input.rh, windSpeed: input.wsd, month: input.month)
                let plain = PlainApparent.celsius(input.t, input.rh, input.wsd, input.month)
                try expect(ours != nil && abs(ours! - plain) < 1e-9, "\(input): ours \(String(describing: ours)), plain \(plain)")
            }
        },
        baseline: Baseline("apparent.hour.plain", items: hourCount) {
            var sum = 0.0
            for input in hourInputs { sum += PlainApparent.celsius(input.t, input.rh, input.wsd, input.month) }
            blackHole(sum)
        }
    ) {
        var sum = 0.0
        for input in hourInputs {
            sum += ApparentTemperature.celsius(temperature: input.t, humidityPercent: input.rh, windSpeed: input.wsd, month: input.month) ?? 0
        }
        blackHole(sum)
    }
}
