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
