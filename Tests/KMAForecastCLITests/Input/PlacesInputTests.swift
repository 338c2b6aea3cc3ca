import Foundation
import Testing
@testable import KMAForecastCLI
import KMAForecast
import KMAForecastClient
import KMAGrid
import KMAPlaces
import _KMATestSupport

/// The one places reader (`--input`, `field --input`): RFC 4180 records, column names checked,
/// input echoed as given, KMA's table cell for a row of KMA's table (issue 25, item 13; issue
/// 22, the second reader), and inputs read within a bound (issue 25, item 14).
@Suite("Places input: RFC 4180 records, checked columns, KMA's cell for KMA's rows, one reader for both commands")
struct PlacesInputTests {
    static let forecast = PlacesTable.Command.forecast(categories: PlacesForecastWriter.categories(of: [.nowcast, .ultraShort, .shortTerm]))

    static func parse(_ text: String, command: PlacesTable.Command = forecast) throws(CLIError) -> PlacesTable {
        try PlacesTable.parse(Array(text.utf8), source: "places.csv", command: command)
    }

    static func usage(_ bytes: [UInt8], command: PlacesTable.Command = forecast) -> String? {
        do throws(CLIError) {
            _ = try PlacesTable.parse(bytes, source: "places.csv", command: command)
            return nil
        } catch {
            if case .usage(let message) = error { return message }
            if case .misused(let message, _) = error { return message }
            return "not a usage error: \(error)"
        }
    }

    // Regression: lines were split before quotes were read, so a quoted line break made two
    // failed inputs.
    @Test("Quoted fields hold line breaks, commas and doubled quotes; each record keeps its first line and its text")
    func records() throws {
        let input = try Self.parse("name,lat,lon\n\"서울\n시청\",37.5665,126.978\r\n\"a, \"\"b\"\"\",35.1770194,129.0769528\n\n  \"c\" , 33.5 ,126.5\n")
        #expect(input.columns == ["name", "lat", "lon"] && input.header == "name,lat,lon")
        #expect(input.rows.map(\.fields) == [["서울\n시청", "37.5665", "126.978"], [#"a, "b""#, "35.1770194", "129.0769528"], ["c", "33.5", "126.5"]])
        #expect(input.rows.map(\.line) == [2, 4, 6])
        #expect(input.rows[0].text == "\"서울\n시청\",37.5665,126.978")
        #expect(input.rows[2].text == "  \"c\" , 33.5 ,126.5")
        #expect(input.rows.allSatisfy { (try? $0.cell.get()) != nil })
    }

    @Test("An unclosed quote is a usage error naming its line")
    func unclosedQuote() {
        #expect(Self.usage(Array("lat,lon\n37.5,127\n\"37.5,127\n".utf8)) == "places.csv line 3: a quoted field is never closed (a '\"' is missing); quote a field as \"…\" and write a quote inside it as \"\"")
    }

    // Regression: duplicate `lat` columns passed silently; an input column named `error` or
    // `line` duplicated the output's own.
    @Test("Duplicate or reserved column names are usage errors", arguments: [
        ("lat,lon,lat\n37.5,127,38\n", "names the column 'lat' twice"),
        ("name,LAT,lon,Lat\n서울,37.5,127,38\n", "names the column 'Lat' twice"),
        ("lat,lon,error\n37.5,127,x\n", "has a column named 'error', which the output adds itself"),
        ("line,lat,lon\n1,37.5,127\n", "has a column named 'line', which the output adds itself"),
        ("lat,lon,TMP\n37.5,127,3\n", "has a column named 'TMP', which the output adds itself"),
        ("lat,lon,fcstDate\n37.5,127,3\n", "has a column named 'fcstDate', which the output adds itself"),
    ])
    func columns(_ text: String, _ message: String) {
        let error = Self.usage(Array(text.utf8))
        #expect(error?.contains(message) == true, "\(String(describing: error))")
    }

    @Test("field reserves its 'value' column, not the forecast's")
    func fieldColumns() throws {
        #expect(Self.usage(Array("lat,lon,value\n37.5,127,1\n".utf8), command: .field)?.contains("'value', which the output adds itself") == true)
        #expect(try Self.parse("lat,lon,error,TMP\n37.5,127,x,3\n", command: .field).rows.count == 1)
        #expect(try Self.parse("lat,lon,value\n37.5,127,1\n").rows.count == 1)
    }

    // Regression: invalid UTF-8 became U+FFFD in the echoed columns.
    @Test("Text that is not UTF-8 is refused, naming the line and the byte, never altered")
    func invalidUTF8() {
        var bytes = Array("name,lat,lon\n서울,37.5,127\n".utf8)
        bytes += [0xBC, 0xAD, 0xBF, 0xEF] + Array(",37.5,127\n".utf8)  // "서울" in CP949
        let message = Self.usage(bytes)
        #expect(message?.hasPrefix("places.csv is not UTF-8 text: line 3 has the byte 0xBC") == true, "\(String(describing: message))")
        #expect(message?.contains("iconv -f CP949 -t UTF-8") == true)
        #expect(Self.usage([0xEF, 0xBB, 0xBF] + Array("lat,lon\n37.5,127\n".utf8)) == nil)
        #expect(CSVRecords.firstInvalidUTF8([0xED, 0xA0, 0x80], from: 0) == 0)  // a surrogate
        #expect(CSVRecords.firstInvalidUTF8([0xC0, 0xAF], from: 0) == 0)        // overlong
        #expect(CSVRecords.firstInvalidUTF8(Array("서울 ✓ 🌧".utf8), from: 0) == nil)
    }

    /// A row of KMA's table whose representative point falls, by the formula, in another cell
    /// than the table gives it.
    static func tableRowOffItsCell() throws -> Place {
        try #require(PlaceDirectory.kma.places.first { place in
            guard let point = place.coordinate, point.latitude != 0 else { return false }
            return (try? ForecastGrid.kma.cell(for: point)) != place.cell
        })
    }

    @Test("A row of KMA's table gets KMA's cell (by its point or its name); any other point the formula's")
    func tableCell() throws {
        let place = try Self.tableRowOffItsCell()
        let point = try #require(place.coordinate)
        let formula = try ForecastGrid.kma.cell(for: point)
        let input = try Self.parse("name,lat,lon\nrow,\(point.latitude),\(point.longitude)\nnear,\(point.latitude + 0.000001),\(point.longitude)\n")
        #expect(try input.rows[0].cell.get() == place.cell)
        #expect(try input.rows[1].cell.get() == (try ForecastGrid.kma.cell(latitude: point.latitude + 0.000001, longitude: point.longitude)))
        #expect(place.cell != formula)
        let byName = try Self.parse("place\n\(place.name)\n", command: .field)
        #expect(try byName.rows[0].cell.get() == (try PlaceDirectory.kma.place(named: place.name)).cell)
    }

    // MARK: - The commands

    static let fieldNow = Date(timeIntervalSince1970: 1_795_186_800 + 6 * 3600)

    static func fieldServer() throws -> ReplayServer {
        let server = try ReplayServer(expectedKey: Scenario.key)
        server.addField(try Fixtures.bytes("apihub-grid/built_shrt_grd_TMP_tmfc2026112105_tmef2026112106.txt"),
                        operation: "nph-dfs_shrt_grd", tmfc: "2026112105", tmef: "2026112106", variable: "TMP")
        return server
    }

    static func anyCellServer() throws -> ReplayServer {
        let server = try ReplayServer(expectedKey: Scenario.key)
        server.synthesize(try Scenario.nowcast())
        server.synthesize(try Scenario.ultraShort())
        server.synthesize(try Scenario.shortTerm())
        return server
    }

    @Test("field --input and --input read the same file alike: KMA's cell for a table row, the record echoed as given")
    func bothCommands() async throws {
        let place = try Self.tableRowOffItsCell()
        let point = try #require(place.coordinate)
        let csv = "name,lat,lon\n\"a \"\"quoted\"\"\nname\",\(point.latitude),\(point.longitude)\n"
        let built = try BuiltGridField.temperature()
        let fieldServer = try Self.fieldServer()
        defer { fieldServer.stop() }
        let field = await runTool(["field", "--base-url", fieldServer.apiHubFieldBaseURL, "--no-cache", "--var", "TMP", "--input", "-"], stdin: csv,
                                  environment: Scenario.environment, now: Self.fieldNow)
        let value = built.hundredths[BuiltGridField.index(nx: place.cell.nx, ny: place.cell.ny)].map { FieldValueText.text(Double($0) / 100) } ?? ""
        #expect(field.status == 0, "\(field.stderr)")
        #expect(field.stdout == "name,lat,lon,value\n\"a \"\"quoted\"\"\nname\",\(point.latitude),\(point.longitude),\(value)\n")
        let server = try Self.anyCellServer()
        defer { server.stop() }
        let jsonl = await runTool(["--base-url", server.baseURL, "--no-cache", "--input", "-", "--format", "jsonl", "--product", "nowcast"], stdin: csv,
                                  environment: Scenario.environment, now: Scenario.now)
        #expect(jsonl.status == 0, "\(jsonl.stderr)")
        let first = try #require(jsonl.stdout.split(separator: "\n").first)
        #expect(first.hasPrefix(#"{"input":{"name":"a \"quoted\"\nname","lat":"\#(point.latitude)","lon":"\#(point.longitude)"},"line":2,"#), "\(first)")
        #expect(first.contains(#""nx":\#(place.cell.nx),"ny":\#(place.cell.ny)"#), "\(first)")
    }

    @Test("Bad columns are usage errors (64) in both commands", arguments: [["--input", "-"], ["field", "--var", "TMP", "--input", "-"]])
    func badColumnsExit64(_ arguments: [String]) async {
        let result = await runTool(arguments, stdin: "lat,lon,lat\n37.5,127,1\n", environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 64 && result.stderr.contains("names the column 'lat' twice"), "\(result.stderr)")
    }

    // Regression: a 10 MB value was written whole into the `error` column. A megabyte, a
    // thousand times the cut (`PrintableText.maximumLineLength`), shows the same: the whole
    // value would fail every bound below (10 MB took 7 s of CPU in the debug build).
    @Test("A 1 MB bad value is cut in the error column as on standard error")
    func hugeValue() async throws {
        let server = try Self.anyCellServer()
        defer { server.stop() }
        let huge = String(repeating: "x", count: 1_000_000)
        let result = await runTool(["--base-url", server.baseURL, "--no-cache", "--input", "-"], stdin: "lat,lon\n\(huge),127\n",
                                   environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let row = String(lines[1])
        #expect(row.utf8.count > 1_000_000 && row.utf8.count < 1_002_000)   // the input's own column, echoed whole; the error cut
        let error = try #require(row.split(separator: ",").dropFirst(3).first)
        #expect(error.count < 1_100 && error.hasSuffix("more characters)"), "\(error.prefix(80))")
        #expect(result.stderr.contains(String(error)))
        #expect(result.stderr.utf8.count < 5_000)
    }

    // Regression: `--input /dev/zero` grew the process to gigabytes.
    @Test("An input larger than 64 MiB is refused with a clear error, whatever reads it", arguments: [
        ["--input", "/dev/zero"], ["field", "--var", "TMP", "--input", "/dev/zero"], ["parse", "/dev/zero"], ["grid", "--input", "/dev/zero"],
    ])
    func boundedInput(_ arguments: [String]) async {
        let result = await runTool(arguments, environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 1)
        #expect(result.stderr.contains("'/dev/zero' holds more than 64 MiB, the most an input is read"), "\(result.stderr.prefix(300))")
    }

    @Test("Standard input over the bound too")
    func boundedStandardInput() async {
        // Built from bytes: `String(repeating:count:)` appends 64 Mi characters one by one (most
        // of this test's time in a debug build).
        let over = String(decoding: [UInt8](repeating: UInt8(ascii: "1"), count: CommandContext.inputLimit + 1), as: UTF8.self)
        let result = await runTool(["grid", "--input", "-"], stdin: over)
        #expect(result.status == 1 && result.stderr.contains("standard input holds more than 64 MiB"), "\(result.stderr.prefix(300))")
    }
}
