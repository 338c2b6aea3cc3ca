import Foundation
import Testing
@testable import KMAForecastMCP
import KMAForecast
import KMAPlaces
import _KMATestSupport

/// 서울 강남구 at 2026-08-01 12:00 KST (``WarningsScenario/seoulSoutheast``).
private let noon = (try? KSTDateTime(year: 2026, month: 8, day: 1, hour: 12, minute: 0))?.date ?? Date()

@Suite("kma_warnings and kma_forecast's warnings against a stand-in gateway")
struct MCPWarningsToolTests {
    @Test("kma_warnings: exactly the warning in force in the zone; kma_forecast's text names it first")
    func warnings() async throws {
        let server = try ReplayServer(expectedKey: Scenario.key)
        defer { server.stop() }
        let cell = try PlaceDirectory.kma.place(named: "서울 강남구").cell
        server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20260801", baseTime: "1100"), nx: cell.nx, ny: cell.ny))
        server.setWarningEvents(WarningsScenario.seoulSoutheast)
        let run = await runMCP(
            [MCPRequest.call(id: 1, "kma_warnings", #"{"place":"서울 강남구","bulletin":false}"#), MCPRequest.call(id: 2, "kma_forecast", #"{"place":"서울 강남구","hours":3}"#)],
            environment: ["KMA_SERVICE_KEY": Scenario.key, "KMA_BASE_URL": server.baseURL], now: noon
        )
        let warnings = try #require(run.replies.first { $0["id"]?.intValue == 1 }?["result"])
        #expect(warnings["isError"] != .bool(true), "\(run.lines)")
        let alerts = try #require(warnings["structuredContent"]?["alerts"]?.arrayValue)
        #expect(alerts.map { $0["zoneID"]?.stringValue } == ["L1100100"] && alerts.map { $0["title"]?.stringValue } == ["폭염경보"])
        let text = try #require(warnings["content"]?.arrayValue?.first?["text"]?.stringValue)
        #expect(text.contains("폭염경보 (Heat wave warning) in 서울동남권 (L1100100)") && !text.contains("강풍") && !text.contains("호우"))
        let forecast = try #require(run.replies.first { $0["id"]?.intValue == 2 }?["result"])
        let forecastText = try #require(forecast["content"]?.arrayValue?.first?["text"]?.stringValue)
        #expect(forecastText.hasPrefix("Weather warnings in force: 폭염경보 (Heat wave warning) in 서울동남권"))
        #expect(forecast["structuredContent"]?["warnings"]?.arrayValue?.map { $0["title"]?.stringValue } == ["폭염경보"])
        #expect(!run.lines.joined().contains("TESTKEY"))
    }

    @Test("Without a key: the recorded sample's warnings, marked as a sample")
    func sample() async throws {
        let run = await runMCP([MCPRequest.call(id: 1, "kma_warnings", #"{"place":"경기도 수원시 권선구"}"#), MCPRequest.call(id: 2, "kma_warnings", #"{"place":"부산"}"#)])
        let result = try #require(run.replies.first { $0["id"] == .number(1) }?["result"])
        let text = try #require(result["content"]?.arrayValue?.first?["text"]?.stringValue)
        #expect(text.hasPrefix("SAMPLE, NOT LIVE"))
        #expect(result["structuredContent"]?["sample"] == .bool(true))
        // The sample's own zone (수원시), as every face shows it: no warning of another zone.
        #expect(text.contains("Warning zone (특보구역): 수원시 (L1011900)"), "\(text)")
        #expect((result["structuredContent"]?["alerts"]?.arrayValue ?? []).isEmpty)
        let refused = try #require(run.replies.first { $0["id"] == .number(2) }?["result"])
        #expect(refused["isError"] == .bool(true))
    }
}
