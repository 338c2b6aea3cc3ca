import Testing
@testable import KMAForecast
import _KMATestSupport

/// The rows of the recorded responses in `Fixtures/api/`.
enum RecordedRows {
    static let shortTerm = "api/getVilageFcst_20221120_0500_nx60_ny120.json"
    static let ultraShort = "api/getUltraSrtFcst_20210328_1530_nx56_ny125.json"
    static let nowcast = "api/getUltraSrtNcst_20210328_1400_nx56_ny125.json"
    static let names = [shortTerm, ultraShort, nowcast]

    static func rows(_ name: String) throws -> [ForecastRow] {
        var builder = ForecastRowBuilder()
        _ = try ForecastPageDecoder.decode(try Fixtures.bytes(name), into: &builder)
        return builder.rows()
    }
}

@Suite("Recorded pages: every real value means something")
struct RecordedRowsTests {
    @Test("No value of the three recorded pages is unparsed", arguments: RecordedRows.names)
    func nothingUnparsed(_ name: String) throws {
        let rows = try RecordedRows.rows(name)
        var count = 0
        for row in rows {
            for value in row.values {
                count += 1
                #expect(value.meaning != .unparsed, "\(row.forecastDateString) \(row.forecastTimeString) \(value.category) '\(value.raw)'")
                #expect(value.meaning != .missing)
            }
        }
        #expect(count == ["api/getVilageFcst_20221120_0500_nx60_ny120.json": 809, "api/getUltraSrtFcst_20210328_1530_nx56_ny125.json": 60, "api/getUltraSrtNcst_20210328_1400_nx56_ny125.json": 8][name])
    }

    @Test("The products are inferred from the rows")
    func products() throws {
        #expect(try RecordedRows.rows(RecordedRows.shortTerm).allSatisfy { $0.inferredProduct == .shortTerm && !$0.isExtendedDay })
        #expect(try RecordedRows.rows(RecordedRows.ultraShort).allSatisfy { $0.inferredProduct == .ultraShort })
        #expect(try RecordedRows.rows(RecordedRows.nowcast).allSatisfy { $0.inferredProduct == .nowcast })
    }

    @Test("The nowcast's values")
    func nowcast() throws {
        let row = try #require(try RecordedRows.rows(RecordedRows.nowcast).first)
        #expect(row.temperature == 9.1)
        #expect(row.humidity == 91)
        #expect(row.precipitation == .zero)
        #expect(row.precipitationType == .noPrecipitation)
        #expect(row.windSpeed == 2.1)
        #expect(row.windDirection?.compassPoint == .westSouthwest)  // 241°
        #expect(row.value(.uuu)?.meaning == .number(1.8))
        #expect(row.value(.vvv)?.meaning == .number(1))
        #expect(row.sky == nil)  // the nowcast has no SKY
    }

    @Test("The ultra-short forecast's integer WSD and plain RN1")
    func ultraShort() throws {
        let rows = try RecordedRows.rows(RecordedRows.ultraShort)
        #expect(rows.count == 6)
        #expect(rows.map(\.forecastTime) == [1600, 1700, 1800, 1900, 2000, 2100])
        #expect(rows.map(\.windSpeed) == [2, 2, 2, 3, 4, 5])
        #expect(rows.map(\.windStrength) == [.light, .light, .light, .light, .moderate, .moderate])
        #expect(rows.map { $0.windDirection?.compassPoint } == [.southSouthwest, .south, .south, .southSouthwest, .southSouthwest, .southSouthwest])
        #expect(rows.allSatisfy { $0.precipitation == .zero && $0.sky == .overcast && $0.value(.lgt)?.meaning == .number(0) })
    }
}
