import Foundation
import Testing
import KMAForecast
import _KMATestSupport

/// Issue 31, item 6: a numeric setting of the server's environment that is not one it takes
/// (`KMA_MAX_REQUESTS=abc`) is refused at the first call, and every call after, with its name
/// and the accepted form; it used to mean "no budget" without a word.
@Suite("The MCP server refuses bad numeric settings by name, at every call")
struct MCPSettingsTests {
    @Test("KMA_MAX_REQUESTS that is not a whole number 0 or more: every tools/call an error naming it; empty is unset",
          arguments: ["abc", "1,000", "1e3", "2 ", "-5"])
    func badBudget(value: String) async throws {
        let calls = [
            MCPRequest.call(id: 1, "kma_forecast", #"{"nx":60,"ny":127}"#),
            MCPRequest.call(id: 2, "kma_grid", #"{"latitude":37.5665,"longitude":126.978}"#),
            MCPRequest.call(id: 3, "kma_base_times", "{}"),
        ]
        let run = await runMCP(calls, environment: ["KMA_SERVICE_KEY": Scenario.key, "KMA_MAX_REQUESTS": value, "KMA_BASE_URL": "http://127.0.0.1:9"])
        #expect(run.replies.count == 3, "\(run.lines) \(run.stderr)")
        for reply in run.replies {
            let result = try #require(reply["result"], "\(reply.text)")
            let text = result["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
            #expect(result["isError"] == .bool(true), "\(text)")
            #expect(text.contains("KMA_MAX_REQUESTS") && text.contains("'\(value)'") && text.contains("0...2147483647"), "\(text)")
            #expect(text.contains("client's env"), "\(text)")
        }
    }

    @Test("An empty KMA_MAX_REQUESTS is unset: the call is answered")
    func emptyIsUnset() async throws {
        let run = await runMCP([MCPRequest.call(id: 1, "kma_grid", #"{"latitude":37.5665,"longitude":126.978}"#)], environment: ["KMA_MAX_REQUESTS": ""])
        let result = try #require(run.replies.first?["result"], "\(run.lines) \(run.stderr)")
        #expect(result["isError"] == nil, "\(result.text)")
    }
}
