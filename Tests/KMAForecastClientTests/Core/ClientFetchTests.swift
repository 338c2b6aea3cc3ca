import Foundation
import KMAForecast
import KMAGrid
import Testing
@testable import KMAForecastClient
import _KMATestSupport

@Suite("ForecastClient over HTTP: requests, pages, base times", .removingTemporaryDirectories)
struct ClientFetchTests {
    @Test("A run in one page: the exact request, rows as the decoder makes them")
    func onePage() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let run = try await makeClient(server).fetch(.shortTerm, cell: shortTermCell)
        #expect(run.base.description == "20221120 0500" && run.newestBase == run.base && !run.isFallback)
        #expect(run.itemCount == 809 && run.pageCount == 1 && run.requests == 1 && !run.fromCache)
        var builder = ForecastRowBuilder()
        _ = try ForecastPageDecoder.decode(try Fixtures.bytes(shortTermFixture), into: &builder)
        #expect(run.rows == builder.rows())
        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(request.path == "/1360000/VilageFcstInfoService_2.0/getVilageFcst")
        #expect(request.rawQuery == "serviceKey=TESTKEY%2Babc%2Fdef%3D%3D&pageNo=1&numOfRows=1000&dataType=JSON&base_date=20221120&base_time=0500&nx=60&ny=120")
    }

    @Test("The key is encoded exactly once, for both portal forms and both providers", arguments: [
        (testKey, ServiceProvider.dataGoKr), (testKeyEncoded, .dataGoKr), (testKey, .apiHub), (testKeyEncoded, .apiHub),
    ])
    func keyEncodedOnce(_ key: String, _ provider: ServiceProvider) async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let run = try await makeClient(server, key: key, provider: provider).fetch(.shortTerm, cell: shortTermCell)
        #expect(run.itemCount == 809)
        let request = try #require(server.requests.first)
        #expect(request.parameterNames.first == provider.keyParameter)
        #expect(request.rawQuery.hasPrefix("\(provider.keyParameter)=TESTKEY%2Babc%2Fdef%3D%3D&"))
        #expect(request.parameters[provider.keyParameter] == testKey)
        if provider == .apiHub { #expect(request.path == "/api/typ02/openApi/VilageFcstInfoService_2.0/getVilageFcst") }
    }

    @Test("A key the server does not know is refused at once, and never shown")
    func wrongKey() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let recorder = Recorder()
        let error = try #require(await fetchError(try makeClient(server, key: "TESTKEY+other/key==", recorder: recorder)))
        #expect(error.stage == .resultCode && error.resultCode == .serviceKeyNotRegistered)
        #expect(error.description.contains("can take an hour or more to become active"))
        #expect(server.requests.count == 1)
        for text in texts(of: error) + recorder.eventTexts { #expect(!text.contains("TESTKEY"), "\(text)") }
        #expect(error.url?.contains("serviceKey=REDACTED&pageNo=1") == true)
    }

    @Test("Pagination: 809 items in pages of 300, fetched concurrently, the same rows")
    func threePages() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let run = try await makeClient(server, pageSize: 300).fetch(.shortTerm, cell: shortTermCell)
        #expect(run.itemCount == 809 && run.pageCount == 3 && run.requests == 3)
        let pages = server.requests.map { ($0.parameters["pageNo"] ?? "", $0.parameters["numOfRows"] ?? "") }
        #expect(pages.map(\.0).sorted() == ["1", "2", "3"] && pages.allSatisfy { $0.1 == "300" })
        #expect(server.requests.first?.parameters["pageNo"] == "1")
        let whole = try await makeClient(server).fetch(.shortTerm, cell: shortTermCell)
        #expect(run.rows == whole.rows)
    }

    @Test("The item stream delivers every item in KMA's order, page after page")
    func stream() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        var streamed: [ForecastItem] = []
        for try await item in try makeClient(server, pageSize: 100).items(.shortTerm, cell: shortTermCell) {
            streamed.append(item)
        }
        #expect(streamed == (try ForecastPageDecoder.decode(try Fixtures.bytes(shortTermFixture))).items)
        #expect(server.requests.count == 9)
    }

    @Test("Abandoning a stream after the first page cancels the pages in flight")
    func abandonStream() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        // Pages 2 and 3 would take 2 minutes: only cancellation ends them sooner, however busy the machine.
        for pageNo in [2, 3] { server.inject(.delay(milliseconds: 120_000), times: 1, when: ReplayMatch(pageNo: pageNo)) }
        let probe = ProbeTransport()
        let client = try makeClient(server, pageSize: 100, pageConcurrency: 2, timeouts: ClientTimeouts(connect: .seconds(240), overall: .seconds(240)), transport: probe)
        var count = 0
        for try await _ in client.items(.shortTerm, cell: shortTermCell) {
            count += 1
            if count == 100 {
                // Page 1 is delivered; leave once pages 2 and 3 are really in flight.
                #expect(await probe.wait { $0.started.sorted() == [1, 2, 3] && server.requests.count == 3 })
                break
            }
        }
        #expect(count == 100)
        #expect(await probe.wait { $0.finished.count == 3 })
        let later = probe.snapshot.finished.filter { $0.pageNo > 1 }.sorted { $0.pageNo < $1.pageNo }
        #expect(later == [
            ProbeTransport.Outcome(pageNo: 2, sawCancellation: true, failure: .cancelled),
            ProbeTransport.Outcome(pageNo: 3, sawCancellation: true, failure: .cancelled),
        ])
        #expect(probe.snapshot.started.count == 3 && server.requests.count == 3)
    }

    @Test("Nowcast and ultra-short runs", arguments: [
        (ForecastProduct.nowcast, "api/getUltraSrtNcst_20210328_1400_nx56_ny125.json", kstDate(2021, 3, 28, 14, 20), 8, 1),
        (.ultraShort, "api/getUltraSrtFcst_20210328_1530_nx56_ny125.json", kstDate(2021, 3, 28, 16, 0), 60, 6),
    ])
    func otherProducts(_ product: ForecastProduct, _ fixture: String, _ now: Date, _ items: Int, _ rows: Int) async throws {
        let server = try ReplayServer(runs: [try RecordedRun(product, fixture: fixture)], expectedKey: testKey)
        defer { server.stop() }
        let run = try await makeClient(server, clock: TestClock(now)).fetch(product, cell: try GridCell(nx: 56, ny: 125))
        #expect(run.itemCount == items && run.rows.count == rows)
        #expect(server.requests.first?.operation == product.operation)
    }

    @Test("NO_DATA for the newest run falls back one or two issuances, and says so", arguments: [
        (kstDate(2022, 11, 20, 8, 15), ["0800", "0500"], 1),
        (kstDate(2022, 11, 20, 11, 15), ["1100", "0800", "0500"], 2),
    ])
    func fallback(_ now: Date, _ asked: [String], _ steps: Int) async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let recorder = Recorder()
        let run = try await makeClient(server, clock: TestClock(now), recorder: recorder).fetch(.shortTerm, cell: shortTermCell)
        #expect(run.base.baseTime == "0500" && run.newestBase.baseTime == asked[0])
        #expect(run.fallbackSteps == steps && run.isFallback && run.requests == asked.count)
        #expect(server.requests.map { $0.parameters["base_time"] ?? "" } == asked)
        let fallbacks = recorder.events.compactMap { event -> String? in
            if case .fallback(_, _, let from, let to) = event { return "\(from.baseTime)→\(to.baseTime)" }
            return nil
        }
        #expect(fallbacks.count == steps)
    }

    @Test("An empty run for the newest base falls back too")
    func emptyRunFallsBack() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let empty = #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":"","pageNo":1,"numOfRows":1000,"totalCount":0}}}"#
        server.inject(.body(empty, contentType: "application/json"), when: ReplayMatch(baseTime: "0800"))
        let run = try await makeClient(server, clock: TestClock(kstDate(2022, 11, 20, 8, 15))).fetch(.shortTerm, cell: shortTermCell)
        #expect(run.base.baseTime == "0500" && run.fallbackSteps == 1)
    }

    @Test("Every run tried empty (resultCode 00, no items): an error saying so, never zero rows", arguments: [
        #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{}}}"#,
        #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":"","pageNo":1,"numOfRows":1000,"totalCount":0}}}"#,
    ])
    func emptyRunsEverywhere(body: String) async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.body(body, contentType: "application/json"), times: 9)
        let recorder = Recorder()
        let error = try #require(await fetchError(try makeClient(server, clock: TestClock(kstDate(2022, 11, 20, 14, 15)), recorder: recorder)))
        // Regression: this was "KMA has no data" at best; a client that took the empty page
        // would have delivered a run of zero rows.
        guard case .emptyRun(_, _, let tried, let empty) = error.reason else {
            Issue.record("expected emptyRun, got \(error)")
            return
        }
        #expect(tried.map(\.baseTime) == ["1400", "1100", "0800"] && empty == tried)
        #expect(error.stage == .decode && error.resultCode == nil && !error.isTransient)
        #expect(error.attempts == 3 && server.requests.count == 3 && recorder.sleeps.isEmpty)
        #expect(error.description == "KMA answered an empty run (resultCode 00 with no items, totalCount 0) for short-term at nx 60, ny 120, runs 20221120 1400, 20221120 1100, 20221120 0800. An empty run is not a forecast, so nothing was delivered: KMA may still be publishing the run, or the service is disrupted. Try again in a few minutes.")
        for text in texts(of: error) { #expect(!text.contains("TESTKEY"), "\(text)") }
    }

    @Test("The newest run empty, the earlier ones without data: the error names both")
    func emptyThenNoData() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.body(#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{}}}"#, contentType: "application/json"), when: ReplayMatch(baseTime: "1400"))
        let error = try #require(await fetchError(try makeClient(server, clock: TestClock(kstDate(2022, 11, 20, 14, 15)))))
        #expect(error.description.hasPrefix("KMA answered an empty run (resultCode 00 with no items, totalCount 0) for short-term at nx 60, ny 120, run 20221120 1400; it had no data for runs 20221120 1100, 20221120 0800. An empty run is not a forecast"), "\(error)")
    }

    @Test("An explicit run that is empty is an error after one request")
    func explicitEmptyRun() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.body(#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{}}}"#, contentType: "application/json"), times: 9)
        let base = try ForecastBase(baseDate: "20221120", baseTime: "0500")
        let client = try makeClient(server)
        let error = try #require(await #expect(throws: ForecastClientError.self) {
            _ = try await client.fetch(.shortTerm, cell: shortTermCell, base: base)
        })
        #expect(error.reason == .emptyRun(product: .shortTerm, cell: shortTermCell, tried: [base], empty: [base]))
        #expect(error.attempts == 1 && server.requests.count == 1)
        #expect(error.description.hasPrefix("KMA answered an empty run (resultCode 00 with no items, totalCount 0) for short-term at nx 60, ny 120, run 20221120 0500. "))
    }

    @Test("Three runs without data: an error naming them, after three requests")
    func noDataAnywhere() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let error = try #require(await fetchError(try makeClient(server, clock: TestClock(kstDate(2022, 11, 20, 14, 15)))))
        guard case .noData(_, _, let tried) = error.reason else {
            Issue.record("expected noData, got \(error)")
            return
        }
        #expect(tried.map(\.baseTime) == ["1400", "1100", "0800"])
        #expect(error.stage == .resultCode && error.attempts == 3 && server.requests.count == 3)
        #expect(error.description.contains("20221120 1400, 20221120 1100, 20221120 0800"))
    }

    @Test("An explicit base is fetched as asked, without fallback")
    func explicitBase() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let client = try makeClient(server, clock: TestClock(kstDate(2022, 11, 21, 6, 0)))
        let run = try await client.fetch(.shortTerm, cell: shortTermCell, base: try ForecastBase(baseDate: "20221120", baseTime: "0500"))
        #expect(run.itemCount == 809 && run.newestBase == run.base)
        let missing = try ForecastBase(baseDate: "20221120", baseTime: "0800")
        await #expect(throws: ForecastClientError.self) { try await client.fetch(.shortTerm, cell: shortTermCell, base: missing) }
        #expect(server.requests.count == 2)
    }

    @Test("The client reports its service root and, by its clock, the newest run of each product")
    func facts() throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let client = try makeClient(server, clock: TestClock(kstDate(2022, 11, 20, 0, 50)))
        #expect(client.baseURL == server.baseURL)
        #expect(client.newestBase(of: .shortTerm).description == "20221119 2300")
        #expect(client.newestBase(of: .nowcast).description == "20221120 0000")
        #expect(client.newestBase(of: .ultraShort).description == "20221120 0030")
        let standard = try ForecastClient(configuration: ClientConfiguration(serviceKey: try ServiceKey(testKey), cache: .disabled))
        #expect(standard.baseURL == "https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0")
    }

    @Test("Invalid configurations are refused before any request", arguments: [
        ("pageSize", 0), ("pageConcurrency", 0), ("maxFallbackSteps", 3),
    ])
    func invalidConfiguration(_ field: String, _ value: Int) throws {
        var configuration = ClientConfiguration(serviceKey: try ServiceKey(testKey), cache: .disabled)
        switch field {
        case "pageSize": configuration.pageSize = value
        case "pageConcurrency": configuration.pageConcurrency = value
        default: configuration.maxFallbackSteps = value
        }
        #expect {
            _ = try ForecastClient(configuration: configuration)
        } throws: { error in
            (error as? ForecastClientError)?.description.contains(field) == true
        }
    }

    /// A configuration value at an extreme, and the word the refusal must contain (`nil`: it
    /// must work).
    struct Extreme: Sendable, CustomTestStringConvertible {
        let label: String
        let change: @Sendable (inout ClientConfiguration) -> Void
        let refusal: String?
        var testDescription: String { label }
    }

    static let extremes: [Extreme] = [
        // Regression: these trapped (Int64 conversions of Double seconds, Task.sleep, URLRequest).
        Extreme(label: "maxDelay Int64.max s", change: { $0.retry.maxDelay = .seconds(Int64.max) }, refusal: "retry delays must be at most 1 day"),
        Extreme(label: "initialDelay 1e20 s", change: { $0.retry.initialDelay = .seconds(1e20) }, refusal: "retry delays must be at most 1 day"),
        Extreme(label: "connect Int64.max s", change: { $0.timeouts.connect = .seconds(Int64.max) }, refusal: "timeouts.connect must be positive and at most 1 day"),
        Extreme(label: "overall Int64.max s", change: { $0.timeouts.overall = .seconds(Int64.max) }, refusal: "timeouts.overall must be positive and at most 1 day"),
        Extreme(label: "overall 0", change: { $0.timeouts.overall = .zero }, refusal: "timeouts.overall must be positive"),
        Extreme(label: "noDataRecheckInterval -1 s", change: { $0.noDataRecheckInterval = .seconds(-1) }, refusal: "noDataRecheckInterval must not be negative"),
        Extreme(label: "noDataRecheckInterval Int64.max s", change: { $0.noDataRecheckInterval = .seconds(Int64.max) }, refusal: nil),
        Extreme(label: "noDataRecheckInterval 1e20 s", change: { $0.noDataRecheckInterval = .seconds(1e20) }, refusal: nil),
        Extreme(label: "pageConcurrency Int.max", change: { $0.pageConcurrency = .max }, refusal: nil),
        Extreme(label: "maxAttempts Int.max", change: { $0.retry.maxAttempts = .max }, refusal: nil),
        Extreme(label: "clock at the far future", change: { $0.now = { .distantFuture } }, refusal: nil),
    ]

    @Test("Extreme configuration values are refused with a reason, or work; never a trap", arguments: extremes)
    func extremeConfiguration(_ c: Extreme) async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        var configuration = ClientConfiguration(
            serviceKey: try ServiceKey(testKey), baseURL: server.baseURL, cache: .directory(try temporaryDirectory()),
            now: { kstDate(2022, 11, 20, 8, 15) }   // 0800 has no data: a NO_DATA note is written
        )
        c.change(&configuration)
        do throws(ForecastClientError) {
            let client = try ForecastClient(configuration: configuration, transport: URLSessionTransport(), sleep: { _ in }, random: { 0.5 })
            #expect(c.refusal == nil, "expected a refusal")
            // Twice: the second call reads the NO_DATA note and compares it with the interval.
            for _ in 0..<2 { _ = await fetchError(client) }
        } catch {
            #expect(error.stage == .request)
            #expect(c.refusal.map { error.description.contains($0) } == true, "\(error)")
        }
    }
}
