import Foundation
import Testing
@testable import KMAForecastMCP
import KMAForecast
import _KMATestSupport

/// Issue 35: the `kma_place_codes` tool: every code of a place, offline, compact.
@Suite("MCP kma_place_codes")
struct MCPPlaceCodesTests {
    @Test("A former code answers with its successor, every code in the structured result; the text is short")
    func codes() async throws {
        let run = await runMCP([
            MCPRequest.call(id: 1, "kma_place_codes", #"{"place":"2811000000"}"#),
            MCPRequest.call(id: 2, "kma_place_codes", #"{"place":"Jeju-si"}"#),
            MCPRequest.call(id: 3, "kma_place_codes", #"{"place":"중구"}"#),
        ])
        try #require(run.replies.count == 3, "\(run.lines)")
        let byID = Dictionary(uniqueKeysWithValues: run.replies.map { ($0["id"]?.text ?? "", $0["result"]) })
        let first = try #require(byID["1"] ?? nil)
        let structured = try #require(first["structuredContent"])
        #expect(structured["name"]?.stringValue == "인천광역시 제물포구")
        #expect(structured["replaced"]?["regionCode"]?.stringValue == "2811000000")
        #expect(structured["warningZone"]?["id"]?.stringValue != nil && structured["midTerm"]?["land"]?["id"]?.stringValue == "11B00000")
        let text = first["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        #expect(text.count < 700 && text.contains("formerly: 인천광역시 중구"))
        #expect(byID["2"]??["structuredContent"]?["warningZone"]?["name"]?.stringValue == "제주시북부")
        #expect(byID["3"]??["isError"] == .bool(true))
    }

    @Test("The tool's description and schemas are compact")
    func compact() throws {
        let tool = try #require(MCPTools.definitions.first { $0["name"]?.stringValue == "kma_place_codes" })
        var text = ""
        tool.write(into: &text)
        #expect(text.count < 2_000)
    }
}
