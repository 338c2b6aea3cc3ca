/// Finding a run of bytes in a larger one: the closing tag of an XML error body, a key in a
/// recorded page, the end of an HTTP request head. The one home for that search.
package enum ByteSearch {
    /// The offset of the first occurrence of `needle` in `haystack` that starts at or after
    /// `from`, or `nil` if there is none.
    ///
    /// ```swift
    /// ByteSearch.firstIndex(of: Array("</b>".utf8), in: Array("<a></B></b>".utf8))                           // 7
    /// ByteSearch.firstIndex(of: Array("</b>".utf8), in: Array("<a></B></b>".utf8), ignoringASCIICase: true)  // 3
    /// ```
    ///
    /// - Parameters:
    ///   - needle: What to look for; an empty needle is never found.
    ///   - haystack: Where to look.
    ///   - from: The first offset a match may start at; a negative one counts as 0, one past
    ///     the end finds nothing.
    ///   - ignoringASCIICase: Whether `A`–`Z` match `a`–`z` (other bytes, UTF-8 included, must
    ///     be equal); `false` unless given.
    /// - Complexity: O(`haystack.count` × `needle.count`) at worst; no allocation. The needles
    ///   here are short tags and keys, so a naive scan beats building a table.
    package static func firstIndex(
        of needle: [UInt8], in haystack: [UInt8], from: Int = 0, ignoringASCIICase: Bool = false
    ) -> Int? {
        let from = max(from, 0)
        guard !needle.isEmpty, haystack.count >= needle.count, from <= haystack.count - needle.count else { return nil }
        if !ignoringASCIICase {
            let first = needle[0]
            for start in from...(haystack.count - needle.count) where haystack[start] == first {
                if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
            }
            return nil
        }
        outer: for start in from...(haystack.count - needle.count) {
            for offset in 0..<needle.count where lowercasedASCII(haystack[start + offset]) != lowercasedASCII(needle[offset]) {
                continue outer
            }
            return start
        }
        return nil
    }

    /// `byte` with `A`–`Z` made `a`–`z`; any other byte as it is.
    @inline(__always)
    package static func lowercasedASCII(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
}
