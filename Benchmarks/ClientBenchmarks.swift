// client.* and cli.forecast-demo: the fetch path over real HTTP on 127.0.0.1, and the forecast
// command in-process. Their checks are what CI's smoke mode leans on: a Swift 6.3.1 -O
// miscompile of exactly this code (task-group children returning a tuple around an `await`)
// once broke every release fetch and could hand a batch's runs to the wrong cells.

import Foundation
import KMAForecast
import KMAForecastCLI
import KMAForecastClient
import KMAGrid
import _KMATestSupport

/// Cells in the batch benchmark.
private let batchCells = 8

@MainActor
func addClientBenchmarks(_ suite: BenchmarkSuite) {
    var server: ReplayServer?   // started by the check, before any timing
    var cells: [GridCell] = []
    var fetcher: ForecastClient?  // made by the check: no session set-up in a timed run

    /// A client of the replay server at the recorded run's hour, without a cache, so every
    /// fetch goes over HTTP.
    func client() throws -> ForecastClient {
        guard let server, let at = try? KSTDateTime(year: 2022, month: 11, day: 20, hour: 6, minute: 0) else {
            throw CheckFailure("the replay server is not running")
        }
        let instant = at.date
        let configuration = ClientConfiguration(
            serviceKey: try ServiceKey("BENCHKEY+abc/def=="), baseURL: server.baseURL, cache: .disabled, now: { instant }
        )
        return try ForecastClient(configuration: configuration)
    }

    /// Every cell got its own run, whole.
    func verify(_ results: [Result<ForecastRun, ForecastClientError>]) throws(CheckFailure) {
        try expect(results.count == cells.count, "\(results.count) results for \(cells.count) cells")
        for (cell, result) in zip(cells, results) {
            guard case .success(let run) = result else {
                throw CheckFailure("nx \(cell.nx), ny \(cell.ny) failed: \(result)")
            }
            try expect(run.cell == cell && run.rows.allSatisfy { $0.nx == cell.nx && $0.ny == cell.ny },
                       "the result for nx \(cell.nx), ny \(cell.ny) holds the run of nx \(run.cell.nx), ny \(run.cell.ny)")
            try expect(run.itemCount == 809 && run.requests == 1, "nx \(cell.nx): \(run.itemCount) items in \(run.requests) requests, expected 809 in 1")
        }
    }

    suite.add(
        "client.batch", per: "cell", items: batchCells,
        check: {
            let recorded = try RecordedRun(.shortTerm, fixture: "api/getVilageFcst_20221120_0500_nx60_ny120.json")
            cells = try (0..<batchCells).map { try GridCell(nx: 60 + $0, ny: 120) }
            let started = try ReplayServer(runs: cells.map { recorded.relabelled(nx: $0.nx, ny: $0.ny) })
            server = started
            suite.atExit { started.stop() }
            let made = try client()
            fetcher = made
            try verify(await made.fetch(.shortTerm, cells: cells, concurrency: 4))
            try verify(await made.fetch(.shortTerm, cells: cells, concurrency: 1))
        },
        baseline: Baseline("client.batch.one-at-a-time", items: batchCells) {
            guard let fetcher else { return suite.fail("client.batch", "no client") }
            let results = await fetcher.fetch(.shortTerm, cells: cells, concurrency: 1)
            if (try? verify(results)) == nil { suite.fail("client.batch", "the one-at-a-time baseline lost a run") }
        },
        microseconds: true
    ) {
        guard let fetcher else { return suite.fail("client.batch", "no client") }
        let results = await fetcher.fetch(.shortTerm, cells: cells, concurrency: 4)
        if (try? verify(results)) == nil { suite.fail("client.batch", "a fetch failed or went to the wrong cell") }
        blackHole(results.count)
    }

    suite.add(
        "cli.forecast-demo", per: "run", items: 1,
        check: {
            for product in ["nowcast", "ultra-short", "short-term"] {
                let out = TextSink.memory()
                let err = TextSink.memory()
                let status = await KMAForecastTool.run(CommandContext(arguments: ["--demo", "--product", product], standardOutput: out, standardError: err))
                try expect(status == 0, "kma-forecast --demo --product \(product) exited \(status): \(err.text)")
                try expect(!out.text.isEmpty && !err.text.contains("Error"), "kma-forecast --demo --product \(product) printed: \(err.text)")
            }
            let out = TextSink.memory()
            let status = await KMAForecastTool.run(CommandContext(arguments: ["--lat", "37.56", "--lon", "126.97"], standardOutput: out))
            // The one-screen view: its header names the sample's cell, and temperatures follow.
            try expect(status == 0 && out.text.contains("(nx 60, ny 120)") && out.text.contains("°C"), "the README's first command failed in-process (status \(status))")
        },
        microseconds: true
    ) {
        let out = TextSink.memory()
        let status = await KMAForecastTool.run(CommandContext(arguments: ["--demo"], standardOutput: out))
        if status != 0 { suite.fail("cli.forecast-demo", "kma-forecast --demo exited \(status)") }
        blackHole(out.bytes.count)
    }
}
