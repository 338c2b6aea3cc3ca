import Foundation
import Testing
@testable import KMAForecastCLI
import KMAForecast
import KMAForecastClient
import KMAForecastText
import _KMATestSupport

/// A server for 서울 (nx 60, ny 127) with short-term runs of 2026-10-04 built to the documented
/// layout and the recorded 2026-10-04 mid-term answers.
private func tenDayServer(shortRuns: [String] = ["1400", "1700"]) throws -> ReplayServer {
    let server = try ReplayServer(expectedKey: Scenario.key)
    for time in shortRuns {
        server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20261004", baseTime: time), nx: 60, ny: 127))
    }
    try server.addRecordedMidTerm()
    return server
}

private func kst(_ day: Int, _ hour: Int, _ minute: Int) -> Date {
    (try? KSTDateTime(year: 2026, month: 10, day: day, hour: hour, minute: minute))?.date ?? Date()
}

private func arguments(_ server: ReplayServer, _ extra: [String]) -> [String] {
    ["--lat", "37.56", "--lon", "126.97", "--base-url", server.baseURL, "--mid-base-url", server.midTermBaseURL, "--no-cache"] + extra
}

@Suite("kma-forecast --days: the ten-day view")
struct TenDayCommandTests {
    @Test("Ten dated lines with their sources; day +4 from the short-term run at 17:30 and 18:30, from the 06 mid run before 17:10")
    func text() async throws {
        let server = try tenDayServer()
        defer { server.stop() }
        for (hour, minute, dayFour, later) in [(17, 30, "short 10-04 17:00", "mid 10-04 06:00"), (18, 30, "short 10-04 17:00", "mid 10-04 18:00"),
                                               (17, 5, "mid 10-04 06:00", "mid 10-04 06:00")] {
            let result = await runTool(arguments(server, ["--days", "10", "--lang", "en"]), environment: Scenario.environment, now: kst(4, hour, minute))
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 13)
            #expect(lines[0] == "37.5600°N 126.9700°E · grid nx 60, ny 127")
            #expect(lines[1] == "Mid-term regions: land 11B00000 서울·인천·경기 · temperature 11B10101 서울")
            let days = Array(lines.dropFirst(3))
            #expect(days.first?.hasPrefix("  Sun 10-04") == true && days.last?.hasPrefix("  Tue 10-13") == true)
            #expect(days[4].hasPrefix("  Thu 10-08") && days[4].hasSuffix(dayFour), "\(hour):\(minute) \(days[4])")
            #expect(days[9].hasSuffix(later))
            #expect(result.stderr.isEmpty)
        }
    }

    @Test("JSON: the library's forecast (location with its regions, products, midTerm, daily); a missing value is absent, never null or 0")
    func json() async throws {
        let server = try tenDayServer()
        defer { server.stop() }
        let result = await runTool(arguments(server, ["--days", "11", "--format", "json"]), environment: Scenario.environment, now: kst(4, 17, 30))
        #expect(result.status == 0, "\(result.stderr)")
        let data = Data(result.stdout.utf8)
        let forecast = try JSONDecoder().decode(LocalForecast.self, from: data)
        #expect(forecast.location.midTermRegions?.landRegionID == "11B00000" && forecast.location.midTermRegions?.temperaturePointID == "11B10101")
        #expect(forecast.outcome(.shortTerm)?.base?.description == "20261004 1700" && forecast.midTerm?.runs.map(\.tmFc) == ["202610040600"])
        #expect(forecast.daily.count == 11 && forecast.daily[0].isoDate == "2026-10-04" && forecast.daily[0].source?.kind == "short")
        #expect(forecast.daily[10].isoDate == "2026-10-14" && forecast.daily[10].source?.kind == "mid" && forecast.daily[10].lowTemperature?.value == 11)
        let tuesday = try #require(forecast.daily[9].morning)
        #expect(tuesday.sky == .mostlyCloudy && tuesday.precipitationType == .noPrecipitation && tuesday.precipitationChance == 0.2 && tuesday.text == "구름많음")
        #expect(!result.stdout.contains("null"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let days = try #require(object["daily"] as? [[String: Any]])
        #expect(days[0]["morning"] == nil)  // today's morning is past: absent, not null
    }

    @Test("CSV: the contract's columns; missing fields empty")
    func csv() async throws {
        let server = try tenDayServer()
        defer { server.stop() }
        let result = await runTool(arguments(server, ["--days", "11", "--format", "csv"]), environment: Scenario.environment, now: kst(4, 17, 30))
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "date,low,high,am_sky,am_pty,am_pop,pm_sky,pm_pty,pm_pop,source,sunrise,sunset,uvIndexMax")
        #expect(lines[1] == "2026-10-04,19,21,,,,,,,short,2026-10-04T06:29:51+09:00,2026-10-04T18:11:28+09:00,")
        #expect(lines[2] == "2026-10-05,9,22,1,0,20,3,1,60,short,2026-10-05T06:30:44+09:00,2026-10-05T18:09:59+09:00,")  // 22: an hour shown above TMX 21 widens the day
        #expect(lines[6] == "2026-10-09,11,25,1,0,10,1,0,10,mid,2026-10-09T06:34:19+09:00,2026-10-09T18:04:05+09:00,")
        #expect(lines[11] == "2026-10-14,11,21,3,0,20,3,0,20,mid,2026-10-14T06:38:54+09:00,2026-10-14T17:56:56+09:00,")
        #expect(lines.count == 13 && lines[12].isEmpty)
    }

    @Test("The mid-term service not applied for: the short-term days still print, with the 활용신청 hint")
    func midRefused() async throws {
        let server = try tenDayServer()
        defer { server.stop() }
        for operation in ["getMidTa", "getMidLandFcst"] {
            server.inject(.status(403, body: try Fixtures.text("midterm/gateway_error_30_key_not_registered.http403.json"), contentType: "application/json", headers: [:]),
                          times: 5, when: ReplayMatch(operation: operation))
        }
        let result = await runTool(arguments(server, ["--days", "10", "--lang", "en"]), environment: Scenario.environment, now: kst(4, 17, 30))
        #expect(result.status == 1)  // asked for, missing: a script can tell (the short-term days still print)
        #expect(result.stdout.contains("Thu 10-08") && result.stdout.contains("short 10-04 17:00") && result.stdout.contains("missing"))
        #expect(result.stderr.hasPrefix("Warning: mid-term: The mid-term forecast service (중기예보 조회서비스, MidFcstInfoService, data.go.kr 15059468) failed: the data.go.kr gateway refused the key: returnReasonCode 30"))
        #expect(result.stderr.contains("15059468") && !result.stderr.contains("TESTKEY"))
    }

    @Test("The default view: the ten days in place of the daily summary; a key the mid-term service refuses gets the summary and one line on how to add it")
    func defaultView() async throws {
        let server = try tenDayServer()
        defer { server.stop() }
        let plain = await runTool(["--lat", "37.56", "--lon", "126.97", "--base-url", server.baseURL, "--no-cache", "--lang", "en"],
                                  environment: Scenario.environment, now: kst(4, 17, 30))
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(!plain.stdout.contains("Daily summary"))
        let section = try #require(plain.stdout.range(of: "\nDays ahead (short-term + mid-term)\n"))
        let tail = plain.stdout[section.upperBound...].split(separator: "\n")
        // Regions, runs, the ten days; the day's sun under the next hour takes the pointer's room (one screen, 40 lines).
        #expect(tail.count == 2 + 10 && plain.stdout.contains("Sun 10-04: sunrise "), "\(plain.stdout)")
        #expect(tail[2].hasPrefix("  Sun 10-04") && tail[11].hasPrefix("  Tue 10-13") && tail[6].hasSuffix("  short") && tail[7].hasSuffix("  mid"))
        #expect(server.requests.contains { $0.path == "/1360000/MidFcstInfoService/getMidTa" })
        server.inject(.status(403), times: 5, when: ReplayMatch(operation: "getMidTa"))
        server.inject(.status(403), times: 5, when: ReplayMatch(operation: "getMidLandFcst"))
        for columns in [80, 40] {
            let refused = await runTool(["--lat", "37.56", "--lon", "126.97", "--base-url", server.baseURL, "--no-cache", "--lang", "en"],
                                        environment: Scenario.environment.merging(["COLUMNS": "\(columns)"]) { $1 }, now: kst(4, 17, 30))
            #expect(refused.status == 0)  // the default view did not ask for the mid-term days by an option
            let days = try #require(refused.stdout.range(of: "\nDays ahead ("))
            let note = try #require(refused.stdout.range(of: "\n! Mid-term: this key cannot read the"))
            #expect(days.upperBound < note.lowerBound)
            let words = refused.stdout[note.lowerBound...].split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(words.hasPrefix(TenDayCommand.midTermRefusedNote))
            for line in refused.stdout[note.lowerBound...].split(separator: "\n").prefix(while: { !$0.hasPrefix("Every hour") }) {
                #expect(Formatting.displayWidth(String(line)) <= columns, "\(line)")
            }
        }
    }

    @Test("No key: the sample's ten days with their real dates, and a notice")
    func sample() async throws {
        let result = await runTool(["--days", "10", "--lang", "en"], now: kst(4, 17, 30))
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        // The first line says what it is; the short-term days, then the mid-term recording as its own labelled block.
        #expect(lines[0].hasPrefix("Sample: a recorded KMA short-term forecast (단기예보), run 2022-11-20 05:00 KST"))
        let sunday = try? #require(lines.firstIndex { $0.hasPrefix("  Sun 11-20") })
        let block = try? #require(lines.firstIndex { $0.hasPrefix("Mid-term sample: 서울특별시, run 2026-10-04 06:00 KST") })
        let thursday = try? #require(lines.firstIndex { $0.hasPrefix("  Thu 10-08") })
        #expect(sunday != nil && block != nil && thursday != nil && sunday! < block! && block! < thursday!)
        #expect(result.stderr.contains("sample data") && result.stderr.contains("2022-11-20 05:00"))
    }

    @Test("--outlook adds the region's outlook text")
    func outlook() async throws {
        let server = try tenDayServer()
        defer { server.stop() }
        server.addMidTerm(operation: "getMidFcst", regionID: "109", tmFc: "202610040600",
                          body: Array(#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"items":{"item":[{"wfSv":"맑은 날이 많겠습니다.\u001b[2J"}]}}}}"#.utf8))
        let result = await runTool(arguments(server, ["--outlook", "--lang", "en"]), environment: Scenario.environment, now: kst(4, 17, 30))
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("Outlook (KMA forecaster)\n맑은 날이 많겠습니다.\\u{1B}[2J\n"))
    }

    @Test("Bad usage", arguments: [
        (["--days", "0"], "Error: The value '0' is invalid for '--days <n>': a number of days from today must be in 1...11"),
        (["--days", "12"], "Error: The value '12' is invalid for '--days <n>': a number of days from today must be in 1...11"),
        (["--days", "ten"], "Error: The value 'ten' is invalid for '--days <n>': expected a number of days from today, a whole number in 1...11"),
        (["--days", "3", "--product", "nowcast"], "Error: '--days' shows the daily view of the short-term and mid-term forecasts; '--product' does not apply to it"),
    ])
    func badUsage(extra: [String], message: String) async {
        let result = await runTool(["--lat", "37.56", "--lon", "126.97"] + extra, environment: Scenario.environment, now: kst(4, 17, 30))
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }
}
