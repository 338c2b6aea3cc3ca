import Testing
import KMAForecast

/// `DecimalParser`: the one decimal parser (issue 10, item 5). It was the CLI's; now the
/// command line, CSV input, JSON numbers, mid-term XML/JSON values, grid-field fallbacks and
/// the numbers in KMA's value text all read through it.
@Suite("DecimalParser: decimal spellings only, correctly rounded")
struct DecimalParserTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var expected: Double?
        var testDescription: String { "\"\(text)\" -> \(expected.map { "\($0)" } ?? "nil")" }
    }

    static let cases: [Case] = [
        Case(text: "0", expected: 0),
        Case(text: "37.5665", expected: 37.5665),
        Case(text: "126.9780", expected: 126.978),
        Case(text: "-1.3", expected: -1.3),
        Case(text: "+1.3", expected: 1.3),
        Case(text: "-70.5", expected: -70.5),
        Case(text: ".5", expected: 0.5),
        Case(text: "5.", expected: 5),
        Case(text: "-.5", expected: -0.5),
        Case(text: "1e3", expected: 1000),
        Case(text: "1E-3", expected: 0.001),
        Case(text: "2.5e+2", expected: 250),
        Case(text: "007", expected: 7),
        // Long mantissas and far exponents: the standard library rounds, the same Double.
        Case(text: "0.1000000000000000055511151231257827", expected: 0.1),
        Case(text: "12345678901234567890", expected: 12345678901234567890.0),
        Case(text: "1.7976931348623157e308", expected: 1.7976931348623157e308),
        Case(text: "4.9e-324", expected: .leastNonzeroMagnitude),
        Case(text: "1e-400", expected: 0),
        // Too large for a Double: not a number (not infinity).
        Case(text: "1e309", expected: nil),
        Case(text: "-1e400", expected: nil),
        Case(text: String(repeating: "9", count: 400), expected: nil),
        // Not decimal spellings.
        Case(text: "", expected: nil),
        Case(text: "-", expected: nil),
        Case(text: "+", expected: nil),
        Case(text: ".", expected: nil),
        Case(text: "e5", expected: nil),
        Case(text: "1e", expected: nil),
        Case(text: "1e+", expected: nil),
        Case(text: "--1", expected: nil),
        Case(text: "+-1", expected: nil),
        Case(text: "1.2.3", expected: nil),
        Case(text: "1,5", expected: nil),
        Case(text: " 1", expected: nil),
        Case(text: "1 ", expected: nil),
        Case(text: "0x25", expected: nil),
        Case(text: "0x1p7", expected: nil),
        Case(text: "inf", expected: nil),
        Case(text: "-infinity", expected: nil),
        Case(text: "nan", expected: nil),
        // Non-ASCII digits are not digits.
        Case(text: "３７.５", expected: nil),
        Case(text: "٣٧", expected: nil),
        Case(text: "37.5°", expected: nil),
    ]

    @Test(arguments: cases)
    func parse(_ c: Case) {
        let value = DecimalParser.parse(c.text)
        #expect(value == c.expected)
        // The byte form and a Substring give the same answer.
        var copy = c.text
        #expect(copy.withUTF8 { DecimalParser.parse(UnsafeRawBufferPointer($0)) } == c.expected)
        #expect(DecimalParser.parse(("[" + c.text + "]").dropFirst().dropLast()) == c.expected)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let value = try #require(DecimalParser.parse("-0.0"))
        #expect(value == 0 && value.sign == .minus)
    }

    /// The fast path agrees with the standard library on every decimal it takes.
    @Test func agreesWithTheStandardLibrary() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let whole = Int(truncatingIfNeeded: state >> 40) - 8_000_000
            let places = Int(state >> 20 & 7)
            let fraction = Int(state & 0xFFFFF) % 1_000_000
            let text = "\(whole).\(fraction.zeroPadded(toWidth: 6).prefix(places))"
            #expect(DecimalParser.parse(text) == Double(text), "\(text)")
        }
    }
}
