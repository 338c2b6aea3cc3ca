import Foundation
import Testing
import KMAForecastCLI

@Suite("kma-forecast: --all, --hours, --chart, --format svg, the width")
struct ForecastViewOptionsTests {
    static let sample = ["--lat", "37.56", "--lon", "126.97", "--lang", "en"]
    static let utf8 = ["LANG": "C.UTF-8"]

    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }

    @Test("The default view of the sample: one screen at 80 and at 40 columns, every line within the width")
    func oneScreen() async {
        for columns in [80, 40] {
            let result = await runTool(Self.sample, environment: Self.utf8.merging(["COLUMNS": "\(columns)"]) { $1 })
            #expect(result.status == 0)
            let lines = Self.lines(result.stdout)
            #expect(lines.count <= 40, "\(columns) columns: \(lines.count) lines")
            for line in lines { #expect(line.count <= columns, "\(line)") }
            #expect(result.stdout.contains("┤"))  // the chart, in braille and box drawing under UTF-8
        }
        let ascii = await runTool(Self.sample, environment: ["LANG": "C"])
        #expect(!ascii.stdout.contains("┤") && ascii.stdout.contains("+----"))
    }

    @Test("--all prints every hour; --hours N the first N")
    func hours() async {
        let all = await runTool(Self.sample + ["--all"])
        #expect(all.status == 0)
        let rows = all.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.dropFirst(2).prefix(5).contains(":") && $0.count > 20 }
        #expect(rows.count == 67)
        let three = await runTool(Self.sample + ["--hours", "3"])
        #expect(three.stdout.contains("Hourly forecast"))
        #expect(three.stdout.contains("  08:00  ") && !three.stdout.contains("  09:00  "))
    }

    @Test("Bad --hours and --chart: usage errors that say what to give", arguments: [
        (["--hours", "0"], "'--hours <n>': the number of hours must be in 1...1000"),
        (["--hours", "x"], "expected the number of hours, a whole number"),
        (["--hours", "3", "--all"], "Give only one of '--hours <n>' and '--all'"),
        (["--chart", "out.png"], "give a file name ending in .svg"),
        (["--format", "png"], "Please provide one of 'text', 'json', 'csv', 'svg' or 'jsonl'"),
        (["--all", "--format", "json"], "'--all' chooses the hours of the text view's table; --format json shows every hour"),
        (["--hours", "5", "--format", "svg"], "'--hours <n>' chooses the hours of the text view's table; --format svg shows every hour"),
    ])
    func usage(arguments: [String], fragment: String) async {
        let result = await runTool(Self.sample + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
    }

    @Test("--format svg: the picture on standard output, from the sample without a key")
    func svgToStandardOutput() async {
        let result = await runTool(Self.sample + ["--format", "svg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(result.stdout.hasSuffix("</svg>\n"))
        #expect(SVGChartProbe.temperaturePoints(result.stdout) == 67)
        #expect(result.stderr.contains("sample data"))
    }

    @Test("--chart FILE.svg: the picture in the file, the text view as usual; an unwritable path fails")
    func chartFile() async throws {
        let path = try temporaryFile(named: "placeholder", contents: "")
        defer { removeTemporary(path) }
        let chart = (path as NSString).deletingLastPathComponent + "/chart.svg"
        let result = await runTool(Self.sample + ["--chart", chart])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Days ahead (short-term)"))
        let svg = try String(contentsOfFile: chart, encoding: .utf8)
        #expect(SVGChartProbe.temperaturePoints(svg) == 67)
        let bad = await runTool(Self.sample + ["--chart", "/nonexistent-directory/chart.svg"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("Error: cannot write '/nonexistent-directory/chart.svg': No such file or directory"))
    }

    @Test("The README's capture of the default view is the real output of the first command")
    func readmeCapture() async throws {
        let readme = try String(contentsOfFile: Fixtures.repositoryRoot + "/README.md", encoding: .utf8)
        let marker = try #require(readme.range(of: "This is the real output of the first command"))
        let block = try #require(readme[marker.upperBound...].range(of: "```text\n"))
        let end = try #require(readme[block.upperBound...].range(of: "```"))
        let capture = String(readme[block.upperBound..<end.lowerBound])
        let result = await runTool(["--lat", "37.56", "--lon", "126.97"], environment: ["COLUMNS": "80", "LANG": "C.UTF-8"])
        // Byte for byte: no trailing space is lost (or added) between the tool and the README.
        #expect(Array(capture.utf8) == Array(result.stdout.utf8))
    }
}
