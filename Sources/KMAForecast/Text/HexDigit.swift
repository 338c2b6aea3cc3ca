/// Hexadecimal digits in ASCII: the one place that reads them (`\u00e9` in JSON, `%2B` in
/// URLs and keys) and writes them (`\u001f`, `%2B`, checksums, `#rrggbb`).
///
/// Only the ASCII digits `0`–`9` and letters `a`–`f`/`A`–`F` are hex digits; full-width
/// (`０`, `Ａ`) and other scripts' digits are not, because the formats that use hex (JSON,
/// RFC 3986) allow only ASCII.
package enum HexDigit {
    /// The value (0…15) of one hex digit of either case, or `nil` for any other byte.
    ///
    /// ```swift
    /// HexDigit.value(UInt8(ascii: "b"))  // 11
    /// HexDigit.value(UInt8(ascii: "g"))  // nil
    /// ```
    @inlinable
    package static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }

    /// Whether `byte` is a hex digit of either case.
    @inlinable
    package static func isHexDigit(_ byte: UInt8) -> Bool { value(byte) != nil }

    /// The ASCII byte of the digit for `value` (0…15): `0`–`9`, then `A`–`F` (or `a`–`f`).
    ///
    /// - Precondition: `value < 16`.
    @inlinable
    package static func byte(_ value: UInt8, uppercase: Bool) -> UInt8 {
        precondition(value < 16, "a hex digit is 0...15")
        return value < 10 ? UInt8(ascii: "0") &+ value : (uppercase ? UInt8(ascii: "A") : UInt8(ascii: "a")) &+ value &- 10
    }
}
