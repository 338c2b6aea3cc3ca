import Testing
@testable import KMAForecast

/// `FixedWidthDigits`: the one reader of fixed-width ASCII digit fields (issue 10, item 5):
/// `base_date`/`base_time`, ISO 8601 fields, `tmFc`, file versions and page items use it.
@Suite("FixedWidthDigits: exactly N ASCII digits, nothing else")
struct FixedWidthDigitsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var count: Int
        var expected: Int?
        var testDescription: String { "\"\(text)\" ×\(count) -> \(expected.map(String.init) ?? "nil")" }
    }

    static let cases: [Case] = [
        Case(text: "0500", count: 4, expected: 500),
        Case(text: "0000", count: 4, expected: 0),
        Case(text: "20261121", count: 8, expected: 20_261_121),
        Case(text: "9", count: 1, expected: 9),
        Case(text: "999999999999999999", count: 18, expected: 999_999_999_999_999_999),
        // Wrong length either way.
        Case(text: "500", count: 4, expected: nil),
        Case(text: "05000", count: 4, expected: nil),
        Case(text: "", count: 4, expected: nil),
        // Far too long: stops at the count, no overflow.
        Case(text: String(repeating: "9", count: 40), count: 8, expected: nil),
        // Signs, points and spaces are not digits.
        Case(text: "-500", count: 4, expected: nil),
        Case(text: "+500", count: 4, expected: nil),
        Case(text: "-50", count: 3, expected: nil),
        Case(text: "5.00", count: 4, expected: nil),
        Case(text: " 500", count: 4, expected: nil),
        Case(text: "0500 ", count: 4, expected: nil),
        // Non-ASCII digits: full-width, Arabic-Indic, and a Hangul number word.
        Case(text: "０５００", count: 4, expected: nil),
        Case(text: "٠٥٠٠", count: 4, expected: nil),
        Case(text: "오백", count: 2, expected: nil),
        // Hex is not decimal.
        Case(text: "0x1F", count: 4, expected: nil),
    ]

    @Test(arguments: cases)
    func value(_ c: Case) {
        #expect(FixedWidthDigits.value(c.text.utf8, count: c.count) == c.expected)
        #expect(FixedWidthDigits.value(Array(c.text.utf8)[...], count: c.count) == c.expected)
    }

    /// The word-at-a-time fast path agrees with the one home on every 4-digit field.
    @Test func fastPathAgrees() {
        for text in ["0000", "0500", "2359", "9999", "05a0", "-500", "05 0", "0/00", "0:00"] {
            let bytes = Array(text.utf8)
            let word = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
            #expect(CompactLayout.fourDigits(word) == FixedWidthDigits.value(bytes, count: 4), "\(text)")
        }
    }

    /// Regression: a date field of 20 or more digits in a page used to overflow `Int` while
    /// being read (a trap on input data); now it is the decoder's ordinary "expected 8 digits".
    @Test func longDateFieldIsAnErrorNotACrash() {
        let long = String(repeating: "2", count: 30)
        let page = #"{"response":{"header":{"resultCode":"00","resultMsg":"OK"},"body":{"items":{"item":[{"baseDate":"\#(long)","baseTime":"0500","category":"TMP","fcstDate":"20221120","fcstTime":"0600","fcstValue":"1","nx":60,"ny":120}]}}}}"#
        guard case .failure(let error) = decodePage(page) else {
            Issue.record("a 30-digit baseDate decoded")
            return
        }
        #expect(String(describing: error).contains("expected 8 digits"))
    }
}
