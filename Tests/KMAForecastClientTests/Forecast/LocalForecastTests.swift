import Foundation
import KMAForecast
import KMAForecastClient
import KMAGrid
import Testing
import _KMATestSupport

/// The one-call API as an app uses it, over real HTTP against the replay server.
@Suite("ForecastClient.forecast(for:): one call for a place", .removingTemporaryDirectories)
struct LocalForecastTests {
    @Test("A cell: the short-term run delivered, the others failed on their own, the timeline and days from it")
    func oneCell() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let forecast = try await makeClient(server).forecast(for: .cell(shortTermCell))
        #expect(forecast.location.cell == shortTermCell)
        #expect(forecast.products.map(\.product) == [.nowcast, .ultraShort, .shortTerm])
        let short = try #require(forecast.outcome(.shortTerm))
        #expect(short.status == .delivered && short.base?.description == "20221120 0500" && short.rows.count > 60)
        #expect(forecast.products.filter { $0.status == .failed }.map(\.product) == [.nowcast, .ultraShort])
        #expect(forecast.failures.count == 2 && forecast.isPartial)
        for failed in forecast.failures {
            #expect(failed.kind == "noData" && failed.resultCode == "03" && failed.service == .shortTerm)
        }
        // 06:00 on 2022-11-20: the hours after it, from the short-term run, each once and in order.
        #expect(forecast.current == nil)
        let times = forecast.hourly.map(\.time)
        #expect(!times.isEmpty && times == times.sorted() && Set(times).count == times.count)
        #expect(times.first?.iso8601 == "2022-11-20T07:00:00+09:00")
        #expect(forecast.hourly.allSatisfy { $0.sources.map(\.product) == [.shortTerm] && $0.condition != nil })
        #expect(forecast.hours(24).count == 24)
        // The run's last slot, 2022-11-23 00:00, is not a day (issue: a day made of its 00:00 slot alone).
        #expect(forecast.daily.map(\.yyyymmdd) == [20221120, 20221121, 20221122])
        #expect(forecast.daily.allSatisfy { $0.highTemperature != nil && $0.lowTemperature != nil && $0.high != nil })
        // The next short-term run, 08:00, is published at 08:10.
        #expect(forecast.outcome(.shortTerm)?.nextRunAvailableAt.iso8601 == "2022-11-20T08:10:00+09:00")
        #expect(forecast.nextUpdate != nil && forecast.nextUpdate! <= forecast.outcome(.shortTerm)!.nextRunAvailableAt)
        #expect(forecast.hourly.first?.temperature?.unit == .celsius)
    }

    @Test("A coordinate and a place name resolve to their cells; a bad one is a request error")
    func locations() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let client = try makeClient(server)
        await #expect(throws: ForecastClientError.self) {
            try await client.forecast(for: .coordinate(GeoCoordinate(latitude: 10, longitude: 10)))
        }
        await #expect(throws: ForecastClientError.self) { try await client.forecast(for: .place("중구")) }
        #expect(server.requests.isEmpty)
        let seoul = try ForecastLocation.place("서울").resolved()
        #expect(seoul.placeName == "서울특별시" && seoul.coordinate != nil)
    }

    @Test("Every product failing throws the first product's error")
    func allFailed() async throws {
        let server = try ReplayServer(runs: [], expectedKey: testKey)
        defer { server.stop() }
        await #expect(throws: ForecastClientError.self) {
            try await makeClient(server).forecast(for: .cell(shortTermCell), products: [.shortTerm, .shortTerm])
        }
    }

    @Test("A stored forecast decodes equal to the fetched one, failures included")
    func storedRoundTrip() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let forecast = try await makeClient(server).forecast(for: .cell(shortTermCell))
        let data = try JSONEncoder().encode(forecast)
        let decoded = try JSONDecoder().decode(LocalForecast.self, from: data)
        #expect(decoded == forecast)
        #expect(decoded.hourly == forecast.hourly && decoded.daily == forecast.daily)
        #expect(decoded.products.map(\.failure) == forecast.products.map(\.failure))
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("TESTKEY"))
        #expect(text.contains(#""status":"delivered""#) && text.contains(#""status":"failed""#))
        // A stored outcome that contradicts itself is refused.
        let forged = text.replacingOccurrences(of: #""status":"delivered""#, with: #""status":"failed""#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LocalForecast.self, from: Data(forged.utf8)) }
    }

    @Test("Many places: each distinct cell fetched once, results in input order, a bad place fails alone")
    func batch() async throws {
        let base = try RecordedRun(.shortTerm, fixture: shortTermFixture)
        let server = try ReplayServer(runs: [base, base.relabelled(nx: 61, ny: 120)], expectedKey: testKey)
        defer { server.stop() }
        let other = try GridCell(nx: 61, ny: 120)
        let budget = RequestBudget(limit: 10)
        let client = try makeClient(server)
        let results = await client.forecasts(
            for: [.cell(shortTermCell), .place("없는곳이름"), .cell(other), .cell(shortTermCell)],
            products: [.shortTerm], budget: budget
        )
        #expect(results.count == 4)
        #expect((try? results[0].get())?.location.cell == shortTermCell)
        #expect((try? results[2].get())?.location.cell == other)
        #expect((try? results[3].get())?.hourly == (try? results[0].get())?.hourly)
        guard case .failure(let error) = results[1] else { Issue.record("an unknown place must fail"); return }
        #expect(error.stage == .request)
        #expect(server.requests.count == 2 && budget.requestsUsed == 2)
    }

    @Test("An app's own transport: a test double in a few lines through the public initialiser")
    func injectedTransport() async throws {
        struct CannedTransport: HTTPTransport {
            var body: [UInt8]
            func get(_ url: String, connectTimeout: Duration) async throws(TransportFailure) -> HTTPResponse {
                if Task.isCancelled { throw .cancelled }
                return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: body)
            }
        }
        let configuration = ClientConfiguration(serviceKey: try ServiceKey(testKey), cache: .disabled, now: { duringRecordedRun })
        let client = try ForecastClient(configuration: configuration, transport: CannedTransport(body: try Fixtures.bytes(shortTermFixture)))
        let forecast = try await client.forecast(for: .cell(shortTermCell), products: [.shortTerm])
        #expect(forecast.outcome(.shortTerm)?.status == .delivered && forecast.daily.count == 3)
    }

    @Test("The nowcast is current until KMA's next 10-minute update, sooner than its next run: that is when to refresh")
    func refreshAtTheTenMinuteMark() async throws {
        let nowcast = try RecordedRun(.nowcast, fixture: "api/getUltraSrtNcst_20210328_1400_nx56_ny125.json")
        let server = try ReplayServer(runs: [nowcast], expectedKey: testKey)
        defer { server.stop() }
        let client = try makeClient(server, clock: TestClock(kstDate(2021, 3, 28, 14, 43)))
        let forecast = try await client.forecast(for: .cell(try GridCell(nx: 56, ny: 125)), products: [.nowcast])
        let outcome = try #require(forecast.outcome(.nowcast))
        #expect(outcome.status == .delivered && outcome.base?.description == "20210328 1400")
        #expect(outcome.nextUpdateAt.iso8601 == "2021-03-28T14:50:00+09:00")
        #expect(outcome.nextRunAvailableAt > outcome.nextUpdateAt)
        #expect(forecast.nextUpdate == outcome.nextUpdateAt)
        #expect(forecast.current?.time.iso8601 == "2021-03-28T14:00:00+09:00" && forecast.current?.temperatureCelsius != nil)
    }
}
