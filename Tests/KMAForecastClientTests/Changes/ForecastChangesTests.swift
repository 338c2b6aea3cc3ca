import Foundation
import KMAForecast
@testable import KMAForecastClient
import KMAForecastText
import Testing
import _KMATestSupport

private func at(_ value: Int64) -> KSTDateTime { WarningEvent.instant(value)! }

/// Hours from `from` (YYYYMMDDHHMM), `count` of them, wet (rain) in the listed hours of day.
private func hours(from start: Int64, count: Int, wet: Set<Int>, type: PrecipitationType = .rain, basis: ForecastChange.Basis = .shortTermForecast) -> [ForecastSnapshot.Hour] {
    (0..<count).map { index in
        let time = at(start).adding(seconds: Int64(index) * 3600)
        return ForecastSnapshot.Hour(time: time, precipitation: wet.contains(time.hour) ? type : .noPrecipitation, basis: basis)
    }
}

private func alert(_ zone: String = "L1090500", kind: WarningKind = .heavyRain, level: WarningLevel = .advisory, issued: Int64, effective: Int64? = nil, ends: Int64? = nil) -> WeatherWarning {
    WeatherWarning(zoneID: zone, zoneName: "제주도산지", kind: kind, level: level, issuedAt: at(issued), effectiveAt: at(effective ?? issued), endsAt: ends.map(at))
}

@Suite("Changes: the pure diff of two forecasts, its words and its shape")
struct ForecastChangesTests {
    @Test("The next rain start is found at its hour with the product that forecast it; the same start again is no change")
    func rainStart() {
        let old = ForecastSnapshot(takenAt: at(2026_0926_1050), observed: .init(time: at(2026_0926_1000), precipitation: .noPrecipitation, basis: .observed), hours: hours(from: 2026_0926_1100, count: 12, wet: []))
        var new = ForecastSnapshot(takenAt: at(2026_0926_1150), observed: .init(time: at(2026_0926_1100), precipitation: .noPrecipitation, basis: .observed), hours: hours(from: 2026_0926_1200, count: 12, wet: [15, 16], basis: .ultraShortForecast))
        let changes = ForecastChanges.between(old, new, place: "제주")
        #expect(changes.map(\.kind) == [.precipitationStarts])
        let start = changes[0]
        #expect(start.at == at(2026_0926_1500) && start.basis == .ultraShortForecast && start.resolution == .hour && start.precipitation == .rain)
        #expect(start.english == "제주: rain is forecast to start in the hour from 2026-09-26 15:00 KST (ultra-short forecast, hourly).")
        #expect(start.korean == "제주: 비이(가) 2026-09-26 15:00 KST부터 한 시간 사이에 시작될 것으로 예보 (초단기예보, 시간 단위).")
        #expect(ForecastChanges.between(new, new, place: "제주").isEmpty)
        // Beyond the earlier forecast's last hour it is new data, not a change.
        new.hours = hours(from: 2026_0926_1200, count: 30, wet: [])
        new.hours?[25].precipitation = .rain
        #expect(ForecastChanges.between(old, new, place: "제주").isEmpty)
    }

    @Test("While it rains the next stop is found; observed start, stop and type change come from a newer nowcast")
    func stopsAndObserved() {
        let wetNow = ForecastSnapshot.Hour(time: at(2026_0926_1400), precipitation: .rain, basis: .observed)
        let old = ForecastSnapshot(takenAt: at(2026_0926_1350), observed: .init(time: at(2026_0926_1300), precipitation: .noPrecipitation, basis: .observed), hours: hours(from: 2026_0926_1400, count: 10, wet: [14, 15, 16, 17, 18, 19, 20]))
        let new = ForecastSnapshot(takenAt: at(2026_0926_1450), observed: wetNow, hours: hours(from: 2026_0926_1500, count: 10, wet: [15, 16]))
        let changes = ForecastChanges.between(old, new, place: "p")
        #expect(changes.map(\.kind) == [.precipitationStarts, .precipitationStops])
        #expect(changes[0].basis == .observed && changes[0].resolution == .observation && changes[0].at == at(2026_0926_1400))
        #expect(changes[1].at == at(2026_0926_1700) && changes[1].previousPrecipitation == .rain)
        var snow = new
        snow.observed = .init(time: at(2026_0926_1500), precipitation: .snow, basis: .observed)
        #expect(ForecastChanges.observed(from: new, to: snow, place: "p").map(\.kind) == [.precipitationTypeChanged])
        var later = snow
        later.hours = hours(from: 2026_0926_1500, count: 10, wet: [15, 16], type: .snow)
        let typed = ForecastChanges.precipitation(from: new, to: later, place: "p")
        #expect(typed.map(\.kind) == [.precipitationTypeChanged] && typed[0].precipitation == .snow && typed[0].previousPrecipitation == .rain)
        #expect(typed[0].english.contains("rain is now forecast to turn to snow"))
    }

    @Test("A part not delivered on either side is no change: hours, days and warnings")
    func undelivered() {
        let full = ForecastSnapshot(
            takenAt: at(2026_0926_1000), hours: hours(from: 2026_0926_1100, count: 5, wet: [12]),
            days: [.init(start: at(2026_0926_0000), high: 25, low: 15, precipitationChance: 0.3)], alerts: [alert(issued: 2026_0926_0800)], upcoming: []
        )
        let empty = ForecastSnapshot(takenAt: at(2026_0926_1010))
        #expect(ForecastChanges.between(full, empty, place: "p").isEmpty)
        #expect(ForecastChanges.between(empty, full, place: "p").isEmpty)
        var noAlerts = full
        noAlerts.takenAt = at(2026_0926_1010)
        noAlerts.alerts = []
        #expect(ForecastChanges.between(full, noAlerts, place: "p").map(\.kind) == [.warningReleased])
    }

    @Test("Days: a high or low revised by the threshold or more, and the chance of rain's direction")
    func days() {
        let day = at(2026_0927_0000)
        let old = ForecastSnapshot(takenAt: at(2026_0926_0510), days: [.init(start: day, high: 28, low: 18, precipitationChance: 0.2)])
        var new = ForecastSnapshot(takenAt: at(2026_0926_0810), days: [.init(start: day, high: 30, low: 16.5, precipitationChance: 0.6)])
        let changes = ForecastChanges.between(old, new, place: "p")
        #expect(changes.map(\.kind) == [.highRevised, .precipitationChanceRising])
        #expect(changes[0].value == 30 && changes[0].previousValue == 28 && changes[0].resolution == .day)
        #expect(changes[0].english == "p: the high for 2026-09-27 is now 30 °C (was 28 °C; short-term forecast).")
        #expect(changes[1].korean == "p: 2026-09-27 강수확률이 60 %로 올라감 (전에는 20 %, 단기예보).")
        new.days?[0].precipitationChance = 0.0
        #expect(ForecastChanges.between(old, new, place: "p", options: .init(temperatureThreshold: 1)).map(\.kind) == [.highRevised, .lowRevised, .precipitationChanceFalling])
    }

    @Test("Warnings: upgraded, downgraded, kind changed, modified (a release announced ahead), upcoming, withdrawn")
    func warnings() {
        let base = ForecastSnapshot(takenAt: at(2026_0926_1000), alerts: [alert(issued: 2026_0926_0800)], upcoming: [], warningsFrom: at(2026_0920_0000))
        var up = base
        up.takenAt = at(2026_0926_1110)
        up.alerts = [alert(level: .warning, issued: 2026_0926_1100)]
        let upgraded = ForecastChanges.warnings(from: base, to: up, place: "p")
        #expect(upgraded.map(\.kind) == [.warningUpgraded] && upgraded[0].previousAlert?.level == .advisory)
        #expect(upgraded[0].english == "p: heavy rain advisory for 제주도산지 raised to heavy rain warning from 2026-09-26 11:00 KST.")
        #expect(ForecastChanges.warnings(from: up, to: base, place: "p").map(\.kind) == [.warningDowngraded])
        var kind = base
        kind.takenAt = at(2026_0926_1110)
        kind.alerts = [alert(kind: .wind, issued: 2026_0926_1100)]
        let changed = ForecastChanges.warnings(from: base, to: kind, place: "p")
        #expect(changed.map(\.kind) == [.warningKindChanged] && changed[0].previousAlert?.kind == .heavyRain)
        var ending = base
        ending.alerts = [alert(issued: 2026_0926_0800, ends: 2026_0926_1300)]
        let modified = ForecastChanges.warnings(from: base, to: ending, place: "p")
        #expect(modified.map(\.kind) == [.warningModified] && modified[0].english == "p: heavy rain advisory for 제주도산지 is to be released at 2026-09-26 13:00 KST.")
        var announced = base
        announced.upcoming = [alert(kind: .wind, issued: 2026_0926_1000, effective: 2026_0926_1200)]
        #expect(ForecastChanges.warnings(from: base, to: announced, place: "p").map(\.kind) == [.warningUpcoming])
        #expect(ForecastChanges.warnings(from: announced, to: base, place: "p").map(\.kind) == [.warningUpcomingCancelled])
        var inForce = announced
        inForce.alerts?.append(alert(kind: .wind, issued: 2026_0926_1000, effective: 2026_0926_1200))
        inForce.upcoming = []
        #expect(ForecastChanges.warnings(from: announced, to: inForce, place: "p").map(\.kind) == [.warningIssued])
    }

    @Test("A warning last issued before KMA's 6-day period leaves it without a release")
    func leftThePeriod() {
        let old = ForecastSnapshot(takenAt: at(2026_0926_2350), alerts: [alert(issued: 2026_0920_2300)], upcoming: [], warningsFrom: at(2026_0920_0000))
        let new = ForecastSnapshot(takenAt: at(2026_0927_0000), alerts: [], upcoming: [], warningsFrom: at(2026_0921_0000))
        #expect(ForecastChanges.warnings(from: old, to: new, place: "p").isEmpty)
    }

    @Test("Every case has its English and Korean sentence, and both tables the same keys")
    func everyCaseHasWords() {
        #expect(Set(KoreanMessages.changesEnglish.keys) == Set(KoreanMessages.changesKorean.keys).subtracting(["stateFile", "stateUnreadable", "stateNotFile", "stateTooLarge", "stateNotState", "stateVersion", "stateNotWritten"]))
        for kind in ForecastChange.Kind.allCases {
            for basis in ForecastChange.Basis.allCases {
                let change = ForecastChange(
                    kind: kind, place: "p\u{1B}[2J", at: at(2026_0926_1500), detectedAt: at(2026_0926_1450), basis: basis, resolution: .hour,
                    precipitation: .snow, previousPrecipitation: .rain, value: 0.5, previousValue: 0.25,
                    alert: alert(level: .warning, issued: 2026_0926_1400, ends: 2026_0926_1600), previousAlert: alert(issued: 2026_0926_0800)
                )
                for text in [change.english, change.korean] {
                    #expect(!text.contains("{}") && !text.hasPrefix(kind.rawValue) && !text.isEmpty, "\(kind) \(basis): \(text)")
                    #expect(!text.contains("\u{1B}"), "network and user text is escaped")
                }
                #expect(KoreanMessages.changesKorean[change.textKey] != nil && KoreanMessages.changesEnglish[change.textKey] != nil)
            }
        }
    }

    @Test("Codable: the JSON decodes equal, with its derived words and topic")
    func codable() throws {
        let change = ForecastChange(kind: .warningUpgraded, place: "서울", at: at(2026_0926_1100), detectedAt: at(2026_0926_1110), basis: .warningService, resolution: .minute, alert: alert(level: .warning, issued: 2026_0926_1100), previousAlert: alert(issued: 2026_0926_0800))
        let data = Data(try JSONTextEncoder.encode(change).utf8)
        #expect(try JSONDecoder().decode(ForecastChange.self, from: data) == change)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["topic"] as? String == "warnings" && object["korean"] as? String == change.korean)
        #expect(change.id == "warningUpgraded:서울:L1090500/2/1/2026-09-26T11:00:00+09:00")
        let rain = ForecastChange(kind: .precipitationStarts, place: "p", at: at(2026_0926_1500), detectedAt: at(2026_0926_1450), basis: .observed, resolution: .observation, precipitation: .rainAndSnow)
        let rainData = Data(try JSONTextEncoder.encode(rain).utf8)
        #expect(try JSONDecoder().decode(ForecastChange.self, from: rainData) == rain)
        #expect(String(decoding: rainData, as: UTF8.self).contains(#""precipitation":{"code":2,"englishName":"#))
    }
}

@Suite("Changes: the watcher's guards (baseline, held releases, sent once)")
struct ForecastWatcherTests {
    @Test("The first poll of a place is its baseline: nothing is sent, whatever is in force")
    func baseline() {
        var watcher = ForecastWatcher()
        let snapshot = ForecastSnapshot(takenAt: at(2026_0926_1000), hours: hours(from: 2026_0926_1100, count: 5, wet: [12]), alerts: [alert(issued: 2026_0926_0800)], upcoming: [])
        #expect(watcher.observe(snapshot, place: "p").isEmpty)
        #expect(watcher.state.places["p"]?.baseline == snapshot)
    }

    @Test("A warning gone once and back is neither released nor issued again; gone twice is released once")
    func heldRelease() {
        var watcher = ForecastWatcher()
        let present = ForecastSnapshot(takenAt: at(2026_0926_1000), alerts: [alert(issued: 2026_0926_0800)], upcoming: [])
        var gone = present
        gone.alerts = []
        func poll(_ snapshot: ForecastSnapshot, _ minute: Int64) -> [ForecastChange.Kind] {
            var copy = snapshot
            copy.takenAt = at(2026_0926_1000).adding(seconds: minute * 60)
            return watcher.observe(copy, place: "p").map(\.kind)
        }
        #expect(poll(present, 0).isEmpty)
        #expect(poll(gone, 10).isEmpty)
        #expect(poll(present, 20).isEmpty)
        #expect(poll(gone, 30).isEmpty)
        var failed = gone
        failed.alerts = nil
        failed.upcoming = nil
        #expect(poll(failed, 40).isEmpty, "a failed poll neither confirms nor drops the held release")
        let released = poll(gone, 50)
        #expect(released == [.warningReleased])
        #expect(poll(gone, 60).isEmpty)
    }

    @Test("The same change found again is sent once (its id is kept 7 days), and topics not asked for are not sent")
    func sentOnce() {
        var watcher = ForecastWatcher(topics: [.rain])
        let dry = ForecastSnapshot(takenAt: at(2026_0926_1000), hours: hours(from: 2026_0926_1100, count: 10, wet: []), days: [.init(start: at(2026_0927_0000), high: 20, low: 10, precipitationChance: 0.2)])
        var wet = dry
        wet.hours = hours(from: 2026_0926_1100, count: 10, wet: [15])
        wet.days = [.init(start: at(2026_0927_0000), high: 25, low: 10, precipitationChance: 0.2)]
        var sent: [ForecastChange] = []
        for (index, snapshot) in [dry, wet, dry, wet].enumerated() {
            var copy = snapshot
            copy.takenAt = at(2026_0926_1000).adding(seconds: Int64(index) * 60)
            sent += watcher.observe(copy, place: "p")
        }
        #expect(sent.map(\.kind) == [.precipitationStarts])
        #expect(watcher.state.sent.keys.contains { $0.hasPrefix("highRevised") }, "found and remembered, not sent")
        var week = wet
        week.takenAt = at(2026_1003_1100)
        _ = watcher.observe(week, place: "p")
        #expect(watcher.state.sent.isEmpty, "ids older than 7 days are forgotten")
    }
}
