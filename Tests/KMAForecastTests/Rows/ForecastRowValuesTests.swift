import Testing
@testable import KMAForecast

@Suite("ForecastRow values: typed accessors over the raw row")
struct ForecastRowValuesTests {
    /// One hour with the same text on a normal day (D+1) and an extended day (D+3) of a run
    /// after 2024-11-28 14:00.
    static func hours() throws -> (normal: ForecastRow, extended: ForecastRow) {
        let values: KeyValuePairs<String, String> = [
            "TMP": "3", "SKY": "4", "PTY": "1", "POP": "60", "REH": "85", "VEC": "241",
            "PCP": "2", "SNO": "1", "WSD": "2",
        ]
        let rows = try RowFactory.rows(base: "20250110 0500", [(20_250_111, 1200, values), (20_250_113, 1200, values)])
        return (rows[0], rows[1])
    }

    @Test("A normal day: amounts and speeds")
    func normalDay() throws {
        let row = try Self.hours().normal
        #expect(!row.isExtendedDay)
        #expect(row.temperature == 3)
        #expect(row.sky == .overcast)
        #expect(row.precipitationType == .rain)
        #expect(row.probabilityOfPrecipitation == 60)
        #expect(row.humidity == 85)
        #expect(row.windDirection?.compassPoint == .westSouthwest)
        #expect(row.windDirection?.degrees == 241)
        #expect(row.precipitation == .exactly(2))
        #expect(row.rainIntensity == nil)
        #expect(row.snow == .exactly(1))
        #expect(row.snowIntensity == nil)
        #expect(row.windSpeed == 2)
        #expect(row.windStrength == .light)
    }

    @Test("An extended day: the same text is codes")
    func extendedDay() throws {
        let row = try Self.hours().extended
        #expect(row.isExtendedDay)
        #expect(row.temperature == 3)
        #expect(row.precipitation == nil)
        #expect(row.rainIntensity == .moderate)
        #expect(row.snow == nil)
        #expect(row.snowIntensity == .moderate)
        #expect(row.windSpeed == nil)
        #expect(row.windStrength == .moderate)
        #expect(row.value(.wsd)?.raw == "2")
    }

    @Test("value(_:) keeps the raw text and reads every category")
    func values() throws {
        let row = try Self.hours().normal
        #expect(row.value(.pcp) == ForecastValue(category: .pcp, raw: "2", meaning: .precipitation(.exactly(2))))
        #expect(row.value(.t1h) == nil)
        #expect(row.values.map(\.category) == row.categories)
        #expect(row.values.map(\.raw) == row.categories.map { row[$0] ?? "" })
    }

    @Test("The product is inferred from the run, and can be given")
    func product() throws {
        let shortTerm = try RowFactory.rows(base: "20250110 0500", [(20_250_110, 600, ["PTY": "5"])])[0]
        let ultraShort = try RowFactory.rows(base: "20250110 0530", [(20_250_110, 600, ["PTY": "5"])])[0]
        let nowcast = try RowFactory.rows(base: "20250110 0500", observation: true, [(20_250_110, 500, ["PTY": "5"])])[0]
        #expect(shortTerm.inferredProduct == .shortTerm)
        #expect(ultraShort.inferredProduct == .ultraShort)
        #expect(nowcast.inferredProduct == .nowcast)
        #expect(shortTerm.precipitationType == nil)  // 5 is not in the short-term table
        #expect(shortTerm.value(.pty)?.meaning == .unparsed)
        #expect(shortTerm.value(.pty, product: .ultraShort)?.meaning == .precipitationType(.drizzle))
        #expect(ultraShort.precipitationType == .drizzle)
        #expect(nowcast.precipitationType == .drizzle)
    }

    @Test("An ultra-short run labelled HH00 (as KMA answers since 2026) is read as ultra-short by its categories")
    func ultraShortLabelledHH00() throws {
        let labelled = try RowFactory.rows(base: "20261004 1400", [(20_261_004, 1500, ["T1H": "12", "LGT": "0", "PTY": "5"])])[0]
        #expect(labelled.inferredProduct == .ultraShort)
        #expect(labelled.precipitationType == .drizzle)
        let shortTerm = try RowFactory.rows(base: "20261004 1400", [(20_261_004, 1500, ["TMP": "12", "PTY": "4"])])[0]
        #expect(shortTerm.inferredProduct == .shortTerm)
    }

    @Test("Daily extremes on the rows that carry them; T1H when there is no TMP")
    func dailyFields() throws {
        let rows = try RowFactory.rows(base: "20221120 0500", [
            (20_221_121, 600, ["TMP": "7", "TMN": "7.0"]), (20_221_121, 1500, ["TMP": "17", "TMX": "17.0"]),
            (20_221_121, 1600, ["TMP": "-999", "TMX": "999"]),
        ])
        #expect(rows[0].dailyMinimumTemperature == 7 && rows[0].dailyMaximumTemperature == nil)
        #expect(rows[1].dailyMaximumTemperature == 17 && rows[1].dailyMinimumTemperature == nil)
        #expect(rows[2].temperature == nil && rows[2].dailyMaximumTemperature == nil)
        #expect(rows[2].value(.tmp)?.meaning == .missing)
        let nowcast = try RowFactory.rows(base: "20210328 1400", observation: true, [(20_210_328, 1400, ["T1H": "9.1"])])
        #expect(nowcast[0].temperature == 9.1)
    }
}
