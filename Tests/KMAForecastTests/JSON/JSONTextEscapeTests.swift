import Testing
import KMAForecast

/// Issue 38, item 5: `--format json` wrote U+009B (a C1 control sequence introducer) and the
/// bidirectional overrides from the network raw, where the text views and MCP escape them. The
/// one JSON writer escapes every C0 and C1 control, DEL, the bidirectional marks, overrides
/// and isolates, and U+2028/U+2029; a program reads back the very text.
@Suite("JSON escapes every control and bidirectional override")
struct JSONTextEscapeTests {
    static let hostile: [Unicode.Scalar] = [
        "\u{0}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9B}", "\u{9F}",
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{061C}", "\u{2028}", "\u{2029}",
    ]

    @Test("Each hostile scalar is a \\u escape, never itself; the text reads back whole")
    func escaped() throws {
        for scalar in Self.hostile {
            let text = "a" + String(Character(scalar)) + "b 서울"
            let json = JSONText.string(text)
            #expect(!json.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) written raw")
            #expect(json.contains("\\u"), "\(json)")
            let back = try JSONValue.read(Array(json.utf8))
            #expect(back.stringValue == text)
        }
    }

    @Test("What needs no escape is written as UTF-8: Hangul, U+00A0 and above, emoji")
    func plain() {
        #expect(JSONText.string("서울 ° \u{A0}☔️") == "\"서울 ° \u{A0}☔️\"")
    }
}
