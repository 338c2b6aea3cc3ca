import Foundation
import KMAForecast
@testable import KMAForecastClient
import KMAGrid
import KMAPlaces
import Testing
import _KMATestSupport

/// 2026-08-01 12:00 KST: in 서울동남권 a 폭염경보 is in force and a 호우주의보 was released at 11:50;
/// 서울동북권 next door has a 강풍주의보 (``WarningsScenario/seoulSoutheast``).
private let noon = kstDate(2026, 8, 1, 12, 0)

private func warningsClient(_ server: ReplayServer, clock: TestClock, cache: CacheLocation = .disabled, recorder: Recorder = Recorder()) throws -> ForecastClient {
    let configuration = ClientConfiguration(
        serviceKey: try ServiceKey(testKey), baseURL: server.baseURL, cache: cache,
        timeouts: ClientTimeouts(connect: .seconds(5), overall: .seconds(10)), retry: RetryPolicy(maxAttempts: 2),
        now: { clock.now }, onEvent: { recorder.record($0) }
    )
    return try ForecastClient(configuration: configuration, transport: URLSessionTransport(), sleep: { recorder.sleep($0) }, random: { 0.5 })
}

@Suite("Warnings from the stand-in gateway: the zone's warnings in force, cached, refused without failing the forecast", .serialized, .removingTemporaryDirectories)
struct WarningsClientTests {
    @Test("A place in a zone with a warning in force, one just released and a neighbour's: exactly the one in force")
    func exactlyTheOneInForce() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        server.setWarningEvents(WarningsScenario.seoulSoutheast)
        let client = try warningsClient(server, clock: TestClock(noon))
        let found = try await client.warnings(for: .placeName("서울 강남구"))
        #expect(found.alerts.map(\.zoneID) == ["L1100100"])
        #expect(found.alerts.map(\.title) == ["폭염경보"])
        #expect(found.alerts.first?.englishTitle == "Heat wave warning")
        #expect(found.alerts.first?.zoneName == "서울동남권")
        #expect(found.alerts.first?.firstIssuedAt?.iso8601 == "2026-07-30T10:00:00+09:00")
        #expect(found.warnings.status == .delivered && found.warnings.zone?.id == "L1100100" && found.warnings.zone?.isApproximate == true)
        #expect(found.warnings.window == "20260726-20260801")
        let request = try #require(server.requests.last)
        #expect(request.path.hasSuffix("/1360000/WthrWrnInfoService/getPwnCd"))
        #expect(request.parameters["fromTmFc"] == "20260726" && request.parameters["toTmFc"] == "20260801")
    }

    @Test("Many places at once (no cache): the zone events fetched once; each place its own zone's warnings; a bad name its own error")
    func manyPlaces() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        server.setWarningEvents(WarningsScenario.seoulSoutheast)
        let client = try warningsClient(server, clock: TestClock(noon))
        let found = await client.warnings(for: [.placeName("서울 강남구"), .placeName("서울 노원구"), .placeName("부산 중구"), .placeName("없는곳")])
        #expect(found.count == 4)
        #expect((try? found[0].get())?.alerts.map(\.title) == ["폭염경보"])
        #expect((try? found[1].get())?.alerts.map(\.title) == ["강풍주의보"])
        #expect((try? found[2].get())?.alerts.isEmpty == true && (try? found[2].get())?.warnings.status == .delivered)
        #expect((try? found[3].get()) == nil)
        #expect(server.requests.filter { $0.operation == "getPwnCd" }.count == 1, "\(server.requests.map(\.operation))")
        #expect((try? found[1].get())?.warnings.requests == 0)
    }

    @Test("The forecast carries the alerts, and its JSON round-trips equal")
    func inTheForecast() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        server.setWarningEvents(WarningsScenario.seoulSoutheast)
        let cell = try PlaceDirectory.kma.place(named: "서울 강남구").cell
        server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20260801", baseTime: "1100"), nx: cell.nx, ny: cell.ny))
        let client = try warningsClient(server, clock: TestClock(noon))
        let forecast = try await client.forecast(for: .placeName("서울 강남구"), products: [.shortTerm], alerts: true)
        #expect(forecast.alerts.map(\.title) == ["폭염경보"])
        #expect(forecast.warnings?.preliminary.isEmpty == true)
        let data = try JSONEncoder().encode(forecast)
        #expect(try JSONDecoder().decode(LocalForecast.self, from: data) == forecast)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let alerts = try #require(object["alerts"] as? [[String: Any]])
        #expect(alerts.count == 1 && alerts.first?["zoneID"] as? String == "L1100100" && alerts.first?["title"] as? String == "폭염경보")
        #expect(alerts.first?["englishTitle"] as? String == "Heat wave warning" && alerts.first?["zoneName"] as? String == "서울동남권")
        #expect((alerts.first?["kind"] as? [String: Any])?["code"] as? Int == 12 && (alerts.first?["level"] as? [String: Any])?["code"] as? Int == 1)
        #expect(alerts.first?["effectiveAt"] as? String == "2026-08-01T11:00:00+09:00")
        let without = try await client.forecast(for: .placeName("서울 강남구"), products: [.shortTerm])
        #expect(without.warnings == nil && without.alerts.isEmpty)
        #expect(!String(decoding: try JSONEncoder().encode(without), as: UTF8.self).contains("alerts"))
    }

    @Test("Rows spanning pages: every page is read, in any order of rows")
    func pages() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        var items: [[UInt8]] = []
        for index in 0..<1_500 {
            items.append(WarningsScenario.item(zone: "S11\(10000 + index)", name: "먼바다", command: 1, kind: 6, level: 0, tmFc: 2026_0801_0900, sequence: 1))
        }
        items += WarningsScenario.seoulSoutheast  // on page 2
        server.setWarningEvents(items)
        let client = try warningsClient(server, clock: TestClock(noon))
        let found = try await client.warnings(for: .placeName("서울 강남구"))
        #expect(found.alerts.map(\.title) == ["폭염경보"])
        #expect(found.warnings.requests == 2)
        #expect(server.requests.map { $0.parameters["pageNo"] } == ["1", "2"])
    }

    @Test("Code 30 with HTTP 403 (not applied for): reported with what to do, the forecast delivered, the key nowhere")
    func notAppliedFor() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        server.setWarningAnswer("getPwnCd", status: 403, body: try Fixtures.bytes("warnings/error_30_service_key_not_registered.http403.json"))
        let cell = try PlaceDirectory.kma.place(named: "서울 강남구").cell
        server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20260801", baseTime: "1100"), nx: cell.nx, ny: cell.ny))
        let recorder = Recorder()
        let client = try warningsClient(server, clock: TestClock(noon), recorder: recorder)
        let forecast = try await client.forecast(for: .placeName("서울 강남구"), products: [.shortTerm], alerts: true)
        #expect(forecast.outcome(.shortTerm)?.status != .failed)
        let warnings = try #require(forecast.warnings)
        #expect(warnings.status == .failed && warnings.isNotAppliedFor && forecast.alerts.isEmpty)
        #expect(!forecast.isPartial && forecast.failures.isEmpty)
        let message = try #require(warnings.failure?.message)
        #expect(message.contains("활용신청") && message.contains("15000415") && message.contains("WthrWrnInfoService"))
        #expect(warnings.failure?.service == .warnings)
        let json = String(decoding: try JSONEncoder().encode(forecast), as: UTF8.self)
        #expect(!json.contains("TESTKEY") && !recorder.eventTexts.joined().contains("TESTKEY"))
    }

    @Test("Code 99 (query period): a clear failure that says KMA answers 6 days back")
    func code99() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        server.setWarningAnswer("getPwnCd", body: try Fixtures.bytes("warnings/error_99_query_period_over_6_days.json"))
        let client = try warningsClient(server, clock: TestClock(noon))
        let found = try await client.warnings(for: .placeName("서울 강남구"))
        let message = try #require(found.warnings.failure?.message)
        #expect(message.contains("6 days") && message.contains("최대 조회 기간은"))
        #expect(found.warnings.failure?.resultCode == "99")
    }

    @Test("Cached: fresh for 5 minutes with no request, then revalidated with one small request, refetched on new events")
    func cache() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        server.setWarningEvents(WarningsScenario.seoulSoutheast)
        let directory = try temporaryDirectory()
        let clock = TestClock(noon)
        let client = try warningsClient(server, clock: clock, cache: .directory(directory))
        _ = try await client.warnings(for: .placeName("서울 강남구"))
        #expect(server.requests.count == 1)
        clock.advance(minutes: 2)
        let fresh = try await client.warnings(for: .placeName("서울 강남구"))
        #expect(server.requests.count == 1 && fresh.warnings.fromCache && fresh.warnings.requests == 0)
        #expect(fresh.alerts.map(\.title) == ["폭염경보"])
        clock.advance(minutes: 6)
        let revalidated = try await client.warnings(for: .placeName("서울 강남구"))
        #expect(server.requests.count == 2 && server.requests.last?.parameters["numOfRows"] == "1")
        #expect(revalidated.warnings.fromCache && revalidated.warnings.requests == 1)
        server.setWarningEvents([WarningsScenario.item(zone: "L1100100", name: "서울동남권", command: 2, kind: 12, level: 1, tmFc: 2026_0801_1205, sequence: 10, end: 2026_0801_1205)] + WarningsScenario.seoulSoutheast)
        clock.advance(minutes: 6)
        let changed = try await client.warnings(for: .placeName("서울 강남구"))
        #expect(server.requests.count == 4 && !changed.warnings.fromCache)
        #expect(changed.alerts.isEmpty)
        let stored = try FileManager.default.subpathsOfDirectory(atPath: directory).filter { $0.hasSuffix(".body") }
        #expect(stored.count == 1)
        for path in stored {
            #expect(!(try String(contentsOfFile: directory + "/" + path, encoding: .utf8)).contains("TESTKEY"))
        }
    }

    @Test("The service root: the explicit one, else the --base-url host with WthrWrnInfoService, else the provider's")
    func root() throws {
        var configuration = ClientConfiguration(serviceKey: try ServiceKey(testKey), baseURL: "http://127.0.0.1:9/1360000/VilageFcstInfoService_2.0/")
        #expect(ClientCore.warningsBaseURL(configuration) == "http://127.0.0.1:9/1360000/WthrWrnInfoService")
        configuration.warningsBaseURL = "http://127.0.0.1:9/x/WthrWrnInfoService"
        #expect(ClientCore.warningsBaseURL(configuration) == "http://127.0.0.1:9/x/WthrWrnInfoService")
        #expect(ClientCore.warningsBaseURL(ClientConfiguration(serviceKey: try ServiceKey(testKey))) == "https://apis.data.go.kr/1360000/WthrWrnInfoService")
        #expect(ClientCore.warningsBaseURL(ClientConfiguration(provider: .apiHub, serviceKey: try ServiceKey(testKey))) == "https://apihub.kma.go.kr/api/typ02/openApi/WthrWrnInfoService")
    }
}

@Suite("The bundled warnings: LocalForecast.sample and RecordedRunTransport.sample carry the recorded zone events")
struct SampleWarningsTests {
    @Test("LocalForecast.sample: the recorded warnings of its own zone (수원시) at 2026-09-26 11:00 (none in force), labelled, round-tripping equal")
    func sample() throws {
        let sample = LocalForecast.sample
        // The recorded events are 제주's and the seas': none of the sample's zone, so none is shown above its forecast.
        #expect(sample.alerts.isEmpty && sample.warnings?.preliminary.isEmpty == true)
        #expect(sample.warnings?.recording?.contains("not live") == true && sample.warnings?.zone?.id == "L1011900")
        #expect(sample.warnings?.replayedAt == (try KSTDateTime(year: 2026, month: 9, day: 26, hour: 11)))
        let again = try JSONDecoder().decode(LocalForecast.self, from: JSONEncoder().encode(sample))
        #expect(again == sample)
    }

    @Test("RecordedRunTransport.sample answers getPwnCd with the recording: 추자도 at 07:00 has 호우경보 and 강풍주의보")
    func transport() async throws {
        let configuration = ClientConfiguration(serviceKey: try ServiceKey("SAMPLE"), cache: .disabled, now: { kstDate(2026, 9, 26, 7, 0) })
        let client = try ForecastClient(configuration: configuration, transport: RecordedRunTransport.sample)
        let found = try await client.warnings(for: .placeName("제주시 추자면"))
        #expect(found.alerts.map(\.title) == ["호우경보", "강풍주의보"])
        #expect(found.warnings.zone?.id == "L1091000" && found.warnings.zone?.isApproximate == false)
        let elsewhere = try ForecastClient(configuration: ClientConfiguration(serviceKey: try ServiceKey("SAMPLE"), cache: .disabled, now: { kstDate(2022, 11, 20, 6, 0) }),
                                           transport: RecordedRunTransport.sample)
        #expect(try await elsewhere.warnings(for: .placeName("제주시 추자면")).alerts.isEmpty)
    }
}
