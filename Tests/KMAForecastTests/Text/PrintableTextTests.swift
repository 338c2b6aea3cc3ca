import Testing
import KMAForecast

/// The package's one rule for network text, in its home (KMAForecast): what each face does.
/// The CLI's `TerminalTextTests` check the same rule as the tool prints it.
@Suite("PrintableText: control characters escaped, lengths cut")
struct PrintableTextTests {
    @Test("The controls: C0 (NUL, CR, LF, ESC), DEL, C1, bidirectional overrides and isolates")
    func controls() {
        for value: UInt32 in [0x00, 0x07, 0x0A, 0x0D, 0x1B, 0x7F, 0x85, 0x9B, 0x202A, 0x202E, 0x2066, 0x2069] {
            #expect(PrintableText.isControl(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
        for value: UInt32 in [0x20, 0x41, 0xA0, 0xAC00, 0x2029, 0x202F, 0x2070, 0x1F600] {
            #expect(!PrintableText.isControl(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
    }

    @Test func escaped() {
        #expect(PrintableText.escaped("a\u{1B}[2Jb\u{202E}c\u{0}") == #"a\u{1B}[2Jb\u{202E}c\u{0}"#)
        #expect(PrintableText.escaped("종로구 \\u{1B}") == "종로구 \\u{1B}")
        #expect(PrintableText.escaped("abcdef", maximumLength: 3) == "abc…")
        #expect(PrintableText.escaped("abc", maximumLength: 3) == "abc")
    }

    @Test("excerpt: one line, at most maximumExcerptLength characters and the count of the rest")
    func excerpt() {
        #expect(PrintableText.excerpt("LIMITED\u{1B}[2J\r\nError: x") == #"LIMITED\u{1B}[2J\u{D}\u{A}Error: x"#)
        let long = String(repeating: "가", count: 10_000)
        #expect(PrintableText.excerpt(long) == String(repeating: "가", count: PrintableText.maximumExcerptLength) + "… (\(10_000 - PrintableText.maximumExcerptLength) more characters)")
        #expect(PrintableText.excerpt(String(repeating: "a", count: PrintableText.maximumExcerptLength)) == String(repeating: "a", count: PrintableText.maximumExcerptLength))
        // Escaping twice changes nothing: a description built from excerpts can be escaped again.
        let once = PrintableText.excerpt("a\u{1B}b\n")
        #expect(PrintableText.singleLine(once) == once && PrintableText.escaped(once) == once)
    }

    @Test("singleLine escapes line feeds; safe keeps them; both cut a line at maximumLineLength")
    func lines() {
        #expect(PrintableText.singleLine("a\nb\r") == #"a\u{A}b\u{D}"#)
        #expect(PrintableText.safe("a\nb\u{1B}") == "a\n" + #"b\u{1B}"#)
        let cut = PrintableText.singleLine(String(repeating: "9", count: 1_500))
        #expect(cut == String(repeating: "9", count: PrintableText.maximumLineLength) + "… (500 more characters)")
    }
}
