import Foundation
import KMAForecast
import KMAGrid
import Testing
import _KMATestSupport

@Suite("Stored models: Codable both ways, with a stable shape")
struct ModelCodableTests {
    private func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("Every row of the recorded run survives a round trip, values exactly as KMA sent them")
    func rows() throws {
        var builder = ForecastRowBuilder()
        _ = try ForecastPageDecoder.decode(try Fixtures.bytes("api/getVilageFcst_20221120_0500_nx60_ny120.json"), into: &builder)
        let rows = builder.rows()
        #expect(rows.count > 60)
        let decoded = try roundTrip(rows)
        #expect(decoded == rows)
        #expect(decoded.map(\.condition) == rows.map(\.condition))
    }

    @Test("The shapes: a row, a run, an instant, a cell")
    func shapes() throws {
        let base = try ForecastBase(baseDate: "20261121", baseTime: "0500")
        var row = try ForecastRow(nx: 60, ny: 127, forecastDate: 20261121, forecastTime: 600, base: base)
        row[ForecastCategory("TMP")] = "7"
        row[ForecastCategory("PCP")] = "강수없음"
        #expect(try json(row) == #"{"base":{"baseDate":"20261121","baseTime":"0500"},"forecastDate":"20261121","forecastTime":"0600","isObservation":false,"nx":60,"ny":127,"values":{"PCP":"강수없음","TMP":"7"}}"#)
        #expect(try json(base.dateTime) == #""2026-11-21T05:00:00+09:00""#)
        #expect(try json(try GridCell(nx: 60, ny: 127)) == #"{"nx":60,"ny":127}"#)
        #expect(try json(GeoCoordinate(latitude: 37.5, longitude: 127)) == #"{"latitude":37.5,"longitude":127}"#)
        #expect(try roundTrip(base) == base)
        #expect(try roundTrip(ForecastCondition.drizzle) == .drizzle)
    }

    @Test("Instants decode from other offsets too, and a bad one says what is expected")
    func instants() throws {
        let decoded = try JSONDecoder().decode([KSTDateTime].self, from: Data(#"["2026-11-20T20:00:00Z","2026-11-21T05:00:00+09:00"]"#.utf8))
        #expect(decoded[0] == decoded[1] && decoded[0].hour == 5)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([KSTDateTime].self, from: Data(#"["tomorrow"]"#.utf8)) }
        #expect(throws: KSTDateTimeError.self) { try KSTDateTime(iso8601: "2026-02-30T00:00") }
    }

    @Test("Stored data that cannot be a forecast is refused", arguments: [
        #"{"nx":0,"ny":127}"#,
        #"{"nx":60,"ny":254}"#,
    ])
    func badCells(_ text: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(GridCell.self, from: Data(text.utf8)) }
    }

    @Test("Rows with an impossible hour, cell or category are refused", arguments: [
        #"{"nx":60,"ny":127,"forecastDate":"20261321","forecastTime":"0600","base":{"baseDate":"20261121","baseTime":"0500"},"values":{}}"#,
        #"{"nx":600,"ny":127,"forecastDate":"20261121","forecastTime":"0600","base":{"baseDate":"20261121","baseTime":"0500"},"values":{}}"#,
        #"{"nx":60,"ny":127,"forecastDate":"20261121","forecastTime":"600","base":{"baseDate":"20261121","baseTime":"0500"},"values":{}}"#,
        #"{"nx":60,"ny":127,"forecastDate":"20261121","forecastTime":"0600","base":{"baseDate":"20261121","baseTime":"0500"},"values":{"TOOLONGCODE":"1"}}"#,
        #"{"nx":60,"ny":127,"forecastDate":"20261121","forecastTime":"0600","base":{"baseDate":"20261121","baseTime":"0500"},"values":{"TMP\u0000":"1"}}"#,
    ])
    func badRows(_ text: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ForecastRow.self, from: Data(text.utf8)) }
    }
}
