import Foundation
import KMAForecast
import KMAGrid
import Testing
@testable import KMAForecastClient
import _KMATestSupport

@Suite("ForecastClient against a stand-in gateway that enforces 30 requests a second", .removingTemporaryDirectories)
struct ClientRateLimitTests {
    /// A server answering the recorded short-term run for any cell.
    static func server(limits: GatewayLimits?) throws -> ReplayServer {
        let server = try ReplayServer(expectedKey: testKey)
        server.synthesize(try RecordedRun(.shortTerm, fixture: shortTermFixture))
        server.enforce(limits)
        return server
    }

    static func cells(_ count: Int) throws -> [GridCell] {
        try (0..<count).map { try GridCell(nx: 1 + $0 % 149, ny: 1 + $0 / 149) }
    }

    @Test("Paced by the limiter, a batch gets no refusal; every cell gets its own run")
    func pacedBatchIsNeverRefused() async throws {
        let server = try Self.server(limits: GatewayLimits(requestsPerSecond: 30, latencyMilliseconds: ["getVilageFcst": 50]))
        defer { server.stop() }
        let cells = try Self.cells(45)
        let client = try makeClient(server, retry: .none, rateLimiter: RequestRateLimiter(requestsPerSecond: 30))
        let results = await client.fetch(.shortTerm, cells: cells, concurrency: 16)
        let runs = try results.map { try $0.get() }
        #expect(zip(runs, cells).allSatisfy { $0.cell == $1 && $0.itemCount == 809 })
        let counts = server.gatewayCounts
        #expect(counts.refused == 0 && counts.accepted == 45)
        #expect((counts.peakPerSecond["getVilageFcst"] ?? 99) <= 30)
    }

    @Test("Without the limiter a batch is refused: the stand-in gateway enforces its limit")
    func unpacedBatchIsRefused() async throws {
        // A limit of 2 a second: 20 unpaced requests would have to take 10 s to pass, however
        // loaded the machine is.
        let server = try Self.server(limits: GatewayLimits(requestsPerSecond: 2))
        defer { server.stop() }
        let client = try makeClient(server, retry: .none, rateLimiter: nil)
        let results = await client.fetch(.shortTerm, cells: try Self.cells(20), concurrency: 8)
        let refused = results.filter { (try? $0.get()) == nil }
        #expect(server.gatewayCounts.refused > 0 && refused.count == server.gatewayCounts.refused)
        #expect(refused.allSatisfy { if case .failure(let error) = $0 { error.resultCode == .perSecondLimitExceeded } else { false } })
    }

    @Test("A 429 with Retry-After pauses the operation that long, then the request is retried and succeeds")
    func tooManyRequestsPauses() async throws {
        let server = try Self.server(limits: nil)
        defer { server.stop() }
        server.inject(.status(429, headers: ["Retry-After": "1"]), times: 1)
        let limiter = RequestRateLimiter(requestsPerSecond: 30)
        let recorder = Recorder()
        let client = try makeClient(server, recorder: recorder, rateLimiter: limiter)
        let started = ContinuousClock.now
        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(run.itemCount == 809 && run.requests == 2)
        #expect(limiter.refusals == 1)
        // The retry's own sleep is instant in these tests: the second of waiting is the limiter's.
        #expect(ContinuousClock.now - started >= .seconds(1))
    }

    @Test("Code 22 stops new requests at once: the rest fail as not fetched, with the reset at midnight KST")
    func quotaStopsTheBatch() async throws {
        let server = try Self.server(limits: nil)
        defer { server.stop() }
        let quota = String(decoding: try Fixtures.bytes("api/hand_made_gateway_error_22_quota.xml"), as: UTF8.self)
        server.inject(.body(quota, contentType: "text/xml;charset=UTF-8"), times: 1, when: ReplayMatch(nx: 3))
        let limiter = RequestRateLimiter(requestsPerSecond: 30)
        let client = try makeClient(server, rateLimiter: limiter)
        let cells = try Self.cells(6)
        var outcomes: [Result<ForecastRun, ForecastClientError>] = []
        await client.fetch([.shortTerm], cells: cells, concurrency: 1) { index, runs in
            #expect(index == outcomes.count)
            outcomes.append(runs[0])
        }
        #expect(server.requests.count == 3)
        #expect(outcomes.prefix(2).allSatisfy { (try? $0.get()) != nil })
        guard case .failure(let third) = outcomes[2], case .failure(let fourth) = outcomes[3] else {
            Issue.record("expected failures from the third cell on")
            return
        }
        #expect(third.resultCode == .quotaExceeded)
        let midnight = kstDate(2022, 11, 21, 0, 0)
        #expect(fourth.reason == .quotaExhausted(resetsAt: midnight))
        #expect(fourth.description.contains("2022-11-21T00:00:00+09:00"))
        #expect(outcomes.dropFirst(3).allSatisfy { if case .failure(let error) = $0 { error.reason == .quotaExhausted(resetsAt: midnight) } else { false } })
        #expect(limiter.quotaStop?.resetsAt == midnight)
    }

    @Test("An interrupted batch rerun with the cache makes only the missing requests")
    func resumesFromTheCache() async throws {
        let server = try Self.server(limits: nil)
        defer { server.stop() }
        let directory = try temporaryDirectory()
        let cells = try Self.cells(20)
        let input = cells + cells.prefix(5)          // repeats: served once
        let first = try makeClient(server, cache: .directory(directory), rateLimiter: RequestRateLimiter(requestsPerSecond: 1000))
        let budget = RequestBudget(limit: 8)
        var failed = 0
        await first.fetch([.shortTerm], cells: input, concurrency: 4, budget: budget) { _, runs in
            if (try? runs[0].get()) == nil { failed += 1 }
        }
        #expect(server.requests.count == 8)
        #expect(failed == input.count - 8 - 5 || failed > 0)
        let second = try makeClient(server, cache: .directory(directory), rateLimiter: RequestRateLimiter(requestsPerSecond: 1000))
        var fetched: [GridCell] = []
        await second.fetch([.shortTerm], cells: input, concurrency: 4) { index, runs in
            if let run = try? runs[0].get() { fetched.append(run.cell) }
        }
        #expect(fetched == input)
        // 20 distinct cells, 8 fetched before the interruption: 12 more, not 20.
        #expect(server.requests.count == 20)
    }
}
