import Foundation
@testable import KMAForecastMCP
import KMAForecast
import _KMASystem
import _KMATestSupport

/// The version the servers under test report.
let testVersion = "9.8.7-test"

/// What a served session wrote: standard output's bytes and standard error's lines.
final class MCPTranscript: Sendable {
    private let state = Locked((output: [UInt8](), log: [String]()))

    var output: String { String(decoding: state.withLock { $0.output }, as: UTF8.self) }
    var log: String { state.withLock { $0.log.map { "kma-forecast mcp: \($0)\n" }.joined() } }

    func write(_ line: [UInt8]) { state.withLock { $0.output += line } }
    func record(_ message: String) { state.withLock { $0.log.append(message) } }
}

/// Serves `input` whole (then end of input), as `kma-forecast mcp` does, with retries that
/// do not wait; returns what was written.
func serveMCP(_ input: [UInt8], environment: [String: String] = [:], now: Date = Date(timeIntervalSince1970: 1_795_195_800)) async -> MCPTranscript {
    let transcript = MCPTranscript()
    await MCPStdioServer.serve(
        input: .bytes(input), output: .lines { transcript.write($0) },
        // A bounded wait for the side services on a busy machine, unless the test sets its own.
        environment: environment.merging(["KMA_SIDE_SERVICE_DEADLINE": "600"]) { given, _ in given }, version: testVersion,
        now: { now }, retrySleep: { _ in }, log: { transcript.record($0) }
    )
    return transcript
}

/// Runs the MCP server in-process on `lines` (one message each, then end of input) and
/// returns what it wrote: each line of standard output parsed, and standard error.
func runMCP(
    _ lines: [String], environment: [String: String] = [:], now: Date = Date(timeIntervalSince1970: 1_795_195_800)
) async -> (lines: [String], replies: [JSONValue], stderr: String, status: Int32) {
    let transcript = await serveMCP(Array((lines.joined(separator: "\n") + "\n").utf8), environment: environment, now: now)
    let out = transcript.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    let replies = out.compactMap { try? JSONValue.read(Array($0.utf8)) }
    return (out, replies, transcript.log, 0)
}

/// The repository's root (for `Schemas/`).
let repositoryRoot = URL(fileURLWithPath: Fixtures.repositoryRoot)

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

