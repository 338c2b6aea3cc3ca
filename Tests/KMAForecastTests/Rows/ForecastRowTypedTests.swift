import Foundation
import KMAGrid
import Testing
@testable import KMAForecast
import _KMATestSupport

/// Issue 10, item 5: rows carry a `GridCell` and a `KSTDateTime`, made once when the row is
/// built, instead of four Ints every user re-parsed.
@Suite("Rows carry a typed cell and hour")
struct ForecastRowTypedTests {
    static func rows(_ fixture: String) throws -> [ForecastRow] {
        var builder = ForecastRowBuilder()
        _ = try ForecastPageDecoder.decode(try Fixtures.bytes(fixture), into: &builder)
        return builder.rows()
    }

    @Test("Every row of the recorded short-term run has its cell and hour, midnight included")
    func shortTerm() throws {
        let rows = try Self.rows("api/getVilageFcst_20221120_0500_nx60_ny120.json")
        let cell = try GridCell(nx: 60, ny: 120)
        #expect(rows.count == 67 && rows.allSatisfy { $0.cell == cell })
        #expect(rows.first?.validTime == (try KSTDateTime(year: 2022, month: 11, day: 20, hour: 6)))
        // 2022-11-21 00:00: the hour after 23:00, on the next day, not hour 24 of the day before.
        let midnight = try KSTDateTime(year: 2022, month: 11, day: 21, hour: 0)
        let row = try #require(rows.first { $0.validTime == midnight })
        #expect(row.forecastDate == 20_221_121 && row.forecastTime == 0 && row.forecastTimeString == "0000")
        #expect(row.validTime.unixSeconds - (try KSTDateTime(year: 2022, month: 11, day: 20, hour: 23)).unixSeconds == 3600)
        #expect(rows.last?.validTime == (try KSTDateTime(year: 2022, month: 11, day: 23, hour: 0)))
        // One hour apart, in order.
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $1.validTime.unixSeconds - $0.validTime.unixSeconds == 3600 })
        // The conveniences give the API's numbers from the typed fields.
        #expect(rows.allSatisfy { $0.nx == 60 && $0.ny == 120 && $0.forecastDate == $0.validTime.yyyymmdd && $0.forecastTime == $0.validTime.hhmm })
    }

    @Test("A nowcast row is the observation's hour, at its cell")
    func nowcast() throws {
        let rows = try Self.rows("api/getUltraSrtNcst_20210328_1400_nx56_ny125.json")
        let row = try #require(rows.first)
        #expect(rows.count == 1 && row.isObservation)
        #expect(row.cell == (try GridCell(nx: 56, ny: 125)))
        #expect(row.validTime == (try KSTDateTime(year: 2021, month: 3, day: 28, hour: 14)))
        #expect(row.validTime == row.base.dateTime)
    }

    @Test("The typed row is smaller than four Ints were (328 bytes)")
    func layout() {
        #expect(MemoryLayout<ForecastRow>.size <= 312)
    }

    @Test("The checked initialiser refuses a cell off the grid and an hour that is not real", arguments: [
        (0, 127, 20261121, 600), (150, 127, 20261121, 600), (60, 254, 20261121, 600),
        (60, 127, 20261131, 600), (60, 127, 20261121, 2400), (60, 127, 20261121, 660), (60, 127, 20261121, -1),
    ])
    func checked(nx: Int, ny: Int, date: Int, time: Int) throws {
        let base = try ForecastBase(baseDate: "20261121", baseTime: "0500")
        #expect(throws: (any Error).self) { try ForecastRow(nx: nx, ny: ny, forecastDate: date, forecastTime: time, base: base) }
    }

    @Test("An item off the grid makes no row: refused, by the builder and by the decoder into rows")
    func offGrid() throws {
        let base = try ForecastBase(baseDate: "20261121", baseTime: "0500")
        var builder = ForecastRowBuilder()
        let item = ForecastItem(base: base, category: .tmp, forecastDate: 20261121, forecastTime: 600, value: "7", nx: 0, ny: 127)
        #expect(throws: RowBuilderError.outOfRange(item)) { try builder.add(item) }
        let page = PageGenerator.page([item], totalCount: 1)
        #expect(throws: ForecastResponseError.self) { _ = try ForecastPageDecoder.decode(page, into: &builder) }
        #expect(builder.rowCount == 0)
        // The item itself still decodes: items keep what KMA sent.
        #expect(try ForecastPageDecoder.decode(page).items == [item])
    }

    @Test("A midnight row keeps the Codable shape: '0000' of the next day")
    func codableMidnight() throws {
        let base = try ForecastBase(baseDate: "20261121", baseTime: "2300")
        var row = ForecastRow(cell: try GridCell(nx: 60, ny: 127), validTime: try KSTDateTime(year: 2026, month: 11, day: 22), base: base)
        row[.tmp] = "3"
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try String(decoding: encoder.encode(row), as: UTF8.self)
        #expect(json.contains(#""forecastDate":"20261122""#) && json.contains(#""forecastTime":"0000""#) && json.contains(#""nx":60"#))
        let decoded = try JSONDecoder().decode(ForecastRow.self, from: Data(json.utf8))
        #expect(decoded == row && decoded.validTime == row.validTime && decoded.cell == row.cell)
    }

    @Test("Builders put together: an hour split between two pages merges; a repeat changes nothing", arguments: [1, 5, 12, 13, 400, 808])
    func merge(split: Int) throws {
        let items = try ForecastPageDecoder.decode(try Fixtures.bytes("api/getVilageFcst_20221120_0500_nx60_ny120.json")).items
        var whole = ForecastRowBuilder()
        for item in items { try whole.add(item) }
        var first = ForecastRowBuilder(), second = ForecastRowBuilder()
        for item in items[..<split] { try first.add(item) }
        for item in items[split...] { try second.add(item) }
        var merged = first
        try merged.add(contentsOf: second)
        #expect(merged.rows() == whole.rows() && merged.itemCount == items.count)
        // In the other order too (rows arriving before existing ones).
        var reversed = second
        try reversed.add(contentsOf: first)
        #expect(reversed.rows() == whole.rows())
        // A repeat: refused, and the builder is as it was.
        var again = merged
        #expect(throws: RowBuilderError.self) { try again.add(contentsOf: second) }
        #expect(again.rows() == merged.rows() && again.itemCount == merged.itemCount)
    }
}
