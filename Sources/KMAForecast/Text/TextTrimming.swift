/// Trimming whitespace from both ends of text: two rules, named by what they remove, in
/// one place. The difference matters:
///
/// | text around `x`                  | `trimmingWhitespace()` | `trimmingASCIIWhitespace()` |
/// |----------------------------------|------------------------|-----------------------------|
/// | space, tab, CR, LF, CRLF, VT, FF | removed                | removed                     |
/// | no-break space U+00A0, ideographic space U+3000, NEL U+0085, U+2028 | removed | kept |
///
/// - `trimmingWhitespace()` is for text people or servers write: an XML error message, a
///   mid-term value, a number in a gateway's answer. Anything Unicode calls whitespace
///   (`Character.isWhitespace`) goes.
/// - `trimmingASCIIWhitespace()` is for protocol text and pasted tokens where only ASCII is
///   legal and a no-break space must stay visible as an error rather than vanish: a base
///   URL, an HTTP header value, a service key, CSV fields (as `grid --input` trims them).
extension StringProtocol {
    /// The text without leading and trailing Unicode whitespace and newlines
    /// (`Character.isWhitespace`: ASCII space, tab, CR, LF, VT, FF, and also U+00A0, U+3000,
    /// U+0085, U+2028 and the other `White_Space` characters).
    ///
    /// - Complexity: O(n) in the characters trimmed, one allocation for the result.
    @inlinable
    package func trimmingWhitespace() -> String {
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }

    /// The text without leading and trailing ASCII whitespace: space, tab, LF, VT, FF and CR
    /// (C's `isspace` in the "C" locale; see ``ASCIIWhitespace``). Other characters,
    /// including the no-break space U+00A0 and the ideographic space U+3000, are kept.
    ///
    /// - Complexity: O(n) in the bytes trimmed, one allocation for the result.
    @inlinable
    package func trimmingASCIIWhitespace() -> String {
        let utf8 = String(self).utf8
        guard let first = utf8.firstIndex(where: { !ASCIIWhitespace.contains($0) }),
              let last = utf8.lastIndex(where: { !ASCIIWhitespace.contains($0) }) else { return "" }
        // Only ASCII bytes were dropped, so both ends fall on scalar boundaries.
        return String(decoding: utf8[first...last], as: UTF8.self)
    }
}

/// The ASCII whitespace bytes: space, tab (0x09), LF (0x0A), VT (0x0B), FF (0x0C) and CR
/// (0x0D) — C's `isspace` in the "C" locale. The rule behind
/// ``Swift/StringProtocol/trimmingASCIIWhitespace()`` and the byte-level trimming of
/// `grid --input`.
@usableFromInline
package enum ASCIIWhitespace {
    /// Whether `byte` is ASCII whitespace.
    @inlinable
    package static func contains(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}
