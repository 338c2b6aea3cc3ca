import Foundation
import KMAForecast
@testable import KMAForecastClient
import Testing
import _KMATestSupport

/// A service the client has no code for (as observations or air quality would be), defined
/// here and nowhere else: its own root beside the configured one, its operation, query, cache
/// folder and header. Its answers are UV-shaped only so that a decoder exists.
struct TestIndexService: SideService {
    var areaNo: String

    static var root: SideServiceRoot {
        SideServiceRoot(service: .uvIndex, label: "test index service", name: "TestIdxService", configured: { _ in nil },
                        providerDefault: { _ in "https://apis.data.go.kr/1360000/TestIdxService" })
    }

    var freshness: SideFreshness { .issued(keptFor: 86_400) }
    var operation: String { "getTestIdx" }
    var subject: String { areaNo }
    var subjectProblem: String? { areaNo.isEmpty ? "no area" : nil }
    var subjectNoun: String { "area" }
    var expected: String { "getTestIdx \(areaNo)" }

    func query(_ issue: KSTDateTime) -> String { "&area=\(areaNo)&issued=\(UVIndexDecoder.stamp(issue))" }
    func decode(_ body: [UInt8], issue: KSTDateTime) throws(ForecastResponseError) -> UVIndexForecast { try UVIndexDecoder.decode(body, areaNo: areaNo) }
    func subject(of value: UVIndexForecast) -> String { value.areaNo }

    var cacheFolders: [String] { ["test-index", areaNo] }
    var cacheFormat: String { "kma-forecast-test 1" }
    var cacheSubjectLines: [String] { ["area \(areaNo)"] }
    var issueName: String { "issued" }
    func stamp(_ issue: KSTDateTime) -> String { UVIndexDecoder.stamp(issue) }
    func issue(stamp: Substring) -> KSTDateTime? { UVIndexDecoder.issueTime(String(stamp)) }
    func instant(of issue: KSTDateTime) -> KSTDateTime { issue }

    func sent(_ issue: KSTDateTime, page: SidePage, attempt: Int, url: String) -> ForecastClientEvent {
        .uvIndexRequestSent(areaNo: areaNo, time: stamp(issue), attempt: attempt, url: url)
    }

    func retried(_ issue: KSTDateTime, attempt: Int, delay: Duration, error: ForecastClientError) -> ForecastClientEvent {
        .uvIndexRetryScheduled(areaNo: areaNo, failedAttempt: attempt, delay: delay, error: error)
    }

    func cacheHit(_ issue: KSTDateTime, revalidated: Bool) -> ForecastClientEvent { .uvIndexCacheHit(areaNo: areaNo, time: stamp(issue)) }

    func noData(tried: [KSTDateTime], last: ForecastClientError?, url: String?, attempts: Int) -> ForecastClientError {
        ForecastClientError(.response(.emptyRun), url: url, attempts: attempts, service: .uvIndex)
    }
}

@Suite("Side services: a new service plugs in by its definition alone", .removingTemporaryDirectories)
struct SideServiceTests {
    static let area = "4113500000"
    /// 12:20 KST: the newest issue (12) is not published yet, the one before (09) is.
    static let clock = kstDate(2026, 9, 26, 12, 20)

    @Test("Fetched over the stand-in server through the generic path, cached, and asked again only after the NO_DATA note expires")
    func definitionAlone() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        defer { server.stop() }
        server.addServiceAnswer(
            operation: "getTestIdx", subjectParameter: "area", subject: Self.area, issueParameter: "issued", issue: "2026092609",
            body: UVIndexAnswer.body(areaNo: Self.area, time: "2026092609", values: [3, 5, 6])
        )
        let directory = try temporaryDirectory()
        let clock = TestClock(Self.clock)
        let recorder = Recorder()
        let client = try makeClient(server, clock: clock, cache: .directory(directory), recorder: recorder)
        let service = TestIndexService(areaNo: Self.area)
        func fetch() async throws -> SideFetched<TestIndexService> {
            let candidates = UVIndexService.candidates(at: KSTDateTime(clock.now))
            return try await client.core.fetchIssued(service, candidates: candidates, budget: nil).get()
        }

        // Asked: 12 answers NO_DATA (noted), 09 answers.
        let first = try await fetch()
        #expect(first.value.values.map(\.index).prefix(3) == [3, 5, 6])
        #expect(first.issue == KSTDateTime(kstDate(2026, 9, 26, 9, 0)))
        #expect((first.fromCache, first.requests) == (false, 2))
        let asked = server.requests.filter { $0.operation == "getTestIdx" }
        #expect(asked.map { $0.parameters["issued"] ?? "" } == ["2026092612", "2026092609"])
        #expect(asked.allSatisfy { $0.path.hasSuffix("/1360000/TestIdxService/getTestIdx") }, "\(asked.map(\.path))")
        let file = try String(contentsOfFile: directory + "/data.go.kr/test-index/\(Self.area)/2026092609.body", encoding: .utf8)
        #expect(file.hasPrefix("kma-forecast-test 1\nprovider data.go.kr\nroot http://127.0.0.1:\(server.port)/1360000/TestIdxService\narea \(Self.area)\nissued 2026092609\n"))
        #expect(FileManager.default.fileExists(atPath: directory + "/data.go.kr/test-index/\(Self.area)/2026092612.nodata"))

        // Again within the NO_DATA note's 10 minutes: no request, the stored answer.
        clock.advance(minutes: 5)
        let cached = try await fetch()
        #expect((cached.fromCache, cached.requests, cached.value) == (true, 0, first.value))
        #expect(server.requests.filter { $0.operation == "getTestIdx" }.count == 2)

        // After the note expires, 12 is asked once more; still NO_DATA, so the stored 09 serves.
        clock.advance(minutes: 10)
        let rechecked = try await fetch()
        #expect((rechecked.fromCache, rechecked.requests, rechecked.value) == (true, 1, first.value))
        #expect(server.requests.filter { $0.operation == "getTestIdx" }.map { $0.parameters["issued"] ?? "" }.last == "2026092612")
        #expect(recorder.events.contains { if case .uvIndexCacheHit(Self.area, "2026092609") = $0 { true } else { false } })
    }

    @Test("An answer for another area is refused, naming what was asked, and nothing is stored")
    func foreignAnswer() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        defer { server.stop() }
        server.addServiceAnswer(
            operation: "getTestIdx", subjectParameter: "area", subject: Self.area, issueParameter: "issued", issue: "2026092612",
            body: UVIndexAnswer.body(areaNo: "1111000000", time: "2026092612", values: [1])
        )
        let directory = try temporaryDirectory()
        let client = try makeClient(server, clock: TestClock(Self.clock), cache: .directory(directory))
        let result = await client.core.fetchIssued(TestIndexService(areaNo: Self.area), candidates: [KSTDateTime(kstDate(2026, 9, 26, 12, 0))], budget: nil)
        guard case .failure(let error) = result, case .foreignItem(let expected, let found) = error.reason else {
            Issue.record("expected a foreign answer, got \(result)")
            return
        }
        #expect((expected, found) == ("getTestIdx \(Self.area)", "area 1111000000"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/data.go.kr/test-index/\(Self.area)/2026092612.body"))
    }
}
