import Foundation
import Testing
import _KMATestSupport

/// Issue 22: `--chart FILE.svg` wrote the file without a word; it now says where it went.
@Suite("--chart: the file is written and named on standard error")
struct ForecastChartFileTests {
    @Test("The sample's chart is written and its path said on standard error, not standard output")
    func chartSaysWhereItWent() async throws {
        let path = try temporaryFile(named: "forecast.svg", contents: "")
        defer { removeTemporary(path) }
        let result = await runTool(["--demo", "--chart", path], environment: ["COLUMNS": "80"])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasPrefix("<svg") || written.hasPrefix("<?xml"))
        #expect(result.stderr.contains("Chart written to \(path)\n"), "\(result.stderr)")
        #expect(!result.stdout.contains("Chart written"))
    }

    @Test("A chart that cannot be written is an error naming the file, and no 'written' line")
    func chartNotWritten() async {
        let path = "/nonexistent-directory-kma/forecast.svg"
        let result = await runTool(["--demo", "--chart", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write '\(path)'"), "\(result.stderr)")
        #expect(!result.stderr.contains("Chart written"))
    }
}
