import Testing
@testable import KMAForecast
@testable import KMAForecastCLI

/// The JSON shape of a day in `--format json` (the CLI's output, see DailySummary+Encodable.swift).
@Suite("DailySummary: the JSON shape the CLI writes")
struct DailySummaryJSONTests {
    @Test("JSON shape")
    func jsonShape() throws {
        let days = DailySummary.summaries(of: try recordedRows("api/getVilageFcst_20221120_0500_nx60_ny120.json"))
        #expect(try json(days[0]) == #"{"date":"20221120","hours":18,"maximumProbabilityOfPrecipitation":{"unit":"%","value":30},"#
            + #""maximumTemperature":{"source":"daily","unit":"°C","value":19},"minimumTemperature":{"source":"hourly","unit":"°C","value":10},"#
            + #""nx":60,"ny":120,"precipitation":{"form":"zero","hoursCounted":18,"hoursNotCounted":0,"max":0,"min":0,"unit":"mm"},"#
            + #""runs":[{"baseDate":"20221120","baseTime":"0500"}],"sky":{"code":1,"en":"clear","ko":"맑음"},"#
            + #""snow":{"form":"zero","hoursCounted":18,"hoursNotCounted":0,"max":0,"min":0,"unit":"cm"}}"#)
        var builder = ForecastRowBuilder()
        let base = try ForecastBase(baseDate: "20250110", baseTime: "0500")
        for (code, value) in [("PCP", "3"), ("SNO", "abc")] {
            try builder.add(ForecastItem(
                base: base, category: ForecastCategory(code), forecastDate: 20_250_113, forecastTime: 300,
                value: value, isObservation: false, nx: 60, ny: 127
            ))
        }
        let extended = builder.rows()
        #expect(try json(DailySummary.summaries(of: extended)[0]) == #"{"date":"20250113","heaviestRain":{"code":3,"en":"heavy rain","ko":"강한 비"},"#
            + #""hours":1,"nx":60,"ny":127,"precipitation":{"hoursCounted":0,"hoursNotCounted":1,"unit":"mm"},"#
            + #""runs":[{"baseDate":"20250110","baseTime":"0500"}],"snow":{"hoursCounted":0,"hoursNotCounted":1,"unit":"cm"}}"#)
    }
}
