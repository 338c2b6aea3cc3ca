import Foundation
import Testing
import KMAForecast
import KMAForecastClient
import KMAGrid
import _KMATestSupport

/// The UV index in the CLI's default view: asked alongside the forecast (as the mid-term days
/// are), each value on the hour the service names, `--no-uv` to leave it out.
@Suite("The CLI's default view carries the UV index on the hours the service names")
struct ForecastUVIndexTests {
    /// The area the client asks for at the scenario's cell, and the issue time at its instant.
    static func areaAndTime() throws -> (areaNo: String, time: String, issue: KSTDateTime) {
        let cell = try GridCell(nx: Scenario.nx, ny: Scenario.ny)
        let area = try #require(UVIndexArea(.cell(cell)))
        let now = KSTDateTime(Scenario.now)
        let issue = now.adding(seconds: -Int64((now.hour % 3) * 3600 + now.minute * 60 + now.second))
        let time = String(format: "%04d%02d%02d%02d", issue.year, issue.month, issue.day, issue.hour)
        return (area.areaNo, time, issue)
    }

    /// The scenario's server with a UV answer at its area and issue time: the server, the issue
    /// time and the values from it, every 3 hours.
    static func serverWithUV() throws -> (ReplayServer, KSTDateTime, [Int]) {
        let server = try Scenario.server()
        let (areaNo, time, issue) = try areaAndTime()
        let values = [2, 3, 5, 6, 4, 1, 0, 0, 0, 0, 2, 4, 7, 8, 5, 1, 0, 0, 0, 0, 1, 3, 6]
        server.addUVIndex(areaNo: areaNo, time: time, body: UVIndexAnswer.body(areaNo: areaNo, time: time, values: values))
        return (server, issue, values)
    }

    @Test("--format json: hourly[].uvIndex equals the service's value at issue time + hN, and nowhere else")
    func defaultViewJSON() async throws {
        let (server, issue, values) = try Self.serverWithUV()
        defer { server.stop() }
        let (areaNo, time, _) = try Self.areaAndTime()
        let result = await runTool(Scenario.arguments(server, ["--format", "json"]), environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.contains { $0.operation == "getUVIdxV5" && $0.parameters["areaNo"] == areaNo && $0.parameters["time"] == time })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let hourly = try #require(object["hourly"] as? [[String: Any]])
        var named: [String: Int] = [:]
        for (n, value) in values.enumerated() {
            named[issue.adding(seconds: Int64(n * 3 * 3600)).iso8601] = value
        }
        var seen = 0
        for hour in hourly {
            let at = try #require(hour["time"] as? String)
            if let expected = named[at] {
                #expect(hour["uvIndex"] as? Int == expected, "\(at)")
                seen += 1
            } else {
                #expect(hour["uvIndex"] == nil, "\(at) has no value of the service")
            }
        }
        #expect(seen >= 10)
    }

    @Test("The text view says the day's highest UV index with the sun; CSV has each hour's uvIndex as JSON has it")
    func textAndCSV() async throws {
        let (server, _, _) = try Self.serverWithUV()
        defer { server.stop() }
        let json = await runTool(Scenario.arguments(server, ["--format", "json"]), environment: Scenario.environment, now: Scenario.now)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let hourly = try #require(object["hourly"] as? [[String: Any]])
        let first = try #require(hourly.first?["time"] as? String)
        let day = try #require((object["daily"] as? [[String: Any]])?.first { first.hasPrefix(($0["date"] as? String) ?? "-") })
        let highest = try #require(day["uvIndexMax"] as? Int)
        let text = await runTool(Scenario.arguments(server, []), environment: Scenario.environment.merging(["COLUMNS": "100"]) { $1 }, now: Scenario.now)
        #expect(text.stdout.contains("sunset") && text.stdout.contains("UV up to \(highest) ("), "\(text.stdout)")
        let csv = await runTool(Scenario.arguments(server, ["--format", "csv"]), environment: Scenario.environment, now: Scenario.now)
        let lines = csv.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(lines.first)
        let column = try #require(header.firstIndex(of: "uvIndex")), date = try #require(header.firstIndex(of: "fcstDate")), hour = try #require(header.firstIndex(of: "fcstTime"))
        var expected: [String: String] = [:]
        for entry in hourly { if let uv = entry["uvIndex"] as? Int, let at = entry["time"] as? String { expected[at] = String(uv) } }
        #expect(!expected.isEmpty)
        for line in lines.dropFirst() where line.count == header.count && !line[hour].isEmpty {
            let d = line[date], t = line[hour]
            let at = "\(d.prefix(4))-\(d.dropFirst(4).prefix(2))-\(d.suffix(2))T\(t.prefix(2)):\(t.suffix(2)):00+09:00"
            guard hourly.contains(where: { $0["time"] as? String == at }) else { continue }
            #expect(line[column] == (expected[at] ?? ""), "\(at)")
        }
    }

    @Test("--no-uv asks nothing of the UV service; a missing UV answer in the default view is no failure and no note")
    func noUV() async throws {
        let server = try Scenario.server()
        defer { server.stop() }
        let off = await runTool(Scenario.arguments(server, ["--format", "json", "--no-uv"]), environment: Scenario.environment, now: Scenario.now)
        #expect(off.status == 0, "\(off.stderr)")
        #expect(!server.requests.contains { $0.operation == "getUVIdxV5" })
        #expect(!off.stdout.contains("\"uvIndex\""))
        let on = await runTool(Scenario.arguments(server, ["--format", "json"]), environment: Scenario.environment, now: Scenario.now)
        #expect(on.status == 0 && !on.stderr.contains("UV index"), "\(on.stderr)")
        #expect(server.requests.contains { $0.operation == "getUVIdxV5" })
    }
}
