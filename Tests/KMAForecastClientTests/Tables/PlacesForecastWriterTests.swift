import Foundation
import KMAForecast
import KMAForecastClient
import KMAGrid
import Testing

/// Issue 28: the lines `kma-forecast --input` prints, as library API for a bot that reads a
/// places table and fetches its cells itself; and forecast rows as CSV.
@Suite("PlacesForecastWriter and ForecastRow.csv: the command line's lines from the library")
struct PlacesForecastWriterTests {
    /// The bundled short-term run, fetched through the public client.
    static func sampleRun() async throws -> ForecastRun {
        let recording = try #require(LocalForecast.sampleRecordings.first { $0.product == .shortTerm })
        let instant = recording.availableAt.date
        let client = try ForecastClient(
            configuration: ClientConfiguration(serviceKey: try ServiceKey("SAMPLE"), cache: .disabled, now: { instant }),
            transport: RecordedRunTransport.sample
        )
        return try await client.fetch(.shortTerm, cell: recording.cell)
    }

    @Test("A table's row echoed first, then its forecast hours; a row without a place one line with its error; JSON Lines alike")
    func manyPlacesLines() async throws {
        let run = try await Self.sampleRun()
        let table = try PlacesTable(csv: Array("name,nx,ny\n\"a, b\",\(run.cell.nx),\(run.cell.ny)\nbad,0,1\n".utf8))
        let csv = PlacesForecastWriter(format: .csv, inputColumns: table.columns, products: [.shortTerm])
        #expect(csv.header == "name,nx,ny,line,error,product,baseDate,baseTime,fcstDate,fcstTime,nx,ny,POP,PTY,PCP,REH,SNO,SKY,TMP,TMN,TMX,UUU,VVV,WAV,VEC,WSD,other\n")
        let lines = csv.rows(of: run, input: table.rows[0]).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == run.rows.count + 1 && lines.last == "")
        #expect(lines[0].hasPrefix("\"a, b\",\(run.cell.nx),\(run.cell.ny),2,,short-term,\(run.base.baseDate),\(run.base.baseTime),"), "\(lines[0])")
        let failure = csv.failure(PlacesForecastWriter.oneLine("\(try #require(table.rows[1].cell.failure))"), input: table.rows[1], product: nil)
        #expect(failure == "bad,0,1,3,nx 0 is outside 1...149," + String(repeating: ",", count: 6 + csv.categories.count + 1) + "\n")
        let jsonl = PlacesForecastWriter(format: .jsonl, inputColumns: table.columns, products: [.shortTerm])
        #expect(jsonl.header == "")
        #expect(jsonl.rows(of: run, input: table.rows[0]).hasPrefix(#"{"input":{"name":"a, b","nx":"\#(run.cell.nx)","ny":"\#(run.cell.ny)"},"line":2,"product":"short-term","baseDate":""#))
        #expect(jsonl.failure("x\ny", input: table.rows[1], product: .nowcast) == #"{"input":{"name":"bad","nx":"0","ny":"1"},"line":3,"product":"nowcast","error":"x\\u{A}y"}"# + "\n")
        #expect(PlacesForecastWriter.oneLine("'중구' matches 2 regions:\n  서울특별시 중구\n  부산광역시 중구\n") == "'중구' matches 2 regions: 서울특별시 중구; 부산광역시 중구")
    }

    @Test("Forecast rows as CSV: the documented columns in the guide's order, a product column when asked")
    func rowsCSV() async throws {
        let run = try await Self.sampleRun()
        let categories = ForecastRow.csvCategories(of: run.rows)
        #expect(categories.map(\.code) == ["POP", "PTY", "PCP", "REH", "SNO", "SKY", "TMP", "TMN", "TMX", "UUU", "VVV", "WAV", "VEC", "WSD"])
        let csv = ForecastRow.csv(run.rows, categories: categories)
        let lines = csv.split(separator: "\n")
        #expect(lines.first == "baseDate,baseTime,fcstDate,fcstTime,nx,ny,POP,PTY,PCP,REH,SNO,SKY,TMP,TMN,TMX,UUU,VVV,WAV,VEC,WSD")
        #expect(lines.count == run.rows.count + 1)
        let first = try #require(run.rows.first)
        #expect(lines[1].hasPrefix("\(first.base.baseDate),\(first.base.baseTime),\(first.forecastDateString),\(first.forecastTimeString),\(first.nx),\(first.ny),"))
        let withProducts = ForecastRow.csv(Array(run.rows.prefix(1)), categories: [.tmp], products: [.shortTerm])
        #expect(withProducts == "product,baseDate,baseTime,fcstDate,fcstTime,nx,ny,TMP\nshort-term,\(first.base.baseDate),\(first.base.baseTime),\(first.forecastDateString),\(first.forecastTimeString),\(first.nx),\(first.ny),\(first[.tmp] ?? "")\n")
    }
}

extension Result {
    /// The failure, `nil` for a success.
    fileprivate var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
