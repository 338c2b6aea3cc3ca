/// Hangul → Latin letters by the Revised Romanization of Korean (국어의 로마자 표기법, Ministry
/// of Culture and Tourism notice 2000-8), as the government writes administrative names: the
/// sound changes between syllables that the rules transcribe (종로 → `Jongno`, 신라 → `Silla`,
/// 울릉 → `Ulleung`, 상록 → `Sangnok`, 백마 → `Baengma`, a final consonant carried to a following
/// vowel: 관악 → `Gwanak`, 덕양 → `Deogyang`), no sound change across the hyphen before a unit
/// (`Jongno-gu`), and none of the aspiration after ㅎ (names seldom have it).
enum RevisedRomanization {
    /// `text` in Latin letters, the first one upper case; `nil` if it has anything but
    /// precomposed Hangul syllables.
    static func romanized(_ text: String) -> String? {
        var syllables: [(initial: Int, vowel: Int, final: Int)] = []
        for scalar in text.unicodeScalars {
            guard HangulComposition.isSyllable(scalar.value) else { return nil }
            let index = Int(scalar.value - HangulComposition.syllableBase)
            syllables.append((index / 588, index % 588 / 28, index % 28))
        }
        guard !syllables.isEmpty else { return nil }
        var out = ""
        for (position, syllable) in syllables.enumerated() {
            var initial = initials[syllable.initial]
            if position > 0 {
                let final = syllables[position - 1].final
                (out, initial) = joined(out, final: final, initial: syllable.initial)
            } else if syllable.initial == 5 {
                initial = "r"
            }
            out += initial + vowels[syllable.vowel]
            if position == syllables.count - 1 { out += finals[syllable.final] }
        }
        return out.prefix(1).uppercased() + out.dropFirst()
    }

    /// The text so far with the previous syllable's final, and the next initial's letters.
    private static func joined(_ out: String, final: Int, initial: Int) -> (String, String) {
        let sound = finalSound[final]  // k, n, t, l, m, p, ng or ""
        let letters = initials[initial]
        switch initial {
        case 11:  // ㅇ: the final is carried to the vowel
            return (out, final == 21 ? "ng" : carried[final])
        case 5:  // ㄹ
            switch sound {
            case "l", "n": return (out + "l", "l")
            case "": return (out, "r")
            case "k": return (out + "ng", "n")
            case "p": return (out + "m", "n")
            case "t": return (out + "n", "n")
            default: return (out + sound, "n")  // ㅁ, ㅇ + ㄹ → m n, ng n
            }
        case 2, 6:  // ㄴ, ㅁ: ㄱ, ㄷ, ㅂ become nasal; ㄹ + ㄴ → l l
            switch sound {
            case "k": return (out + "ng", letters)
            case "t": return (out + "n", letters)
            case "p": return (out + "m", letters)
            case "l" where initial == 2: return (out + "l", "l")
            default: return (out + sound, letters)
            }
        default:
            return (out + sound, letters)
        }
    }

    private static let initials = ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"]
    private static let vowels = ["a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi", "yu", "eu", "ui", "i"]
    /// A final at the end of a word.
    private static let finals = ["", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t", "ng", "t", "t", "k", "t", "p", "t"]
    /// A final before a consonant: the same sounds.
    private static let finalSound = finals
    /// A final before a vowel, carried over as the vowel's initial.
    private static let carried = ["", "g", "kk", "ks", "n", "nj", "n", "d", "r", "lg", "lm", "lb", "ls", "lt", "lp", "r", "m", "b", "bs", "s", "ss", "ng", "j", "ch", "k", "t", "p", ""]
}
