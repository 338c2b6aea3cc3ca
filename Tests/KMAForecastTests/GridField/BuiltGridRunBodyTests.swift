import Testing
import KMAForecast
import _KMATestSupport

/// The stand-in API Hub's whole runs build their bodies number by number, without a string per
/// number (a debug build's tests spent seconds there); the text must stay the layout's.
@Suite("BuiltGridRun.body: the same bytes as BuiltGridField.body")
struct BuiltGridRunBodyTests {
    @Test("Every number's form (missing, negative, below 1, 1 to 4 digits before the point) and every variable of a run")
    func sameBytes() throws {
        var awkward = [Int?](repeating: nil, count: 149 * 253)
        let values: [Int?] = [nil, 0, 1, 9, 10, 99, 100, 101, 999, 1_000, 9_999, 10_000, 123_456, -1, -9, -10, -99, -100, -2_000, -99_900, 4_000]
        for index in awkward.indices { awkward[index] = values[index % values.count] }
        #expect(BuiltGridRun.body(awkward) == BuiltGridField(hundredths: awkward).body())
        let run = try BuiltGridRun(product: .shortTerm, run: ForecastBase(baseDate: "20261121", baseTime: "0500"), variables: ["TMP", "SKY", "PTY", "POP", "PCP", "WSD"])
        for variable in run.variables {
            let field = run.hundredths(variable, time: 1)
            #expect(BuiltGridRun.body(field) == BuiltGridField(hundredths: field).body(), "\(variable)")
        }
    }
}
