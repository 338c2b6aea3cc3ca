import Foundation
import KMAForecast
import KMAForecastClient
import KMAForecastMCP
import Testing
import _KMASystem
@testable import KMAForecastCLI

/// Issue 28: the command line and the MCP tools read locations and settings through one
/// reader (`LocationParser`) and one settings layer (`ClientSettings`), so the same mistake
/// gets the same words in both faces. Before, the MCP's `kma_grid` gave no "swapped?" hint
/// ("'latitude' must be a number from -90 to 90"), stated the grid's coverage twice with two
/// different boxes, listed an ambiguous place's candidates in other words, and said a
/// missing key in other words than the command line.
@Suite("The command line and the MCP tools: the same words for the same mistake")
struct CrossFaceWordingTests {
    struct Mistake: Sendable, CustomTestStringConvertible {
        let name: String
        let cli: [String]
        var environment: [String: String] = [:]
        /// The MCP tool and its arguments.
        let tool: String
        let mcp: String
        /// The words both faces must say.
        let words: String
        var testDescription: String { name }
    }

    static let mistakes: [Mistake] = [
        Mistake(name: "swapped coordinates (kma_grid)", cli: ["grid", "--lat", "126.97", "--lon", "37.56"],
                tool: "kma_grid", mcp: #"{"latitude":126.97,"longitude":37.56}"#,
                words: "Latitude 126.97 is outside -90...90 (degrees north). Latitude and longitude swapped? Latitude 37.56 with longitude 126.97 is on the grid (nx 60, ny 127)."),
        Mistake(name: "swapped coordinates (forecast)", cli: ["--lat", "126.97", "--lon", "37.56", "--format", "json"],
                tool: "kma_forecast", mcp: #"{"latitude":126.97,"longitude":37.56}"#,
                words: "Latitude and longitude swapped? Latitude 37.56 with longitude 126.97 is on the grid (nx 60, ny 127)."),
        Mistake(name: "a decimal comma", cli: ["grid", "--lat", "37,56", "--lon", "126.97"],
                tool: "kma_grid", mcp: #"{"latitude":"37,56","longitude":126.97}"#,
                words: "expected a latitude in degrees north, -90...90; use a decimal point: '37.56'"),
        Mistake(name: "a point off the grid", cli: ["--lat", "10", "--lon", "10", "--format", "json"],
                tool: "kma_forecast", mcp: #"{"latitude":10,"longitude":10}"#,
                words: "The point 10.0, 10.0 is outside the KMA forecast grid (it would be cell nx -1957, ny 1257); the grid covers nx 1...149, ny 1...253: the Korean peninsula and nearby seas, about 32...43°N, 123...133°E."),
        Mistake(name: "an unknown place", cli: ["grid", "--place", "해운데구"],
                tool: "kma_grid", mcp: #"{"place":"해운데구"}"#,
                words: "No region in KMA's grid table matches '해운데구'; did you mean '부산광역시 해운대구'?"),
        Mistake(name: "an ambiguous place", cli: ["--place", "광주시", "--format", "json"],
                tool: "kma_forecast", mcp: #"{"place":"광주시"}"#,
                words: "'광주시' matches 2 regions; give more of the name, e.g. '전남광주통합특별시':\n  전남광주통합특별시 (nx 51, ny 67)\n  경기도 광주시 (nx 65, ny 123)"),
        Mistake(name: "a missing key (forecast)", cli: ["--place", "서울", "--place", "부산"],
                tool: "kma_forecast_many", mcp: #"{"places":["서울","부산"]}"#,
                words: SettingsError.missingKey(gridOperation: nil).description),
        Mistake(name: "a missing key (field)", cli: ["field", "--var", "TMP"], environment: ["KMA_SERVICE_KEY": ""],
                tool: "kma_field_values", mcp: #"{"variable":"TMP","points":["서울"]}"#,
                words: SettingsError.missingKey(gridOperation: "nph-dfs_shrt_grd").description),
    ]

    @Test("Both faces say the same words", arguments: mistakes)
    func sameWords(_ mistake: Mistake) async throws {
        let cli = await runTool(mistake.cli, environment: mistake.environment)
        #expect(cli.status != 0)
        #expect(cli.stderr.contains(mistake.words), "CLI: \(cli.stderr)")
        let mcp = try #require(await Self.call(mistake.tool, mistake.mcp, environment: mistake.environment))
        #expect(mcp.isError)
        #expect(mcp.text.contains(mistake.words), "MCP: \(mcp.text)")
    }

    @Test("The grid's coverage is stated once, with one box, in both faces")
    func oneCoverage() async throws {
        let cli = await runTool(["grid", "--lat", "10", "--lon", "10"])
        let text = await Self.call("kma_grid", #"{"latitude":10,"longitude":10}"#)?.text ?? ""
        for said in [cli.stderr, text] {
            #expect(said.components(separatedBy: "covers").count == 2, "\(said)")
            #expect(said.contains("about 32...43°N, 123...133°E") && !said.contains("121-132"), "\(said)")
        }
    }

    /// The MCP server's answer to one `tools/call`, through the library's public entry point
    /// (`MCPStdioServer.serve`, what `kma-forecast mcp` runs): the first content item's text
    /// and `isError`; `nil` when no result came.
    static func call(_ tool: String, _ arguments: String, environment: [String: String] = [:]) async -> (text: String, isError: Bool)? {
        let output = Locked<[UInt8]>([])
        let request = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"# + "\n"
        await MCPStdioServer.serve(
            input: .bytes(Array(request.utf8)), output: .lines { line in output.withLock { $0 += line } },
            environment: environment, version: "test", now: { Date(timeIntervalSince1970: 1_795_195_800) }, log: { _ in }
        )
        let line = output.withLock { $0 }.split(separator: UInt8(ascii: "\n")).first.map(Array.init) ?? []
        guard let result = (try? JSONValue.read(line))?["result"] else { return nil }
        return (result["content"]?.arrayValue?.first?["text"]?.stringValue ?? "", result["isError"] == .bool(true))
    }
}
