import Foundation
@testable import KMAForecastCLI
import KMAForecast
import _KMATestSupport

/// Runs `kma-forecast mcp` in-process on `lines` (one message each, then end of input) and
/// returns what it wrote: each line of standard output parsed, and standard error.
func runMCP(
    _ lines: [String], environment: [String: String] = [:], now: Date = Date(timeIntervalSince1970: 1_795_195_800), arguments: [String] = []
) async -> (lines: [String], replies: [JSONValue], stderr: String, status: Int32) {
    let result = await runTool(["mcp"] + arguments, stdin: lines.joined(separator: "\n") + "\n", environment: environment, now: now)
    let out = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    let replies = out.compactMap { try? JSONParser.parse(Array($0.utf8)) }
    return (out, replies, result.stderr, result.status)
}

/// Requests as a client writes them.
enum MCPRequest {
    static let modernMeta = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#

    static func initialize(id: Int = 1, version: String = "2025-11-25") -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"initialize","params":{"protocolVersion":"\#(version)","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#
    }

    static func call(id: Int, _ tool: String, _ arguments: String, modern: Bool = false, progressToken: String? = nil) -> String {
        var meta = ""
        if modern || progressToken != nil {
            var members: [String] = []
            if modern {
                members.append(#""io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}"#)
            }
            if let progressToken { members.append(#""progressToken":"\#(progressToken)""#) }
            meta = #","_meta":{"# + members.joined(separator: ",") + "}"
        }
        return #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)\#(meta)}}"#
    }
}

/// A gateway serving 부산광역시 해운대구 (nx 99, ny 75) on 2026-10-04 at 17:30 KST: the nowcast
/// (17:00), the ultra-short forecast (16:30) and the short-term runs (14:00, 17:00) built to KMA's
/// layout, and the recorded mid-term answers under 부산's codes (11H20201, 11H20000).
enum HaeundaeScenario {
    static let nx = 99, ny = 75
    static let key = Scenario.key
    /// 2026-10-04T17:30:00+09:00.
    static var now: Date { (try? KSTDateTime(year: 2026, month: 10, day: 4, hour: 17, minute: 30).date) ?? Date() }

    static func server() throws -> ReplayServer {
        let server = try ReplayServer(expectedKey: key)
        for time in ["1400", "1700"] {
            server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20261004", baseTime: time), nx: nx, ny: ny))
        }
        let nowBase = try ForecastBase(baseDate: "20261004", baseTime: "1700")
        let nowcast: [(String, String)] = [("PTY", "0"), ("REH", "70"), ("RN1", "0"), ("T1H", "21.5"), ("UUU", "1.2"), ("VEC", "200"), ("VVV", "0.5"), ("WSD", "3.1")]
        server.add(RecordedRun(operation: ForecastProduct.nowcast.operation, baseDate: "20261004", baseTime: "1700", nx: nx, ny: ny, items: nowcast.map {
            Scenario.json(ForecastItem(base: nowBase, category: ForecastCategory($0.0), forecastDate: 20_261_004, forecastTime: 1700, value: $0.1, isObservation: true, nx: nx, ny: ny))
        }))
        let ultraBase = try ForecastBase(baseDate: "20261004", baseTime: "1630")
        var items: [[UInt8]] = []
        for hour in 1...6 {
            let at = ultraBase.dateTime.adding(seconds: Int64(hour * 3600 - 1800))
            for (code, value) in [("LGT", "0"), ("PTY", "0"), ("RN1", "강수없음"), ("SKY", "1"), ("T1H", String(21 - hour)), ("REH", "70"), ("UUU", "1"), ("VVV", "1"), ("VEC", "200"), ("WSD", "3")] {
                items.append(Scenario.json(ForecastItem(base: ultraBase, category: ForecastCategory(code), forecastDate: at.yyyymmdd, forecastTime: at.hhmm, value: value, nx: nx, ny: ny)))
            }
        }
        server.add(RecordedRun(operation: ForecastProduct.ultraShort.operation, baseDate: "20261004", baseTime: "1630", nx: nx, ny: ny, items: items))
        try server.addRecordedMidTerm(temperaturePoint: "11H20201", landRegion: "11H20000")
        return server
    }

    static func environment(_ server: ReplayServer) -> [String: String] {
        ["KMA_SERVICE_KEY": key, "KMA_BASE_URL": server.baseURL, "KMA_MID_BASE_URL": server.midTermBaseURL]
    }
}
