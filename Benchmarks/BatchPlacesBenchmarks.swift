// batch.places: `kma-forecast --input … --product short-term --format csv` as a child process
// against the stand-in gateway on 127.0.0.1 (30 requests a second per operation, code 23
// above it, 600 ms per short-term answer), with two burners of this process keeping every core
// busy throughout (CPUBurner; BATCH_PLACES_BURNERS=n for n). Reported against the in-run floor: the time the requests need at
// exactly 30 a second.

import Foundation
import KMAForecast
import KMAGrid
import _KMATestSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@MainActor
func addBatchPlacesBenchmarks(_ suite: BenchmarkSuite, tool: String?) {
    suite.addMeasurement("batch.places") { smoke in
        let bench = try BatchPlacesBench(tool: tool)
        defer { bench.finish() }
        if smoke {
            let run = try bench.run(cells: 45)
            try expect(run.refused == 0, "\(run.refused) requests refused by the limit at 45 cells")
            try expect(run.answered == 45 && run.failed == 0 && run.status == 0, "\(run.answered) of 45 inputs answered, \(run.failed) failed, status \(run.status)")
            return []
        }
        var figures: [Figure] = []
        // Load: two burners, each keeping every core busy, for the whole measurement (KMA
        // counts arrivals, and a busy machine delays sends unevenly: issue 25, item 6; issue 30
        // asks for two). BATCH_PLACES_BURNERS=n: n burners instead (0: an idle machine).
        let burners = ProcessInfo.processInfo.environment["BATCH_PLACES_BURNERS"].flatMap { Int($0) }.map { max(0, min($0, 16)) } ?? 2
        let burner = CPUBurner(threads: CPUBurner.threads(burners: burners))
        burner.start()
        defer { burner.stop() }
        figures.append(Figure(metric: "load: burners, each keeping all \(ProcessInfo.processInfo.activeProcessorCount) cores busy", value: Double(burners), unit: "burners", goal: nil, met: nil))
        // BATCH_PLACES_CELLS=n: only a run of n distinct cells (to try something quickly).
        if let text = ProcessInfo.processInfo.environment["BATCH_PLACES_CELLS"], let count = Int(text), count > 0 {
            return figures + (try bench.run(cells: count).figures(prefix: "\(count) cells"))
        }
        // The 3,834 places of KMA's table, by their lat,lon.
        let table = try bench.run(input: bench.tableInput(), columns: 8)
        figures += table.figures(prefix: "table")
        figures.append(Figure(metric: "table inputs answered", value: Double(table.answered + table.failed), unit: "of \(bench.tableRows)",
                              goal: "all", met: table.answered + table.failed == bench.tableRows))
        figures.append(Figure(metric: "table inputs failed (rows without a point, lat/lon 0,0, get their nx,ny)", value: Double(table.failed), unit: "inputs", goal: "0", met: table.failed == 0))
        // Interrupted halfway (SIGINT), then run again with the same cache.
        let cache = bench.freshCache()
        let first = try bench.run(input: bench.tableInput(), columns: 8, cache: cache, interruptAfter: .seconds(Double(bench.tableCells) / 30 / 2))
        let cached = bench.cachedRuns(cache)
        let before = bench.server.requests.count
        let cachedCells = Set(bench.cachedPaths(cache).compactMap { $0.split(separator: "/").dropLast().last.map(String.init) })
        let rerun = try bench.run(input: bench.tableInput(), columns: 8, cache: cache)
        let asked = bench.server.requests[before...].map { "\($0.parameters["nx"] ?? "")-\($0.parameters["ny"] ?? "")" }
        let askedCells = Set(asked)
        figures.append(Figure(metric: "interrupted: requests before Ctrl-C", value: Double(first.requests), unit: "requests", goal: nil, met: nil))
        figures.append(Figure(metric: "interrupted: runs in the cache", value: Double(cached), unit: "runs", goal: nil, met: nil))
        figures.append(Figure(metric: "rerun: requests", value: Double(rerun.requests), unit: "requests", goal: nil, met: nil))
        figures.append(Figure(metric: "rerun: refused by the limit", value: Double(rerun.refused), unit: "requests", goal: "0", met: rerun.refused == 0))
        figures.append(Figure(metric: "rerun: distinct cells requested", value: Double(askedCells.count), unit: "cells",
                              goal: "= \(bench.tableCells - cached) missing", met: askedCells.count == bench.tableCells - cached))
        figures.append(Figure(metric: "rerun: cells requested though cached", value: Double(askedCells.intersection(cachedCells).count), unit: "cells",
                              goal: "0", met: askedCells.isDisjoint(with: cachedCells)))
        figures.append(Figure(metric: "rerun: inputs answered", value: Double(rerun.answered + rerun.failed), unit: "of \(bench.tableRows)", goal: "all", met: rerun.answered + rerun.failed == bench.tableRows))
        // Memory at two input sizes.
        let small = try bench.run(cells: 1_000)
        let large = try bench.run(cells: 3_000)
        figures += small.figures(prefix: "1000 cells")
        figures += large.figures(prefix: "3000 cells")
        let growth = Double(large.peakKilobytes) / Double(max(1, small.peakKilobytes))
        figures.append(Figure(metric: "peak memory 3000/1000 cells", value: growth, unit: "ratio", goal: "flat, ≤ 1.1", met: growth <= 1.1))
        return figures
    }
}

/// The stand-in gateway, the inputs and the child runs of `batch.places`.
@MainActor
final class BatchPlacesBench {
    let command: [String]
    let server: ReplayServer
    let directory: String
    /// The table's rows and its distinct cells (KMA's own, the `nx,ny` of each row).
    let tableRows: Int
    let tableCells: Int
    private let tableText: String
    private var files = 0

    init(tool: String?) throws {
        command = tool.map { [$0] } ?? [ChildProcess.currentExecutable, toolModeArgument]
        server = try ReplayServer()
        server.synthesize(try RecordedRun(.shortTerm, fixture: "api/getVilageFcst_20221120_0500_nx60_ny120.json"))
        directory = NSTemporaryDirectory() + "kma-forecast-batch-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        setenv("KMA_SERVICE_KEY", "BENCHKEY+abc/def==", 1)
        tableText = String(decoding: try Fixtures.bytes("grid/kma_grid_2510.csv"), as: UTF8.self)
        var rows = 0
        var cells = Set<GridCell>()
        // The table has CRLF line ends ("\r\n" is one Character: split on either).
        for line in tableText.split(whereSeparator: \.isNewline).dropFirst() where !line.isEmpty {
            rows += 1
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 8, let nx = Int(fields[4]), let ny = Int(fields[5]) else {
                throw CheckFailure("unexpected table line: \(line)")
            }
            // A row of KMA's table gets KMA's own cell (its nx,ny), also where it has no point.
            if let cell = try? GridCell(nx: nx, ny: ny) { cells.insert(cell) }
        }
        tableRows = rows
        tableCells = cells.count
    }

    func finish() {
        server.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    func tableInput() throws -> String { try write(tableText) }

    func freshCache() -> String {
        files += 1
        return "\(directory)/cache-\(files)"
    }

    /// The paths of the complete runs stored in a cache directory.
    func cachedPaths(_ cache: String) -> [String] {
        let found = FileManager.default.enumerator(atPath: cache)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".pages") }
    }

    /// The complete runs stored in a cache directory.
    func cachedRuns(_ cache: String) -> Int {
        let found = FileManager.default.enumerator(atPath: cache)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".pages") }.count
    }

    private func write(_ text: String) throws -> String {
        files += 1
        let path = "\(directory)/input-\(files).csv"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `count` distinct cells as an `nx,ny` file.
    func run(cells count: Int) throws -> BatchPlacesRun {
        let text = "nx,ny\n" + (0..<count).map { "\($0 % 149 + 1),\($0 / 149 + 1)\n" }.joined()
        return try run(input: try write(text), columns: 2)
    }

    /// One run of the tool against the gateway, with a fresh cache unless given one.
    /// - Parameter columns: The input's columns (the output's `line` column follows them).
    func run(input: String, columns: Int, cache: String? = nil, interruptAfter: Duration? = nil) throws -> BatchPlacesRun {
        server.enforce(.kma)
        let output = "\(directory)/output.csv"
        let measured = ChildProcess.measure(
            command + [
                "--input", input, "--product", "short-term", "--format", "csv", "--base-url", server.baseURL,
                "--cache-dir", cache ?? freshCache(), "--at", "2022-11-20T06:00:00+09:00",
            ],
            standardOutput: output, interruptAfter: interruptAfter
        )
        let counts = server.gatewayCounts
        let load = Self.loadAverage()
        // Lines of the CSV: the `line` column follows the input's columns, then `error`.
        var answered = Set<Substring>()
        var failed = Set<Substring>()
        let text = String(decoding: ChildProcess.contents(of: output) ?? [], as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let fields = line.split(separator: ",", maxSplits: columns + 2, omittingEmptySubsequences: false)
            guard fields.count > columns + 2 else { continue }
            if fields[columns + 1].isEmpty { answered.insert(fields[columns]) } else { failed.insert(fields[columns]) }
        }
        return BatchPlacesRun(
            status: measured.status, seconds: measured.seconds, peakKilobytes: measured.peakKilobytes,
            requests: counts.accepted + counts.refused, refused: counts.refused,
            peakPerSecond: counts.peakPerSecond["getVilageFcst"] ?? 0,
            answered: answered.count, failed: failed.subtracting(answered).count, loadAverage: load
        )
    }

    /// The machine's load average over the last minute (`/proc/loadavg`), or `nil` where there
    /// is none: how busy the machine was, the burners and everything else together.
    static func loadAverage() -> Double? {
        guard let bytes = ChildProcess.contents(of: "/proc/loadavg") else { return nil }
        return String(decoding: bytes, as: UTF8.self).split(separator: " ").first.flatMap { Double($0) }
    }
}

/// What one child run came to.
struct BatchPlacesRun {
    var status: Int32
    var seconds: Double
    var peakKilobytes: Int
    var requests: Int
    var refused: Int
    var peakPerSecond: Int
    var answered: Int
    var failed: Int
    /// The one-minute load average at the end of the run (`nil` without `/proc/loadavg`).
    var loadAverage: Double?

    /// The floor: the requests at exactly 30 a second.
    var floor: Double { Double(requests) / 30 }

    func figures(prefix: String) -> [Figure] {
        let ratio = seconds / max(floor, 1e-9)
        return [
            Figure(metric: "\(prefix): requests", value: Double(requests), unit: "requests", goal: nil, met: nil),
            Figure(metric: "\(prefix): floor (requests / 30 per s), the baseline", value: floor, unit: "s", goal: nil, met: nil),
            Figure(metric: "\(prefix): wall", value: seconds, unit: "s", goal: nil, met: nil),
            Figure(metric: "\(prefix): wall/floor", value: ratio, unit: "ratio", goal: "≤ 1.15", met: ratio <= 1.15),
            Figure(metric: "\(prefix): refused by the limit", value: Double(refused), unit: "requests", goal: "0", met: refused == 0),
            Figure(metric: "\(prefix): most getVilageFcst in any 1 s", value: Double(peakPerSecond), unit: "requests", goal: "≤ 30", met: peakPerSecond <= 30),
            Figure(metric: "\(prefix): peak memory (VmHWM of the child, sampled every 20 ms)", value: Double(peakKilobytes) / 1024, unit: "MB", goal: nil, met: nil),
        ] + (loadAverage.map { [Figure(metric: "\(prefix): load average (1 min) at the end", value: $0, unit: "", goal: nil, met: nil)] } ?? [])
    }
}
