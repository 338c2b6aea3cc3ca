import Foundation
import Testing
import KMAGrid

@Suite("kma-forecast grid")
struct GridCommandTests {
    @Test("lat/lon to a cell, in each format")
    func forward() async throws {
        let text = await runTool(["grid", "--lat", "37.5665", "--lon", "126.9780"])
        #expect(text.status == 0)
        #expect(text.stderr.isEmpty)
        #expect(text.stdout.hasPrefix("nx 60, ny 127: the KMA 5 km grid cell containing 37.5665°N, 126.9780°E"))

        let json = await runTool(["grid", "--lat", "37.5665", "--lon", "126.9780", "--format", "json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["nx"] as? Int == 60)
        #expect(object["ny"] as? Int == 127)
        #expect(json.stdout.hasPrefix("{\"nx\":60,\"ny\":127,"))

        let csv = await runTool(["grid", "--lat=35.1770194", "--lon=129.0769528", "--format", "csv"])
        #expect(csv.stdout == "lat,lon,nx,ny\n35.1770194,129.0769528,98,76\n")
    }

    @Test("A cell to its centre, in each format")
    func inverse() async throws {
        let json = await runTool(["grid", "--nx", "60", "--ny", "127", "--format", "json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let lat = try #require(object["lat"] as? Double)
        let lon = try #require(object["lon"] as? Double)
        #expect(abs(lat - 37.579871128849337) < 1e-9)
        #expect(abs(lon - 126.98935225645433) < 1e-9)
        #expect(object["nx"] as? Int == 60)

        let text = await runTool(["grid", "--nx", "60", "--ny", "127"])
        #expect(text.stdout == "37.579871°N, 126.989352°E: the centre of KMA 5 km grid cell nx 60, ny 127\n")

        let csv = await runTool(["grid", "--nx", "1", "--ny", "1", "--format", "csv"])
        #expect(csv.stdout.hasPrefix("lat,lon,nx,ny\n31.79442316591535"))
        #expect(csv.stdout.hasSuffix(",1,1\n"))
    }

    struct UsageCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let usageCases: [UsageCase] = [
        UsageCase(arguments: ["grid", "--lat", "37.5"], message: "Error: Missing expected argument '--lon <lon>'"),
        UsageCase(arguments: ["grid"], message: "Error: Missing expected argument: give '--lat <lat> --lon <lon>', '--nx <nx> --ny <ny>', '--place <name>' or '--input <file>'"),
        UsageCase(arguments: ["grid", "--lat", "91", "--lon", "127"], message: "Error: Latitude 91.0 is outside -90...90 (degrees north)."),
        UsageCase(arguments: ["grid", "--lat", "37", "--lon", "181"], message: "Error: Longitude 181.0 is outside -180...180 (degrees east)."),
        UsageCase(arguments: ["grid", "--lat", "abc", "--lon", "127"], message: "Error: The value 'abc' is invalid for '--lat <lat>': expected a latitude in degrees north, -90...90"),
        UsageCase(arguments: ["grid", "--lat", "nan", "--lon", "127"], message: "Error: The value 'nan' is invalid for '--lat <lat>'"),
        // Decimal only: Double(String) read "0x25" as 37 (hexadecimal).
        UsageCase(arguments: ["grid", "--lat", "0x25", "--lon", "127"], message: "Error: The value '0x25' is invalid for '--lat <lat>': expected a latitude in degrees north, -90...90"),
        UsageCase(arguments: ["grid", "--lat", "37", "--lon", "0x7Fp0"], message: "Error: The value '0x7Fp0' is invalid for '--lon <lon>'"),
        UsageCase(arguments: ["grid", "--lat", "10", "--lon", "10"], message: "Error: The point 10.0, 10.0 is outside the KMA forecast grid"),
        UsageCase(arguments: ["grid", "--nx", "150", "--ny", "1"], message: "Error: The value '150' is invalid for '--nx <nx>': a grid column must be in 1...149"),
        UsageCase(arguments: ["grid", "--nx", "0", "--ny", "1"], message: "Error: The value '0' is invalid for '--nx <nx>'"),
        UsageCase(arguments: ["grid", "--nx", "1.5", "--ny", "1"], message: "Error: The value '1.5' is invalid for '--nx <nx>': expected a grid column, a whole number in 1...149"),
        UsageCase(arguments: ["grid", "--lat", "37", "--lon", "127", "--nx", "1"], message: "Error: Give only one of '--lat/--lon', '--nx/--ny', '--place' or '--input'"),
        UsageCase(arguments: ["grid", "--place", "부산", "--input", "-"], message: "Error: Give only one of '--lat/--lon', '--nx/--ny', '--place' or '--input'"),
        UsageCase(arguments: ["grid", "--lnn", "127"], message: "Error: Unknown option '--lnn'. Did you mean '--lon'?"),
        UsageCase(arguments: ["grid", "--lat"], message: "Error: Missing value for '--lat <lat>'"),
        UsageCase(arguments: ["grid", "--format", "xml", "--lat", "37", "--lon", "127"], message: "Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'text', 'json' or 'csv'."),
        UsageCase(arguments: ["grid", "extra"], message: "Error: Unexpected argument 'extra'"),
    ]

    @Test("Usage errors: Error: …, the usage, a pointer to --help, exit 64", arguments: usageCases)
    func usageErrors(_ c: UsageCase) async {
        let result = await runTool(c.arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(c.message), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: kma-forecast grid"))
        #expect(result.stderr.hasSuffix("See 'kma-forecast grid --help' for more information.\n"))
    }

    @Test("Negative numbers are values, not options")
    func negativeValues() async {
        let result = await runTool(["grid", "--lat", "-33.9", "--lon", "151.2"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: The point -33.9, 151.2 is outside the KMA forecast grid"))
    }

    @Test("--help prints the command's help on stdout and exits 0")
    func help() async {
        let result = await runTool(["grid", "--lat", "oops", "--help"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("OVERVIEW: Convert between latitude/longitude and KMA grid cells (nx, ny)."))
        #expect(result.stdout.contains("--input <file>"))
    }
}

@Suite("kma-forecast grid --input")
struct GridInputTests {
    @Test("A header, blank lines, and one output line per input line in order")
    func basic() async {
        let input = "lat,lon\n37.5665,126.9780\n\n35.1770194,129.0769528\n  33.4856944 , 126.5003333  \n"
        let result = await runTool(["grid", "--input", "-"], stdin: input)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == "lat,lon,nx,ny\n37.5665,126.9780,60,127\n35.1770194,129.0769528,98,76\n33.4856944,126.5003333,52,38\n")
    }

    @Test("Failing lines keep their place; errors name the line; exit 1")
    func failures() async {
        let input = "37.5665,126.9780\n91,127\nabc,127\n10,10\n1,2,3\n37.5\n35.1770194,129.0769528\n"
        let result = await runTool(["grid", "--input", "-"], stdin: input)
        #expect(result.status == 1)
        #expect(result.stdout == """
            lat,lon,nx,ny
            37.5665,126.9780,60,127
            91,127,,
            abc,127,,
            10,10,,
            1,2,,
            37.5,,,
            35.1770194,129.0769528,98,76

            """)
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 5)
        #expect(errors[0] == "Error: line 2: latitude 91.0 is outside -90...90 (degrees north)")
        #expect(errors[1] == "Error: line 3: 'abc' is not a number (latitude)")
        #expect(errors[2].hasPrefix("Error: line 4: the point 10.0, 10.0 is outside the KMA forecast grid"))
        #expect(errors[3] == "Error: line 5: expected one 'lat,lon' pair (2 fields), found 3 fields")
        #expect(errors[4] == "Error: line 6: expected one 'lat,lon' pair (2 fields), found 1 field")
    }

    @Test("CRLF line ends, a byte order mark, quoted fields and no final newline")
    func awkwardInput() async {
        let input = "\u{FEFF}\"lat\",\"lon\"\r\n\"37.5665\",\"126.9780\"\r\n35.1770194,129.0769528"
        let result = await runTool(["grid", "--input", "-"], stdin: input)
        #expect(result.status == 0)
        #expect(result.stdout == "lat,lon,nx,ny\n37.5665,126.9780,60,127\n35.1770194,129.0769528,98,76\n")
    }

    /// Pins that the line reader kept its behaviour when it gave up its own RFC 4180 parser for
    /// `CSVRecords` (the same answers as before, not a fix).
    @Test("Quoted fields are read by the one CSV reader: spaces around and inside quotes, a comma in quotes, a quote left open")
    func quotedFieldsByTheOneReader() async {
        let input = "lat,lon\n \" 37.5665 \" , \"126.9780\"\n37.5665,\"126.9780\n\"37.5665,126.9780\"\n"
        let result = await runTool(["grid", "--input", "-"], stdin: input)
        #expect(result.stdout == "lat,lon,nx,ny\n37.5665,126.9780,60,127\n37.5665,126.9780,60,127\n\"37.5665,126.9780\",,,\n", "\(result.stdout)")
        #expect(result.stderr == "Error: line 4: expected one 'lat,lon' pair (2 fields), found 1 field\n", "\(result.stderr)")
    }

    @Test("CR-only line ends (old Mac files) are lines too; line numbers count CRLF once")
    func carriageReturnLines() async {
        let result = await runTool(["grid", "--input", "-"], stdin: "lat,lon\r37.5665,126.9780\r35.1770194,129.0769528\r")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "lat,lon,nx,ny\n37.5665,126.9780,60,127\n35.1770194,129.0769528,98,76\n")
        let mixed = await runTool(["grid", "--input", "-"], stdin: "lat,lon\r\n91,127\r\n37.5665,126.9780\r")
        #expect(mixed.stderr.hasPrefix("Error: line 2: latitude 91.0"), "\(mixed.stderr)")
    }

    @Test("A lon,lat header is refused with a message that says to swap the columns")
    func swappedHeader() async {
        let result = await runTool(["grid", "--input", "-"], stdin: "lon,lat\n126.978,37.5665\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("the header names longitude first"))
        #expect(result.stdout.isEmpty)  // nothing converted the wrong way round
    }

    @Test("A file path, and a missing file")
    func files() async throws {
        let path = try temporaryFile(named: "points.csv", contents: "37.5665,126.9780\n")
        defer { removeTemporary(path) }
        let result = await runTool(["grid", "--input", path])
        #expect(result.status == 0)
        #expect(result.stdout == "lat,lon,nx,ny\n37.5665,126.9780,60,127\n")

        let missing = await runTool(["grid", "--input", path + ".missing"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("Error: cannot read '\(path).missing': No such file or directory"))
    }

    @Test("JSON lines, one object per input line")
    func jsonLines() async throws {
        let result = await runTool(["grid", "--input", "-", "--format", "json"], stdin: "37.5665,126.9780\nabc,1\n")
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["nx"] as? Int == 60 && first["ny"] as? Int == 127 && first["line"] as? Int == 1)
        let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(second["nx"] is NSNull)
        #expect((second["error"] as? String)?.contains("not a number") == true)
    }

    @Test("Across the converter's chunk boundary (32,768 lines): failing, quoted and blank lines keep their places")
    func chunkBoundary() async throws {
        var input = "lat,lon\n"
        var expected = "lat,lon,nx,ny\n"
        var errors = 0
        let grid = ForecastGrid.kma
        for index in 0..<70_000 {  // line number index + 2 (the header is line 1)
            switch index {
            case 32_765, 32_768:
                input += "abc,127\n"; expected += "abc,127,,\n"; errors += 1
            case 32_766:
                input += "\"37.5\",\"127.0\"\n"; expected += "37.5,127.0,\((try grid.cell(latitude: 37.5, longitude: 127)).description)\n"
            case 32_767:
                input += "\n"   // blank: no output line
            case 32_769:
                input += "10,10\n"; expected += "10,10,,\n"; errors += 1
            default:
                let lat = 33.0 + Double(index % 97) * 0.1, lon = 124.5 + Double(index % 89) * 0.08
                let text = "\(lat),\(lon)"
                input += text + "\n"
                expected += text + "," + ((try? grid.cell(latitude: lat, longitude: lon).description) ?? ",") + "\n"
                if (try? grid.cell(latitude: lat, longitude: lon)) == nil { errors += 1 }
            }
        }
        let result = await runTool(["grid", "--input", "-"], stdin: input)
        #expect(result.status == (errors > 0 ? 1 : 0))
        #expect(result.stdout == expected)
        #expect(result.stderr.split(separator: "\n").count == errors)
        #expect(result.stderr.contains("Error: line 32767: 'abc' is not a number (latitude)"))
        #expect(result.stderr.contains("Error: line 32771: the point 10.0, 10.0 is outside"))
    }

    @Test("Only decimal spellings are numbers; a field is reported by its own text")
    func decimalSpellingsOnly() async {
        let result = await runTool(["grid", "--input", "-"], stdin: "37.5,0x1p7\ninf,127\n1e400,127\n37.5e0,1.27e2\n")
        #expect(result.stdout == "lat,lon,nx,ny\n37.5,0x1p7,,\ninf,127,,\n1e400,127,,\n37.5e0,1.27e2,\((try? ForecastGrid.kma.cell(latitude: 37.5, longitude: 127).description) ?? "")\n")
        #expect(result.stderr.contains("Error: line 1: '0x1p7' is not a number (longitude)"))
        #expect(result.stderr.contains("Error: line 3: '1e400' is not a number (latitude)"))
    }

    @Test("Many lines agree with the single-point command")
    func manyLines() async {
        var input = "lat,lon\n"
        var expected = "lat,lon,nx,ny\n"
        var lat = 32.0
        while lat < 43.0 {
            var lon = 124.0
            while lon < 132.0 {
                let line = "\(lat),\(lon)"
                input += line + "\n"
                let single = await runTool(["grid", "--lat", String(lat), "--lon", String(lon), "--format", "csv"])
                let row = single.status == 0 ? String(single.stdout.split(separator: "\n")[1]) : nil
                let cell = row.map { $0.split(separator: ",", omittingEmptySubsequences: false).suffix(2).joined(separator: ",") } ?? ","
                expected += line + "," + cell + "\n"
                lon += 0.37
            }
            lat += 0.41
        }
        let result = await runTool(["grid", "--input", "-"], stdin: input)
        #expect(result.stdout == expected)
    }
}
