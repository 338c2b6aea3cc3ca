import Testing
import KMAForecast

/// The two trimming rules (issue 10, item 5): there were two `trimmingWhitespace()` that
/// behaved differently (ResponseSniffer's Unicode one, Endpoint's ASCII one) plus
/// `trimmingSpaces()` (space and tab only) and byte-level copies. Now each rule has one home
/// and a name that says what it removes; this table pins where they differ.
@Suite("Trimming: Unicode whitespace vs ASCII whitespace")
struct TextTrimmingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var unicode: String
        var ascii: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "empty", text: "", unicode: "", ascii: ""),
        Case(name: "only spaces", text: " \t ", unicode: "", ascii: ""),
        Case(name: "nothing to trim", text: "x", unicode: "x", ascii: "x"),
        Case(name: "inner space kept", text: "  a b  ", unicode: "a b", ascii: "a b"),
        Case(name: "tab, CR, LF", text: "\t\r\nx\n\r\t", unicode: "x", ascii: "x"),
        Case(name: "CRLF is one Character", text: "\r\nx\r\n", unicode: "x", ascii: "x"),
        Case(name: "VT and FF", text: "\u{0B}\u{0C}x\u{0C}\u{0B}", unicode: "x", ascii: "x"),
        // Where they differ: Unicode whitespace that is not ASCII.
        Case(name: "no-break space", text: "\u{00A0}37.5\u{00A0}", unicode: "37.5", ascii: "\u{00A0}37.5\u{00A0}"),
        Case(name: "ideographic space", text: "\u{3000}서울\u{3000}", unicode: "서울", ascii: "\u{3000}서울\u{3000}"),
        Case(name: "NEL and line separator", text: "\u{0085}x\u{2028}", unicode: "x", ascii: "\u{0085}x\u{2028}"),
        Case(name: "ASCII around Unicode", text: " \u{00A0}x\u{00A0} ", unicode: "x", ascii: "\u{00A0}x\u{00A0}"),
        // Not whitespace for either: NUL and other controls, zero-width space.
        Case(name: "NUL kept", text: "\u{0}x\u{0}", unicode: "\u{0}x\u{0}", ascii: "\u{0}x\u{0}"),
        Case(name: "zero-width space kept", text: "\u{200B}x", unicode: "\u{200B}x", ascii: "\u{200B}x"),
        // Multi-byte text at the ends stays whole.
        Case(name: "Hangul ends", text: " 서울특별시 ", unicode: "서울특별시", ascii: "서울특별시"),
        Case(name: "combining mark after the text", text: "e\u{0301} ", unicode: "e\u{0301}", ascii: "e\u{0301}"),
    ]

    @Test(arguments: cases)
    func trims(_ c: Case) {
        #expect(c.text.trimmingWhitespace() == c.unicode)
        #expect(c.text.trimmingASCIIWhitespace() == c.ascii)
        // Substrings trim the same way.
        #expect(("<" + c.text + ">").dropFirst().dropLast().trimmingASCIIWhitespace() == c.ascii)
    }

    @Test func asciiWhitespaceBytes() {
        let expected: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D]
        for byte in UInt8.min...UInt8.max {
            #expect(ASCIIWhitespace.contains(byte) == expected.contains(byte), "byte \(byte)")
        }
    }
}
