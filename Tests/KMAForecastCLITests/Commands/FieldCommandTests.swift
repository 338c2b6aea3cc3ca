import Foundation
import KMAForecast
import KMAGrid
import Testing
import _KMATestSupport

/// `kma-forecast field` against a stand-in API Hub on 127.0.0.1 serving the built TMP field of
/// `Fixtures/apihub-grid` (not KMA data).
@Suite("kma-forecast field: CSV, pictures and places over HTTP")
struct FieldCommandTests {
    /// 2026-11-21T06:00:00+09:00: the newest short-term grid run is 0500, first valid hour 06.
    static let now = FieldScenario.now
    static let key = FieldScenario.key

    static func server() throws -> ReplayServer { try FieldScenario.server() }

    static func run(_ server: ReplayServer, _ extra: [String], stdin: String = "") async -> ToolResult {
        await runTool(
            ["field", "--base-url", server.apiHubFieldBaseURL, "--no-cache"] + extra, stdin: stdin,
            environment: ["KMA_SERVICE_KEY": key], now: now
        )
    }

    static var built: BuiltGridField { FieldScenario.built }

    @Test("CSV: one line per cell with data, each at its cell, with the cell's centre")
    func csv() async throws {
        let server = try Self.server()
        let result = await Self.run(server, ["--var", "TMP"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "nx,ny,lat,lon,value")
        let withData = Self.built.hundredths.compactMap { $0 }.count
        #expect(lines.count == 1 + withData)
        var seen = Set<Int>()
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",").map(String.init)
            let nx = try #require(Int(fields[0])), ny = try #require(Int(fields[1]))
            let expected = try #require(Self.built.hundredths[BuiltGridField.index(nx: nx, ny: ny)])
            #expect(Double(fields[4]) == Double(expected) / 100, "cell \(nx),\(ny)")
            seen.insert(BuiltGridField.index(nx: nx, ny: ny))
        }
        #expect(seen.count == withData)
        let centre = ForecastGrid.kma.center(of: try GridCell(nx: 98, ny: 76))
        let busan = try #require(lines.first { $0.hasPrefix("98,76,") })
        let fields = busan.split(separator: ",")
        #expect(fields[4] == "31.5")
        #expect(abs((Double(fields[2]) ?? 0) - centre.latitude) < 1e-5 && abs((Double(fields[3]) ?? 0) - centre.longitude) < 1e-5)
        #expect(lines.first { $0.hasPrefix("53,38,") }?.hasSuffix(",-5.25") == true)
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.parameters["vars"] == "TMP")
    }

    @Test("--input: every row of KMA's 3,834-place table from one request, each the value at its cell")
    func places() async throws {
        let server = try Self.server()
        let table = Fixtures.path("grid/kma_grid_2510.csv")
        let result = await Self.run(server, ["--var", "TMP", "--input", table])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.count == 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.first == "region_code,level1,level2,level3,nx,ny,lon,lat,value")
        let rows = try Fixtures.officialGridTable()
        #expect(lines.count == 1 + 3_834)
        #expect(rows.count == 3_834)
        for (row, line) in zip(rows, lines.dropFirst()) {
            let value = line.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) ?? "?"
            let expected = Self.built.hundredths[BuiltGridField.index(nx: row.nx, ny: row.ny)]
            #expect(value == (expected.map { FieldValueText.text(Double($0) / 100) } ?? ""), "\(row.regionCode)")
            #expect(line.hasPrefix(row.regionCode + ","))
        }
    }

    @Test("--input with lat,lon rows: the cell by the formula; a bad row is kept, reported, and the status is 1")
    func coordinates() async throws {
        let server = try Self.server()
        let input = "name,lat,lon\n부산,35.1770194,129.0769528\nsea,34.0,124.0\nbad,x,1\nfar,60,10\n"
        let result = await Self.run(server, ["--var", "TMP", "--input", "-"], stdin: input)
        #expect(result.status == 1)
        #expect(result.stdout == "name,lat,lon,value\n부산,35.1770194,129.0769528,31.5\nsea,34.0,124.0,\nbad,x,1,\nfar,60,10,\n")
        #expect(result.stderr.contains("standard input line 4: 'x' is not a number (latitude)"))
        #expect(result.stderr.contains("standard input line 5:"))
    }

    @Test("SVG: a picture with the cells where the data put them, a colour scale and a legend")
    func svg() async throws {
        let server = try Self.server()
        let result = await Self.run(server, ["--var", "TMP", "--format", "svg"])
        #expect(result.status == 0, "\(result.stderr)")
        let svg = result.stdout
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"601\" height=\"853\""))
        // Busan (98,76): x = 10 + 97·3, y = 50 + (253 − 76)·3, the top of the scale (red).
        #expect(svg.contains("<rect x=\"301\" y=\"581\" width=\"3\" height=\"3\" fill=\"#d73027\"/>"))
        // Jeju (53,38): the bottom of the scale (blue).
        #expect(svg.contains("<rect x=\"166\" y=\"695\" width=\"3\" height=\"3\" fill=\"#313695\"/>"))
        #expect(svg.contains("id=\"legend-bar\""))
        #expect(svg.contains(">31.5</text>") && svg.contains(">-5.25</text>") && svg.contains(">°C</text>"))
        #expect(svg.contains("no data"))
        #expect(!svg.contains("TESTKEY"))
    }

    @Test("PNG to a file: a valid PNG of the picture's size, Busan's pixel the top of the scale")
    func png() async throws {
        let server = try Self.server()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kma-field-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("tmp.png").path
        let result = await Self.run(server, ["--var", "TMP", "--format", "png", "--output", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let png = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func be32(_ at: Int) -> Int { png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let width = be32(16), height = be32(20)
        #expect(width == 601 && height == 853)
        // IDAT holds stored deflate blocks: gather their bytes.
        let idatLength = be32(33)
        #expect(String(decoding: png[37..<41], as: UTF8.self) == "IDAT")
        var zlib = Array(png[41..<(41 + idatLength)].dropFirst(2))
        var raw: [UInt8] = []
        while !zlib.isEmpty {
            let last = zlib[0] & 1
            let length = Int(zlib[1]) | Int(zlib[2]) << 8
            raw += zlib[5..<(5 + length)]
            zlib.removeFirst(5 + length)
            if last == 1 { break }
        }
        #expect(raw.count == (width * 3 + 1) * height)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let offset = y * (width * 3 + 1) + 1 + x * 3
            return Array(raw[offset..<(offset + 3)])
        }
        #expect(pixel(302, 582) == [215, 48, 39])     // Busan
        #expect(pixel(167, 696) == [49, 54, 149])     // Jeju
        #expect(pixel(12, 52) == [226, 232, 240])     // (1,253): sea, no data
    }

    @Test("bad usage: an unknown variable, several variables, --input with a picture")
    func usage() async throws {
        let server = try Self.server()
        let unknown = await Self.run(server, ["--var", "T1H"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("The value 'T1H' is invalid for '--var <code>'. The short-term grid has TMP TMX TMN"))
        let several = await Self.run(server, ["--var", "TMP,POP"])
        #expect(several.status == 64)
        #expect(several.stderr.contains("one variable per request"))
        let picture = await Self.run(server, ["--var", "TMP", "--input", "-", "--format", "svg"])
        #expect(picture.status == 64)
        let missing = await Self.run(server, [])
        #expect(missing.status == 64)
        let valid = await Self.run(server, ["--var", "TMP", "--valid", "2026-11-21T05:00"])
        #expect(valid.status == 64)
        #expect(valid.stderr.contains("is not a valid time of the short-term run"))
        #expect(server.requests.isEmpty)
    }

    @Test("failures at API Hub: the error line, the 403 refusal (활용신청); status 1, the key never shown")
    func failures() async throws {
        let server = try Self.server()
        let notServed = await Self.run(server, ["--var", "POP"])
        #expect(notServed.status == 1)
        #expect(notServed.stderr.contains("input variable error (-1)"))
        server.inject(.status(403, body: try Fixtures.text("api/hand_made_apihub_403_not_applied.json"), contentType: "application/json", headers: [:]))
        let refused = await Self.run(server, ["--var", "TMP"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("활용신청"))
        #expect(!(notServed.stderr + refused.stderr).contains("TESTKEY"))
        let noKey = await runTool(["field", "--var", "TMP", "--base-url", server.apiHubFieldBaseURL, "--no-cache"], now: Self.now)
        #expect(noKey.status == 1)
        #expect(noKey.stderr.contains("KMA_SERVICE_KEY"))
    }
}

/// The value text the tool writes (the shortest form of the decoded number).
enum FieldValueText {
    static func text(_ value: Double) -> String {
        var text = "\(value)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
