import Foundation
import KMAForecast
import KMAPlaces
import Testing

/// Issue 38, item 2, through the built binary: the default view with the warning and UV
/// services silent (or the warnings trickling) shows the forecast and one note per late
/// service, and never says no warning is in force. The binary waits the library's default
/// deadline (5 s): the verdict is on the output, not on the time taken.
@Suite("The binary's default view with a silent or trickling side service", .serialized)
struct SideServiceDeadlineBinaryTests {
    static func server() throws -> ReplayServer {
        let server = try ReplayServer(expectedKey: Scenario.key)
        let cell = try PlaceDirectory.kma.place(named: "서울 강남구").cell
        server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20260801", baseTime: "1100"), nx: cell.nx, ny: cell.ny))
        server.setWarningEvents(WarningsScenario.seoulSoutheast)
        return server
    }

    static func arguments(_ server: ReplayServer, _ extra: [String]) -> [String] {
        ["--place", "서울 강남구", "--base-url", server.baseURL, "--no-cache", "--at", "2026-08-01T12:00:00+09:00", "--product", "short-term"] + extra
    }

    @Test("Silent warning and UV services: the forecast on standard output, a note for each on standard error")
    func silent() throws {
        let server = try Self.server()
        defer { server.stop() }
        let silent = try SilentGateway()
        defer { silent.stop() }
        let root = "http://127.0.0.1:\(silent.port)/1360000/"
        for language in ["en", "ko"] {
            let result = try BuiltBinaryTests.run(
                Self.arguments(server, ["--warnings-base-url", root + "WthrWrnInfoService", "--uv-base-url", root + "LivingWthrIdxServiceV5", "--uv", "--lang", language]),
                environment: Scenario.environment
            )
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("강남구") && result.stdout.contains("┼"), "the forecast: \(result.stdout)")
            let note = language == "en" ? "No answer within 5 s, so the forecast is shown without it" : "5초 안에 답하지 않아 이 서비스 없이 예보를 보여 줍니다"
            #expect(result.stderr.components(separatedBy: note).count == 3, "one note each for the warnings and the UV index: \(result.stderr)")
            #expect(!result.stdout.contains("No weather warning") && !result.stdout.contains("특보 없음"))
        }
    }

    @Test("The warning service trickling 2 bytes a second: the forecast, the note")
    func trickling() throws {
        let server = try Self.server()
        defer { server.stop() }
        server.inject(.trickle(bytesPerSecond: 2), times: 100, when: ReplayMatch(operation: "getPwnCd"))
        let result = try BuiltBinaryTests.run(Self.arguments(server, ["--no-uv", "--lang", "en"]), environment: Scenario.environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("┼"))
        #expect(result.stderr.contains("Note: weather warnings: ") && result.stderr.contains("No answer within 5 s"), "\(result.stderr)")
        #expect(!result.stdout.contains("Weather warnings in force"))
    }
}
