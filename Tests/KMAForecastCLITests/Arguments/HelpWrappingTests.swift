import Testing
@testable import KMAForecastCLI
import KMAForecastText

/// Issue 22: `--help` at 80 columns (and without COLUMNS) broke lines the source had already
/// broken, leaving single words on their own line, and lost the padding of the SUBCOMMANDS
/// list. Help is now wrapped once, to the width.
@Suite("Help: wrapped once, to the terminal's width")
struct HelpWrappingTests {
    /// COLUMNS=80, COLUMNS=40, and no COLUMNS (80 when standard output is not a terminal).
    static let widths: [(environment: [String: String], width: Int)] = [
        (["COLUMNS": "80"], 80), (["COLUMNS": "40"], 40), ([:], 80),
    ]

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    @Test("A paragraph's line is never short of the next line's first word", arguments: 0..<3)
    func paragraphsFillTheirLines(_ index: Int) async {
        let (environment, width) = Self.widths[index]
        for arguments in [["--help"], ["help"]] {
            let result = await runTool(arguments, environment: environment)
            #expect(result.status == 0)
            let lines = Self.lines(result.stdout)
            for (line, next) in zip(lines, lines.dropFirst()) where !line.isEmpty && !next.isEmpty {
                // Column 0 is prose (OVERVIEW, the discussion's paragraphs): greedy filling
                // means the next line's first word did not fit on this one.
                guard Self.indent(line) == 0, Self.indent(next) == 0 else { continue }
                let word = String(next.split(separator: " ").first ?? "")
                #expect(
                    Formatting.displayWidth(line) + 1 + Formatting.displayWidth(word) > width,
                    "\(arguments) at \(width): '\(word)' fits after '\(line)'"
                )
            }
        }
    }

    @Test("SUBCOMMANDS: each abstract starts in one column and continues under itself", arguments: 0..<3)
    func subcommandsAligned(_ index: Int) async throws {
        let (environment, width) = Self.widths[index]
        let result = await runTool(["--help"], environment: environment)
        let lines = Self.lines(result.stdout)
        let start = try #require(lines.firstIndex(of: "SUBCOMMANDS:")) + 1
        let block = lines[start...].prefix { !$0.isEmpty }
        let column = 14
        let margin = String(repeating: " ", count: column)
        var rows: [(name: String, text: String)] = []
        for line in block {
            if line.hasPrefix(margin) {
                guard let last = rows.popLast() else {
                    Issue.record("a continuation before any row: \(line)")
                    continue
                }
                rows.append((last.name, last.text + " " + line.dropFirst(column)))
            } else {
                let name = line.dropFirst(2).prefix { $0 != " " }
                #expect(line.hasPrefix("  " + name), "\(line)")
                #expect(Self.indent(String(line.dropFirst(2 + name.count))) == column - 2 - name.count, "\(width): \(line)")
                rows.append((String(name), String(line.dropFirst(column))))
            }
            #expect(Formatting.displayWidth(line) <= width, "\(line)")
        }
        #expect(rows.map(\.name) == KMAForecastTool.subcommands.map(\.spec.name))
        for (row, command) in zip(rows, KMAForecastTool.subcommands) {
            #expect(row.text == command.spec.abstract)
        }
    }

    @Test("Wrapping keeps every word, in order", arguments: 0..<3)
    func nothingLost(_ index: Int) async {
        let (environment, _) = Self.widths[index]
        func words(_ text: String) -> [Substring] {
            text.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { !$0.allSatisfy { $0 == "─" } }
        }
        let wide = await runTool(["help"], environment: ["COLUMNS": "1000"])
        let wrapped = await runTool(["help"], environment: environment)
        #expect(words(wrapped.stdout) == words(wide.stdout))
    }

    @Test("A row's continuation joins it; an indented command too wide continues 4 deeper")
    func logicalLines() {
        let text = """
            Paragraph broken
            in the source.
              csv   a row whose text
                    goes on here.
              svg   another row.
            EXAMPLES:
              kma-forecast --input places.csv --format csv > out.csv
            """
        #expect(CommandSpec.paragraphs(of: text) == [
            "Paragraph broken in the source.",
            "  csv   a row whose text goes on here.",
            "  svg   another row.",
            "EXAMPLES:",
            "  kma-forecast --input places.csv --format csv > out.csv",
        ])
        #expect(CommandSpec.wrapParagraph("  kma-forecast --input places.csv --format csv > out.csv", width: 40) == """
              kma-forecast --input places.csv
                  --format csv > out.csv
            """)
        #expect(CommandSpec.wrapParagraph("  csv   a row whose text goes on here and on and on.", width: 30) == """
              csv   a row whose text goes
                    on here and on and on.
            """)
    }
}
