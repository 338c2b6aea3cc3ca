import Foundation
import Testing
@testable import KMAForecastCLI
import KMAForecast
import KMAForecastClient
import KMAPlaces
import _KMATestSupport

/// Issue 35: `kma-forecast alerts` with a failed warning service printed "No weather warning in
/// force" on standard output (a false all-clear, the failure only on standard error). It now
/// says the warnings are unavailable, in English and Korean, and exits 1.
@Suite("kma-forecast alerts with a failed warning service: unavailable, never the all-clear")
struct AlertsUnavailableTests {
    private static let noon = (try? KSTDateTime(year: 2026, month: 8, day: 1, hour: 12, minute: 0))?.date ?? Date()

    @Test("HTTP 500 or a refused key: unavailable on standard output, exit 1", arguments: [0, 1])
    func unavailable(fault: Int) async throws {
        let server = try ReplayServer(expectedKey: Scenario.key)
        defer { server.stop() }
        if fault == 0 {
            server.inject(.status(500), times: 1_000, when: ReplayMatch(operation: "getPwnCd"))
        } else {
            server.setWarningAnswer("getPwnCd", status: 403, body: try Fixtures.bytes("warnings/error_30_service_key_not_registered.http403.json"))
        }
        for (language, unavailable, allClear) in [("en", "Weather warnings unavailable", "No weather warning in force"), ("ko", "기상특보를 받지 못함", "발효 중인 특보 없음")] {
            let result = await runTool(
                ["alerts", "--place", "서울 강남구", "--base-url", server.baseURL, "--no-cache", "--lang", language],
                environment: Scenario.environment, now: Self.noon
            )
            #expect(result.status == 1, "\(language): \(result.stderr)")
            #expect(result.stdout.contains(unavailable), "\(language): \(result.stdout)")
            #expect(!result.stdout.contains(allClear), "\(language): a false all-clear: \(result.stdout)")
            #expect(!result.stderr.isEmpty)
        }
    }

    @Test("A delivered service with nothing in force still says so")
    func allClear() async throws {
        let server = try ReplayServer(expectedKey: Scenario.key)
        defer { server.stop() }
        let result = await runTool(["alerts", "--place", "부산", "--base-url", server.baseURL, "--no-cache", "--lang", "en"], environment: Scenario.environment, now: Self.noon)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("No weather warning in force") && !result.stdout.contains("unavailable"))
    }
}
