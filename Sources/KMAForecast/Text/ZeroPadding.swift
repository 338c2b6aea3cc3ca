extension BinaryInteger {
    /// The number's digits with zeros on the left to at least `width` digits: the one
    /// zero-padding helper (`base_time` `0500`, `2026-01-05`, `\u001f`, `#0a0b0c`, checksums).
    ///
    /// ```swift
    /// 500.zeroPadded(toWidth: 4)                 // "0500"
    /// 31.zeroPadded(toWidth: 4, radix: 16)       // "001f"
    /// (-5).zeroPadded(toWidth: 3)                // "-005"
    /// 123_456.zeroPadded(toWidth: 4)             // "123456" (never cut)
    /// ```
    ///
    /// A negative number's minus sign goes before the zeros and does not count toward
    /// `width`; a number with `width` digits or more is written whole. Digits are ASCII
    /// (`0`–`9`, then `a`–`z`, or `A`–`Z` when `uppercase`).
    ///
    /// - Parameters:
    ///   - width: The least number of digits, sign not counted; 0 or less pads nothing.
    ///   - radix: The base, 2…36; 10 unless given.
    ///   - uppercase: Whether digits above 9 are capital letters (`1F`); `false` unless given.
    /// - Complexity: O(number of digits); one string allocation.
    @inlinable
    package func zeroPadded(toWidth width: Int, radix: Int = 10, uppercase: Bool = false) -> String {
        let digits = String(magnitude, radix: radix, uppercase: uppercase)
        let sign = self < 0 ? "-" : ""
        let missing = width - digits.utf8.count
        return missing > 0 ? sign + String(repeating: "0", count: missing) + digits : sign + digits
    }
}
