import Foundation
import KMAForecast
@testable import KMAForecastClient
import KMAGrid
import KMAPlaces
import Testing
import _KMATestSupport

/// 서울's cell and the recorded 2026-10-04 mid-term bodies (서울 11B10101, 11B00000).
private let seoulCell: GridCell = {
    guard let cell = try? GridCell(nx: 60, ny: 127) else { preconditionFailure("a valid test cell") }
    return cell
}()

/// A server with the recorded mid-term bodies and short-term runs built to the documented layout.
private func tenDayServer(shortRuns: [String] = ["1400", "1700"], midTerm: Bool = true) throws -> ReplayServer {
    let server = try ReplayServer(expectedKey: testKey)
    for time in shortRuns {
        server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20261004", baseTime: time), nx: 60, ny: 127))
    }
    if midTerm { try server.addRecordedMidTerm() }
    return server
}

private func tenDayClient(_ server: ReplayServer, clock: TestClock, cache: CacheLocation = .disabled, recorder: Recorder = Recorder(),
                          retry: RetryPolicy = RetryPolicy()) throws -> ForecastClient {
    var configuration = ClientConfiguration(
        serviceKey: try ServiceKey(testKey), baseURL: server.baseURL, cache: cache,
        timeouts: ClientTimeouts(connect: .seconds(120), overall: .seconds(240)), retry: retry,
        now: { clock.now }, onEvent: { recorder.record($0) }
    )
    configuration.midBaseURL = server.midTermBaseURL
    return try ForecastClient(configuration: configuration, transport: URLSessionTransport(), sleep: { recorder.sleep($0) }, random: { 0.5 })
}

/// The ten days as the one forecast call gives them, read the way these tests read the old
/// ten-day view (so the assertions stay the ones that were checked before).
private struct DaysView {
    var forecast: LocalForecast
    var days: [ForecastDay] { forecast.daily }
    var cell: GridCell { forecast.location.cell }
    var landRegionID: String? { forecast.location.midTermRegions?.landRegionID }
    var temperaturePointID: String? { forecast.location.midTermRegions?.temperaturePointID }
    var midTermIssues: [MidTermIssue] { forecast.midTerm?.runs ?? [] }
    var shortTermBase: ForecastBase? { forecast.outcome(.shortTerm)?.base }
    var shortTermError: ForecastFailure? { forecast.outcome(.shortTerm)?.failure }
    var midTermError: ForecastFailure? { forecast.midTerm?.failure }
    var requests: Int { forecast.products.reduce(0) { $0 + $1.requests } + (forecast.midTerm?.requests ?? 0) }
    var midTermNotAppliedFor: Bool { shortTermError == nil && (forecast.midTerm?.isNotAppliedFor ?? false) }
}

extension ForecastClient {
    fileprivate func dailyForecast(for place: Place, days: Int = 10) async throws(ForecastClientError) -> DaysView {
        DaysView(forecast: try await forecast(for: .place(place.name), products: [.shortTerm], midTermDays: days))
    }

    fileprivate func dailyForecast(for point: GeoCoordinate, days: Int = 10) async throws(ForecastClientError) -> DaysView {
        DaysView(forecast: try await forecast(for: .coordinate(point), products: [.shortTerm], midTermDays: days))
    }
}

private func sources(_ forecast: DaysView) -> [String] {
    forecast.days.map { day in day.source.map { "\($0.kind) \(runText($0))" } ?? "-" }
}

/// The old `run` text: `YYYYMMDDHHMM`.
private func runText(_ source: DailyForecastSource) -> String {
    source.run.iso8601.filter(\.isNumber).prefix(12).description
}

private func midRequests(_ server: ReplayServer) -> [String] {
    server.requests.filter { $0.operation.hasPrefix("getMid") }.map { "\($0.operation) \($0.parameters["regId"] ?? "") \($0.parameters["tmFc"] ?? "")" }
}

@Suite("The ten-day view over HTTP: short-term and mid-term at once, cache, fallback, errors naming the service", .removingTemporaryDirectories)
struct DailyForecastClientTests {
    @Test("17:30: short 1700 to day +4, mid 06 run from day +5; the mid-term requests are well formed")
    func atFiveThirty() async throws {
        let server = try tenDayServer()
        let client = try tenDayClient(server, clock: TestClock(kstDate(2026, 10, 4, 17, 30)))
        let place = try PlaceDirectory.kma.place(named: "서울특별시")
        let forecast = try await client.dailyForecast(for: place, days: 10)
        #expect(sources(forecast) == Array(repeating: "short 202610041700", count: 5) + Array(repeating: "mid 202610040600", count: 5))
        #expect(forecast.landRegionID == "11B00000" && forecast.temperaturePointID == "11B10101")
        #expect(forecast.midTermIssues.map(\.tmFc) == ["202610040600"] && forecast.shortTermBase?.baseTime == "1700")
        #expect(forecast.shortTermError == nil && forecast.midTermError == nil)
        #expect(midRequests(server).sorted() == ["getMidLandFcst 11B00000 202610040600", "getMidTa 11B10101 202610040600"])
        let ta = try #require(server.requests.first { $0.operation == "getMidTa" })
        #expect(ta.path == "/1360000/MidFcstInfoService/getMidTa")
        #expect(ta.parameterNames == ["serviceKey", "pageNo", "numOfRows", "dataType", "regId", "tmFc"] && ta.parameters["dataType"] == "JSON")
        #expect(ta.rawQuery.hasPrefix("serviceKey=\(testKeyEncoded)&"))
        #expect(forecast.requests == server.requests.count)
        let nine = forecast.days[9]
        #expect(nine.yyyymmdd == 20261013 && nine.highTemperature?.value == 22 && nine.morning?.text == "구름많음" && !nine.isHalfDaySplit)
    }

    @Test("18:30: the 18 run (no day 4) and the 06 run before it are both asked; day +4 stays short-term")
    func atSixThirty() async throws {
        let server = try tenDayServer()
        let forecast = try await tenDayClient(server, clock: TestClock(kstDate(2026, 10, 4, 18, 30))).dailyForecast(for: GeoCoordinate(latitude: 37.56, longitude: 126.97), days: 10)
        #expect(sources(forecast) == Array(repeating: "short 202610041700", count: 5) + Array(repeating: "mid 202610041800", count: 5))
        #expect(forecast.midTermIssues.map(\.tmFc) == ["202610041800", "202610040600"])
        #expect(midRequests(server).count == 4)
        #expect(forecast.cell == seoulCell)
    }

    @Test("18:30 with the 1700 short run not published: day +4 is the 06 run's day 4")
    func dayFourFromTheMorningRun() async throws {
        let server = try tenDayServer(shortRuns: ["1400"])
        let forecast = try await tenDayClient(server, clock: TestClock(kstDate(2026, 10, 4, 18, 30))).dailyForecast(for: GeoCoordinate(latitude: 37.56, longitude: 126.97), days: 10)
        #expect(sources(forecast) == Array(repeating: "short 202610041400", count: 4) + ["mid 202610040600"] + Array(repeating: "mid 202610041800", count: 5))
    }

    @Test("After midnight: the 18 run of the evening before, days counted from its issue date")
    func afterMidnight() async throws {
        let server = try tenDayServer(shortRuns: [])
        server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20261004", baseTime: "2300"), nx: 60, ny: 127))
        let forecast = try await tenDayClient(server, clock: TestClock(kstDate(2026, 10, 5, 0, 30))).dailyForecast(for: GeoCoordinate(latitude: 37.56, longitude: 126.97), days: 11)
        #expect(forecast.days.first?.yyyymmdd == 20261005)
        #expect(sources(forecast) == Array(repeating: "short 202610042300", count: 4) + Array(repeating: "mid 202610041800", count: 6) + ["-"])
        #expect(forecast.days[4].lowTemperature?.value == 11)   // 10-09 is day 5 of the 18 run: taMin5
    }

    @Test("NO_DATA for the newest run: the previous is served, the note is kept for 10 minutes, then KMA is asked again; cached runs cost nothing")
    func noDataAndCache() async throws {
        let server = try tenDayServer()
        let directory = try temporaryDirectory()
        let clock = TestClock(kstDate(2026, 10, 5, 6, 5))   // 06 run of 10-05 not recorded: NO_DATA
        let client = try tenDayClient(server, clock: clock, cache: .directory(directory))
        let place = try PlaceDirectory.kma.place(named: "서울특별시")
        server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20261005", baseTime: "0500"), nx: 60, ny: 127))
        let first = try await client.dailyForecast(for: place, days: 10)
        #expect(first.midTermIssues.map(\.tmFc) == ["202610041800"] && first.midTermError == nil)
        #expect(midRequests(server).sorted() == ["getMidLandFcst 11B00000 202610041800", "getMidLandFcst 11B00000 202610050600",
                                                  "getMidTa 11B10101 202610041800", "getMidTa 11B10101 202610050600"])
        let before = server.requests.count
        clock.advance(minutes: 5)
        let second = try await client.dailyForecast(for: place, days: 10)
        #expect(server.requests.count == before && second.requests == 0 && sources(second) == sources(first))
        clock.advance(minutes: 6)
        _ = try await client.dailyForecast(for: place, days: 10)
        #expect(midRequests(server).count == 6)   // the newest asked again, the fallback still cached
    }

    @Test("After an 18 run that is not published yet, its NO_DATA is trusted for 10 minutes too; the 06 run serves meanwhile")
    func eveningNoData() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20261004", baseTime: "1700"), nx: 60, ny: 127))
        for operation in ["getMidTa", "getMidLandFcst"] {
            let region = operation == "getMidTa" ? "11B10101" : "11B00000"
            server.addMidTerm(operation: operation, regionID: region, tmFc: "202610040600",
                              body: try Fixtures.bytes("midterm/\(operation)_\(region)_202610040600.json"))
        }
        let clock = TestClock(kstDate(2026, 10, 4, 18, 2))
        let client = try tenDayClient(server, clock: clock, cache: .directory(try temporaryDirectory()))
        let first = try await client.dailyForecast(for: GeoCoordinate(latitude: 37.56, longitude: 126.97))
        #expect(first.midTermIssues.map(\.tmFc) == ["202610040600"] && first.midTermError == nil)
        #expect(midRequests(server).count == 4)
        clock.advance(minutes: 5)
        _ = try await client.dailyForecast(for: GeoCoordinate(latitude: 37.56, longitude: 126.97))
        #expect(midRequests(server).count == 4)
        clock.advance(minutes: 6)
        _ = try await client.dailyForecast(for: GeoCoordinate(latitude: 37.56, longitude: 126.97))
        #expect(midRequests(server).count == 6)
    }

    @Test("The mid-term service refused (not applied for): the short-term days still come, with the 활용신청 hint", arguments: [
        ReplayFault.status(403, body: #"{"OpenAPI_ServiceResponse":{"cmmMsgHeader":{"errMsg":"SERVICE_KEY_IS_NOT_REGISTERED_ERROR","returnAuthMsg":"등록되지 않은 서비스키","returnReasonCode":"30"}}}"#, contentType: "application/json", headers: [:]),
        ReplayFault.status(403),
        ReplayFault.body("<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>SERVICE_ACCESS_DENIED_ERROR</returnAuthMsg><returnReasonCode>20</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>", contentType: "text/xml"),
    ])
    func midRefused(fault: ReplayFault) async throws {
        let server = try tenDayServer()
        server.inject(fault, times: 10, when: ReplayMatch(operation: "getMidTa"))
        server.inject(fault, times: 10, when: ReplayMatch(operation: "getMidLandFcst"))
        let forecast = try await tenDayClient(server, clock: TestClock(kstDate(2026, 10, 4, 17, 30))).dailyForecast(for: GeoCoordinate(latitude: 37.56, longitude: 126.97))
        #expect(sources(forecast) == Array(repeating: "short 202610041700", count: 5) + Array(repeating: "-", count: 5))
        let error = try #require(forecast.midTermError)
        #expect(error.service == .midTerm && error.isAccessRefusal && forecast.midTermNotAppliedFor)
        #expect(error.description.hasPrefix("The mid-term forecast service (중기예보 조회서비스, MidFcstInfoService, data.go.kr 15059468) failed: "))
        #expect(error.description.contains("활용신청") && error.description.contains("15059468"))
        #expect(!error.message.contains("TESTKEY") && error.localizedDescription == error.message)
    }

    @Test("The short-term service refused: the mid-term days still come; both refused: the short-term error")
    func shortRefused() async throws {
        let server = try tenDayServer()
        server.inject(.status(403), times: 10, when: ReplayMatch(operation: "getVilageFcst"))
        let client = try tenDayClient(server, clock: TestClock(kstDate(2026, 10, 4, 17, 30)))
        let forecast = try await client.dailyForecast(for: GeoCoordinate(latitude: 37.56, longitude: 126.97))
        #expect(sources(forecast) == Array(repeating: "-", count: 4) + Array(repeating: "mid 202610040600", count: 6))
        #expect(forecast.shortTermError?.service == .shortTerm && forecast.shortTermError?.kind == "forbidden" && !forecast.midTermNotAppliedFor)
        server.inject(.status(403), times: 10, when: .any)
        let error = await #expect(throws: ForecastClientError.self) { try await client.dailyForecast(for: GeoCoordinate(latitude: 37.56, longitude: 126.97)) }
        #expect(error?.service == .shortTerm)
    }

    @Test("Errors are classified as for the short-term service: 22 and 10 not retried, 23 and 5xx retried", arguments: [
        ("api/hand_made_gateway_error_22_quota.xml", "22", 1),
        ("api/error_10_bad_parameter.json", "10", 1),
    ])
    func classification(file: String, code: String, attempts: Int) async throws {
        let server = try tenDayServer()
        server.inject(.body(try Fixtures.text(file), contentType: "text/xml"), times: 1, when: ReplayMatch(operation: "getMidTa"))
        let forecast = try await tenDayClient(server, clock: TestClock(kstDate(2026, 10, 4, 17, 30))).dailyForecast(for: GeoCoordinate(latitude: 37.56, longitude: 126.97))
        let error = try #require(forecast.midTermError)
        #expect(error.resultCode == code && forecast.forecast.midTerm?.requests == attempts + 1 && error.service == .midTerm && !forecast.midTermNotAppliedFor)
        // The land answer still came: the days keep their weather, without temperatures.
        #expect(forecast.days[6].morning?.sky == .clear && forecast.days[6].highTemperature == nil)
    }

    @Test("A per-second limit (23) and a 503 are retried, then delivered")
    func transient() async throws {
        let server = try tenDayServer()
        let recorder = Recorder()
        server.inject(.body(try Fixtures.text("api/hand_made_gateway_error_23_per_second.xml"), contentType: "text/xml"), times: 1, when: ReplayMatch(operation: "getMidTa"))
        server.inject(.status(503), times: 1, when: ReplayMatch(operation: "getMidLandFcst"))
        let forecast = try await tenDayClient(server, clock: TestClock(kstDate(2026, 10, 4, 17, 30)), recorder: recorder).dailyForecast(for: GeoCoordinate(latitude: 37.56, longitude: 126.97))
        #expect(forecast.midTermError == nil && midRequests(server).count == 4)
        let retries = recorder.events.filter { if case .midTermRetryScheduled = $0 { return true } else { return false } }
        #expect(retries.count == 2)
    }

    @Test("Bad input: days outside 1...11, a coordinate off the grid, a mid-term URL that cannot be used")
    func badInput() async throws {
        let server = try tenDayServer()
        let client = try tenDayClient(server, clock: TestClock(kstDate(2026, 10, 4, 17, 30)))
        for days in [0, 12] {
            let error = await #expect(throws: ForecastClientError.self) { try await client.dailyForecast(for: GeoCoordinate(latitude: 37.56, longitude: 126.97), days: days) }
            #expect(error?.description.contains("1...11") == true)
        }
        await #expect(throws: ForecastClientError.self) { try await client.dailyForecast(for: GeoCoordinate(latitude: 10, longitude: 100)) }
        #expect(server.requests.isEmpty)
        var configuration = ClientConfiguration(serviceKey: try ServiceKey(testKey))
        configuration.midBaseURL = "ftp://example.com/MidFcstInfoService"
        let error = #expect(throws: ForecastClientError.self) { try ForecastClient(configuration: configuration) }
        #expect(error?.service == .midTerm && error?.stage == .request)
    }

    @Test("The outlook (getMidFcst) for the region's station")
    func outlook() async throws {
        let server = try tenDayServer()
        server.addMidTerm(operation: "getMidFcst", regionID: "109", tmFc: "202610040600",
                          body: Array(#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"items":{"item":[{"wfSv":"맑은 날이 많겠습니다."}]}}}}"#.utf8))
        let outlook = try await tenDayClient(server, clock: TestClock(kstDate(2026, 10, 4, 17, 30))).midTermOutlook(stationID: "109")
        #expect(outlook.text == "맑은 날이 많겠습니다." && outlook.issue.tmFc == "202610040600")
        #expect(server.requests.last?.parameters["stnId"] == "109")
    }

    @Test("The mid-term root: midBaseURL; else beside a configured baseURL (never another host); else the provider's", arguments: [
        (nil, nil, ServiceProvider.dataGoKr, "https://apis.data.go.kr/1360000/MidFcstInfoService"),
        (nil, nil, .apiHub, "https://apihub.kma.go.kr/api/typ02/openApi/MidFcstInfoService"),
        ("http://127.0.0.1:9/1360000/VilageFcstInfoService_2.0/", nil, .dataGoKr, "http://127.0.0.1:9/1360000/MidFcstInfoService"),
        ("http://proxy.example", nil, .dataGoKr, "http://proxy.example/MidFcstInfoService"),
        ("http://127.0.0.1:9/x", "http://127.0.0.1:8/mid", .dataGoKr, "http://127.0.0.1:8/mid"),
    ])
    func midRoot(base: String?, mid: String?, provider: ServiceProvider, expected: String) throws {
        var configuration = ClientConfiguration(provider: provider, serviceKey: try ServiceKey(testKey), baseURL: base, cache: .disabled)
        configuration.midBaseURL = mid
        #expect(ClientCore.midTermBaseURL(configuration) == expected)
    }

    @Test("Mid-term answers are cached under (operation, regId, tmFc), never with the key; an answer quoting the key is not stored")
    func cacheFiles() async throws {
        let server = try tenDayServer()
        let directory = try temporaryDirectory()
        let client = try tenDayClient(server, clock: TestClock(kstDate(2026, 10, 4, 17, 30)), cache: .directory(directory))
        _ = try await client.dailyForecast(for: GeoCoordinate(latitude: 37.56, longitude: 126.97))
        let ta = try String(contentsOfFile: directory + "/data.go.kr/mid-term/getMidTa/11B10101/202610040600.body", encoding: .utf8)
        #expect(ta.hasPrefix("kma-forecast-mid 1\nprovider data.go.kr\nroot \(server.midTermBaseURL)\noperation getMidTa\nregion 11B10101\ntmFc 202610040600\n"))
        #expect(!ta.contains("TESTKEY"))
        let quoting = try Fixtures.text("midterm/getMidTa_11B10101_202610041800.json").replacingOccurrences(of: "\"regId\"", with: "\"note\":\"\(testKey)\",\"regId\"")
        server.addMidTerm(operation: "getMidTa", regionID: "11B10101", tmFc: "202610041800", body: Array(quoting.utf8))
        let evening = try tenDayClient(server, clock: TestClock(kstDate(2026, 10, 4, 18, 30)), cache: .directory(directory))
        let forecast = try await evening.dailyForecast(for: GeoCoordinate(latitude: 37.56, longitude: 126.97))
        #expect(forecast.midTermIssues.count == 2)
        #expect(!FileManager.default.fileExists(atPath: directory + "/data.go.kr/mid-term/getMidTa/11B10101/202610041800.body"))
    }
}
