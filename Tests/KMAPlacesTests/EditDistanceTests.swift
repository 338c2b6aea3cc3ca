import Testing
@testable import KMAPlaces

/// `EditDistance.levenshtein`: the one edit distance (issue 10, item 5), replacing the CLI's
/// `Suggestion.editDistance` (characters, no limit) and `Jamo.editDistance` (UTF-16, limit).
@Suite("EditDistance: Levenshtein, with an optional early-out limit")
struct EditDistanceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var a: String
        var b: String
        var limit: Int?
        var expected: Int
        var testDescription: String { "\"\(a)\" ~ \"\(b)\" limit \(limit.map(String.init) ?? "none") -> \(expected)" }
    }

    static let cases: [Case] = [
        Case(a: "kitten", b: "sitting", limit: nil, expected: 3),
        Case(a: "sitting", b: "kitten", limit: nil, expected: 3),
        Case(a: "flaw", b: "lawn", limit: nil, expected: 2),
        Case(a: "same", b: "same", limit: nil, expected: 0),
        Case(a: "same", b: "same", limit: 0, expected: 0),
        // Empty on either side: the other's length.
        Case(a: "", b: "", limit: nil, expected: 0),
        Case(a: "", b: "abc", limit: nil, expected: 3),
        Case(a: "abc", b: "", limit: nil, expected: 3),
        // A limit caps the answer at limit + 1, by length alone or by the rows.
        Case(a: "kitten", b: "sitting", limit: 3, expected: 3),
        Case(a: "kitten", b: "sitting", limit: 2, expected: 3),
        Case(a: "kitten", b: "sitting", limit: 1, expected: 2),
        Case(a: "kitten", b: "sitting", limit: 0, expected: 1),
        Case(a: "", b: "abcdef", limit: 2, expected: 3),
        Case(a: "abcdef", b: "ghijkl", limit: 2, expected: 3),
        // A negative limit counts as 0.
        Case(a: "a", b: "b", limit: -4, expected: 1),
        Case(a: "a", b: "a", limit: -4, expected: 0),
        // Characters, not bytes: one Hangul syllable or one emoji is one element.
        Case(a: "해운대구", b: "해운데구", limit: nil, expected: 1),
        Case(a: "--format", b: "--fromat", limit: nil, expected: 2),
        Case(a: "👍🏽", b: "👍", limit: nil, expected: 1),
    ]

    @Test(arguments: cases)
    func characters(_ c: Case) {
        #expect(EditDistance.levenshtein(Array(c.a), Array(c.b), limit: c.limit) == c.expected)
    }

    /// On jamo, one mistyped vowel is one edit where syllables would also count one, and a
    /// dropped final consonant is one edit where syllables would count a substitution.
    @Test func jamo() {
        func jamo(_ text: String) -> [UInt16] { Jamo.decomposed(Array(text.utf16)) }
        #expect(EditDistance.levenshtein(jamo("해운대구"), jamo("해운데구")) == 1)
        #expect(EditDistance.levenshtein(jamo("종로구"), jamo("조로구")) == 1)
        #expect(EditDistance.levenshtein(jamo("종로구"), jamo("중랑구"), limit: 1) == 2)
    }
}
