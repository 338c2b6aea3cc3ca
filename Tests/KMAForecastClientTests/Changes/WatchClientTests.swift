import Foundation
import KMAForecast
@testable import KMAForecastClient
import KMAGrid
import KMAPlaces
import Testing
import _KMATestSupport

private func watchClient(_ server: ReplayServer, clock: TestClock, cache: CacheLocation = .disabled) throws -> ForecastClient {
    let configuration = ClientConfiguration(
        serviceKey: try ServiceKey(testKey), baseURL: server.baseURL, cache: cache,
        timeouts: ClientTimeouts(connect: .seconds(5), overall: .seconds(10)), retry: RetryPolicy(maxAttempts: 2), now: { clock.now }
    )
    return try ForecastClient(configuration: configuration, transport: URLSessionTransport(), sleep: { _ in }, random: { 0.5 })
}

/// One poll as `kma-forecast watch` makes it: the snapshots, each place observed, the state
/// saved (when a file is given) before anything is returned as sent.
private func poll(_ watcher: inout ForecastWatcher, _ client: ForecastClient, _ places: [WatchPlace], state path: String? = nil) async throws -> [ForecastChange] {
    let snapshots = await client.watchSnapshots(for: places, topics: watcher.topics)
    var sent: [ForecastChange] = []
    for (place, snapshot) in zip(places, snapshots.snapshots) { sent += watcher.observe(try snapshot.get(), place: place.name) }
    if let path { try WatchStateFile.save(watcher.state, to: path) }
    return sent
}

private let places = [WatchPlace(name: "서울 강남구", location: .placeName("서울 강남구")), WatchPlace(name: "서울 노원구", location: .placeName("서울 노원구"))]

/// 1,500 events of sea zones on page 1 and the start of page 2, so that the places' own events
/// (``WarningsScenario/seoulSoutheast``) are the last rows of page 2.
private let filler = (0..<1_500).map { index in
    WarningsScenario.item(zone: "S11\(10000 + index)", name: "먼바다", command: 1, kind: 6, level: 0, tmFc: 2026_0731_0900, sequence: 1)
}

@Suite("Changes: watching through the stand-in gateway (poll cost, failed and cut-short pages, midnight, restarts, rain by its basis)", .serialized, .removingTemporaryDirectories)
struct WatchClientTests {
    @Test("Failing and cut-short pages of getPwnCd, two polls in a row each, release nothing; the real change and release come once")
    func failuresReleaseNothing() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        server.setWarningEvents(filler + WarningsScenario.seoulSoutheast.suffix(2))  // 폭염주의보, 호우주의보 in force
        let clock = TestClock(kstDate(2026, 8, 1, 9, 0))
        let client = try watchClient(server, clock: clock)
        var watcher = ForecastWatcher(topics: [.warnings])
        var sent: [(String, ForecastChange)] = []
        func step(_ minutes: Int, _ fault: ReplayFault? = nil, times: Int = 1) async throws {
            clock.advance(minutes: minutes)
            if let fault { server.inject(fault, times: times, when: ReplayMatch(operation: "getPwnCd", pageNo: 2)) }
            let at = KSTDateTime(clock.now).iso8601
            sent += try await poll(&watcher, client, places).map { (String(at.dropFirst(11).prefix(5)), $0) }
        }
        try await step(0)
        try await step(10, .dropItems(505))
        try await step(10, .dropItems(505))
        try await step(10, .status(500), times: 2)
        try await step(10, .status(500), times: 2)
        try await step(10)
        #expect(sent.isEmpty, "\(sent.map(\.1.english))")
        server.setWarningEvents(filler + WarningsScenario.seoulSoutheast)  // 10:00 heat up, wind next door; 11:50 rain released
        try await step(80)   // 11:10
        try await step(50, .dropItems(505))   // 12:00: cut short (page 2 empty, KMA's count unchanged)
        try await step(10)   // 12:10: the release seen once, held
        try await step(10, .status(500), times: 2)   // 12:20: failed
        try await step(10)   // 12:30: confirmed
        try await step(10)
        let lines = sent.map { "\($0.0) \($0.1.kind.rawValue) \($0.1.place) \($0.1.alert?.title ?? "")" }
        #expect(lines == [
            "11:10 warningUpgraded 서울 강남구 폭염경보", "11:10 warningIssued 서울 노원구 강풍주의보", "12:30 warningReleased 서울 강남구 호우주의보",
        ])
        #expect(Set(sent.map(\.1.id)).count == sent.count)
    }

    @Test("Poll cost: one getPwnCd answer for every place per poll (2 pages, then a one-row check), whatever the number of places")
    func pollCost() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        server.setWarningEvents(filler + WarningsScenario.seoulSoutheast)
        let clock = TestClock(kstDate(2026, 8, 1, 12, 0))
        let client = try watchClient(server, clock: clock, cache: .directory(try temporaryDirectory()))
        var watcher = ForecastWatcher(topics: [.warnings])
        var perPoll: [Int] = []
        for _ in 0..<3 {
            let before = server.requests.count
            _ = try await poll(&watcher, client, places + [WatchPlace(name: "제주", location: .placeName("제주시"))])
            perPoll.append(server.requests.count - before)
            clock.advance(minutes: 10)
        }
        #expect(perPoll == [2, 1, 1])
        #expect(server.requests.allSatisfy { $0.operation == "getPwnCd" })
    }

    @Test("A first warning just after midnight is in the first poll after it (the period is KST dates, ending today)")
    func afterMidnight() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        server.setWarningEvents([
            WarningsScenario.item(zone: "L1100100", name: "서울동남권", command: 1, kind: 2, level: 0, tmFc: 2026_0802_0001, sequence: 1, start: 2026_0802_0001),
        ])
        let clock = TestClock(kstDate(2026, 8, 1, 23, 50))
        let client = try watchClient(server, clock: clock)
        var watcher = ForecastWatcher(topics: [.warnings])
        #expect(try await poll(&watcher, client, places).isEmpty)
        clock.advance(minutes: 10)
        #expect(try await poll(&watcher, client, places).isEmpty)
        clock.advance(minutes: 10)
        let sent = try await poll(&watcher, client, places)
        #expect(sent.map(\.kind) == [.warningIssued] && sent.first?.place == "서울 강남구")
        #expect(server.requests.last?.parameters["toTmFc"] == "20260802")
    }

    @Test("A restart from the state file sends nothing twice and misses nothing")
    func restart() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        let clock = TestClock(kstDate(2026, 8, 1, 9, 0))
        let client = try watchClient(server, clock: clock)
        let path = try temporaryDirectory() + "/watch-state.json"
        func run(restartAt: Int?) async throws -> [ForecastChange] {
            clock.set(kstDate(2026, 8, 1, 9, 0))
            try? FileManager.default.removeItem(atPath: path)
            server.setWarningEvents(WarningsScenario.seoulSoutheast.suffix(2))
            var watcher = ForecastWatcher(state: try WatchStateFile.load(path) ?? WatchState(), topics: [.warnings])
            var sent: [ForecastChange] = []
            for index in 0..<12 {
                if index == 3 { server.setWarningEvents(WarningsScenario.seoulSoutheast) }
                if index == restartAt { watcher = ForecastWatcher(state: try #require(try WatchStateFile.load(path)), topics: [.warnings]) }
                sent += try await poll(&watcher, client, places, state: path)
                clock.advance(minutes: 20)
            }
            return sent
        }
        let once = try await run(restartAt: nil)
        #expect(once.map(\.kind) == [.warningUpcoming, .warningIssued, .warningUpgraded, .warningReleased])
        for restartAt in [1, 3, 4, 5, 9] {
            #expect(try await run(restartAt: restartAt) == once, "restarted before poll \(restartAt)")
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""version":1"#) && !text.contains("TESTKEY"))
    }

    @Test("A forecast sequence: rain forecast first by the short-term run, then by the ultra-short forecast, then observed, each at its hour with its basis")
    func rainByBasis() async throws {
        let cell = try PlaceDirectory.kma.place(named: "서울 강남구").cell
        let (nx, ny) = (cell.nx, cell.ny)
        func hours(_ list: [Int]) -> Set<Int> { Set(list.map { 2026_0926_00 + $0 }) }
        func base(_ time: String) throws -> ForecastBase { try ForecastBase(baseDate: "20260926", baseTime: time) }
        let server = try ReplayServer(expectedKey: testKey)
        server.add(RainSequenceScenario.shortTerm(base: try base("0800"), nx: nx, ny: ny, wet: []))
        server.add(RainSequenceScenario.shortTerm(base: try base("1100"), nx: nx, ny: ny, wet: hours([20, 21, 22])))
        server.add(RainSequenceScenario.shortTerm(base: try base("1400"), nx: nx, ny: ny, wet: hours(Array(15...22))))
        for (time, wet) in [("1030", [Int]()), ("1130", []), ("1230", Array(14...18)), ("1430", Array(15...20))] {
            server.add(RainSequenceScenario.ultraShort(base: try base(time), nx: nx, ny: ny, wet: hours(wet)))
        }
        for (time, wet) in [("1000", false), ("1100", false), ("1200", false), ("1400", true)] {
            server.add(RainSequenceScenario.nowcast(base: try base(time), nx: nx, ny: ny, wet: wet))
        }
        let clock = TestClock(kstDate(2026, 9, 26, 10, 50))
        let client = try watchClient(server, clock: clock, cache: .directory(try temporaryDirectory()))
        var watcher = ForecastWatcher(topics: [.rain])
        let place = [places[0]]
        var lines: [String] = []
        var requests: [Int] = []
        for minutes in [0, 60, 60, 120, 5] {
            clock.advance(minutes: minutes)
            let before = server.requests.count
            for change in try await poll(&watcher, client, place) {
                lines.append("\(change.kind.rawValue) \(change.at.iso8601.prefix(16)) \(change.basis.rawValue) \(change.resolution.rawValue)")
            }
            requests.append(server.requests.count - before)
        }
        #expect(lines == [
            "precipitationStarts 2026-09-26T20:00 shortTermForecast hour",
            "precipitationStarts 2026-09-26T14:00 ultraShortForecast hour",
            "precipitationStarts 2026-09-26T14:00 observed observation",
            "precipitationStops 2026-09-26T23:00 shortTermForecast hour",
        ])
        // 3 products a poll while each has a new run; 0 requests within the same update (cache).
        #expect(requests.last == 0, "\(requests)")
    }
}
