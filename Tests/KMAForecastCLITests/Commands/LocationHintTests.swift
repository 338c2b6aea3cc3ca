import Testing
import _KMATestSupport

/// Issue 22: a swapped latitude/longitude and a decimal comma were refused with what was
/// wrong but not the likely fix. (Issue 28: the swap hint is the library's one wording,
/// `Latitude 37.56 with longitude 126.97 is on the grid`, the same in the MCP tools.)
@Suite("Coordinates: the message says the likely fix")
struct LocationHintTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        /// Texts the error must contain.
        let contains: [String]
        /// Texts it must not contain.
        let excludes: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let swapped = "Latitude and longitude swapped?"
    static let comma = "use a decimal point"

    static let cases: [Case] = [
        Case(arguments: ["--lat", "126.97", "--lon", "37.56"],
             contains: ["Latitude 126.97 is outside -90...90", swapped, "Latitude 37.56 with longitude 126.97 is on the grid (nx 60, ny 127)"], excludes: [comma]),
        Case(arguments: ["grid", "--lat", "126.97", "--lon", "37.56"],
             contains: [swapped, "Latitude 37.56 with longitude 126.97"], excludes: [comma]),
        Case(arguments: ["--lat", "129.0756", "--lon", "35.1796", "--format", "json"],
             contains: [swapped, "Latitude 35.1796 with longitude 129.0756"], excludes: []),
        Case(arguments: ["--lat", "37,56", "--lon", "126.97"],
             contains: ["The value '37,56' is invalid for '--lat <lat>'", "\(comma): '37.56'"], excludes: [swapped]),
        Case(arguments: ["--lat", "37.56", "--lon", "126,97"],
             contains: ["The value '126,97' is invalid for '--lon <lon>'", "\(comma): '126.97'"], excludes: [swapped]),
        Case(arguments: ["grid", "--lat", "37,5665", "--lon", "126.978"],
             contains: ["\(comma): '37.5665'"], excludes: []),
        // Not a decimal comma: two commas, or not a number either way.
        Case(arguments: ["--lat", "37,56,1", "--lon", "126.97"], contains: ["is invalid for '--lat <lat>'"], excludes: [comma]),
        Case(arguments: ["--lat", "north", "--lon", "126.97"], contains: ["is invalid for '--lat <lat>'"], excludes: [comma]),
        // Off the grid, and off it swapped too: no swap suggested.
        Case(arguments: ["--lat", "200", "--lon", "37"], contains: ["Latitude 200.0 is outside"], excludes: [swapped]),
        Case(arguments: ["--lat", "10", "--lon", "10"], contains: ["outside the KMA forecast grid"], excludes: [swapped]),
        Case(arguments: ["--lat", "37.56", "--lon", "200"], contains: ["Longitude 200.0 is outside"], excludes: [swapped]),
    ]

    @Test("Swapped coordinates and decimal commas: usage error (64) with the fix", arguments: cases)
    func hint(_ test: Case) async {
        let result = await runTool(test.arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        for text in test.contains { #expect(result.stderr.contains(text), "\(result.stderr)") }
        for text in test.excludes { #expect(!result.stderr.contains(text), "\(result.stderr)") }
    }
}
