import Foundation
import KMAForecast
import KMAGrid
import Testing
@testable import KMAForecastClient
import _KMATestSupport

@Suite("ForecastClient batches: shared cells, bounded concurrency, a budget", .removingTemporaryDirectories)
struct ClientBatchTests {
    /// A server with the recorded run relabelled for cells nx 60...60+count-1, ny 120.
    static func server(cells count: Int) throws -> (ReplayServer, [GridCell]) {
        let recorded = try RecordedRun(.shortTerm, fixture: shortTermFixture)
        let cells = try (0..<count).map { try GridCell(nx: 60 + $0, ny: 120) }
        let server = try ReplayServer(runs: cells.map { recorded.relabelled(nx: $0.nx, ny: $0.ny) }, expectedKey: testKey)
        return (server, cells)
    }

    @Test("Repeated cells share one fetch; results keep the input order")
    func sharedCells() async throws {
        let (server, cells) = try Self.server(cells: 2)
        defer { server.stop() }
        let recorder = Recorder()
        let input = [cells[0], cells[1], cells[0], cells[0]]
        let results = try await makeClient(server, recorder: recorder).fetch(.shortTerm, cells: input)
        #expect(results.count == 4 && server.requests.count == 2)
        let runs = try results.map { try $0.get() }
        #expect(runs.map(\.cell) == input)
        #expect(runs.allSatisfy { run in run.itemCount == 809 && run.rows.allSatisfy { $0.nx == run.cell.nx } })
        let progress = recorder.events.compactMap { event -> Int? in
            if case .batchProgress(_, let completed, let total) = event, total == 2 { return completed }
            return nil
        }
        #expect(progress == [1, 2])
    }

    @Test("Requests in flight reach the concurrency and never exceed it", arguments: [1, 2, 3])
    func boundedConcurrency(_ limit: Int) async throws {
        let (server, cells) = try Self.server(cells: 6)
        defer { server.stop() }
        // Counted where the client sends (the server's own count lags behind close), and the
        // first requests are held until `limit` are in flight, so reaching it is no accident.
        let probe = ProbeTransport(holdUntilInFlight: limit)
        let client = try makeClient(server, pageSize: 300, pageConcurrency: 4, transport: probe)
        let results = await client.fetch(.shortTerm, cells: cells, concurrency: limit)
        #expect(results.allSatisfy { (try? $0.get())?.itemCount == 809 }, "\(results)")
        // Waited for, not read at a moment (issue 30): every request the client made, counted
        // where it sends and where the server receives.
        #expect(await probe.wait { $0.finished.count >= 18 } && probe.snapshot.finished.count == 18, "\(probe.snapshot.finished)")
        #expect(await waitUntil { server.requests.count >= 18 } && server.requests.count == 18, "the server received \(server.requests.count)")
        #expect(probe.snapshot.maxInFlight == limit)
    }

    @Test("The budget is honoured: the rest fail without a request, and say why")
    func budget() async throws {
        let (server, cells) = try Self.server(cells: 5)
        defer { server.stop() }
        let budget = RequestBudget(limit: 3)
        let results = try await makeClient(server).fetch(.shortTerm, cells: cells, concurrency: 1, budget: budget)
        #expect(server.requests.count == 3 && budget.remaining == 0 && budget.requestsUsed == 3)
        #expect(results.prefix(3).allSatisfy { (try? $0.get()) != nil })
        for result in results.dropFirst(3) {
            guard case .failure(let error) = result else {
                Issue.record("expected a budget error")
                continue
            }
            #expect(error.reason == .budgetExhausted(limit: 3) && error.stage == .request && error.attempts == 0)
            #expect(error.description.contains("budget of 3 calls is used up"))
        }
    }

    @Test("Retries draw from the budget too, and a run is never cut short silently")
    func budgetWithRetriesAndPages() async throws {
        let (server, cells) = try Self.server(cells: 2)
        defer { server.stop() }
        server.inject(.status(500), times: 1)
        let budget = RequestBudget(limit: 4)
        let results = try await makeClient(server, pageSize: 300).fetch(.shortTerm, cells: cells, concurrency: 1, budget: budget)
        // Cell 1: 500, then 3 pages = 4 requests. Cell 2: nothing left.
        #expect(server.requests.count == 4)
        #expect((try? results[0].get())?.requests == 4)
        guard case .failure(let error) = results[1] else {
            Issue.record("expected a budget error")
            return
        }
        #expect(error.reason == .budgetExhausted(limit: 4))
    }

    @Test("Cache hits cost no budget")
    func cacheHitsAreFree() async throws {
        let (server, cells) = try Self.server(cells: 3)
        defer { server.stop() }
        let client = try makeClient(server, cache: .directory(try temporaryDirectory()))
        _ = await client.fetch(.shortTerm, cells: cells)
        let budget = RequestBudget(limit: 0)
        let again = await client.fetch(.shortTerm, cells: cells, budget: budget)
        #expect(again.allSatisfy { (try? $0.get())?.fromCache == true })
        #expect(server.requests.count == 3)
    }

    @Test("Coordinates: points in one cell share a fetch, a point off the grid gets its own error")
    func coordinates() async throws {
        let (server, _) = try Self.server(cells: 1)
        defer { server.stop() }
        let centre = ForecastGrid.kma.center(of: shortTermCell)
        let points = [
            centre,
            GeoCoordinate(latitude: centre.latitude + 0.001, longitude: centre.longitude),
            GeoCoordinate(latitude: 10, longitude: 100),
            centre,
        ]
        let results = try await makeClient(server).fetch(.shortTerm, coordinates: points)
        #expect(server.requests.count == 1 && results.count == 4)
        #expect([0, 1, 3].allSatisfy { (try? results[$0].get())?.cell == shortTermCell })
        guard case .failure(let error) = results[2] else {
            Issue.record("expected an out-of-grid error")
            return
        }
        #expect(error.stage == .request)
        if case .outsideGrid = error.reason {} else { Issue.record("expected outsideGrid, got \(error.reason)") }
    }

    @Test("Each cell gets its own error")
    func ownErrors() async throws {
        let (server, cells) = try Self.server(cells: 3)
        defer { server.stop() }
        server.inject(.status(403), times: 1, when: ReplayMatch(nx: 61))
        let results = try await makeClient(server).fetch(.shortTerm, cells: cells)
        #expect((try? results[0].get()) != nil && (try? results[2].get()) != nil)
        guard case .failure(let error) = results[1] else {
            Issue.record("expected 403 for the second cell")
            return
        }
        #expect(error.reason == .forbidden(.dataGoKr))
    }
}
