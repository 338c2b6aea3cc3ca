import Foundation
import Testing
import KMAForecast
import _KMATestSupport

/// Issue 31, item 8: a line feed in KMA's error text (`resultMsg`) must not start a line of
/// its own on standard error — one reading `Error: your disk is full` would pass for the
/// tool's own. Network text on standard error is escaped by the one rule (`PrintableText`,
/// `singleLine`) in every view, one place or many.
@Suite("A line feed in KMA's error text stays on its line on standard error")
struct NetworkLineBreakTests {
    static let message = "BAD REQUEST\nError: your disk is full\rError: cr"

    /// A gateway body with `resultCode` 10 and ``message``, answered to every request.
    static func failingServer() throws -> ReplayServer {
        let server = try Scenario.server()
        let escaped = message.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        server.inject(.body(#"{"response":{"header":{"resultCode":"10","resultMsg":"\#(escaped)"}}}"#, contentType: "application/json"), times: 100)
        return server
    }

    /// No line of standard error starts with the injected text, and it is there escaped.
    static func expectOneLine(_ stderr: String) {
        let lines = stderr.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        #expect(!lines.contains { $0.hasPrefix("Error: your disk") || $0.hasPrefix("Error: cr") }, "\(stderr)")
        #expect(stderr.contains(#"BAD REQUEST\u{A}Error: your disk is full\u{D}Error: cr"#), "\(stderr)")
    }

    @Test("One place, every product failing: the error line holds KMA's text escaped", arguments: [["--format", "csv"], ["--format", "json"], []])
    func onePlace(format: [String]) async throws {
        let server = try Self.failingServer()
        defer { server.stop() }
        let result = await runTool(Scenario.arguments(server, format), environment: Scenario.environment.merging(["COLUMNS": "80"]) { $1 }, now: Scenario.now)
        #expect(result.status == 1, "\(result.stderr)")
        Self.expectOneLine(result.stderr)
    }

    @Test("One product failing among others: its warning line holds KMA's text escaped")
    func warning() async throws {
        let server = try Scenario.server()
        defer { server.stop() }
        let escaped = Self.message.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        server.inject(.body(#"{"response":{"header":{"resultCode":"10","resultMsg":"\#(escaped)"}}}"#, contentType: "application/json"), times: 1, when: ReplayMatch(operation: "getVilageFcst"))
        let result = await runTool(Scenario.arguments(server, ["--format", "csv"]), environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Warning: "), "\(result.stderr)")
        Self.expectOneLine(result.stderr)
    }
}
