import Foundation
import Testing
@testable import KMAForecastCLI
import KMAForecast
import KMAForecastClient
import KMAPlaces
import _KMATestSupport

/// 서울 강남구 (서울동남권) at 2026-08-01 12:00 KST: a 폭염경보 in force, a 호우주의보 just released,
/// a 강풍주의보 next door in 서울동북권 (``WarningsScenario/seoulSoutheast``), and a short-term run.
private func warningsServer() throws -> ReplayServer {
    let server = try ReplayServer(expectedKey: Scenario.key)
    let cell = try PlaceDirectory.kma.place(named: "서울 강남구").cell
    server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20260801", baseTime: "1100"), nx: cell.nx, ny: cell.ny))
    server.setWarningEvents(WarningsScenario.seoulSoutheast)
    return server
}

private let noon = (try? KSTDateTime(year: 2026, month: 8, day: 1, hour: 12, minute: 0))?.date ?? Date()

private func arguments(_ server: ReplayServer, _ extra: [String]) -> [String] {
    ["--place", "서울 강남구", "--base-url", server.baseURL, "--no-cache"] + extra
}

@Suite("Weather warnings on the command line: the view's first lines, the JSON, kma-forecast alerts")
struct AlertsCommandTests {
    @Test("The text view starts with the warning in force, in Korean and in English; not the released one, not the neighbour's")
    func textView() async throws {
        let server = try warningsServer()
        defer { server.stop() }
        let ko = await runTool(arguments(server, ["--lang", "ko"]), environment: Scenario.environment, now: noon)
        #expect(ko.status == 0, "\(ko.stderr)")
        let koLines = ko.stdout.split(separator: "\n").map(String.init)
        #expect(koLines.first == "기상특보 발효 중")
        #expect(koLines.dropFirst().first == "  폭염경보 · 서울동남권 · 08-01 11:00 발효")
        let en = await runTool(arguments(server, ["--lang", "en"]), environment: Scenario.environment, now: noon)
        let enLines = en.stdout.split(separator: "\n").map(String.init)
        #expect(enLines.first == "Weather warnings in force")
        #expect(enLines.dropFirst().first == "  Heat wave warning (폭염경보) · 서울동남권 · since 08-01 11:00")
        for output in [ko.stdout, en.stdout] {
            #expect(!output.contains("호우주의보") && !output.contains("강풍") && !output.contains("Heavy rain advisory"))
        }
        let long = await runTool(arguments(server, ["--lang", "en", "--hours", "3"]), environment: Scenario.environment, now: noon)
        #expect(long.stdout.hasPrefix("Weather warnings in force\n  Heat wave warning"))
    }

    @Test("--days starts with the warning in force too, as the forecast view does, and each day has one low")
    func daysView() async throws {
        let server = try warningsServer()
        defer { server.stop() }
        let days = await runTool(arguments(server, ["--lang", "en", "--days", "3"]), environment: Scenario.environment, now: noon)
        #expect(days.stdout.hasPrefix("Weather warnings in force\n  Heat wave warning (폭염경보) · 서울동남권"), "\(days.stdout)")
        #expect(!days.stdout.contains("강풍"))
        let dayLines = days.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains("°") && !$0.contains("Heat wave") }
        #expect(!dayLines.isEmpty)
        for line in dayLines { #expect(line.filter { $0 == "°" }.count == 2, "\(line)") }
    }

    @Test("--format json holds exactly the one in force, as the library encodes it")
    func json() async throws {
        let server = try warningsServer()
        defer { server.stop() }
        // Only the short-term run is served: --product short-term, so that the status is 0.
        let result = await runTool(arguments(server, ["--format", "json", "--product", "short-term"]), environment: Scenario.environment, now: noon)
        #expect(result.status == 0, "\(result.stderr)")
        let forecast = try JSONDecoder().decode(LocalForecast.self, from: Data(result.stdout.utf8))
        #expect(forecast.alerts.map(\.zoneID) == ["L1100100"] && forecast.alerts.map(\.title) == ["폭염경보"])
        #expect(forecast.warnings?.zone?.id == "L1100100")
    }

    @Test("kma-forecast alerts: the zone, the one in force, text and JSON; by --lat/--lon too")
    func alertsCommand() async throws {
        let server = try warningsServer()
        defer { server.stop() }
        let text = await runTool(["alerts"] + arguments(server, ["--lang", "en"]), environment: Scenario.environment, now: noon)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("warning zone 서울동남권 (L1100100)"))
        #expect(text.stdout.contains("Heat wave warning (폭염경보) · 서울동남권"))
        #expect(!text.stdout.contains("강풍") && !text.stdout.contains("Heavy rain"))
        let json = await runTool(["alerts"] + arguments(server, ["--format", "json"]), environment: Scenario.environment, now: noon)
        let found = try JSONDecoder().decode(ZoneWarnings.self, from: Data(json.stdout.utf8))
        #expect(found.alerts.map(\.zoneID) == ["L1100100"] && found.alerts.map(\.title) == ["폭염경보"])
        let point = await runTool(["alerts", "--lat", "37.4979", "--lon", "127.0276", "--base-url", server.baseURL, "--no-cache", "--format", "json"],
                                  environment: Scenario.environment, now: noon)
        let atPoint = try JSONDecoder().decode(ZoneWarnings.self, from: Data(point.stdout.utf8))
        #expect(atPoint.alerts.map(\.title) == ["폭염경보"])
        let missing = await runTool(["alerts", "--base-url", server.baseURL], environment: Scenario.environment, now: noon)
        #expect(missing.status == 64)
    }

    @Test("A key the warning service refuses (code 30): the forecast shown, one note with what to do; alerts exits 1")
    func refused() async throws {
        let server = try warningsServer()
        defer { server.stop() }
        server.setWarningAnswer("getPwnCd", status: 403, body: try Fixtures.bytes("warnings/error_30_service_key_not_registered.http403.json"))
        let view = await runTool(arguments(server, ["--lang", "en"]), environment: Scenario.environment, now: noon)
        #expect(view.status == 0)
        #expect(view.stderr.components(separatedBy: "weather warnings").count == 2)
        #expect(view.stderr.contains("15000415") && view.stderr.contains("활용신청"))
        #expect(!view.stdout.contains("Weather warnings in force"))
        let alerts = await runTool(["alerts"] + arguments(server, []), environment: Scenario.environment, now: noon)
        #expect(alerts.status == 1 && alerts.stderr.contains("15000415"))
        #expect(!(view.stdout + view.stderr + alerts.stdout + alerts.stderr).contains("TESTKEY"))
    }
}
