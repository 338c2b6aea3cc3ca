import Foundation
import KMAForecast
import KMAPlaces
import Testing
import _KMATestSupport
@testable import KMAForecastMCP

/// Issue 35: what an agent pays for the tools. `tools/list` was 31,709 characters (the forecast
/// tool's outputSchema alone was the 19 kB schema of `--format json`), one place's `kma_forecast`
/// 24,205 (the library's whole forecast, every source of every hour, as structured content);
/// after: 11,264 and 7,812 (the sample; 해운대구 live 7,608). Goals: `tools/list` at most 12,000
/// characters, one place's result at most 8,000, its structured content at most twice its text.
/// Sizes are characters of the compact JSON the server writes (deterministic: the same input
/// gives the same bytes).
@Suite("MCP sizes: tools/list, one place's kma_forecast; kma_forecast_many names the warnings")
struct MCPResultSizeTests {
    static func text(_ result: JSONValue) -> String { result["content"]?.arrayValue?.first?["text"]?.stringValue ?? "" }

    @Test("tools/list is at most 12,000 characters")
    func toolsList() async throws {
        let run = await runMCP([#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#])
        let result = try #require(run.replies.first?["result"])
        let tools = result["tools"]?.arrayValue ?? []
        print("tools/list: \(result.text.count) characters; " + tools.map { "\($0["name"]?.stringValue ?? "?") \($0.text.count)" }.joined(separator: ", "))
        #expect(result.text.count <= 12_000, "tools/list is \(result.text.count) characters")
        #expect(tools.count >= 7)
    }

    @Test("kma_forecast for one place (the sample without a key, and 해운대 live, default hours): at most 8,000 characters, structured at most twice the text")
    func oneForecast() async throws {
        let server = try HaeundaeScenario.server()
        defer { server.stop() }
        let sample = await runMCP([MCPRequest.call(id: 1, "kma_forecast", #"{"place":"경기도 수원시 권선구"}"#)])
        let live = await runMCP(
            [MCPRequest.call(id: 1, "kma_forecast", #"{"place":"해운대구"}"#), MCPRequest.call(id: 2, "kma_forecast", #"{"place":"해운대구","days":11,"hours":48}"#)],
            environment: HaeundaeScenario.environment(server), now: HaeundaeScenario.now
        )
        let byID = Dictionary(uniqueKeysWithValues: live.replies.map { ($0["id"]?.intValue ?? -1, $0["result"] ?? .null) })
        for (name, result, bounded) in [("sample", sample.replies.first?["result"] ?? .null, true), ("해운대구", byID[1] ?? .null, true), ("해운대구 days 11 hours 48", byID[2] ?? .null, false)] {
            let text = Self.text(result)
            let structured = result["structuredContent"]?.text ?? ""
            print("kma_forecast \(name): result \(result.text.count) characters, text \(text.count), structured \(structured.count)")
            #expect(result["isError"] == nil && !text.isEmpty && !structured.isEmpty, "\(name): \(result.text.prefix(300))")
            guard bounded else { continue }
            #expect(result.text.count <= 8_000, "\(name): \(result.text.count) characters")
            #expect(structured.count <= 2 * text.count, "\(name): structured \(structured.count), text \(text.count)")
        }
    }

    @Test("kma_forecast_many names the warnings in force at each place: 서울 강남구's 폭염경보, none at 부산 중구")
    func manyWarnings() async throws {
        let server = try ReplayServer(expectedKey: Scenario.key)
        defer { server.stop() }
        for name in ["서울 강남구", "부산 중구"] {
            let cell = try PlaceDirectory.kma.place(named: name).cell
            server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20260801", baseTime: "1100"), nx: cell.nx, ny: cell.ny))
        }
        server.setWarningEvents(WarningsScenario.seoulSoutheast)
        let noon = try KSTDateTime(year: 2026, month: 8, day: 1, hour: 12, minute: 0).date
        let run = await runMCP(
            [MCPRequest.call(id: 1, "kma_forecast_many", #"{"places":["서울 강남구","부산 중구"],"hours":2}"#)],
            environment: ["KMA_SERVICE_KEY": Scenario.key, "KMA_BASE_URL": server.baseURL], now: noon
        )
        let result = try #require(run.replies.last?["result"], "\(run.lines)")
        let places = result["structuredContent"]?["places"]?.arrayValue ?? []
        #expect(places.count == 2, "\(result.text.prefix(500))")
        #expect(places.first?["warnings"]?.arrayValue?.map { $0["title"]?.stringValue } == ["폭염경보"], "\(places.first?.text ?? "")")
        #expect(places.first?["warnings"]?.arrayValue?.first?["zone"] == .string("서울동남권"))
        #expect(places.last?["warnings"] == .array([]), "\(places.last?.text ?? "")")
        let text = Self.text(result)
        #expect(text.contains("폭염경보 (Heat wave warning) in 서울동남권"), "\(text)")
        #expect(text.contains("warnings: none in force"), "\(text)")
        // The zone events were asked for once for both places.
        #expect(server.requests.filter { $0.operation == "getPwnCd" }.count == 1, "\(server.requests.map(\.operation))")
    }
}
