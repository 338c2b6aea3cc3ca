import Foundation
import KMAForecast
import KMAGrid
import Testing
import _KMATestSupport

/// The NetCDF files of `kma-forecast field --format netcdf` read by the tools people use:
/// netCDF4 and xarray (every value back exactly), pyproj (`CRS.from_cf` on the grid mapping
/// gives the file's lat/lon and KMA's grid-table cells within a metre), GDAL (`gdalinfo`,
/// `gdallocationinfo -wgs84`: the value of the cell our grid conversion names) and
/// `xarray.open_mfdataset` (two runs as one dataset). `Scripts/check-netcdf.py` does the
/// checking; CI installs the packages into the virtual environment of `KMA_PYTHON` and GDAL's
/// tools with apt-get (`.ci/run`). Locally the test is skipped when they are missing; in CI
/// (`CI=true`) it runs and fails.
@Suite("NetCDF read by netCDF4, xarray, pyproj and GDAL: two whole short-term runs of TMP, POP, PCP", .serialized, .oneAtATime)
struct FieldNetCDFToolsTests {
    static let root = URL(fileURLWithPath: Fixtures.repositoryRoot)
    static var python: String { ForecastJSONSchemaTests.python }
    static var pythonArguments: [String] { ForecastJSONSchemaTests.pythonArguments }
    static var inCI: Bool { ForecastJSONSchemaTests.inCI }

    /// What is missing for the check, or `nil` when everything is there.
    static var missingTools: String? {
        var missing: [String] = []
        let imports = (try? ForecastJSONSchemaTests.run(python, pythonArguments + ["-c", "import netCDF4, xarray, pyproj, dask"]))
        if imports?.status != 0 { missing.append("the Python packages netCDF4, xarray, pyproj and dask (pip install into the venv of KMA_PYTHON)") }
        let gdal = (try? ForecastJSONSchemaTests.run("/bin/sh", ["-c", "command -v gdalinfo && command -v gdallocationinfo"]))
        if gdal?.status != 0 { missing.append("GDAL's gdalinfo and gdallocationinfo (apt-get install gdal-bin)") }
        return missing.isEmpty ? nil : missing.joined(separator: " and ")
    }

    @Test("Every value exactly, the projection, the grid table's cells, GDAL's lookups, open_mfdataset of two runs",
          .enabled(if: missingTools == nil || inCI, "needs Python's netCDF4, xarray, pyproj, dask (set KMA_PYTHON) and GDAL's tools (gdal-bin); CI installs them"),
          .timeLimit(.minutes(10)))
    func tools() async throws {
        if let missing = Self.missingTools {
            Issue.record("missing: \(missing). CI must install them (.ci/run)")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kma-netcdf-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let keep = ProcessInfo.processInfo.environment["KMA_KEEP_NETCDF"] != nil
        defer { if !keep { try? FileManager.default.removeItem(atPath: directory) } }
        let server = try ReplayServer(expectedKey: Scenario.key)
        let variables = ["TMP", "POP", "PCP"]
        // Runs 05:00 and 08:00 of 2026-11-21, different values (seed).
        let runs = [
            (name: "run05", at: "2026-11-21T06:00", built: try BuiltGridRun(product: .shortTerm, run: try ForecastBase(baseDate: "20261121", baseTime: "0500"), variables: variables, seed: 0)),
            (name: "run08", at: "2026-11-21T09:00", built: try BuiltGridRun(product: .shortTerm, run: try ForecastBase(baseDate: "20261121", baseTime: "0800"), variables: variables, seed: 3)),
        ]
        var manifestRuns: [[String: Any]] = []
        for run in runs {
            run.built.serve(on: server)
            let path = "\(directory)/\(run.name).nc"
            let result = await runTool(
                ["field", "--base-url", server.apiHubFieldBaseURL, "--no-cache", "--at", run.at, "--var", "TMP,POP,PCP", "--valid", "all", "--format", "netcdf", "--output", path],
                environment: ["KMA_SERVICE_KEY": Scenario.key]
            )
            #expect(result.status == 0, "\(result.stderr)")
            var expected: [String: String] = [:]
            for variable in variables {
                // time × y × x doubles (little-endian), NaN where KMA has no data.
                var values: [Double] = []
                values.reserveCapacity(run.built.validTimes.count * GridField.count)
                for time in run.built.validTimes.indices {
                    values += run.built.rawValues(variable, time: time).map { GridField.isMissing($0) ? .nan : $0 }
                }
                let file = "\(directory)/\(run.name)-\(variable).f64"
                try values.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: file)) }
                expected[variable] = file
            }
            manifestRuns.append([
                "file": path, "tmfc": run.built.tmfc,
                "reference_minutes": run.built.run.dateTime.unixSeconds / 60,
                "time_minutes": run.built.validTimes.map { $0.unixSeconds / 60 },
                "expected": expected,
            ])
        }
        // KMA's grid table: each row's point, the cell our conversion names and its continuous
        // grid position (grid units from cell (1,1)); the table's own cell.
        var points: [[String: Any]] = []
        for row in try Fixtures.officialGridTable() where row.latitude != 0 {
            let position = try ForecastGrid.kma.gridCoordinate(latitude: row.latitude, longitude: row.longitude)
            let cell = try ForecastGrid.kma.cell(latitude: row.latitude, longitude: row.longitude)
            points.append([
                "lat": row.latitude, "lon": row.longitude, "nx": cell.nx, "ny": cell.ny,
                "gx": position.x, "gy": position.y, "table_nx": row.nx, "table_ny": row.ny,
            ])
        }
        let manifest: [String: Any] = ["runs": manifestRuns, "variables": variables, "points": points]
        let manifestPath = "\(directory)/manifest.json"
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: manifestPath))
        let script = Self.root.appendingPathComponent("Scripts/check-netcdf.py").path
        let result = try ForecastJSONSchemaTests.run(Self.python, Self.pythonArguments + [script, manifestPath])
        #expect(result.status == 0, "\(result)")
        #expect(!result.finished || result.output.contains(" passed, 0 failed"), "\(result)")
        if keep { print("kept \(directory)\n\(result.output)") }
    }
}
