/// Reading a number written as a fixed count of ASCII digits: KMA's `base_date` (`20261121`),
/// `base_time` (`0500`), `tmFc` (`202610040600`), file versions (14 digits) and the fields
/// of ISO 8601 times. The one home for that rule; the page walker's word-at-a-time fast path
/// (`CompactLayout.eightDigits`/`fourDigits`) is its hot-path twin and agrees with it.
package enum FixedWidthDigits {
    /// The value of `bytes` if they are exactly `count` ASCII digits (`0`–`9`), else `nil`.
    ///
    /// ```swift
    /// FixedWidthDigits.value("0500".utf8, count: 4)   // 500
    /// FixedWidthDigits.value("500".utf8, count: 4)    // nil: too short
    /// FixedWidthDigits.value("+500".utf8, count: 4)   // nil: a sign is not a digit
    /// ```
    ///
    /// No sign, space, decimal point or non-ASCII digit (`٣`, `３`) is accepted, and the
    /// count must match exactly; leading zeros are digits like any other.
    ///
    /// - Parameters:
    ///   - bytes: The UTF-8 bytes, e.g. `text.utf8` or a slice of a byte array.
    ///   - count: How many digits, 1…18 (18 digits always fit in `Int`, so there is no overflow).
    /// - Complexity: O(`count`); no allocation.
    @inlinable
    package static func value<Bytes: Sequence<UInt8>>(_ bytes: Bytes, count: Int) -> Int? {
        precondition((1...18).contains(count), "FixedWidthDigits reads 1 to 18 digits")
        var value = 0
        var seen = 0
        for byte in bytes {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10, seen < count else { return nil }
            value = value &* 10 &+ Int(digit)
            seen += 1
        }
        return seen == count ? value : nil
    }
}
