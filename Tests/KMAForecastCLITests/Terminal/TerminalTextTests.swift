import Foundation
import Testing
@testable import KMAForecastCLI

/// Nothing from outside reaches the terminal as a control sequence, and nothing is echoed at
/// any length. (Issue 16, items 3 and 4, for error and warning lines.)
@Suite("Error lines: control characters escaped, long input cut")
struct TerminalTextTests {
    static let hostile = "abc\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{202E}def"

    @Test("Control characters, C1 controls and bidi overrides are shown as escapes")
    func escapes() {
        let safe = TerminalText.safe(Self.hostile)
        #expect(safe == #"abc\u{1B}]0;pwned\u{7}\u{1B}[2J\u{9B}31m\u{202E}def"#)
        #expect(TerminalText.safe("two\nlines") == "two\nlines")
        #expect(TerminalText.safe("종로구 60 127") == "종로구 60 127")
    }

    @Test("A line longer than the limit is cut, and says by how much")
    func cut() {
        let safe = TerminalText.safe(String(repeating: "9", count: 5_000))
        #expect(safe.hasSuffix("… (4000 more characters)"))
        #expect(safe.count < TerminalText.maximumLineLength + 40)
    }

    @Test("What a user typed comes back escaped and short in an Error: line", arguments: [
        ["grid", "--place", hostile],
        ["--place", hostile],
        ["--lat", hostile, "--lon", "127"],
        ["grid", "--lat", String(repeating: "9", count: 50_000), "--lon", "127"],
    ])
    func typed(arguments: [String]) async {
        let result = await runTool(arguments)
        #expect(result.status != 0)
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
        #expect(result.stderr.split(separator: "\n").allSatisfy { $0.count < TerminalText.maximumLineLength + 40 })
    }

    @Test("grid --input: a hostile line is quoted escaped")
    func inputLine() async {
        let result = await runTool(["grid", "--input", "-"], stdin: "lat,lon\n\(Self.hostile),127\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("Error: line 2:"))
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B })
    }
}
