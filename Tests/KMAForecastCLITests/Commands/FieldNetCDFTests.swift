import Foundation
import KMAForecast
import KMAGrid
import Testing
import _KMATestSupport

/// `kma-forecast field --format netcdf` against a stand-in API Hub on 127.0.0.1 serving built
/// runs (``BuiltGridRun``, not KMA data), read back with our own minimal reader
/// (``NetCDFReader``, written from the format specification).
@Suite("kma-forecast field --format netcdf: CF NetCDF of one field and of whole runs, read back exactly")
struct FieldNetCDFTests {
    /// 2026-11-21T06:00:00+09:00: short-term run 2026112105, ultra-short run 202611210540.
    static let now = FieldCommandTests.now
    static let key = FieldCommandTests.key

    static func run(_ server: ReplayServer, _ extra: [String], cache: String? = nil, terminal: Bool = false) async -> ToolResult {
        await runTool(
            ["field", "--base-url", server.apiHubFieldBaseURL] + (cache.map { ["--cache-dir", $0] } ?? ["--no-cache"]) + extra,
            environment: ["KMA_SERVICE_KEY": key], now: now, stderrIsTerminal: terminal
        )
    }

    static func directory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kma-netcdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    static func built(_ product: ForecastProduct, _ variables: [String], seed: Int = 0, at: Date = now) throws -> BuiltGridRun {
        try BuiltGridRun(product: product, run: product.gridSchedule.latestBase(at: at), variables: variables, seed: seed)
    }

    /// The values a data variable must hold for a built field: KMA's numbers, -99 (the
    /// _FillValue) where missing.
    static func expectFieldEqual(_ reader: NetCDFReader, _ run: BuiltGridRun, _ variable: String, record: Int, time: Int) throws {
        let expected = run.rawValues(variable, time: time)
        if variable == "SKY" || variable == "PTY" {
            let codes = try reader.int16s(variable, record: record)
            #expect(codes == expected.map { Int16($0) }, "\(variable) record \(record)")
        } else {
            let values = try reader.doubles(variable, record: record)
            #expect(values == expected, "\(variable) record \(record)")
        }
    }

    @Test("One field: CF-1.10 classic 64-bit offset, KMA's grid mapping, x/y, lat/lon of every cell centre, time, the values exactly")
    func oneField() async throws {
        let built = try Self.built(.shortTerm, ["TMP"])
        let server = try ReplayServer(expectedKey: Self.key)
        built.serve(on: server) { _, time in time == 0 }
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tmp.nc"
        let result = await Self.run(server, ["--var", "TMP", "--format", "netcdf", "--output", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["tmp.nc"])
        #expect(server.requests.count == 1)

        let file = try NetCDFReader(path: path)
        #expect(file.version == 2)
        #expect(file.records == 1)
        #expect(file.dimensions.map(\.name) == ["time", "y", "x", "nv"])
        #expect(file.dimensions.map(\.length) == [0, 253, 149, 2])
        #expect(file.attributes["Conventions"] == .text("CF-1.10"))
        #expect(file.attributes["kma_run"] == .text("2026112105"))
        #expect(file.attributes["kma_product"] == .text("short-term"))
        guard case .text(let license)? = file.attributes["license"], case .text(let source)? = file.attributes["source"] else {
            Issue.record("no license or source")
            return
        }
        #expect(license.contains("출처: 기상청") && license.contains("KOGL type 1"))
        #expect(source.contains("nph-dfs_shrt_grd") && !source.contains("TESTKEY"))

        let mapping = try file.variable("lambert_conformal_conic").attributes
        #expect(mapping["grid_mapping_name"] == .text("lambert_conformal_conic"))
        #expect(mapping["standard_parallel"] == .doubles([30, 60]))
        #expect(mapping["latitude_of_projection_origin"] == .doubles([38]))
        #expect(mapping["longitude_of_central_meridian"] == .doubles([126]))
        #expect(mapping["false_easting"] == .doubles([210_000]))
        #expect(mapping["false_northing"] == .doubles([675_000]))
        #expect(mapping["earth_radius"] == .doubles([6_371_008.77]))

        #expect(try file.doubles("x") == (0..<149).map { Double($0) * 5000 })
        #expect(try file.doubles("y") == (0..<253).map { Double($0) * 5000 })
        #expect(try file.variable("x").attributes["standard_name"] == .text("projection_x_coordinate"))
        #expect(try file.variable("y").attributes["standard_name"] == .text("projection_y_coordinate"))
        let lat = try file.doubles("lat"), lon = try file.doubles("lon")
        for cell in GridCell.all {
            let centre = ForecastGrid.kma.center(of: cell)
            let index = GridField.index(of: cell)
            #expect(lat[index] == centre.latitude && lon[index] == centre.longitude, "cell \(cell.nx),\(cell.ny)")
        }
        // 2026-11-21T06:00+09:00 and the run 05:00+09:00, in minutes since 1970 UTC.
        #expect(try file.doubles("time") == [Double((1_795_186_800 + 6 * 3600) / 60)])
        #expect(try file.doubles("forecast_reference_time") == [Double((1_795_186_800 + 5 * 3600) / 60)])
        #expect(try file.variable("time").attributes["units"] == .text("minutes since 1970-01-01 00:00:00"))

        let tmp = try file.variable("TMP")
        #expect(tmp.dimensions == [0, 1, 2])
        #expect(tmp.attributes["units"] == .text("degree_Celsius"))
        #expect(tmp.attributes["standard_name"] == .text("air_temperature"))
        #expect(tmp.attributes["_FillValue"] == .doubles([-99]))
        #expect(tmp.attributes["grid_mapping"] == .text("lambert_conformal_conic"))
        #expect(tmp.attributes["coordinates"] == .text("forecast_reference_time lat lon"))
        try Self.expectFieldEqual(file, built, "TMP", record: 0, time: 0)
        let values = try file.doubles("TMP")
        #expect(values[GridField.index(of: try GridCell(nx: 98, ny: 76))] == 31.5)  // Busan: BuiltGridField.busanValue
        #expect(values[0] == -99)  // (1,1): sea
    }

    @Test("A whole ultra-short run of four variables: every kind (doubles, codes with flags) at every valid time, in place")
    func wholeRun() async throws {
        let variables = ["T1H", "SKY", "PTY", "RN1"]
        let built = try Self.built(.ultraShort, variables)
        let server = try ReplayServer(expectedKey: Self.key)
        built.serve(on: server)
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/run.nc"
        let result = await Self.run(server, ["--product", "ultra-short", "--var", variables.joined(separator: ","), "--valid", "all", "--format", "netcdf", "--output", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.count == 4 * 6)
        let file = try NetCDFReader(path: path)
        #expect(file.records == 6)
        #expect(try (0..<6).map { try file.doubles("time", record: $0)[0] } == built.validTimes.map { Double($0.unixSeconds / 60) })
        #expect(file.attributes["kma_run"] == .text(built.tmfc))
        for variable in variables {
            for time in 0..<6 { try Self.expectFieldEqual(file, built, variable, record: time, time: time) }
        }
        let sky = try file.variable("SKY"), pty = try file.variable("PTY")
        // Shorts, not bytes: GDAL reads a signed byte unsigned (-99 became 157), issue 30.
        #expect(sky.type == 3 && pty.type == 3)
        #expect(sky.attributes["flag_values"] == .shorts([1, 3, 4]))
        #expect(sky.attributes["flag_meanings"] == .text("clear mostly_cloudy overcast"))
        #expect(pty.attributes["flag_values"] == .shorts([0, 1, 2, 3, 5, 6, 7]))
        #expect(sky.attributes["_FillValue"] == .shorts([-99]) && sky.attributes["missing_value"] == .shorts([-99]))
        #expect(sky.attributes["cell_methods"] == .text("time: point"))
        #expect(try file.variable("RN1").attributes["cell_methods"] == .text("time: sum"))
        // time's bounds: the hour that ends at each valid time.
        #expect(try file.variable("time").attributes["bounds"] == .text("time_bnds"))
        #expect(try (0..<6).map { try file.doubles("time_bnds", record: $0) } == built.validTimes.map { [Double($0.unixSeconds / 60 - 60), Double($0.unixSeconds / 60)] })
        #expect(sky.attributes["units"] == nil)
        #expect(try file.variable("RN1").attributes["units"] == .text("mm"))

        // On a terminal: a progress line and where the file went.
        let shown = await Self.run(server, ["--product", "ultra-short", "--var", "T1H", "--valid", "all", "--format", "netcdf", "--output", path], terminal: true)
        #expect(shown.status == 0)
        #expect(shown.stderr.contains("Fields of the ultra-short run") && shown.stderr.contains("6/6"))
        #expect(shown.stderr.contains("Wrote \(path): T1H × 6 valid times"))
    }

    @Test("TMN and TMX in a whole short-term run: asked only at 06:00 and 15:00, _FillValue at every other time")
    func dailyExtremes() async throws {
        let built = try Self.built(.shortTerm, ["TMN", "TMX"])
        let server = try ReplayServer(expectedKey: Self.key)
        built.serve(on: server)
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/extremes.nc"
        let result = await Self.run(server, ["--var", "TMN,TMX", "--valid", "all", "--format", "netcdf", "--output", path])
        #expect(result.status == 0, "\(result.stderr)")
        let times = built.validTimes
        let asked = times.indices.filter { built.has("TMN", time: $0) }.count + times.indices.filter { built.has("TMX", time: $0) }.count
        #expect(server.requests.count == asked)
        let file = try NetCDFReader(path: path)
        #expect(file.records == times.count)
        // Each extreme on its own time axis (issue 30): its valid times only, bounded by the
        // KST day, and cell_methods naming that axis.
        for variable in ["TMN", "TMX"] {
            let axis = "time_" + variable.lowercased()
            let own = times.indices.filter { built.has(variable, time: $0) }
            #expect(!own.isEmpty)
            #expect(try file.variable(variable).attributes["cell_methods"] == .text(variable == "TMN" ? "time_tmn: minimum" : "time_tmx: maximum"))
            #expect(try file.variable(variable).dimensions.map { file.dimensions[$0].name } == [axis, "y", "x"])
            #expect(try file.doubles(axis) == own.map { Double(times[$0].unixSeconds / 60) })
            #expect(try file.variable(axis).attributes["bounds"] == .text(axis + "_bnds"))
            let bounds = try file.doubles(axis + "_bnds")
            for (slab, time) in own.enumerated() {
                // 00:00 KST of the valid time's day (15:00 UTC the day before), and 24 hours on.
                let minutes = times[time].unixSeconds / 60
                let start = Double(((minutes + 540) / 1_440) * 1_440 - 540)
                #expect(Array(bounds[(2 * slab)..<(2 * slab + 2)]) == [start, start + 1_440], "\(variable) at \(times[time])")
                #expect(try file.doubles(variable, slab: slab) == built.rawValues(variable, time: time), "\(variable) at \(times[time])")
            }
        }
    }

    @Test("Interrupted (a field missing, then the request budget), resumed from the cache: nothing cached is asked again, no partial file")
    func resume() async throws {
        let variables = ["T1H", "SKY", "PTY", "RN1"]
        let built = try Self.built(.ultraShort, variables)
        let server = try ReplayServer(expectedKey: Self.key)
        built.serve(on: server) { variable, time in !(variable == "PTY" && time == 2) }
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = directory + "/cache"
        let path = directory + "/run.nc"
        let arguments = ["--product", "ultra-short", "--var", variables.joined(separator: ","), "--valid", "all", "--format", "netcdf", "--output", path]
        func cached() -> Set<String> {
            let folder = "\(cache)/apihub-grid/ultra-short/\(built.tmfc)"
            return Set(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".field") })
        }
        func asked(from start: Int) -> [String] {
            server.requests[start...].map { "\($0.parameters["vars"] ?? "")-\($0.parameters["tmef"] ?? "").field" }
        }

        let first = await Self.run(server, arguments, cache: cache)
        #expect(first.status == 1)
        #expect(first.stderr.contains("input variable error") && first.stderr.contains("run the same command again"))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["cache"], "no partial file left")
        let afterFirst = cached()
        #expect(!afterFirst.isEmpty && afterFirst.count < 24)

        built.serve(on: server)
        // How many fields the first run fetched before its failure came back depends on the
        // machine's timing (the fields in flight are awaited and cached): the budget leaves at
        // least one field unasked whatever that count.
        let budget = min(3, 24 - afterFirst.count - 1)
        try #require(budget >= 1, "the first run cached \(afterFirst.count) of 24 fields")
        var start = server.requests.count
        let second = await Self.run(server, arguments + ["--max-requests", String(budget)], cache: cache)
        #expect(second.status == 1)
        #expect(second.stderr.contains("budget"), "\(second.stderr)")
        #expect(Set(asked(from: start)).isDisjoint(with: afterFirst))
        #expect(asked(from: start).count == budget)
        #expect(!FileManager.default.fileExists(atPath: path))
        let afterSecond = cached()

        start = server.requests.count
        let third = await Self.run(server, arguments, cache: cache)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(Set(asked(from: start)).isDisjoint(with: afterSecond))
        #expect(asked(from: start).count == 24 - afterSecond.count)
        #expect(server.requests.count - start + afterSecond.count == 24)
        let file = try NetCDFReader(path: path)
        for variable in variables {
            for time in 0..<6 { try Self.expectFieldEqual(file, built, variable, record: time, time: time) }
        }
    }

    @Test("A code variable with a number that is no code: status 1, the cell named, no file")
    func notACode() async throws {
        let built = try Self.built(.shortTerm, ["SKY"])
        var values = built.hundredths("SKY", time: 0)
        values[BuiltGridField.index(nx: 98, ny: 76)] = 150
        let server = try ReplayServer(expectedKey: Self.key)
        server.addField(BuiltGridRun.body(values), operation: "nph-dfs_shrt_grd", tmfc: built.tmfc, tmef: BuiltGridRun.tmef(built.validTimes[0]), variable: "SKY")
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = await Self.run(server, ["--var", "SKY", "--format", "netcdf", "--output", directory + "/sky.nc"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("KMA sent 1.5 for SKY at cell 98,76") && result.stderr.contains("--format csv"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test("A code KMA does not document (SKY 2): the file is written, the code kept, a note names SKY_status")
    func undocumentedCode() async throws {
        let built = try Self.built(.shortTerm, ["SKY"])
        var values = built.hundredths("SKY", time: 0)
        values[BuiltGridField.index(nx: 98, ny: 76)] = 200
        let server = try ReplayServer(expectedKey: Self.key)
        server.addField(BuiltGridRun.body(values), operation: "nph-dfs_shrt_grd", tmfc: built.tmfc, tmef: BuiltGridRun.tmef(built.validTimes[0]), variable: "SKY")
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = await Self.run(server, ["--var", "SKY", "--format", "netcdf", "--output", directory + "/sky.nc"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Note: 1 cell of SKY holds a code KMA does not document: kept as sent, flagged 1 in SKY_status."), "\(result.stderr)")
        #expect(try NetCDFReader(path: directory + "/sky.nc").int16s("SKY")[BuiltGridField.index(nx: 98, ny: 76)] == 2)
    }

    @Test("Bad usage: NetCDF to standard output, --valid all without NetCDF, an unknown code among several, --rate for one field")
    func usage() async throws {
        let server = try ReplayServer(expectedKey: Self.key)
        let stream = await Self.run(server, ["--var", "TMP", "--format", "netcdf"])
        #expect(stream.status == 64)
        #expect(stream.stderr.contains("--output <file.nc>"))
        let all = await Self.run(server, ["--var", "TMP", "--valid", "all"])
        #expect(all.status == 64)
        #expect(all.stderr.contains("--format netcdf"))
        let unknown = await Self.run(server, ["--var", "TMP,XYZ", "--format", "netcdf", "--output", "/tmp/never.nc"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("'XYZ' is not a variable of the short-term grid"))
        let rate = await Self.run(server, ["--var", "TMP", "--rate", "5"])
        #expect(rate.status == 64)
        #expect(server.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never.nc"))

        let help = await runTool(["field", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("kma-forecast field --var TMP,POP,PCP --valid all --format netcdf --output"))
        #expect(help.stdout.contains("netcdf  a CF-1.10 NetCDF file"))
        #expect(help.stdout.contains("--max-requests") && help.stdout.contains("--rate"))
    }
}
