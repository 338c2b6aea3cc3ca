// client.ten-day: the ten-day view (short-term run + mid-term answers, fetched at once) against
// a stand-in gateway on 127.0.0.1 with the guide's latencies, as a ratio to one short-term
// fetch; and `--stand-in`, the same gateway left running for trying the CLI by hand.

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import KMAForecast
import KMAForecastClient
import KMAGrid
import KMAPlaces
import _KMATestSupport

/// Latencies of the stand-in gateway, milliseconds. KMA's guide gives 600 ms for the
/// short-term forecast and 100 ms for the nowcast and ultra-short forecast; it gives none for
/// the mid-term service, whose answers are one small item: 300 ms is assumed (half the
/// short-term figure, three times the small operations').
enum StandInLatency {
    static let shortTerm = 600
    static let smallOperations = 100
    static let midTerm = 300
}

/// A gateway on 127.0.0.1 serving, for 서울 (nx 60, ny 127), short-term runs of 2026-10-04 and 10-05
/// built to the documented layout and the recorded 2026-10-04 mid-term answers.
func startStandInGateway(latency: Bool) throws -> ReplayServer {
    let server = try ReplayServer()
    for (date, time) in [("20261004", "0500"), ("20261004", "1400"), ("20261004", "1700"), ("20261004", "2000"),
                         ("20261004", "2300"), ("20261005", "0200"), ("20261005", "0500")] {
        server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: date, baseTime: time), nx: 60, ny: 127))
    }
    try server.addRecordedMidTerm()
    if latency {
        server.setLatency(milliseconds: StandInLatency.shortTerm, for: "getVilageFcst")
        server.setLatency(milliseconds: StandInLatency.smallOperations, for: "getUltraSrtNcst")
        server.setLatency(milliseconds: StandInLatency.smallOperations, for: "getUltraSrtFcst")
        for operation in ["getMidTa", "getMidLandFcst", "getMidFcst"] {
            server.setLatency(milliseconds: StandInLatency.midTerm, for: operation)
        }
    }
    return server
}

@MainActor
func addTenDayBenchmarks(_ suite: BenchmarkSuite) {
    var client: ForecastClient?
    var place: Place?

    suite.add(
        "client.ten-day", per: "view", items: 1,
        check: {
            let started = try startStandInGateway(latency: true)
            suite.atExit { started.stop() }
            // 18:30: the newest mid-term run is the 18 run, so the view asks for four mid-term
            // answers (both operations of the 18 and the 06 run) beside the short-term run.
            guard let at = try? KSTDateTime(year: 2026, month: 10, day: 4, hour: 18, minute: 30) else { throw CheckFailure("bad clock") }
            let instant = at.date
            var configuration = ClientConfiguration(
                serviceKey: try ServiceKey("BENCHKEY+abc/def=="), baseURL: started.baseURL, cache: .disabled, now: { instant }
            )
            configuration.midBaseURL = started.midTermBaseURL
            let made = try ForecastClient(configuration: configuration)
            client = made
            let seoul = try PlaceDirectory.kma.place(named: "서울특별시")
            place = seoul
            let forecast = try await made.forecast(for: .place(seoul.name), products: [.shortTerm], midTermDays: 10)
            let sources = forecast.daily.map { $0.source?.kind ?? "-" }
            try expect(sources == Array(repeating: "short", count: 5) + Array(repeating: "mid", count: 5), "sources \(sources)")
            try expect(forecast.midTerm?.runs.count == 2 && !forecast.isPartial, "runs \(forecast.midTerm?.runs ?? [])")
        },
        baseline: Baseline("client.one-short-term-fetch", items: 1) {
            guard let client, let place else { return suite.fail("client.ten-day", "no client") }
            do {
                let run = try await client.fetch(.shortTerm, cell: place.cell)
                blackHole(run.rows.count)
            } catch {
                suite.fail("client.ten-day", "the short-term baseline failed: \(error)")
            }
        },
        microseconds: true
    ) {
        guard let client, let place else { return suite.fail("client.ten-day", "no client") }
        do {
            let forecast = try await client.forecast(for: .place(place.name), products: [.shortTerm], midTermDays: 10)
            if forecast.midTerm?.runs.count != 2 || forecast.outcome(.shortTerm)?.base == nil { suite.fail("client.ten-day", "a part of the view is missing") }
            blackHole(forecast.daily.count)
        } catch {
            suite.fail("client.ten-day", "the ten-day view failed: \(error)")
        }
    }
}

/// `Benchmarks --stand-in`: the stand-in gateway with latencies, until interrupted.
func runStandInGateway() async -> Int32 {
    do {
        let server = try startStandInGateway(latency: true)
        print("stand-in gateway (latencies: short-term \(StandInLatency.shortTerm) ms, nowcast/ultra-short \(StandInLatency.smallOperations) ms, mid-term \(StandInLatency.midTerm) ms)")
        print("--base-url \(server.baseURL) --mid-base-url \(server.midTermBaseURL)")
        fflush(stdout)
        while true { try? await Task.sleep(for: .seconds(3600)) }
    } catch {
        fputs("Error: the stand-in gateway could not start: \(error)\n", stderr)
        return 1
    }
}
