// field.netcdf.one: one grid field written as a CF NetCDF file (GridFieldNetCDF: header,
// coordinates, lat/lon of every cell, the values, rename), against the CSV writer of the same
// command (`FieldCommand.csv`, written to a file) in the same run.
// field.netcdf.run: a whole short-term run of three variables (3 × 75 fields) streamed into one
// NetCDF file, against the CSV writer on the same fields (per field).
// field.netcdf.memory: `kma-forecast field --format netcdf` as a child process against a
// stand-in API Hub on 127.0.0.1: the peak memory (VmHWM) for one valid time and for all 75,
// and the CSV of one field for reference. Fields are built (BuiltGridRun), not KMA data.

import Foundation
import KMAForecast
import KMAForecastCLI
import KMAForecastNetCDF
import _KMATestSupport

private let runVariables = ["TMP", "POP", "PCP"]
private let csvFieldsPerRun = 3

@MainActor
func addFieldNetCDFBenchmarks(_ suite: BenchmarkSuite, tool: String?) {
    let run: BuiltGridRun
    do {
        run = try BuiltGridRun(product: .shortTerm, run: try ForecastBase(baseDate: "20261121", baseTime: "0500"), variables: runVariables)
    } catch {
        print("field.netcdf: skipped, Fixtures/grid/kma_grid_2510.csv could not be read")
        return
    }
    let directory = NSTemporaryDirectory() + "kma-forecast-netcdf-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    suite.atExit { try? FileManager.default.removeItem(atPath: directory) }
    let ncPath = directory + "/field.nc"
    let csvPath = directory + "/field.csv"
    let categories = runVariables.compactMap { code in ForecastProduct.shortTerm.gridVariables.first { $0.code == code } }
    // Three distinct fields per variable, reused over the run's valid times.
    let raw = runVariables.map { variable in (0..<3).map { run.rawValues(variable, time: $0) } }
    func field(_ variable: Int, _ time: Int) -> GridField? {
        try? GridField(product: .shortTerm, variable: categories[variable], run: run.run, valid: run.validTimes[time], rawValues: raw[variable][time % 3])
    }
    let times = run.validTimes.count
    let source = "KMA API Hub nph-dfs_shrt_grd (benchmark)"

    func writeNetCDF(variables: Int, times count: Int) throws -> Int {
        let file = try GridFieldNetCDF(
            path: ncPath, product: .shortTerm, run: run.run, variables: Array(categories.prefix(variables)),
            validTimes: Array(run.validTimes.prefix(count)), source: source, toolVersion: KMAForecastTool.version
        )
        for variable in 0..<variables {
            for time in 0..<count {
                guard let field = field(variable, time) else { throw CheckFailure("a built field is not whole") }
                try file.write(field)
            }
        }
        try file.finish()
        return (try? FileManager.default.attributesOfItem(atPath: ncPath)[.size] as? Int) ?? 0
    }
    func writeCSV(fields: Int) -> Int {
        FileManager.default.createFile(atPath: csvPath, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: csvPath) else { return 0 }
        var bytes = 0
        for index in 0..<fields {
            guard let field = field(index % 3, index / 3 % times) else { continue }
            let csv = FieldCommand.csv(field)
            bytes += csv.count
            handle.write(Data(csv))
        }
        try? handle.close()
        return bytes
    }
    let oneFieldBytes = (try? writeNetCDF(variables: 1, times: 1)) ?? 0
    let runBytes = (try? writeNetCDF(variables: 3, times: times)) ?? 0
    let csvBytes = writeCSV(fields: 1)
    print("field.netcdf: one field \(oneFieldBytes) bytes (CSV \(csvBytes)), a run of 3 × \(times) fields \(runBytes) bytes")

    suite.add(
        "field.netcdf.one", per: "field", items: 1,
        check: {
            let size = try writeNetCDF(variables: 1, times: 1)
            try expect(size == oneFieldBytes && size > GridField.count * 8 * 3, "the NetCDF file of one field is \(size) bytes")
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: ncPath)).prefix(4))
            try expect(bytes == [0x43, 0x44, 0x46, 0x02], "not a CDF-2 file")
        },
        baseline: Baseline("field.netcdf.one.csv", items: 1) { blackHole(writeCSV(fields: 1)) },
        microseconds: true, throughput: (oneFieldBytes, GridField.count)
    ) {
        blackHole((try? writeNetCDF(variables: 1, times: 1)) ?? 0)
    }

    suite.add(
        "field.netcdf.run", per: "field", items: 3 * times,
        check: {
            let size = try writeNetCDF(variables: 3, times: times)
            try expect(size == runBytes, "the run's file is \(size) bytes, was \(runBytes)")
        },
        baseline: Baseline("field.netcdf.run.csv", items: csvFieldsPerRun) { blackHole(writeCSV(fields: csvFieldsPerRun)) },
        microseconds: true, throughput: (runBytes / (3 * times), GridField.count)
    ) {
        blackHole((try? writeNetCDF(variables: 3, times: times)) ?? 0)
    }

    suite.addMeasurement("field.netcdf.memory") { smoke in
        let command = tool.map { [$0] } ?? [ChildProcess.currentExecutable, toolModeArgument]
        let server = try ReplayServer(expectedKey: "BENCHKEY+abc/def==")
        defer { server.stop() }
        setenv("KMA_SERVICE_KEY", "BENCHKEY+abc/def==", 1)
        run.serve(on: server)
        func child(_ arguments: [String], output: String) -> ChildProcess.Measured {
            ChildProcess.measure(command + [
                "field", "--base-url", server.apiHubFieldBaseURL, "--no-cache", "--at", "2026-11-21T06:00:00+09:00",
            ] + arguments + ["--output", output])
        }
        let netcdf = ["--var", runVariables.joined(separator: ","), "--format", "netcdf", "--rate", "1000"]
        let one = child(netcdf, output: directory + "/one.nc")
        try expect(one.status == 0, "the NetCDF of one valid time failed (status \(one.status))")
        if smoke { return [] }
        let all = child(netcdf + ["--valid", "all"], output: directory + "/all.nc")
        try expect(all.status == 0, "the NetCDF of the whole run failed (status \(all.status))")
        let csv = child(["--var", "TMP"], output: directory + "/one.csv")
        try expect(csv.status == 0, "the CSV of one field failed (status \(csv.status))")
        let growth = Double(all.peakKilobytes) / Double(max(1, one.peakKilobytes))
        let fields = Double(3 * times)
        return [
            Figure(metric: "peak memory, NetCDF of 3 variables × 1 valid time", value: Double(one.peakKilobytes) / 1024, unit: "MB", goal: nil, met: nil),
            Figure(metric: "peak memory, NetCDF of 3 variables × \(times) valid times", value: Double(all.peakKilobytes) / 1024, unit: "MB", goal: nil, met: nil),
            Figure(metric: "peak memory, CSV of one field (reference)", value: Double(csv.peakKilobytes) / 1024, unit: "MB", goal: nil, met: nil),
            Figure(metric: "peak memory \(times) / 1 valid times", value: growth, unit: "ratio", goal: "flat, ≤ 1.25", met: growth <= 1.25),
            Figure(metric: "whole run: wall (fetch from 127.0.0.1, decode, write)", value: all.seconds, unit: "s", goal: nil, met: nil),
            Figure(metric: "whole run: fields per second", value: fields / max(all.seconds, 1e-9), unit: "fields/s", goal: nil, met: nil),
        ]
    }
}
