import Foundation
import KMAForecast
import KMAGrid
import Testing
@testable import KMAForecastClient
import _KMATestSupport

/// Issue 38, item 2: a silent or trickling side service (warnings, UV index, mid-term) held the
/// forecast for as long as its own timeouts and retries allowed (31 s silent, 91 s at 2 bytes a
/// second), though the forecast was ready at once. The forecast now waits for them only until
/// ``ClientConfiguration/sideServiceDeadline`` once the products are in, then is returned with
/// each late one's outcome failed, `sideServiceLate`. The deadline here is short (0.2 s) and no
/// verdict depends on the machine's speed: a silent gateway never answers, a trickle of 2 bytes
/// a second takes minutes. The retries' sleep is instant, as in the other tests: the deadline
/// is on the real clock and must not pass because of it (`recordedSideServicesAreWaitedFor`).
@Suite("A silent or trickling side service never holds the forecast")
struct SideServiceDeadlineTests {
    static func cell() throws -> GridCell { try GridCell(nx: Scenario.nx, ny: Scenario.ny) }

    static func client(server: ReplayServer, side: String, deadline: Duration? = .milliseconds(200)) throws -> ForecastClient {
        var configuration = ClientConfiguration(serviceKey: try ServiceKey(Scenario.key), baseURL: server.baseURL, cache: .disabled, now: { Scenario.now })
        configuration.warningsBaseURL = side + "/1360000/WthrWrnInfoService"
        configuration.uvIndexBaseURL = side + "/1360000/LivingWthrIdxServiceV5"
        configuration.midBaseURL = side + "/1360000/MidFcstInfoService"
        configuration.sideServiceDeadline = deadline
        return try ForecastClient(configuration: configuration, transport: URLSessionTransport(), sleep: { _ in }, random: { 0.5 })
    }

    @Test("Every side service silent: the forecast is returned, each side service late, named, with its note")
    func silent() async throws {
        let server = try Scenario.server()
        defer { server.stop() }
        let silent = try SilentGateway()
        defer { silent.stop() }
        let client = try Self.client(server: server, side: "http://127.0.0.1:\(silent.port)")
        let forecast = try await client.forecast(for: .cell(try Self.cell()), midTermDays: 10, alerts: true, uvIndex: true)
        #expect(forecast.products.allSatisfy { $0.failure == nil }, "\(forecast.products.map(\.failure))")
        #expect(!forecast.hourly.isEmpty)
        #expect(forecast.warnings?.failure?.kind == "sideServiceLate", "\(String(describing: forecast.warnings?.failure))")
        #expect(forecast.warnings?.failure?.service == .warnings)
        #expect(forecast.warnings?.failure?.message.contains("No answer within 0.2 s, so the forecast is shown without it") == true)
        #expect(forecast.warnings?.failure?.koreanMessage.contains("0.2초 안에 답하지 않아") == true)
        #expect(forecast.alerts.isEmpty && forecast.warnings?.status == .failed, "late warnings are unknown, never 'none in force'")
        #expect(forecast.uv?.failure?.kind == "sideServiceLate" && forecast.uv?.failure?.service == .uvIndex)
        #expect(forecast.midTerm?.failure?.kind == "sideServiceLate" && forecast.midTerm?.failure?.service == .midTerm)
    }

    @Test("The warning service trickling 2 bytes a second: late, the forecast returned")
    func trickling() async throws {
        let server = try Scenario.server()
        defer { server.stop() }
        server.setWarningEvents(WarningsScenario.seoulSoutheast)
        server.inject(.trickle(bytesPerSecond: 2), times: 100, when: ReplayMatch(operation: "getPwnCd"))
        var configuration = ClientConfiguration(serviceKey: try ServiceKey(Scenario.key), baseURL: server.baseURL, cache: .disabled, now: { Scenario.now })
        configuration.sideServiceDeadline = .milliseconds(300)
        let client = try ForecastClient(configuration: configuration, transport: URLSessionTransport(), sleep: { _ in }, random: { 0.5 })
        let forecast = try await client.forecast(for: .cell(try Self.cell()), alerts: true)
        #expect(forecast.products.allSatisfy { $0.failure == nil })
        #expect(forecast.warnings?.failure?.kind == "sideServiceLate")
        #expect(forecast.warnings?.failure?.message.contains("No answer within 0.3 s") == true)
    }

    @Test("An instant retry sleep does not end the wait: side services that answer are delivered (the recording's, a stand-in's)")
    func recordedSideServicesAreWaitedFor() async throws {
        let forecast = try await ForecastClient.preview.forecast(for: .place("수원시 권선구"), midTermDays: 10, alerts: true)
        #expect(forecast.midTerm?.failure == nil, "\(String(describing: forecast.midTerm?.failure))")
        #expect(forecast.warnings?.failure?.kind != "sideServiceLate")
        let server = try Scenario.server()
        defer { server.stop() }
        server.setWarningEvents(WarningsScenario.seoulSoutheast)
        var configuration = ClientConfiguration(serviceKey: try ServiceKey(Scenario.key), baseURL: server.baseURL, cache: .disabled, now: { Scenario.now })
        configuration.sideServiceDeadline = .seconds(600)
        let client = try ForecastClient(configuration: configuration, transport: URLSessionTransport(), sleep: { _ in }, random: { 0.5 })
        let live = try await client.forecast(for: .cell(try Self.cell()), alerts: true)
        #expect(live.warnings?.failure == nil, "\(String(describing: live.warnings?.failure))")
    }

    @Test("A side service that answered is never late, whatever the time left (the deadline passed at once)")
    func deliveredWins() async throws {
        let service = SideServiceTask<Int?>.start { 7 }
        // Let it finish first: the value is kept, then a wait with no time left still gets it.
        for _ in 0..<1_000 {
            if case .delivered = await service.outcome(within: nil, sleep: { _ in }) { break }
        }
        guard case .delivered(let value) = await service.outcome(within: .zero, sleep: { _ in }) else {
            Issue.record("late, though delivered")
            return
        }
        #expect(value == 7)
    }

    @Test("A deadline must be positive")
    func checked() throws {
        var configuration = ClientConfiguration(serviceKey: try ServiceKey(Scenario.key))
        configuration.sideServiceDeadline = .zero
        #expect(configuration.problem?.contains("sideServiceDeadline must be positive") == true)
        configuration.sideServiceDeadline = nil
        #expect(configuration.problem == nil)
    }
}
