import Foundation
import KMAForecast
import Testing
import _KMATestSupport

/// Issue 30: SKY and PTY through `gdalwarp -t_srs EPSG:4326` must keep their missing cells
/// missing. Written as signed bytes, GDAL 3.6 read them unsigned: the sea's `_FillValue` -99
/// became the code 157, and the world outside the grid 0, which for PTY reads "no
/// precipitation". As `short` codes with `_FillValue` -99, GDAL carries the no-data value
/// through the warp. GDAL's tools come from Debian (`gdal-bin`, `.ci/run`); locally the test is
/// skipped without them, in CI (`CI=true`) it runs and fails.
@Suite("SKY and PTY through gdalwarp: the sea and the world outside the grid stay no-data", .serialized, .oneAtATime)
struct FieldGDALWarpTests {
    static var missingTools: String? {
        let gdal = try? ForecastJSONSchemaTests.run("/bin/sh", ["-c", "command -v gdalwarp && command -v gdalinfo && command -v gdallocationinfo"])
        return gdal?.status == 0 ? nil : "GDAL's gdalwarp, gdalinfo and gdallocationinfo (apt-get install gdal-bin)"
    }

    static func tool(_ name: String, _ arguments: [String]) throws -> String {
        let path = ["/usr/bin/", "/usr/local/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? name
        let result = try ForecastJSONSchemaTests.run(path, arguments)
        #expect(result.status == 0, "\(name) \(arguments): \(result.output)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("PTY and SKY warped to EPSG:4326: no-data -99 in the sea and outside the grid, a code on land",
          .enabled(if: missingTools == nil || ForecastJSONSchemaTests.inCI, "needs GDAL's tools (gdal-bin); CI installs them"),
          .timeLimit(.minutes(10)))
    func warp() async throws {
        if let missing = Self.missingTools {
            Issue.record("missing: \(missing). CI must install them (.ci/run)")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kma-gdalwarp-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { if ProcessInfo.processInfo.environment["KMA_KEEP_NETCDF"] == nil { try? FileManager.default.removeItem(atPath: directory) } }
        let server = try ReplayServer(expectedKey: Scenario.key)
        defer { server.stop() }
        let built = try BuiltGridRun(product: .shortTerm, run: try ForecastBase(baseDate: "20261121", baseTime: "0500"), variables: ["PTY", "SKY"], seed: 1)
        built.serve(on: server)
        let path = directory + "/codes.nc"
        let result = await runTool(
            ["field", "--base-url", server.apiHubFieldBaseURL, "--no-cache", "--at", "2026-11-21T06:00", "--var", "PTY,SKY", "--format", "netcdf", "--output", path],
            environment: ["KMA_SERVICE_KEY": Scenario.key]
        )
        #expect(result.status == 0, "\(result.stderr)")
        for variable in ["PTY", "SKY"] {
            let warped = "\(directory)/\(variable).tif"
            _ = try Self.tool("gdalwarp", ["-q", "-overwrite", "-t_srs", "EPSG:4326", "NETCDF:\"\(path)\":\(variable)", warped])
            let info = try Self.tool("gdalinfo", [warped])
            #expect(info.contains("NoData Value=-99"), "\(variable): \(info)")
            // The upper-left corner of the warped box lies outside KMA's grid (its top edge is
            // an arc); 35.5°N 124.5°E is the Yellow Sea; 37.5665°N 126.978°E is Seoul.
            let outside = try Self.tool("gdallocationinfo", ["-valonly", warped, "0", "0"])
            let sea = try Self.tool("gdallocationinfo", ["-valonly", "-wgs84", warped, "124.5", "35.5"])
            let land = try Self.tool("gdallocationinfo", ["-valonly", "-wgs84", warped, "126.978", "37.5665"])
            #expect(outside == "-99", "\(variable) outside the grid: \(outside)")
            #expect(sea == "-99", "\(variable) at sea: \(sea)")
            let codes = variable == "PTY" ? Set(0...4) : [1, 3, 4]
            #expect(Int(land).map(codes.contains) == true, "\(variable) in Seoul: \(land)")
        }
    }
}
