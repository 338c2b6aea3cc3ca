/// Hangul syllables as jamo, for edit distances that count a typo in one letter as one edit.
enum Jamo {
    /// `key` with each precomposed syllable written as its leading consonant, vowel and
    /// trailing consonant, if any (`대` → ᄃ ᅢ); other code units unchanged.
    static func decomposed(_ key: [UInt16]) -> [UInt16] {
        var out: [UInt16] = []
        out.reserveCapacity(key.count * 3)
        for unit in key {
            guard PlaceNameFolding.isSyllable(unit) else {
                out.append(unit)
                continue
            }
            let index = UInt32(unit) - HangulComposition.syllableBase
            let perLeading = HangulComposition.vowelCount * HangulComposition.trailingCount
            out.append(UInt16(HangulComposition.leadingBase + index / perLeading))
            out.append(UInt16(HangulComposition.vowelBase + index % perLeading / HangulComposition.trailingCount))
            let trailing = index % HangulComposition.trailingCount
            if trailing > 0 { out.append(UInt16(HangulComposition.trailingBase + trailing)) }
        }
        return out
    }
}
