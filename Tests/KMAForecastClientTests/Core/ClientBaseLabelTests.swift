import Foundation
import KMAForecast
import KMAGrid
import Testing
@testable import KMAForecastClient
import _KMATestSupport

/// Issue 9, part 5: KMA answers an ultra-short request for HH30 with items labelled HH00 of the
/// same hour (data.go.kr in production on 2026-10-04; API Hub recordings, asked as 0030,
/// answered under 0000). That is the run asked for; any other label is still another run.
@Suite("ForecastClient over HTTP: an ultra-short run labelled HH00 is the HH30 run asked for", .removingTemporaryDirectories)
struct ClientBaseLabelTests {
    /// The recorded ultra-short run: 2021-03-28 15:30 at nx 56, ny 125, 60 items.
    static let fixture = "api/getUltraSrtFcst_20210328_1530_nx56_ny125.json"
    static let cell: GridCell = {
        guard let cell = try? GridCell(nx: 56, ny: 125) else { preconditionFailure("a valid test cell") }
        return cell
    }()
    /// 16:00 KST: the newest ultra-short run is the recorded 1530 run.
    static let clock = kstDate(2021, 3, 28, 16, 0)

    static func server(_ run: RecordedRun? = nil) throws -> ReplayServer {
        try ReplayServer(runs: [try run ?? RecordedRun(.ultraShort, fixture: fixture)], expectedKey: testKey)
    }

    static func base(_ time: String, date: String = "20210328") -> ForecastBase {
        guard let base = try? ForecastBase(baseDate: date, baseTime: time) else { preconditionFailure("a valid test base") }
        return base
    }
    /// The run asked for, and KMA's label for it.
    static let b1530 = base("1530")
    static let b1500 = base("1500")

    @Test("Items labelled 1500 for a request for 1530: the 1530 run, with KMA's label told", arguments: [ServiceProvider.dataGoKr, .apiHub])
    func acceptedAsRequested(provider: ServiceProvider) async throws {
        let plain = try Self.server()
        defer { plain.stop() }
        let expected = try await makeClient(plain, provider: provider, clock: TestClock(Self.clock)).fetch(.ultraShort, cell: Self.cell)
        #expect(expected.labelledBase == nil)

        let server = try Self.server()
        defer { server.stop() }
        server.inject(.relabelBase(baseTime: "1500"), times: 9)
        let run = try await makeClient(server, provider: provider, clock: TestClock(Self.clock)).fetch(.ultraShort, cell: Self.cell)
        // Regression: "KMA sent an item for … run 20210328 1500 …; nothing from this answer was used."
        #expect(run.base == Self.b1530 && run.labelledBase == Self.b1500)
        #expect(run.itemCount == 60 && run.rows.count == 6 && run.requests == 1 && !run.isFallback)
        #expect(run.rows == expected.rows)
        #expect(run.rows.allSatisfy { $0.base == run.base && $0.inferredProduct == .ultraShort })
        #expect(server.requests.map { $0.parameters["base_time"] ?? "" } == ["1530"])
    }

    @Test("The item stream delivers them under the requested base too")
    func stream() async throws {
        let server = try Self.server()
        defer { server.stop() }
        server.inject(.relabelBase(baseTime: "1500"), times: 9)
        var items: [ForecastItem] = []
        for try await item in try makeClient(server, clock: TestClock(Self.clock)).items(.ultraShort, cell: Self.cell) { items.append(item) }
        #expect(items.count == 60 && items.allSatisfy { $0.base.baseTime == "1530" })
    }

    @Test("Both pages labelled HH00 make one run; pages labelled differently are refused", arguments: [
        (ReplayMatch.any, nil as String?),
        (ReplayMatch(pageNo: 2), "pageNo=2"),
        (ReplayMatch(pageNo: 1), "pageNo=2"),
    ])
    func acrossPages(match: ReplayMatch, failingURL: String?) async throws {
        let server = try Self.server()
        defer { server.stop() }
        server.inject(.relabelBase(baseTime: "1500"), times: match == .any ? 9 : 1, when: match)
        let client = try makeClient(server, clock: TestClock(Self.clock), pageSize: 30)
        let error = await fetchError(client, .ultraShort, cell: Self.cell)
        guard let failingURL else {
            #expect(error == nil, "\(String(describing: error))")
            #expect(server.requests.count == 2)
            return
        }
        let failure = try #require(error)
        #expect(failure.reason == .mixedBaseLabels(run: Self.b1530, labels: match == ReplayMatch(pageNo: 1) ? [Self.b1500, Self.b1530] : [Self.b1530, Self.b1500]))
        #expect(failure.stage == .consistency && !failure.isTransient)
        #expect(failure.url?.contains(failingURL) == true)
    }

    @Test("A page whose items carry both labels mixes runs: refused, nothing used")
    func mixedInOnePage() async throws {
        let recorded = try RecordedRun(.ultraShort, fixture: Self.fixture)
        var mixed = recorded
        mixed.items = Array(recorded.relabelledBase(baseTime: "1500").items.prefix(30) + recorded.items.dropFirst(30))
        let server = try Self.server(mixed)
        defer { server.stop() }
        let error = try #require(await fetchError(try makeClient(server, clock: TestClock(Self.clock)), .ultraShort, cell: Self.cell))
        #expect(error.reason == .mixedBaseLabels(run: Self.b1530, labels: [Self.b1530, Self.b1500]))
        #expect(error.description == "KMA labelled the items of run 20210328 1530 with two base times, 1530 and 1500: an ultra-short run asked as HH30 may come labelled HH00, but not both, so the answer mixes runs and nothing from it was used. Try again.")
        for text in texts(of: error) { #expect(!text.contains("TESTKEY"), "\(text)") }
    }

    @Test("Items for any other run or cell are still refused", arguments: [
        (ReplayFault.relabelBase(baseTime: "1430"), "run 20210328 1430"),        // the previous run
        (.relabelBase(baseTime: "1400"), "run 20210328 1400"),                    // the previous hour's label
        (.relabelBase(baseTime: "1600"), "run 20210328 1600"),                    // the next hour
        (.relabelBase(baseTime: "1545"), "run 20210328 1545"),
        (.relabelBase(baseDate: "20210327", baseTime: "1500"), "run 20210327 1500"),  // the same hour, another day
        (.relabelItems(nx: 57, ny: 125), "nx 57, ny 125, run 20210328 1530"),
    ])
    func otherRuns(fault: ReplayFault, found: String) async throws {
        let server = try Self.server()
        defer { server.stop() }
        server.inject(fault, times: 9)
        let error = try #require(await fetchError(try makeClient(server, clock: TestClock(Self.clock)), .ultraShort, cell: Self.cell))
        #expect(error.stage == .consistency && error.attempts == 1)
        let sent = found.hasPrefix("nx") ? found : "nx 56, ny 125, \(found)"
        #expect(error.description == "KMA sent an item for \(sent) in answer to a request for nx 56, ny 125, run 20210328 1530; nothing from this answer was used. Try again.")
    }

    @Test("Only the ultra-short product: a short-term run asked as 0530 and labelled 0500 is refused")
    func onlyUltraShort() async throws {
        var run = try RecordedRun(.shortTerm, fixture: shortTermFixture)
        run.baseTime = "0530"   // served for a request for 0530; the items still say 0500
        let server = try ReplayServer(runs: [run], expectedKey: testKey)
        defer { server.stop() }
        let client = try makeClient(server)
        let error = try #require(await #expect(throws: ForecastClientError.self) {
            _ = try await client.fetch(.shortTerm, cell: shortTermCell, base: try ForecastBase(baseDate: "20221120", baseTime: "0530"))
        })
        #expect(error.description.hasPrefix("KMA sent an item for nx 60, ny 120, run 20221120 0500 in answer to a request for nx 60, ny 120, run 20221120 0530"))
    }

    @Test("A cached run labelled HH00 replays through the same check: a hit, the same rows and label")
    func cache() async throws {
        let server = try Self.server()
        defer { server.stop() }
        server.inject(.relabelBase(baseTime: "1500"), times: 9)
        let directory = try temporaryDirectory()
        let recorder = Recorder()
        let client = try makeClient(server, clock: TestClock(Self.clock), cache: .directory(directory), recorder: recorder)
        let first = try await client.fetch(.ultraShort, cell: Self.cell)
        let second = try await client.fetch(.ultraShort, cell: Self.cell)
        // With the cache on, the run's file version is asked for before its page (one getFcstVersion).
        #expect(!first.fromCache && second.fromCache && second.requests == 0)
        #expect(server.requests.map(\.operation) == ["getFcstVersion", "getUltraSrtFcst"])
        #expect(second.rows == first.rows && second.base == first.base && second.labelledBase == Self.b1500)
        #expect(!recorder.events.contains { if case .cacheIgnored = $0 { true } else { false } }, "\(recorder.eventTexts)")
        // KMA's answer is stored as it came, label and all.
        let path = try #require(client.cache).pagesPath(ForecastCache.Key(provider: .dataGoKr, product: .ultraShort, cell: Self.cell, base: first.base))
        let stored = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(stored.contains(#""baseTime": "1500""#) && !stored.contains(#""baseTime": "1530""#))
    }
}
