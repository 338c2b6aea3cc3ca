import Testing
@testable import KMAForecast
import _KMATestSupport

@Suite("The ten-day merge: short-term days where real, then mid-term days counted from the issue date")
struct DailyForecastMergerTests {
    static let morning = MidTermIssue(tmFc: "202610040600")!
    static let evening = MidTermIssue(tmFc: "202610041800")!

    static func run(_ issue: MidTermIssue) throws -> MidTermRun {
        let tmFc = issue.tmFc
        return MidTermRun(
            issue: issue,
            temperatures: try MidTermDecoder.temperatures(Fixtures.bytes("midterm/getMidTa_11B10101_\(tmFc).json"), issue: issue),
            land: try MidTermDecoder.landForecast(Fixtures.bytes("midterm/getMidLandFcst_11B00000_\(tmFc).json"), issue: issue)
        )
    }

    static func shortRows(_ date: String, _ time: String) throws -> [ForecastRow] {
        ExtendedDayRun.rows(base: try ForecastBase(baseDate: date, baseTime: time), nx: 60, ny: 127)
    }

    /// `short 0500` / `mid 202610040600` / `-` per day.
    static func sources(_ days: [ForecastDay]) -> [String] {
        days.map { day in
            switch day.source {
            case .shortTerm(let base)?: "short \(base.baseTime)"
            case .midTerm(let issue)?: "mid \(issue.tmFc)"
            case nil: "-"
            }
        }
    }

    /// Each hour boundary: the runs a client has then (short run, newest and previous mid runs),
    /// and where each of the ten days comes from.
    @Test("At each hour boundary", arguments: [
        // 10-05 00:00: short 2300 of 10-04 (to 10-08; 10-09 holds only 00:00), mid 18 run of 10-04.
        ("00:00", "20261004", "2300", ["202610041800", "202610040600"], 20261005,
         ["short 2300", "short 2300", "short 2300", "short 2300"] + Array(repeating: "mid 202610041800", count: 6)),
        // 10-05 02:10: short 0200 (to 10-08), the same mid runs.
        ("02:10", "20261005", "0200", ["202610041800", "202610040600"], 20261005,
         ["short 0200", "short 0200", "short 0200", "short 0200"] + Array(repeating: "mid 202610041800", count: 6)),
        // 10-04 06:30: short 0500 (to 10-07, 글피 3-hourly), mid 06 run: day 4 = 10-08.
        ("06:30", "20261004", "0500", ["202610040600"], 20261004,
         ["short 0500", "short 0500", "short 0500", "short 0500"] + Array(repeating: "mid 202610040600", count: 6)),
        // 10-04 17:10: short 1700 reaches 10-08 (그글피); mid 06 run from 10-09 (day 5).
        ("17:10", "20261004", "1700", ["202610040600"], 20261004,
         Array(repeating: "short 1700", count: 5) + Array(repeating: "mid 202610040600", count: 5)),
        // 10-04 18:30: short 1700, mid 18 run from 10-09 (day 5).
        ("18:30", "20261004", "1700", ["202610041800", "202610040600"], 20261004,
         Array(repeating: "short 1700", count: 5) + Array(repeating: "mid 202610041800", count: 5)),
        // 10-04 18:30 with the 1700 short run not yet published (fallen back to 1400, to 10-07):
        // day +4 (10-08) is day 4, which the 18 run lacks: the previous (06) run's.
        ("18:30 fallback", "20261004", "1400", ["202610041800", "202610040600"], 20261004,
         ["short 1400", "short 1400", "short 1400", "short 1400", "mid 202610040600"] + Array(repeating: "mid 202610041800", count: 5)),
    ])
    func boundaries(label: String, shortDate: String, shortTime: String, mid: [String], today: Int, expected: [String]) throws {
        let runs = try mid.map { try Self.run(MidTermIssue(tmFc: $0)!) }
        let days = DailyForecastMerger.merge(shortTerm: try Self.shortRows(shortDate, shortTime), midTerm: runs, today: today, days: 10)
        #expect(days.count == 10)
        #expect(days.map(\.yyyymmdd) == (0..<10).map { CivilDay.adding($0, to: today) })
        #expect(Self.sources(days) == expected, "\(label)")
    }

    @Test("A day holding only its 00:00 slot is no day (and gives no midnight high); with no mid run it is missing, not filled")
    func midnightOnly() throws {
        let rows = try Self.shortRows("20261004", "0500")
        #expect(rows.contains { $0.forecastDate == 20261008 } && rows.filter { $0.forecastDate == 20261008 }.allSatisfy { $0.forecastTime == 0 })
        let days = DailyForecastMerger.merge(shortTerm: rows, midTerm: [], today: 20261004, days: 6)
        #expect(Self.sources(days) == ["short 0500", "short 0500", "short 0500", "short 0500", "-", "-"])
        let missing = days[4]
        #expect(missing.lowTemperature == nil && missing.highTemperature == nil && missing.morning == nil && missing.afternoon == nil && missing.source == nil)
    }

    @Test("Short-term halves: 06–11 and 12–17 slots, the worst PTY, the most frequent SKY, the highest POP; TMN/TMX else hourly")
    func shortHalves() throws {
        let days = DailyForecastMerger.merge(shortTerm: try Self.shortRows("20261004", "1700"), midTerm: [], today: 20261004, days: 5)
        let tomorrow = days[1]
        #expect(tomorrow.morning == HalfDayForecast(sky: .clear, precipitationType: .noPrecipitation, precipitationChance: 0.2))
        #expect(tomorrow.afternoon == HalfDayForecast(sky: .mostlyCloudy, precipitationType: .rain, precipitationChance: 0.6))
        #expect(tomorrow.lowTemperature == DailyTemperature(value: 9, origin: .dailyExtreme) && tomorrow.highTemperature == DailyTemperature(value: 21, origin: .dailyExtreme))
        // Today from 18:00: no half-day slots left, the low and high are the remaining hours'.
        let today = days[0]
        #expect(today.morning == nil && today.afternoon == nil)
        #expect(today.lowTemperature == DailyTemperature(value: 19, origin: .hourly) && today.highTemperature == DailyTemperature(value: 21, origin: .hourly))
        // 그글피 is 3-hourly: 06 and 09 make 오전, 12 and 15 오후.
        #expect(days[4].morning?.sky == .clear && days[4].afternoon?.sky == .mostlyCloudy && days[4].isHalfDaySplit)
    }

    @Test("Mid-term days: taMin/taMax with their spread, halves for 4–7, one value for 8–10, approximate halves marked")
    func midValues() throws {
        let days = DailyForecastMerger.merge(shortTerm: [], midTerm: [try Self.run(Self.morning)], today: 20261004, days: 11, landIsApproximate: true)
        #expect(Self.sources(days) == Array(repeating: "-", count: 4) + Array(repeating: "mid 202610040600", count: 7))
        let four = days[4]
        #expect(four.lowTemperature == DailyTemperature(value: 10, origin: .midTerm, spreadBelow: 1, spreadAbove: 1))
        #expect(four.highTemperature?.value == 25 && four.isHalfDaySplit)
        #expect(four.morning == HalfDayForecast(sky: .clear, precipitationType: .noPrecipitation, precipitationChance: 0.1, text: "맑음", isApproximate: true))
        let ten = days[10]
        #expect(ten.yyyymmdd == 20261014 && !ten.isHalfDaySplit && ten.morning == ten.afternoon && ten.morning?.text == "구름많음" && ten.highTemperature?.spreadAbove == 3)
    }

    @Test("An unknown phrase keeps its text with an unknown condition; a missing rain chance stays missing")
    func unknownPhrase() throws {
        var body = try Fixtures.text("midterm/getMidLandFcst_11B00000_202610041800.json")
        body = body.replacingEvery(#""wf9":"흐림""#, with: #""wf9":"흐리고 한때 비""#).replacingEvery(#""rnSt9":30,"#, with: #""rnSt9":"","#)
        let land = try MidTermDecoder.landForecast(Array(body.utf8), issue: Self.evening)
        let days = DailyForecastMerger.merge(shortTerm: [], midTerm: [MidTermRun(issue: Self.evening, temperatures: nil, land: land)], today: 20261004, days: 11)
        let nine = days[9]
        #expect(nine.morning == HalfDayForecast(sky: nil, precipitationType: nil, precipitationChance: nil, text: "흐리고 한때 비"))
        #expect(nine.lowTemperature == nil && nine.highTemperature == nil && nine.source == .midTerm(Self.evening))
    }

    @Test("A run more than 12 hours older than the newest is not used; days are clamped to 1...11")
    func onlyWithinADay() throws {
        let older = MidTermRun(issue: Self.morning.previous, temperatures: try Self.run(Self.morning).temperatures.map {
            var t = $0
            t.issue = Self.morning.previous
            return t
        }, land: nil)
        let days = DailyForecastMerger.merge(shortTerm: [], midTerm: [try Self.run(Self.evening), older], today: 20261004, days: 5)
        // 10-08 is day 4 of the 18 run (not carried) and day 5 of 10-03 18:00, which is too old.
        #expect(days[4].source == nil)
        #expect(DailyForecastMerger.merge(shortTerm: [], midTerm: [], today: 20261004, days: 40).count == 11)
        #expect(DailyForecastMerger.merge(shortTerm: [], midTerm: [], today: 20261004, days: 0).count == 1)
        #expect(ForecastDay(date: 20261004, lowTemperature: nil, highTemperature: nil, morning: nil, afternoon: nil, source: nil, isHalfDaySplit: true)?.weekday == 0)
        #expect(ForecastDay(date: 20261304, lowTemperature: nil, highTemperature: nil, morning: nil, afternoon: nil, source: nil, isHalfDaySplit: true) == nil)
        #expect(days[0].isoDate == "2026-10-04")
    }
}
