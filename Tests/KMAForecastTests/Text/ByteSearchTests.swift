import Testing
import KMAForecast

/// `ByteSearch.firstIndex`: the one byte search (issue 10, item 5), replacing
/// ResponseSniffer.find (ASCII case ignored) and RecordedJSON.find (exact).
@Suite("ByteSearch: first occurrence at or after an offset")
struct ByteSearchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var needle: String
        var haystack: String
        var from = 0
        var ignoringCase = false
        var expected: Int?
        var testDescription: String { "\"\(needle)\" in \"\(haystack)\" from \(from)\(ignoringCase ? " any case" : "") -> \(expected.map(String.init) ?? "nil")" }
    }

    static let cases: [Case] = [
        Case(needle: "</b>", haystack: "<a></B></b>", expected: 7),
        Case(needle: "</b>", haystack: "<a></B></b>", ignoringCase: true, expected: 3),
        Case(needle: "abc", haystack: "abc", expected: 0),
        Case(needle: "abc", haystack: "xxabc", expected: 2),
        Case(needle: "abc", haystack: "ab", expected: nil),
        Case(needle: "abc", haystack: "abxabyabc", expected: 6),
        // The start offset: a match before it is skipped; a match at it counts.
        Case(needle: "ab", haystack: "abab", from: 1, expected: 2),
        Case(needle: "ab", haystack: "abab", from: 2, expected: 2),
        Case(needle: "ab", haystack: "abab", from: 3, expected: nil),
        Case(needle: "ab", haystack: "abab", from: 4, expected: nil),
        Case(needle: "ab", haystack: "abab", from: 99, expected: nil),
        // A negative start counts as 0 (it used to trap).
        Case(needle: "ab", haystack: "abab", from: -5, expected: 0),
        // Empty needle or haystack: never found.
        Case(needle: "", haystack: "abc", expected: nil),
        Case(needle: "a", haystack: "", expected: nil),
        Case(needle: "", haystack: "", expected: nil),
        // Case folding is ASCII only: digits and punctuation are not letters, and UTF-8
        // (Hangul, the Kelvin sign K) is compared byte for byte.
        Case(needle: "[", haystack: "{", ignoringCase: true, expected: nil),
        Case(needle: "@", haystack: "`", ignoringCase: true, expected: nil),
        Case(needle: "K", haystack: "\u{212A}", ignoringCase: true, expected: nil),
        Case(needle: "서울", haystack: "<a>서울</a>", ignoringCase: true, expected: 3),
        Case(needle: "RESULTMSG", haystack: "<returnAuthMsg><resultMsg>", ignoringCase: true, expected: 16),
    ]

    @Test(arguments: cases)
    func firstIndex(_ c: Case) {
        let found = ByteSearch.firstIndex(of: Array(c.needle.utf8), in: Array(c.haystack.utf8), from: c.from, ignoringASCIICase: c.ignoringCase)
        #expect(found == c.expected)
    }
}
