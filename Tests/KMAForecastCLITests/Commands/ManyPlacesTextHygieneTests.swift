import Foundation
import Testing
@testable import KMAForecastCLI
import KMAForecast
import _KMATestSupport

/// Text from the network in the many-places outputs: on its line, escaped, whatever it holds
/// (issue 25, item 12).
@Suite("Many places: network text stays on one line, escaped, in CSV, JSON Lines and on standard error")
struct ManyPlacesTextHygieneTests {
    /// A nowcast for any cell whose values hold ESC, BEL, a line feed, and `;`/`=` in an
    /// undocumented code's value.
    static func server() throws -> ReplayServer {
        let base = try ForecastBase(baseDate: "20261121", baseTime: "1400")
        let values: [(String, String)] = [
            ("PTY", "0"), ("REH", "60\u{1B}]0;owned\u{07}"), ("RN1", "0\nError: fake"), ("T1H", "11.5"), ("UUU", "1.2"), ("VEC", "250"),
            ("VVV", "0.5"), ("WSD", "1.3"), ("ZZ", "1;W=2\u{1B}[2J"),
        ]
        let items = values.map {
            ForecastItem(base: base, category: ForecastCategory($0.0), forecastDate: 20_261_121, forecastTime: 1400, value: $0.1, isObservation: true, nx: 60, ny: 127)
        }
        let server = try ReplayServer(expectedKey: Scenario.key)
        server.synthesize(Scenario.run(.nowcast, "20261121", "1400", items))
        return server
    }

    static func arguments(_ server: ReplayServer, _ extra: [String]) -> [String] {
        ["--base-url", server.baseURL, "--no-cache", "--product", "nowcast", "--nx", "60", "--ny", "127", "--nx", "61", "--ny", "127"] + extra
    }

    static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value != 0x0A && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
    }

    // Regression: ESC and BEL went out raw, a line feed split the record, and `other` read
    // `ZZ=1;W=2` as a `W` value.
    @Test("CSV: values escaped, one record per hour, other's pairs unambiguous")
    func csv() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = await runTool(Self.arguments(server, []), environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!Self.hasControl(result.stdout))
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(result.stdout)")
        #expect(lines[0].hasSuffix(",other"))
        #expect(lines[1].contains(#"60\u{1B}]0;owned\u{7}"#) && lines[1].contains(#"0\u{A}Error: fake"#), "\(lines[1])")
        #expect(lines[1].hasSuffix(#",ZZ=1\u{3B}W\u{3D}2\u{1B}[2J"#), "\(lines[1])")
    }

    // Regression: a line feed in a gateway's message started a line reading "Error: …" of its
    // own on standard error, and the CSV error field held ESC raw.
    @Test("A gateway message with a line feed and ESC: one escaped line in the error column and on standard error", arguments: ["csv", "jsonl"])
    func gatewayMessage(_ format: String) async throws {
        let server = try Self.server()
        defer { server.stop() }
        let message = "INVALID\nError: line 9 (fake): injected\u{1B}[31m"
        server.inject(.body(#"{"response":{"header":{"resultCode":"10","resultMsg":"\#(message.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\u{1B}", with: "\\u001b"))"}}}"#,
                            contentType: "application/json"), times: 10)
        let result = await runTool(Self.arguments(server, ["--format", format]), environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 1)
        #expect(!Self.hasControl(result.stdout) && !Self.hasControl(result.stderr))
        let errorLines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(!errorLines.contains { $0.hasPrefix("Error: line 9") }, "\(result.stderr)")
        #expect(result.stderr.contains(#"INVALID\u{A}Error: line 9 (fake): injected\u{1B}[31m"#), "\(result.stderr)")
        let outLines = result.stdout.split(separator: "\n")
        #expect(outLines.count == (format == "csv" ? 3 : 2), "\(result.stdout)")
        #expect(result.stdout.contains(#"INVALID\u{A}Error: line 9 (fake): injected\u{1B}[31m"#.replacingOccurrences(of: "\\", with: format == "csv" ? "\\" : "\\\\")), "\(result.stdout)")
    }
}
