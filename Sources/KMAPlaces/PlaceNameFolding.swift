/// Search keys for place names: a name and the ways people type it fold to the same key.
///
/// Folding, in order:
/// - decomposed Hangul (NFD) is composed (``HangulComposition``), so NFD and NFC match;
/// - full-width ASCII becomes ASCII (`１`, `．`, `－` are `1`, `.`, `-`);
/// - white space of any kind is dropped (`서울 종로구` = `서울종로구`), and so are `-` and `_`
///   used like spaces (`서울-종로구`);
/// - the separators inside names are dropped: `.` `,` and the middle dots `·` `ㆍ` `‧` `・`
///   `･` `∙` `⋅` (KMA writes `숭의1.3동`, people write `숭의1·3동` or `숭의1,3동`);
/// - invisible format characters (general category Cf: zero-width space U+200B, the byte
///   order mark U+FEFF, joiners, the soft hyphen), which pasted text often carries, are
///   dropped as if they were not there;
/// - ASCII letters become lower case;
/// - `제` between a syllable and a digit is dropped (`방학제1동` = `방학1동`, as people say it).
///
/// A key is an array of UTF-16 code units: every name in KMA's table is in the Basic
/// Multilingual Plane. A scalar beyond it becomes U+FFFF, which no name contains.
enum PlaceNameFolding {
    /// The search key of `text`.
    static func key(_ text: some StringProtocol) -> [UInt16] {
        var key: [UInt16] = []
        key.reserveCapacity(text.utf8.count / 2)
        var canCompose = false
        for scalar in text.unicodeScalars {
            var value = scalar.value
            if HangulComposition.isSyllable(value) {
                // The common case, and never whitespace, a separator or the second half of a syllable.
                key.append(UInt16(value))
                canCompose = true
                continue
            }
            if (0xFF01...0xFF5E).contains(value) { value -= 0xFEE0 }
            if scalar.properties.isWhitespace || isSeparator(value) {
                canCompose = false
                continue
            }
            // Invisible (zero-width space, BOM, joiners, soft hyphen): as if not there.
            if scalar.properties.generalCategory == .format { continue }
            if (0x41...0x5A).contains(value) { value += 0x20 }
            if canCompose, let last = key.last, let syllable = HangulComposition.compose(UInt32(last), value) {
                key[key.count - 1] = UInt16(syllable)
                continue
            }
            key.append(value <= 0xFFFF ? UInt16(value) : 0xFFFF)
            canCompose = true
        }
        dropOrdinalPrefix(&key)
        return key
    }

    /// Whether a scalar separates parts of a name without meaning anything (dots, commas,
    /// `-` and `_` typed for spaces).
    private static func isSeparator(_ value: UInt32) -> Bool {
        switch value {
        case 0x2E, 0x2C, 0x2D, 0x5F, 0xB7, 0x318D, 0x2027, 0x30FB, 0xFF65, 0x2219, 0x22C5: true
        default: false
        }
    }

    /// Removes `제` (U+C81C) between a Hangul syllable and an ASCII digit: `방학제1동` → `방학1동`.
    private static func dropOrdinalPrefix(_ key: inout [UInt16]) {
        var index = 1
        while index + 1 < key.count {
            if key[index] == 0xC81C, isSyllable(key[index - 1]), isDigit(key[index + 1]) {
                key.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// Whether a code unit is a precomposed Hangul syllable (U+AC00...U+D7A3).
    static func isSyllable(_ unit: UInt16) -> Bool { HangulComposition.isSyllable(UInt32(unit)) }

    /// Whether a code unit is an ASCII digit.
    static func isDigit(_ unit: UInt16) -> Bool { (0x30...0x39).contains(unit) }
}
