import Foundation
import KMAForecast
import KMAGrid
import Testing
@testable import KMAForecastClient
import _KMATestSupport

/// A recorded run relabelled as another run of the same day (`baseTime`), with the items of
/// some categories left out: everywhere, or only at the first forecast hour. The replay server
/// cuts pages from the items it has, so `totalCount` still adds up, as in KMA's own answers
/// right after a run is due.
func recordedRun(
    _ product: ForecastProduct, fixture: String, baseTime: String? = nil, without categories: [String] = [], firstHourOnly: Bool = false
) throws -> RecordedRun {
    var run = try RecordedRun(product, fixture: fixture)
    guard let firstHour = run.items.first.map({ String(decoding: $0, as: UTF8.self) }) else {
        throw FixtureError.malformed(fixture, "no items")
    }
    // The first item's date and time, as they stand in every item of that hour.
    let firstTime = firstHour.range(of: #""fcstDate"\s*:\s*"\d{8}",\s*"fcstTime"\s*:\s*"\d{4}""#, options: .regularExpression)
        .map { String(firstHour[$0]) }
    run.items = run.items.filter { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let dropped = categories.contains { text.range(of: #""category"\s*:\s*"\#($0)""#, options: .regularExpression) != nil }
        guard dropped else { return true }
        return firstHourOnly && !(firstTime.map(text.contains) ?? true)
    }
    if let baseTime {
        let old = run.baseTime
        run.baseTime = baseTime
        run.items = run.items.map {
            Array(String(decoding: $0, as: UTF8.self).replacingOccurrences(
                of: #"("baseTime"\s*:\s*")\#(old)""#, with: "$1\(baseTime)\"", options: .regularExpression).utf8)
        }
    }
    return run
}

@Suite("ForecastClient: a run that lacks categories its product always has is never cached or shown as complete", .removingTemporaryDirectories)
struct ClientIncompleteRunTests {
    static func key(_ baseTime: String, root: String? = nil) throws -> ForecastCache.Key {
        ForecastCache.Key(provider: .dataGoKr, product: .shortTerm, cell: shortTermCell, base: try ForecastBase(baseDate: "20221120", baseTime: baseTime), root: root)
    }

    /// 08:15: the newest short-term run is 0800.
    static let at0815 = kstDate(2022, 11, 20, 8, 15)

    @Test("The newest run incomplete: the previous run is delivered as a fallback, the newest noted and tried again later")
    func fallsBack() async throws {
        let incomplete = try recordedRun(.shortTerm, fixture: shortTermFixture, baseTime: "0800", without: ["SNO"])
        let server = try ReplayServer(runs: [try RecordedRun(.shortTerm, fixture: shortTermFixture), incomplete], expectedKey: testKey)
        defer { server.stop() }
        let clock = TestClock(Self.at0815)
        let recorder = Recorder()
        let client = try makeClient(server, clock: clock, cache: .directory(try temporaryDirectory()), recorder: recorder)
        let cache = try #require(client.cache)

        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(run.base.baseTime == "0500" && run.newestBase.baseTime == "0800" && run.isFallback && run.fallbackSteps == 1)
        #expect(run.requests == 2 && run.itemCount == 809 && !run.fromCache)
        #expect(server.requests.map { $0.parameters["base_time"] ?? "" } == ["0800", "0500"])
        #expect(!FileManager.default.fileExists(atPath: cache.pagesPath(try Self.key("0800"))))
        #expect(cache.noDataCheckedAt(try Self.key("0800", root: server.baseURL)) != nil)
        #expect(recorder.events.contains { if case .fallback(_, _, let from, let to) = $0 { from.baseTime == "0800" && to.baseTime == "0500" } else { false } })
        #expect(!recorder.events.contains { if case .runFetched(_, _, let base, _, _, _) = $0 { base.baseTime == "0800" } else { false } })

        clock.advance(minutes: 5)     // noted: the newest is not asked again yet
        let again = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(again.base.baseTime == "0500" && again.fromCache && again.requests == 0 && server.requests.count == 2)

        server.add(try RecordedRun(.shortTerm, fixture: shortTermFixture).relabelledBase("0800"))
        clock.advance(minutes: 6)     // complete now
        let complete = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(complete.base.baseTime == "0800" && !complete.isFallback && !complete.fromCache && complete.requests == 1)
        #expect(FileManager.default.fileExists(atPath: cache.pagesPath(try Self.key("0800"))))
    }

    @Test("Missing only at the first hour is incomplete too; over several pages it is found at the last and nothing is cached")
    func firstHourAcrossPages() async throws {
        let incomplete = try recordedRun(.shortTerm, fixture: shortTermFixture, baseTime: "0800", without: ["PCP", "REH"], firstHourOnly: true)
        #expect(incomplete.items.count == 807)
        let server = try ReplayServer(runs: [try RecordedRun(.shortTerm, fixture: shortTermFixture), incomplete], expectedKey: testKey)
        defer { server.stop() }
        let client = try makeClient(server, clock: TestClock(Self.at0815), cache: .directory(try temporaryDirectory()), pageSize: 300)
        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(run.base.baseTime == "0500" && run.isFallback && run.requests == 6 && run.pageCount == 3)
        #expect(!FileManager.default.fileExists(atPath: try #require(client.cache).pagesPath(try Self.key("0800"))))
    }

    @Test("A run asked for explicitly fails with a typed error naming what is missing, and is not cached")
    func explicitRun() async throws {
        let incomplete = try recordedRun(.shortTerm, fixture: shortTermFixture, baseTime: "0800", without: ["SNO", "POP"])
        let server = try ReplayServer(runs: [try RecordedRun(.shortTerm, fixture: shortTermFixture), incomplete], expectedKey: testKey)
        defer { server.stop() }
        let client = try makeClient(server, clock: TestClock(Self.at0815), cache: .directory(try temporaryDirectory()))
        let base = try ForecastBase(baseDate: "20221120", baseTime: "0800")
        for call in 1...2 {
            do throws(ForecastClientError) {
                _ = try await client.fetch(.shortTerm, cell: shortTermCell, base: base)
                Issue.record("an incomplete run was returned")
            } catch {
                #expect(error.reason == .incompleteRun(product: .shortTerm, base: base, missing: [.pop, .sno]))
                #expect(error.stage == .consistency && !error.isTransient)
                #expect(error.description.contains("lacks POP, SNO") && error.description.contains("try again in a few minutes"), "\(error)")
            }
            #expect(server.requests.count == call)
        }
        #expect(!FileManager.default.fileExists(atPath: try #require(client.cache).pagesPath(try Self.key("0800"))))
    }

    @Test("No earlier run either: the error says the newest is incomplete, not that there is no data")
    func noEarlierRun() async throws {
        let server = try ReplayServer(runs: [try recordedRun(.shortTerm, fixture: shortTermFixture, without: ["TMP"])], expectedKey: testKey)
        defer { server.stop() }
        let client = try makeClient(server, cache: .directory(try temporaryDirectory()))
        let error = try #require(await fetchError(client))
        guard case .incompleteRun(_, let base, let missing) = error.reason else {
            Issue.record("expected incompleteRun, got \(error)")
            return
        }
        #expect(base.baseTime == "0500" && missing == [.tmp])
        #expect(server.requests.map { $0.parameters["base_time"] ?? "" } == ["0500", "0200", "2300"])
    }

    @Test("Without a cache the fallback still happens (each call asks again)")
    func withoutCache() async throws {
        let incomplete = try recordedRun(.shortTerm, fixture: shortTermFixture, baseTime: "0800", without: ["SNO"])
        let server = try ReplayServer(runs: [try RecordedRun(.shortTerm, fixture: shortTermFixture), incomplete], expectedKey: testKey)
        defer { server.stop() }
        let client = try makeClient(server, clock: TestClock(Self.at0815))
        for call in 1...2 {
            let run = try await client.fetch(.shortTerm, cell: shortTermCell)
            #expect(run.base.baseTime == "0500" && run.requests == 2 && server.requests.count == 2 * call)
        }
    }

    @Test("Nowcast and ultra-short: their own required categories", arguments: [
        (UpdatingProduct.nowcast, "REH", "1300"), (UpdatingProduct.ultraShort, "LGT", "1430"),
    ])
    func otherProducts(_ c: UpdatingProduct, _ dropped: String, _ previous: String) async throws {
        let incomplete = try recordedRun(c.product, fixture: c.fixture, without: [dropped])
        let earlier = try recordedRun(c.product, fixture: c.fixture, baseTime: previous)
        let server = try ReplayServer(runs: [incomplete, earlier], expectedKey: testKey)
        defer { server.stop() }
        let client = try makeClient(server, clock: TestClock(c.cachedAt), cache: .directory(try temporaryDirectory()))
        let run = try await client.fetch(c.product, cell: UpdatingProduct.cell)
        #expect(run.base.baseTime == previous && run.isFallback && run.fileVersion != nil)
        // The version of the incomplete run, its page, the version of the earlier run, its page.
        #expect(operations(server) == ["getFcstVersion", c.product.operation, "getFcstVersion", c.product.operation])
        #expect(run.requests == 4)
    }

    @Test("The item stream passes over an incomplete newest run before any item goes out")
    func itemStream() async throws {
        let incomplete = try recordedRun(.shortTerm, fixture: shortTermFixture, baseTime: "0800", without: ["SNO"])
        let server = try ReplayServer(runs: [try RecordedRun(.shortTerm, fixture: shortTermFixture), incomplete], expectedKey: testKey)
        defer { server.stop() }
        let client = try makeClient(server, clock: TestClock(Self.at0815), cache: .directory(try temporaryDirectory()))
        var bases: Set<String> = []
        var count = 0
        for try await item in client.items(.shortTerm, cell: shortTermCell) {
            bases.insert(item.base.baseTime)
            count += 1
        }
        #expect(bases == ["0500"] && count == 809)
    }

    @Test("Once items went out, an incomplete run ends the stream with the error")
    func itemStreamAfterItems() async throws {
        let incomplete = try recordedRun(.shortTerm, fixture: shortTermFixture, baseTime: "0800", without: ["SNO"], firstHourOnly: true)
        let server = try ReplayServer(runs: [try RecordedRun(.shortTerm, fixture: shortTermFixture), incomplete], expectedKey: testKey)
        defer { server.stop() }
        let client = try makeClient(server, clock: TestClock(Self.at0815), cache: .directory(try temporaryDirectory()), pageSize: 300)
        var received = 0
        var failure: ForecastClientError?
        do throws(ForecastClientError) {
            for try await _ in client.items(.shortTerm, cell: shortTermCell) { received += 1 }
        } catch {
            failure = error
        }
        #expect(received == 600)
        guard case .incompleteRun(_, let base, let missing)? = failure?.reason else {
            Issue.record("expected incompleteRun, got \(String(describing: failure))")
            return
        }
        #expect(base.baseTime == "0800" && missing == [.sno])
    }

    @Test("A cached file holding an incomplete run is ignored and refetched")
    func cachedIncomplete() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let recorder = Recorder()
        let client = try makeClient(server, cache: .directory(try temporaryDirectory()), recorder: recorder)
        let cache = try #require(client.cache)
        let key = try Self.key("0500", root: server.baseURL)
        let thin = try recordedRun(.shortTerm, fixture: shortTermFixture, without: ["WSD"])
        let entry = ForecastCache.Entry(pageSize: 1000, pages: [pageBody(thin.items, totalCount: thin.items.count)], fetchedAt: 0, fileVersion: nil)
        try CacheFileSystem.makeDirectories(cache.cellDirectory(key))
        try CacheFileSystem.writeAtomically(ForecastCache.serialize(entry, key: key), to: cache.pagesPath(key))
        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(!run.fromCache && run.itemCount == 809 && server.requests.count == 1)
        #expect(recorder.events.contains { if case .cacheIgnored(_, let reason) = $0 { reason.contains("lacks WSD") } else { false } })
    }
}

extension RecordedRun {
    /// The same items as another run of the same day.
    func relabelledBase(_ baseTime: String) throws -> RecordedRun {
        var run = self
        let old = self.baseTime
        run.baseTime = baseTime
        run.items = items.map {
            Array(String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "\"baseTime\":\"\(old)\"", with: "\"baseTime\":\"\(baseTime)\"").utf8)
        }
        return run
    }
}
