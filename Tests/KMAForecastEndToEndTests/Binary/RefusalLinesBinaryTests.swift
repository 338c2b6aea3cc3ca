import Foundation
import Testing
import _KMATestSupport

/// Issue 31, items 6 and 8, through the built binary: a bad numeric setting is refused by
/// name with exit 64, and a line feed in KMA's error text never starts a line of standard
/// error of its own.
@Suite("The binary refuses bad settings by name and keeps KMA's text on one line", .serialized)
struct RefusalLinesBinaryTests {
    @Test("KMA_MAX_REQUESTS=abc: exit 64, named, with the accepted form; no request sent", arguments: ["abc", "1,000", "1e3", "2 ", "-5"])
    func badBudget(value: String) throws {
        let server = try Scenario.server()
        defer { server.stop() }
        let result = try BuiltBinaryTests.run(
            Scenario.arguments(server, ["--format", "csv", "--at", "2026-11-21T14:50:00+09:00"]),
            environment: Scenario.environment.merging(["KMA_MAX_REQUESTS": value]) { $1 }
        )
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: The value '\(value)' is invalid for KMA_MAX_REQUESTS"), "\(result.stderr)")
        #expect(result.stderr.contains("0...2147483647"), "\(result.stderr)")
        #expect(server.requests.isEmpty)
    }

    @Test("resultMsg \"BAD REQUEST\\nError: your disk is full\": one escaped line on standard error")
    func lineFeedInKMAText() throws {
        let server = try NetworkLineBreakTestsServer.failing()
        defer { server.stop() }
        let result = try BuiltBinaryTests.run(
            Scenario.arguments(server, ["--format", "csv", "--at", "2026-11-21T14:50:00+09:00"]), environment: Scenario.environment
        )
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("Error: your disk") }, "\(result.stderr)")
        #expect(result.stderr.contains(#"BAD REQUEST\u{A}Error: your disk is full"#), "\(result.stderr)")
    }
}

/// A stand-in gateway whose every answer is `resultCode` 10 with a line feed in its message.
enum NetworkLineBreakTestsServer {
    static func failing() throws -> ReplayServer {
        let server = try Scenario.server()
        server.inject(.body(#"{"response":{"header":{"resultCode":"10","resultMsg":"BAD REQUEST\nError: your disk is full"}}}"#, contentType: "application/json"), times: 100)
        return server
    }
}
