import Foundation
import Testing
import KMAForecast
import _KMATestSupport

/// A server that answers the scenario's runs for any cell.
private func anyCellServer(limits: GatewayLimits? = nil) throws -> ReplayServer {
    let server = try ReplayServer(expectedKey: Scenario.key)
    server.synthesize(try Scenario.nowcast())
    server.synthesize(try Scenario.ultraShort())
    server.synthesize(try Scenario.shortTerm())
    server.enforce(limits)
    return server
}

private func arguments(_ server: ReplayServer, _ extra: [String]) -> [String] {
    ["--base-url", server.baseURL, "--no-cache"] + extra
}

/// The CSV lines of an output, split into fields (RFC 4180 quotes; no line breaks inside fields).
private func csvLines(_ text: String) -> [[String]] {
    text.split(separator: "\n").map { line in
        var fields: [String] = []
        var field = ""
        var quoted = false
        var previous: Character?
        for character in line {
            if quoted {
                if character == "\"" { quoted = false } else { field.append(character) }
            } else if character == "\"" {
                if previous == "\"" { field.append("\"") }
                quoted = true
            } else if character == "," {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
            previous = character
        }
        fields.append(field)
        return fields
    }
}

@Suite("kma-forecast with many places: one stream in input order, paced, resumable")
struct ManyPlacesCommandTests {
    @Test("A CSV of nx,ny: input columns first, input order, shared cells fetched once, a failed line gets an error row")
    func csvInput() async throws {
        let server = try anyCellServer()
        defer { server.stop() }
        let input = "nx,ny\n60,127\n61,127\n60,127\n999,1\n62,127\n"
        let result = await runTool(arguments(server, ["--input", "-", "--product", "short-term"]), stdin: input, environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 1)
        #expect(server.requests.count == 3)
        let lines = csvLines(result.stdout)
        let header = try #require(lines.first)
        // The input's nx, ny hold the cell: no second nx, ny (issue 30).
        #expect(Array(header.prefix(10)) == ["nx", "ny", "line", "error", "product", "baseDate", "baseTime", "fcstDate", "fcstTime", "POP"])
        #expect(header.filter { $0 == "nx" || $0 == "ny" }.count == 2)
        #expect(header.last == "other")
        // Input order: lines 2, 3, 4, 5, 6 of the file, each block whole before the next.
        let order = lines.dropFirst().map { $0[2] }
        var blocks: [String] = []
        for line in order where blocks.last != line { blocks.append(line) }
        #expect(blocks == ["2", "3", "4", "5", "6"])
        let failed = lines.filter { $0[2] == "5" }
        #expect(failed.count == 1 && failed[0][0] == "999" && failed[0][3].contains("nx") && failed[0][5].isEmpty)
        // Rows answer their input's cell, with values.
        let row = try #require(lines.first { $0[2] == "3" })
        #expect(row[0] == "61" && row[1] == "127" && row[4] == "short-term" && row[5] == "20261121" && row[6] == "1400")
        #expect(lines.filter { $0[2] == "4" }.count == lines.filter { $0[2] == "2" }.count)
        #expect(result.stderr.contains("Error: line 5 (999,1): "))
        #expect(result.stderr.contains("1 of 5 inputs failed"))
    }

    @Test("Headerless lat,lon on standard input as JSON Lines: the input as an object first, every line valid JSON")
    func jsonLines() async throws {
        let server = try anyCellServer()
        defer { server.stop() }
        let input = "37.5665,126.9780\r\n35.1770194,129.0769528\r\n"
        let result = await runTool(arguments(server, ["--input", "-", "--product", "nowcast", "--format", "jsonl"]), stdin: input, environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(#"{"input":{"lat":"37.5665","lon":"126.9780"},"line":1,"product":"nowcast","baseDate":"20261121","baseTime":"1400""#))
        #expect(lines[1].hasPrefix(#"{"input":{"lat":"35.1770194","lon":"129.0769528"},"line":2,"#) && lines[1].contains(#""nx":98,"ny":76"#))
        for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil) }
    }

    /// Issue 22: an ambiguous place's error (its candidates one a line) made one CSV field span
    /// 7 physical lines; the README promises one line per input.
    @Test("An ambiguous place's error is one physical line, in CSV and in JSON Lines", arguments: ["csv", "jsonl"])
    func ambiguousPlaceOneLine(_ format: String) async throws {
        let server = try anyCellServer()
        defer { server.stop() }
        let input = "place\n중구\n부산\n"
        let result = await runTool(
            arguments(server, ["--input", "-", "--product", "nowcast", "--format", format]), stdin: input, environment: Scenario.environment, now: Scenario.now
        )
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let failed = lines.filter { $0.contains("중구") }
        #expect(failed.count == 1, "\(result.stdout)")
        let line = try #require(failed.first)
        #expect(line.contains("matches") && line.contains("; "), "\(line)")
        if format == "csv" {
            let header = try #require(csvLines(result.stdout).first)
            for fields in csvLines(result.stdout) { #expect(fields.count == header.count, "\(fields)") }
            let error = try #require(csvLines(line).first?[2])
            #expect(error.hasPrefix("'중구' matches ") && !error.contains("\n"), "\(error)")
        } else {
            for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)") }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let error = try #require(object["error"] as? String)
            #expect(error.hasPrefix("'중구' matches ") && !error.contains("\n"), "\(error)")
        }
        // Standard error still lists the candidates one a line, for a person.
        #expect(result.stderr.contains("\n  서울특별시 중구"), "\(result.stderr)")
    }

    @Test("Repeated --place and --lat --lon: one stream in command-line order")
    func repeatedOptions() async throws {
        let server = try anyCellServer()
        defer { server.stop() }
        let result = await runTool(
            arguments(server, ["--place", "부산", "--lat", "37.5665", "--lon", "126.9780", "--place", "서울", "--product", "nowcast"]),
            environment: Scenario.environment, now: Scenario.now
        )
        #expect(result.status == 0, "\(result.stderr)")
        let lines = csvLines(result.stdout)
        #expect(lines[0].prefix(4) == ["place", "lat", "lon", "line"])
        #expect(lines.dropFirst().map { Array($0.prefix(4)) } == [["부산", "", "", "1"], ["", "37.5665", "126.9780", "2"], ["서울", "", "", "3"]])
        // 서울's cell is Seoul City Hall's (60,127): fetched once.
        #expect(server.requests.filter { $0.operation == "getUltraSrtNcst" }.count == 2)
    }

    @Test("Bad usage of many places", arguments: [
        (["--lat", "37.5", "--lat", "35.1", "--lon", "127"], "Give '--lat' and '--lon' the same number of times"),
        (["--input", "-", "--format", "text"], "use '--format csv'"),
        (["--input", "-", "--rate", "0"], "The value '0' is invalid for '--rate <n>'"),
        (["--input", "-", "--max-requests", "-1"], "'--max-requests <n>'"),
        (["--input", "-", "--place", "부산"], "not both"),
    ])
    func badUsage(_ extra: [String], _ message: String) async throws {
        let result = await runTool(["--no-cache"] + extra, stdin: "37.5,127\n", environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("A header that names no place columns is a usage error")
    func unusableHeader() async throws {
        let result = await runTool(["--input", "-", "--no-cache"], stdin: "city,pop\n서울,9\n", environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 64 && result.stderr.contains("names no 'lat' and 'lon' columns"))
    }

    @Test("Interrupted by --max-requests and run again, only the missing requests are made")
    func resumesFromTheCache() async throws {
        let server = try anyCellServer()
        defer { server.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("kma-forecast-tests-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let input = "nx,ny\n" + (60..<66).map { "\($0),127\n" }.joined()
        let common = ["--base-url", server.baseURL, "--cache-dir", cache, "--input", "-", "--product", "short-term"]
        let first = await runTool(common + ["--max-requests", "3"], stdin: input, environment: Scenario.environment, now: Scenario.now)
        #expect(first.status == 1)
        #expect(server.requests.count == 3)
        #expect(first.stderr.contains("--max-requests 3) is used up: 3 inputs were not fetched"))
        // Never presented as complete: the three not fetched have an error row and no forecast.
        let notFetched = csvLines(first.stdout).filter { $0[3].hasPrefix("Not fetched") }
        #expect(notFetched.count == 3 && notFetched.allSatisfy { $0[5].isEmpty })
        let second = await runTool(common, stdin: input, environment: Scenario.environment, now: Scenario.now)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(server.requests.count == 6)
        #expect(csvLines(second.stdout).dropFirst().allSatisfy { $0[3].isEmpty })
    }

    @Test("Code 22 stops the run: how many inputs were not fetched, and when the quota resets")
    func quota() async throws {
        let server = try anyCellServer()
        defer { server.stop() }
        let quota = String(decoding: try Fixtures.bytes("api/hand_made_gateway_error_22_quota.xml"), as: UTF8.self)
        server.inject(.body(quota, contentType: "text/xml;charset=UTF-8"), times: 1, when: ReplayMatch(nx: 62))
        let input = "nx,ny\n" + (60..<66).map { "\($0),127\n" }.joined()
        let result = await runTool(arguments(server, ["--input", "-", "--product", "short-term"]), stdin: input, environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 1)
        // The 22 was the third request; in-flight ones finish, no new one starts after it.
        #expect(server.requests.count <= 6)
        #expect(result.stderr.contains("daily quota is used up"))
        #expect(result.stderr.contains("resets at midnight KST (2026-11-22T00:00:00+09:00)"))
        #expect(result.stderr.range(of: #"\d inputs? w(as|ere) not fetched"#, options: .regularExpression) != nil)
    }

    @Test("Progress on standard error only on a terminal: done/total, requests, rate, ETA, errors")
    func progress() async throws {
        let server = try anyCellServer()
        defer { server.stop() }
        let input = "nx,ny\n60,127\n61,127\n"
        let shown = await runTool(arguments(server, ["--input", "-", "--product", "nowcast"]), stdin: input, environment: Scenario.environment, now: Scenario.now, stderrIsTerminal: true)
        #expect(shown.status == 0)
        #expect(shown.stderr.contains("/2 done · ") && shown.stderr.contains(" requests · ") && shown.stderr.contains("/s · ETA ") && shown.stderr.contains(" errors"))
        let hidden = await runTool(arguments(server, ["--input", "-", "--product", "nowcast"]), stdin: input, environment: Scenario.environment, now: Scenario.now)
        #expect(hidden.status == 0 && hidden.stderr.isEmpty)
    }

    @Test("Against the stand-in gateway, the CLI's pacing is never refused")
    func pacedAgainstTheGateway() async throws {
        let server = try anyCellServer(limits: GatewayLimits(requestsPerSecond: 30, latencyMilliseconds: ["getVilageFcst": 60]))
        defer { server.stop() }
        let input = "nx,ny\n" + (1...40).map { "\($0),100\n" }.joined()
        let result = await runTool(arguments(server, ["--input", "-", "--product", "short-term"]), stdin: input, environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.gatewayCounts.refused == 0 && server.gatewayCounts.accepted == 40)
    }
}
