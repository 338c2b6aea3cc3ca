import Foundation
import Testing
@testable import KMAForecast

@Suite("DailySummary: a day at a cell from its hours")
struct DailySummaryTests {
    /// Expected values from the recorded short-term page, computed from its JSON with a
    /// separate script (Python's json module, grouping items by fcstDate).
    @Test("The recorded short-term run, 2022-11-20 05:00 at 60,120")
    func recordedRun() throws {
        let days = DailySummary.summaries(of: try RecordedRows.rows(RecordedRows.shortTerm))
        #expect(days.map(\.date) == [20_221_120, 20_221_121, 20_221_122, 20_221_123])
        #expect(days.allSatisfy { $0.nx == 60 && $0.ny == 120 && $0.runs.map(\.description) == ["20221120 0500"] })
        #expect(days.map(\.hours) == [18, 24, 24, 1])
        // Day 1 has TMX but no TMN (the run starts at 06:00): its low is the hourly one.
        #expect(days.map(\.minimumTemperature) == [
            TemperatureExtreme(value: 10, source: .hourly), TemperatureExtreme(value: 7, source: .daily),
            TemperatureExtreme(value: 7, source: .daily), TemperatureExtreme(value: 11, source: .hourly),
        ])
        #expect(days.map(\.maximumTemperature) == [
            TemperatureExtreme(value: 19, source: .daily), TemperatureExtreme(value: 17, source: .daily),
            TemperatureExtreme(value: 15, source: .daily), TemperatureExtreme(value: 11, source: .hourly),
        ])
        // 2022-11-22: KMA's TMN (7.0) is below every hourly TMP (9 and up); TMN wins.
        #expect(days.map(\.maximumProbabilityOfPrecipitation) == [30, 30, 30, 30])
        // 2022-11-20: 10 clear, 5 overcast, 3 mostly cloudy. 2022-11-21: 9 clear, 9 overcast → overcast.
        #expect(days.map(\.sky) == [.clear, .overcast, .overcast, .overcast])
        #expect(days.map(\.precipitation) == [18, 24, 24, 1].map { AmountTotal(amount: .zero, unit: .millimeters, hoursCounted: $0, hoursNotCounted: 0) })
        #expect(days.map(\.snow) == [18, 24, 24, 1].map { AmountTotal(amount: .zero, unit: .centimeters, hoursCounted: $0, hoursNotCounted: 0) })
        #expect(days.allSatisfy { $0.heaviestRain == nil && $0.heaviestSnow == nil })
    }

    /// (hourly PCP texts, expected total)
    static let totals: [([String], AmountRange?)] = [
        (["강수없음", "강수없음"], .zero),
        (["1mm 미만", "강수없음"], .lessThan(1)),
        (["1mm 미만", "1.0mm 미만", "강수없음"], .lessThan(2)),
        (["2.0mm", "3.5mm"], .exactly(5.5)),
        (["0.1", "0.2"], .exactly(0.3)),
        (["1mm 미만", "2.0mm", "30.0~50.0mm", "강수없음"], .range(32, 53)),
        (["2.0mm", "50.0mm 이상"], .atLeast(52)),
        (["강수없음", "999"], .zero),
        (["abc"], nil),
    ]

    @Test("Precipitation totals keep the categories' bounds", arguments: totals)
    func precipitationTotals(_ texts: [String], _ expected: AmountRange?) throws {
        let hours = texts.enumerated().map { (20_250_111, 100 * $0.offset, ["PCP": $0.element] as KeyValuePairs) }
        let day = try #require(DailySummary.summaries(of: try RowFactory.rows(base: "20250110 2300", hours)).first)
        let total = try #require(day.precipitation)
        #expect(total.amount == expected)
        let notCounted = texts.filter { $0 == "999" || $0 == "abc" }.count
        #expect(total.hoursCounted == texts.count - notCounted && total.hoursNotCounted == notCounted)
        #expect(total.isComplete == (notCounted == 0))
        #expect(day.snow == nil)
    }

    @Test("Snow totals in cm")
    func snowTotals() throws {
        let rows = try RowFactory.rows(base: "20250110 2300", [
            (20_250_111, 0, ["SNO": "0.5cm 미만"]), (20_250_111, 100, ["SNO": "1.2cm"]), (20_250_111, 200, ["SNO": "적설없음"]),
        ])
        let day = try #require(DailySummary.summaries(of: rows).first)
        #expect(day.snow == AmountTotal(amount: .range(1.2, 1.7), unit: .centimeters, hoursCounted: 3, hoursNotCounted: 0))
    }

    @Test("Extended days: codes are not amounts; the heaviest is kept")
    func extendedDay() throws {
        let rows = try RowFactory.rows(base: "20250110 0500", [
            (20_250_113, 0, ["PCP": "0", "SNO": "0", "SKY": "3"]), (20_250_113, 300, ["PCP": "3", "SNO": "2", "SKY": "4"]),
            (20_250_113, 600, ["PCP": "1", "SNO": "1", "SKY": "4"]),
        ])
        let day = try #require(DailySummary.summaries(of: rows).first)
        #expect(day.hours == 3)
        #expect(day.precipitation == AmountTotal(amount: .zero, unit: .millimeters, hoursCounted: 1, hoursNotCounted: 2))
        #expect(day.snow == AmountTotal(amount: .zero, unit: .centimeters, hoursCounted: 1, hoursNotCounted: 2))
        #expect(day.heaviestRain == .heavy)
        #expect(day.heaviestSnow == .heavy)
        #expect(day.sky == .overcast)
    }

    @Test("Sky ties go to the cloudier condition")
    func skyTies() throws {
        let rows = try RowFactory.rows(base: "20250110 0500", [
            (20_250_110, 600, ["SKY": "1"]), (20_250_110, 700, ["SKY": "3"]), (20_250_110, 800, ["SKY": "1"]),
            (20_250_110, 900, ["SKY": "3"]), (20_250_110, 1000, ["SKY": "2"]),
        ])
        #expect(DailySummary.summaries(of: rows).first?.sky == .mostlyCloudy)
    }

    @Test("Missing daily values fall back to the hours")
    func missingDailyValues() throws {
        let rows = try RowFactory.rows(base: "20250110 0500", [
            (20_250_111, 600, ["TMP": "-2", "TMN": "-999"]), (20_250_111, 1500, ["TMP": "8", "TMX": "999"]),
            (20_250_111, 1600, ["TMP": "-999"]),
        ])
        let day = try #require(DailySummary.summaries(of: rows).first)
        #expect(day.minimumTemperature == TemperatureExtreme(value: -2, source: .hourly))
        #expect(day.maximumTemperature == TemperatureExtreme(value: 8, source: .hourly))
        #expect(day.maximumProbabilityOfPrecipitation == nil)
        #expect(day.precipitation == nil && day.sky == nil)
    }

    @Test("Cells and days are separated and sorted; an hour given by two runs uses the newer")
    func grouping() throws {
        var builder = ForecastRowBuilder()
        try RowFactory.add(base: "20250110 0800", nx: 61, ny: 127, [(20_250_110, 1200, ["TMP": "5"])], to: &builder)
        try RowFactory.add(base: "20250110 0500", [(20_250_110, 1200, ["TMP": "10"]), (20_250_110, 1300, ["TMP": "11"])], to: &builder)
        try RowFactory.add(base: "20250110 0500", [(20_250_111, 0, ["TMP": "1"])], to: &builder)
        var newer = ForecastRowBuilder()
        try RowFactory.add(base: "20250110 0800", [(20_250_110, 1200, ["TMP": "20"])], to: &newer)
        // The newer run's row comes first in the input; order must not matter.
        let days = DailySummary.summaries(of: newer.rows() + builder.rows())
        #expect(days.map { "\($0.nx),\($0.ny) \($0.date)" } == ["60,127 20250110", "60,127 20250111", "61,127 20250110"])
        #expect(days[0].hours == 2)
        #expect(days[0].minimumTemperature?.value == 11 && days[0].maximumTemperature?.value == 20)
        #expect(days[0].runs.map(\.description) == ["20250110 0500", "20250110 0800"])
        #expect(days[1].hours == 1 && days[2].hours == 1)
        #expect(DailySummary.summaries(of: []).isEmpty)
    }

    @Test("Nowcast observations over a day make one summary")
    func nowcastHours() throws {
        var builder = ForecastRowBuilder()
        for (hour, (t1h, rn1)) in [("9.1", "0"), ("10.5", "1.5"), ("8", "0.5")].enumerated() {
            let time = 1400 + 100 * hour
            let base = "20210328 \(time)"
            try RowFactory.add(base: base, observation: true, [(20_210_328, time, ["T1H": t1h, "RN1": rn1, "PTY": "5"])], to: &builder)
        }
        let days = DailySummary.summaries(of: builder.rows())
        #expect(days.count == 1)
        #expect(days[0].hours == 3 && days[0].runs.count == 3)
        #expect(days[0].minimumTemperature == TemperatureExtreme(value: 8, source: .hourly))
        #expect(days[0].maximumTemperature == TemperatureExtreme(value: 10.5, source: .hourly))
        #expect(days[0].precipitation == AmountTotal(amount: .exactly(2), unit: .millimeters, hoursCounted: 3, hoursNotCounted: 0))
    }

}
