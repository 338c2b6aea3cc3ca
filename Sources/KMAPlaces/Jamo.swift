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

    /// The Levenshtein distance between `a` and `b`, or `limit + 1` as soon as it is known to
    /// exceed `limit`.
    static func editDistance(_ a: [UInt16], _ b: [UInt16], limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
