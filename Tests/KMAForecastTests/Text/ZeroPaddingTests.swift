import Testing
import KMAForecast

/// `zeroPadded(toWidth:radix:uppercase:)`: the one zero-padding helper (issue 10, item 5),
/// used for `base_date`/`base_time`, ISO dates and times, JSON `\u` escapes, colours and
/// checksums.
@Suite("zeroPadded: zeros on the left, sign first, never cut")
struct ZeroPaddingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var value: Int
        var width: Int
        var radix = 10
        var uppercase = false
        var expected: String
        var testDescription: String { "\(value) width \(width) radix \(radix) -> \(expected)" }
    }

    static let cases: [Case] = [
        Case(value: 500, width: 4, expected: "0500"),
        Case(value: 0, width: 4, expected: "0000"),
        Case(value: 7, width: 2, expected: "07"),
        Case(value: 10, width: 2, expected: "10"),
        Case(value: 2026_1121, width: 8, expected: "20261121"),
        Case(value: 999_1231, width: 8, expected: "09991231"),
        // Wider than the width: written whole, never cut.
        Case(value: 123_456, width: 4, expected: "123456"),
        // No padding asked for.
        Case(value: 5, width: 0, expected: "5"),
        Case(value: 5, width: -3, expected: "5"),
        // Negative: the sign goes first and does not count toward the width.
        Case(value: -5, width: 3, expected: "-005"),
        Case(value: -1234, width: 2, expected: "-1234"),
        // Extremes: the magnitude of Int.min is written without overflow.
        Case(value: Int.min, width: 1, expected: "-9223372036854775808"),
        Case(value: Int.max, width: 25, expected: "000000" + "9223372036854775807"),
        // Hexadecimal, both cases.
        Case(value: 31, width: 4, radix: 16, expected: "001f"),
        Case(value: 31, width: 4, radix: 16, uppercase: true, expected: "001F"),
        Case(value: 0xABCDE, width: 4, radix: 16, expected: "abcde"),
    ]

    @Test(arguments: cases)
    func padded(_ c: Case) {
        #expect(c.value.zeroPadded(toWidth: c.width, radix: c.radix, uppercase: c.uppercase) == c.expected)
    }

    @Test func otherIntegerTypes() {
        #expect(UInt8(10).zeroPadded(toWidth: 2, radix: 16) == "0a")
        #expect(UInt64.max.zeroPadded(toWidth: 16, radix: 16) == "ffffffffffffffff")
        #expect(UInt64(0xcbf2).zeroPadded(toWidth: 16, radix: 16) == "000000000000cbf2")
        #expect(UInt32(0x1F).zeroPadded(toWidth: 4, radix: 16, uppercase: true) == "001F")
        #expect(Int8.min.zeroPadded(toWidth: 4) == "-0128")
    }

    /// The callers that used their own copies still write the same text.
    @Test func callersKeepTheirText() throws {
        let base = try ForecastBase(baseDate: "20260105", baseTime: "0500")
        #expect(base.baseDate == "20260105")
        #expect(base.baseTime == "0500")
        let midnight = try ForecastBase(baseDate: "20260105", baseTime: "0000")
        #expect(midnight.baseTime == "0000")
        let time = try KSTDateTime(year: 987, month: 1, day: 2, hour: 3, minute: 4, second: 5)
        #expect(time.iso8601 == "0987-01-02T03:04:05+09:00")
    }
}
