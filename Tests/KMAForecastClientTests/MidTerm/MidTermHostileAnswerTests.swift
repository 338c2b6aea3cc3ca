import Foundation
import KMAForecast
@testable import KMAForecastClient
import KMAGrid
import KMAPlaces
import Testing
import _KMATestSupport

/// Mid-term answers that quote the key, answer for another station, or carry an outlook too
/// long to read (issue 25, items 3 and 9).
@Suite("ForecastClient: mid-term text is redacted, checked against the station and bounded", .removingTemporaryDirectories)
struct MidTermHostileAnswerTests {
    static let key = ClientKeyEchoTests.key

    /// The forms of issue 25 item 3 and more: a gateway, a proxy or a log may quote the key in
    /// any of them.
    static let forms: [(String, String)] = ClientKeyEchoTests.forms + [
        ("a 40-character prefix", String(key.prefix(40))),
        ("encoded, upper-case hex", ClientKeyEchoTests.encoded(key)),
        ("JSON-escaped slashes", key.replacingOccurrences(of: "/", with: #"\/"#)),
        ("upper-cased whole", key.uppercased()),
    ]

    static func server() throws -> ReplayServer {
        let server = try ReplayServer(expectedKey: key)
        server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20261004", baseTime: "1700"), nx: 60, ny: 127))
        try server.addRecordedMidTerm()
        return server
    }

    static func client(_ server: ReplayServer, cache: CacheLocation = .disabled, recorder: Recorder = Recorder()) throws -> ForecastClient {
        var configuration = ClientConfiguration(
            serviceKey: try ServiceKey(key), baseURL: server.baseURL, cache: cache,
            timeouts: ClientTimeouts(connect: .seconds(120), overall: .seconds(240)),
            now: { kstDate(2026, 10, 4, 17, 30) }, onEvent: { recorder.record($0) }
        )
        configuration.midBaseURL = server.midTermBaseURL
        return try ForecastClient(configuration: configuration, transport: URLSessionTransport(), sleep: { _ in }, random: { 0.5 })
    }

    /// A JSON string literal's body for `text` (quotes and backslashes escaped).
    static func jsonString(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    }

    static func outlookBody(station: String, text: String) -> [UInt8] {
        Array(#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"items":{"item":[{"stnId":"\#(station)","tmFc":"202610040600","wfSv":"\#(jsonString(text))"}]}}}}"#.utf8)
    }

    // Regression: each form was returned in the day's phrase and in the outlook.
    @Test("The key quoted in wf8 and in the outlook comes back redacted", arguments: forms)
    func keyInText(_ label: String, _ form: String) async throws {
        let server = try Self.server()
        defer { server.stop() }
        let landBody = try Fixtures.text("midterm/getMidLandFcst_11B00000_202610040600.json")
            .replacingOccurrences(of: #""wf8":"구름많음""#, with: #""wf8":"구름많음 \#(Self.jsonString(form)) 끝""#)
        server.addMidTerm(operation: "getMidLandFcst", regionID: "11B00000", tmFc: "202610040600", body: Array(landBody.utf8))
        server.addMidTerm(operation: "getMidFcst", regionID: "109", tmFc: "202610040600", body: Self.outlookBody(station: "109", text: "맑음 \(form) 끝"))
        let client = try Self.client(server)
        let regions = try MidTermRegions.kma.assignment(for: try PlaceDirectory.kma.place(named: "서울특별시"))
        let runs = await client.midTermRuns(for: regions, cell: try GridCell(nx: 60, ny: 127))
        #expect(runs.error == nil)
        let land = try #require(runs.runs.first { $0.issue.tmFc == "202610040600" }?.land)
        let phrases = land.days.flatMap { [$0.morning?.weather?.text, $0.afternoon?.weather?.text] }.compactMap { $0 }
        let redacted = try #require(phrases.first { $0.contains(KeyRedaction.placeholder) }, "\(label): \(phrases)")
        #expect(redacted.hasPrefix("구름많음 ") && redacted.hasSuffix(" 끝"))
        for phrase in phrases { #expect(ClientKeyEchoTests.leak(in: phrase) == nil, "\(label): \(phrase)") }
        let outlook = try await client.midTermOutlook(stationID: "109")
        let text = try #require(outlook.text)
        #expect(text.contains(KeyRedaction.placeholder) && ClientKeyEchoTests.leak(in: text) == nil, "\(label): \(text)")
    }

    // Regression: stnId 108 answering a request for 109 was returned as 109's outlook.
    @Test("An outlook for another station is refused, naming it")
    func foreignStation() async throws {
        let server = try Self.server()
        defer { server.stop() }
        server.addMidTerm(operation: "getMidFcst", regionID: "109", tmFc: "202610040600", body: Self.outlookBody(station: "108", text: "전국 맑음"))
        let error = await #expect(throws: ForecastClientError.self) { try await Self.client(server).midTermOutlook(stationID: "109") }
        #expect(error?.description.contains("station 108") == true && error?.description.contains("getMidFcst 109") == true, "\(String(describing: error))")
        #expect(error?.service == .midTerm)
    }

    @Test("A cached outlook of another station (stored by an older version) is not served: it is dropped and asked again")
    func foreignStationInCache() async throws {
        let server = try Self.server()
        defer { server.stop() }
        server.addMidTerm(operation: "getMidFcst", regionID: "109", tmFc: "202610040600", body: Self.outlookBody(station: "109", text: "서울 맑음"))
        let directory = try temporaryDirectory()
        let cache = try ForecastCache(directory: directory)
        let key = ForecastCache.MidTermKey(provider: .dataGoKr, root: server.midTermBaseURL, operation: .outlook, regionID: "109",
                                           issue: MidTermIssue(tmFc: "202610040600")!)
        try cache.storeMidTerm(Self.outlookBody(station: "108", text: "부산 비"), fetchedAt: 0, for: key)
        let recorder = Recorder()
        let outlook = try await Self.client(server, cache: .directory(directory), recorder: recorder).midTermOutlook(stationID: "109")
        #expect(outlook.text == "서울 맑음")
        #expect(recorder.eventTexts.contains { $0.contains("the stored answer is for station 108, not 109") }, "\(recorder.eventTexts)")
    }

    // Regression: a 200,000-line wfSv came back whole.
    @Test("A 200,000-line outlook is cut to a readable size, saying how much was cut")
    func longOutlook() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let lines = (1...200_000).map { "○ \($0)번째 줄" }
        server.addMidTerm(operation: "getMidFcst", regionID: "109", tmFc: "202610040600", body: Self.outlookBody(station: "109", text: lines.joined(separator: "\n")))
        let text = try #require(try await Self.client(server).midTermOutlook(stationID: "109").text)
        #expect(text.count <= MidTermOutlookText.maximumCharacters + 40)
        let shown = text.split(separator: "\n")
        #expect(shown.count == MidTermOutlookText.maximumLines)
        #expect(shown.last == "○ 60번째 줄… (cut: 199940 more lines)")
    }
}
