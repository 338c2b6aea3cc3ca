/// Parsing decimal numbers from bytes, fast: the common case (up to 19 digits and a small
/// exponent) in a few integer operations, correctly rounded; longer decimal numbers through
/// the standard library's `Double(_:)`. Only decimal spellings are numbers.
///
/// The one decimal parser of the package: coordinates on the command line and in CSV input
/// (`grid --input`, the hot path of `cli.grid-input-1M`), numbers in JSON and XML answers,
/// and the numbers inside KMA's value text (whose own grammar, with units and spacing, is
/// ``ValueText``'s).
package enum DecimalParser {
    /// Exact powers of ten as doubles (10^0 … 10^22 are all exactly representable).
    @usableFromInline
    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The number spelled by `bytes`, or `nil` if it is not a number.
    ///
    /// Accepts an optional sign, digits with an optional decimal point, and an optional
    /// exponent (`1e3`). Other spellings (`inf`, `nan`, hexadecimal `0x1p7`, junk) and numbers
    /// too large for a `Double` give `nil`, so a bad field is reported by its own text.
    ///
    /// Correct rounding: when the digits fit in 2^53 and the power of ten is at most 22, the
    /// value is one exactly rounded multiplication or division of two exact doubles
    /// (Clinger's fast path); otherwise the standard library decides.
    @inlinable
    package static func parse(_ bytes: UnsafeRawBufferPointer) -> Double? {
        let count = bytes.count
        guard count > 0 else { return nil }
        var index = 0
        var negative = false
        let first = bytes[0]
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            index = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var sawDigit = false
        while index < count {
            let d = bytes[index] &- UInt8(ascii: "0")
            guard d < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(d)
            digits += 1
            sawDigit = true
            index += 1
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count {
                let d = bytes[index] &- UInt8(ascii: "0")
                guard d < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(d)
                digits += 1
                exponent -= 1
                sawDigit = true
                index += 1
            }
        }
        if sawDigit, index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var value = 0
            var sawExponentDigit = false
            while index < count {
                let d = bytes[index] &- UInt8(ascii: "0")
                guard d < 10 else { break }
                if value < 100_000 { value = value * 10 + Int(d) }
                sawExponentDigit = true
                index += 1
            }
            if !sawExponentDigit { return nil }
            exponent += exponentNegative ? -value : value
        }
        // Only decimal spellings: anything else (hex floats, `inf`, `nan`, junk) is not a number.
        guard sawDigit, index == count else { return nil }
        guard digits <= 19 else { return slowPath(bytes) }
        guard mantissa <= 1 << 53, exponent >= -22, exponent <= 22 else { return slowPath(bytes) }
        var value = Double(mantissa)
        if exponent < 0 {
            value /= powersOfTen[-exponent]
        } else if exponent > 0 {
            value *= powersOfTen[exponent]
        }
        return negative ? -value : value
    }

    /// Long or far-out decimal numbers, already checked to be decimal spellings: the standard
    /// library rounds them; `nil` when they overflow to infinity.
    @usableFromInline
    static func slowPath(_ bytes: UnsafeRawBufferPointer) -> Double? {
        guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// The number `text` spells, by the same rules as ``parse(_:)-(UnsafeRawBufferPointer)``:
    /// an optional sign, digits with an optional point, an optional exponent; nothing around
    /// it (no spaces), no `inf`, `nan` or hexadecimal, and `nil` for a number too large for a
    /// `Double`.
    package static func parse(_ text: some StringProtocol) -> Double? {
        if let value = text.utf8.withContiguousStorageIfAvailable({ parse(UnsafeRawBufferPointer($0)) }) { return value }
        var copy = String(text)
        return copy.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }
}
