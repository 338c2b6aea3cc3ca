import Foundation
import Testing
@testable import KMAForecastMCP
import KMAForecast
import KMAPlaces
import _KMATestSupport

/// Issue 38, item 2, under MCP: `kma_forecast` with a silent warning service returned only when
/// the service's timeouts and retries were spent. The forecast is now returned once it is ready
/// and the library's side-service deadline (5 s by default) has passed, its text leading with the
/// note that the warnings are unavailable. A verdict on the outcome, not on the time taken.
@Suite("kma_forecast with a silent warning service: the forecast, with the note")
struct MCPSideServiceDeadlineTests {
    @Test("Warnings and UV silent: the forecast is delivered, the warnings named unavailable, never 'none in force'")
    func silentWarnings() async throws {
        let server = try ReplayServer(expectedKey: Scenario.key)
        defer { server.stop() }
        let cell = try PlaceDirectory.kma.place(named: "서울 강남구").cell
        server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20260801", baseTime: "1100"), nx: cell.nx, ny: cell.ny))
        let silent = try SilentGateway()
        defer { silent.stop() }
        let noon = try KSTDateTime(year: 2026, month: 8, day: 1, hour: 12, minute: 0).date
        let run = await runMCP(
            [MCPRequest.call(id: 1, "kma_forecast", #"{"place":"서울 강남구","hours":3}"#)],
            environment: [
                "KMA_SERVICE_KEY": Scenario.key, "KMA_BASE_URL": server.baseURL, "KMA_SIDE_SERVICE_DEADLINE": "5",
                "KMA_WARNINGS_BASE_URL": "http://127.0.0.1:\(silent.port)/1360000/WthrWrnInfoService",
                "KMA_UV_BASE_URL": "http://127.0.0.1:\(silent.port)/1360000/LivingWthrIdxServiceV5",
            ],
            now: noon
        )
        let result = try #require(run.replies.first { $0["id"]?.intValue == 1 }?["result"], "\(run.lines)")
        let text = try #require(result["content"]?.arrayValue?.first?["text"]?.stringValue)
        #expect(text.hasPrefix("Weather warnings unavailable:"), "\(text.prefix(300))")
        #expect(text.contains("No answer within 5 s, so the forecast is shown without it"))
        #expect(!text.contains("No weather warning in force"))
        #expect(result["structuredContent"]?["warningsError"]?.stringValue?.contains("5 s") == true, "\(result["structuredContent"]?.text.prefix(600) ?? "")")
        #expect(result["structuredContent"]?["warnings"] == nil, "no list of warnings in force: they are unknown")
        #expect(result["structuredContent"]?["hours"]?.arrayValue?.isEmpty == false, "the forecast is there")
    }
}
