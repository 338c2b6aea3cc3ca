import Testing
@testable import KMAForecast

/// `HexDigit`: the one reader and writer of hex digits (issue 10, item 5, "one home for each
/// helper"): JSON `\u` escapes, percent-encoding, key redaction and the replay server use it.
@Suite("HexDigit: ASCII hex digits only, either case")
struct HexDigitTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var byte: UInt8
        var value: UInt8?
        var testDescription: String { "0x\(String(byte, radix: 16)) -> \(value.map(String.init) ?? "nil")" }
    }

    static let cases: [Case] = [
        Case(byte: UInt8(ascii: "0"), value: 0), Case(byte: UInt8(ascii: "9"), value: 9),
        Case(byte: UInt8(ascii: "a"), value: 10), Case(byte: UInt8(ascii: "f"), value: 15),
        Case(byte: UInt8(ascii: "A"), value: 10), Case(byte: UInt8(ascii: "F"), value: 15),
        // Neighbours of the ranges.
        Case(byte: UInt8(ascii: "/"), value: nil), Case(byte: UInt8(ascii: ":"), value: nil),
        Case(byte: UInt8(ascii: "@"), value: nil), Case(byte: UInt8(ascii: "G"), value: nil),
        Case(byte: UInt8(ascii: "`"), value: nil), Case(byte: UInt8(ascii: "g"), value: nil),
        // Signs and space are not digits; nor is the first byte of full-width `０` (EF BC 90).
        Case(byte: UInt8(ascii: "-"), value: nil), Case(byte: UInt8(ascii: "+"), value: nil),
        Case(byte: UInt8(ascii: " "), value: nil), Case(byte: 0xEF, value: nil), Case(byte: 0x90, value: nil),
        Case(byte: 0, value: nil), Case(byte: 0xFF, value: nil),
    ]

    @Test(arguments: cases)
    func value(_ c: Case) {
        #expect(HexDigit.value(c.byte) == c.value)
        #expect(HexDigit.isHexDigit(c.byte) == (c.value != nil))
    }

    @Test func everyByteAgreesWithTheUnicodeProperty() {
        for byte in UInt8.min...UInt8.max {
            #expect(HexDigit.isHexDigit(byte) == (byte < 0x80 && Unicode.Scalar(byte).properties.isASCIIHexDigit))
        }
    }

    @Test func writingRoundTrips() {
        for value in UInt8(0)..<16 {
            #expect(HexDigit.value(HexDigit.byte(value, uppercase: true)) == value)
            #expect(HexDigit.value(HexDigit.byte(value, uppercase: false)) == value)
        }
        #expect(HexDigit.byte(11, uppercase: true) == UInt8(ascii: "B"))
        #expect(HexDigit.byte(11, uppercase: false) == UInt8(ascii: "b"))
    }
}
