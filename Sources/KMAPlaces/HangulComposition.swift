/// Hangul syllable composition: the algorithmic part of Unicode normalization form C
/// (The Unicode Standard, §3.12 "Conjoining Jamo Behavior"), without Foundation.
///
/// macOS file names and some terminals and input methods produce Hangul decomposed (NFD):
/// `종` as the three jamo U+110C U+1169 U+11BC. Composition turns a leading consonant (L) and
/// a vowel (V) into an LV syllable, and an LV syllable and a trailing consonant (T) into an
/// LVT syllable; everything else is left as it is. Compatibility jamo (ㄱ U+3131 …) are not
/// conjoining jamo and are never composed.
enum HangulComposition {
    /// The first syllable, 가 (U+AC00).
    static let syllableBase: UInt32 = 0xAC00
    /// The first leading consonant, ᄀ (U+1100).
    static let leadingBase: UInt32 = 0x1100
    /// The first vowel, ᅡ (U+1161).
    static let vowelBase: UInt32 = 0x1161
    /// One before the first trailing consonant ᆨ (U+11A8): "no trailing consonant".
    static let trailingBase: UInt32 = 0x11A7
    /// 19 leading consonants, 21 vowels, 27 trailing consonants plus "none".
    static let leadingCount: UInt32 = 19, vowelCount: UInt32 = 21, trailingCount: UInt32 = 28
    /// 11,172 precomposed syllables, U+AC00...U+D7A3.
    static let syllableCount: UInt32 = 19 * 21 * 28

    /// Whether a scalar value is a precomposed syllable, U+AC00...U+D7A3.
    @inline(__always)
    static func isSyllable(_ value: UInt32) -> Bool { value &- syllableBase < syllableCount }

    /// The syllable that `last` and `next` compose to (L + V → LV, LV + T → LVT), or `nil`.
    ///
    /// - Parameters:
    ///   - last: The scalar value already written.
    ///   - next: The scalar value that follows it.
    @inline(__always)
    static func compose(_ last: UInt32, _ next: UInt32) -> UInt32? {
        let l = last &- leadingBase, v = next &- vowelBase
        if l < leadingCount, v < vowelCount {
            return syllableBase + (l * vowelCount + v) * trailingCount
        }
        let s = last &- syllableBase, t = next &- trailingBase
        if s < syllableCount, s % trailingCount == 0, t > 0, t < trailingCount {
            return last + t
        }
        return nil
    }
}
