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
        // The input's nx and ny hold the cell: the forecast's own are left out (issue 30).
        #expect(csv.header == "name,nx,ny,line,error,product,baseDate,baseTime,fcstDate,fcstTime,POP,PTY,PCP,REH,SNO,SKY,TMP,TMN,TMX,UUU,VVV,WAV,VEC,WSD,other\n")
        let lines = csv.rows(of: run, input: table.rows[0]).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == run.rows.count + 1 && lines.last == "")
        #expect(lines[0].hasPrefix("\"a, b\",\(run.cell.nx),\(run.cell.ny),2,,short-term,\(run.base.baseDate),\(run.base.baseTime),"), "\(lines[0])")
        let failure = csv.failure(PlacesForecastWriter.oneLine("\(try #require(table.rows[1].cell.failure))"), input: table.rows[1], product: nil)
        #expect(failure == "bad,0,1,3,nx 0 is outside 1...149," + String(repeating: ",", count: 4 + csv.categories.count + 1) + "\n")
        #expect(lines.dropLast().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == csv.header.split(separator: ",").count + 1 })
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

/// Issue 30: an input column named like an output column (`nx`, `ny`) was printed twice; and
/// issue 31, item 7: the lines are written piece by piece, the echoed input made once.
@Suite("PlacesForecastWriter: no column name twice; lines written as they are made")
struct PlacesForecastWriterColumnTests {
    @Test("Input columns nx, ny (any case, either or both): the cell is written there and the header names each once")
    func cellColumns() async throws {
        let run = try await PlacesForecastWriterTests.sampleRun()
        for (header, row) in [("name,NX,Ny", "a,\(run.cell.nx),\(run.cell.ny)"), ("nx,place", "60,서울"), ("lat,lon,ny", "37.5,127.0,")] {
            let table = try PlacesTable(csv: Array("\(header)\n\(row)\n".utf8))
            let writer = PlacesForecastWriter(format: .csv, inputColumns: table.columns, products: [.shortTerm])
            let names = writer.header.dropLast().split(separator: ",").map { $0.lowercased() }
            #expect(names.filter { $0 == "nx" }.count == 1 && names.filter { $0 == "ny" }.count == 1, "\(writer.header)")
            let lines = writer.rows(of: run, input: table.rows[0]).split(separator: "\n")
            let fields = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            #expect(fields.count == names.count, "\(lines[0])")
            // Where the header says nx and ny, the run's cell.
            #expect(fields[names.firstIndex(of: "nx") ?? 0] == "\(run.cell.nx)" && fields[names.firstIndex(of: "ny") ?? 0] == "\(run.cell.ny)", "\(lines[0])")
        }
    }

    @Test("The lines written piece by piece are the lines, the input echoed as one piece per line", arguments: [PlacesForecastWriter.Format.csv, .jsonl])
    func pieces(format: PlacesForecastWriter.Format) async throws {
        let run = try await PlacesForecastWriterTests.sampleRun()
        let name = String(repeating: "긴 이름", count: 10_000)
        let table = try PlacesTable(csv: Array("name,nx,ny\n\(name),\(run.cell.nx),\(run.cell.ny)\n".utf8))
        let writer = PlacesForecastWriter(format: format, inputColumns: table.columns, products: [.shortTerm])
        var pieces: [String] = []
        writer.write(rowsOf: run, input: table.rows[0]) { pieces.append($0) }
        #expect(pieces.joined() == writer.rows(of: run, input: table.rows[0]))
        // No piece holds the name twice: a line is never built whole around the echoed input.
        #expect(pieces.allSatisfy { $0.utf8.count < 2 * name.utf8.count })
        #expect(pieces.filter { $0.contains(name) }.count == run.rows.count)
    }
}
