import Foundation
import KMAForecast
import KMAForecastClient
import KMAGrid
@testable import KMAForecastServe
import Testing
import _KMATestSupport
import _KMAToolSupport

@Suite("serve: /v1/forecast — the CLI's JSON, one KMA fetch per cell and run, validators, gzip")
struct ServeForecastTests {
    @Test("The body is exactly what 'kma-forecast --format json' writes for the same place and instant")
    func bodyIsTheCLIJSON() async throws {
        let harness = try ServeHarness()
        let served = try await harness.get("/v1/forecast?nx=60&ny=127")
        #expect(served.status == 200)
        #expect(served.headers["content-type"] == "application/json; charset=utf-8")
        let cli = await runTool(
            ["--nx", "60", "--ny", "127", "--format", "json", "--base-url", harness.kma.baseURL, "--mid-base-url", harness.kma.midTermBaseURL,
             "--warnings-base-url", harness.kma.warningsBaseURL, "--uv-base-url", harness.kma.uvIndexBaseURL, "--cache-dir", harness.cacheDirectory + "-cli"],
            environment: Scenario.environment, now: Scenario.now
        )
        #expect(!cli.stdout.isEmpty)
        #expect(served.text == cli.stdout)
        try? FileManager.default.removeItem(atPath: harness.cacheDirectory + "-cli")
        let decoded = try JSONDecoder().decode(LocalForecast.self, from: Data(served.body))
        #expect(decoded.location.cell == (try GridCell(nx: 60, ny: 127)))
    }

    @Test("40 concurrent requests for 4 cells (two location forms each) cost exactly 4 short-term fetches at KMA")
    func concurrentRequestsAreCoalesced() async throws {
        let kma = try ServeHarness.standIn()
        // Long enough that the requests overlap the first fetch of each cell on any machine;
        // the verdict does not depend on it (coalesced: 4 whatever the timing).
        kma.setLatency(milliseconds: 400, for: "getVilageFcst")
        let harness = try ServeHarness(kma: kma)
        let cells = try [(60, 127), (61, 127), (98, 76), (55, 124)].map { try GridCell(nx: $0.0, ny: $0.1) }
        let paths = cells.flatMap { cell -> [String] in
            let center = ForecastGrid.kma.center(of: cell)
            return ["/v1/forecast?nx=\(cell.nx)&ny=\(cell.ny)", "/v1/forecast?lat=\(center.latitude)&lon=\(center.longitude)"]
        }
        let port = harness.port
        let statuses = try await offPool { concurrently(40) { index in (try? fetch(port, paths[index % paths.count]))?.status ?? 0 } }
        #expect(statuses.count == 40 && statuses.allSatisfy { $0 == 200 })
        #expect(harness.kmaRequests("getVilageFcst") == 4)
        let counts = harness.server.metrics.snapshot
        #expect(counts.kmaCalls["getVilageFcst"] == 4)
        #expect(counts.cacheHits + counts.cacheMisses == 40)
        #expect(counts.coalescedWaits > 0)
        // A repeat is a cache hit: no request at all.
        let before = harness.kma.requests.count
        #expect(try await harness.get(paths[0]).status == 200)
        #expect(harness.kma.requests.count == before)
    }

    @Test("A cached forecast is served until KMA's schedule says a newer run exists, then fetched again")
    func newerRunIsFetched() async throws {
        let kma = try ServeHarness.standIn()
        let harness = try ServeHarness(kma: kma)
        let first = try await harness.get("/v1/forecast?nx=60&ny=127&days=0")
        #expect(first.status == 200)
        let maxAge = Int(first.headers["cache-control"]?.split(separator: "=").last ?? "") ?? -1
        #expect(maxAge > 0 && maxAge <= 600)
        #expect(first.headers["age"] == "0")
        harness.clock.withLock { $0 += 60 }
        let again = try await harness.get("/v1/forecast?nx=60&ny=127&days=0")
        #expect(again.headers["age"] == "60" && again.headers["etag"] == first.headers["etag"])
        #expect(harness.kmaRequests("getVilageFcst") == 1)
        // Three hours on, the short-term run of 17:00 is the newest: asked for (KMA answers NO_DATA
        // for it here, and the client falls back, as it does).
        harness.clock.withLock { $0 += 3 * 3600 }
        _ = try await harness.get("/v1/forecast?nx=60&ny=127&days=0")
        #expect(harness.kma.requests.contains { $0.operation == "getVilageFcst" && $0.parameters["base_time"] == "1700" })
    }

    @Test("ETag and If-None-Match give 304 without a body; gzip when asked, which Python's gzip reads back")
    func validatorsAndGzip() async throws {
        let harness = try ServeHarness()
        let plain = try await harness.get("/v1/forecast?nx=60&ny=127")
        let etag = try #require(plain.headers["etag"])
        #expect(etag.hasPrefix("\"") && etag.count == 34)
        let notModified = try await harness.get("/v1/forecast?nx=60&ny=127", headers: ["If-None-Match": etag])
        #expect(notModified.status == 304 && notModified.body.isEmpty && notModified.headers["etag"] == etag)
        let other = try await harness.get("/v1/forecast?nx=60&ny=127", headers: ["If-None-Match": "\"0000\""])
        #expect(other.status == 200)
        let zipped = try await harness.get("/v1/forecast?nx=60&ny=127", headers: ["Accept-Encoding": "br, gzip;q=0.8"])
        #expect(zipped.headers["content-encoding"] == "gzip")
        #expect(zipped.body.count < plain.body.count / 3)
        let inflated = try PythonCheck.gunzip(zipped.body)
        #expect(inflated == plain.body)
        let refused = try await harness.get("/v1/forecast?nx=60&ny=127", headers: ["Accept-Encoding": "gzip;q=0"])
        #expect(refused.headers["content-encoding"] == nil && refused.body == plain.body)
    }
}
