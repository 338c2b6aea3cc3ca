// A data tool's whole run in one call: the newest short-term run's temperature, chance of rain
// and rain amount at every valid time, as one CF NetCDF file for xarray, GDAL/QGIS or Panoply.
// Public API only, one import (`KMAForecastNetCDF` re-exports the client).
//
//   KMA_SERVICE_KEY=<API Hub key> swift run NetCDFExample [--output run.nc] [--vars TMP,POP,PCP]
//       [--valid all|first] [--run 2026112105] [--base-url <url>] [--cache-dir <dir>]
//
// The key is an apihub.kma.go.kr key that has applied (활용신청) for nph-dfs_shrt_grd. With
// --base-url (or KMA_FIELD_BASE_URL) it talks to a stand-in API Hub instead: the tests run it
// against one on 127.0.0.1 (NetCDFExampleTests), no key or network needed.
import Foundation
import KMAForecastNetCDF

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst() { options[name] = arguments.popFirst() ?? "" }
let environment = ProcessInfo.processInfo.environment
let key = environment["KMA_SERVICE_KEY"] ?? ""
guard !key.isEmpty else {
    print("Set KMA_SERVICE_KEY to an API Hub key that has applied for nph-dfs_shrt_grd (or a stand-in's key with --base-url).")
    exit(2)
}
do {
    let configuration = ClientConfiguration(
        provider: .apiHub, serviceKey: try ServiceKey(key), cache: options["--cache-dir"].map { .directory($0) } ?? .standard
    )
    let client = try GridFieldClient(
        configuration: configuration, options: GridFieldOptions(baseURL: options["--base-url"] ?? environment["KMA_FIELD_BASE_URL"])
    )
    // A run as KMA's tmfc (YYYYMMDDHH, KST), else the newest.
    let run = try options["--run"].map { tmfc in try ForecastBase(baseDate: tmfc.prefix(8), baseTime: tmfc.dropFirst(8).prefix(2) + "00") }
    let variables = (options["--vars"] ?? "TMP,POP,PCP").split(separator: ",").map { ForecastCategory(String($0)) }
    let file = try await client.writeNetCDF(
        .shortTerm, variables: variables, run: run, validTimes: options["--valid"] == "first" ? .first : .all,
        to: options["--output"] ?? "run.nc"
    ) { progress in
        if progress.written > 0, progress.written % 25 == 0 || progress.written == progress.total {
            print("\(progress.written)/\(progress.total) fields of the run \(progress.run)")
        }
    }
    let codes = file.variables.map(\.code).joined(separator: ",")
    print("Wrote \(file.path): \(codes) × \(file.validTimes.count) valid times of the \(file.product.rawValue) run \(file.run), \(file.fields) fields")
} catch {
    // NetCDFWriteError says what was not written and what to do; the others are bad input.
    print("Error: \(error)")
    exit(1)
}
