@testable import KMAPlaces
import Testing

@Suite("Hangul composition and name folding")
struct PlaceNameFoldingTests {
    /// The NFD form of a string: every precomposed syllable as its conjoining jamo (the
    /// inverse of the algorithm under test, written out from Unicode §3.12).
    static func decomposed(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let index = scalar.value &- 0xAC00
            guard index < 11_172 else { out.append(scalar); continue }
            for value in [0x1100 + index / 588, 0x1161 + index % 588 / 28] + (index % 28 > 0 ? [0x11A7 + index % 28] : []) {
                out.append(Unicode.Scalar(value)!)
            }
        }
        return String(out)
    }

    @Test("Every one of the 11,172 syllables composes back from its jamo")
    func allSyllables() {
        var failures = 0
        for value in UInt32(0xAC00)...0xD7A3 {
            let syllable = String(Unicode.Scalar(value)!)
            let nfd = Self.decomposed(syllable)
            #expect(nfd.unicodeScalars.count >= 2)
            if PlaceNameFolding.key(nfd) != [UInt16(value)] { failures += 1 }
        }
        #expect(failures == 0)
    }

    @Test("Composition rules", arguments: [
        ("\u{110C}\u{1169}\u{11BC}\u{1105}\u{1169}", "종로"),   // L V T, L V
        ("\u{C885}\u{1105}\u{1169}", "종로"),                     // NFC then NFD
        ("\u{C870}\u{11BC}", "종"),                               // precomposed LV + T
        ("\u{C885}\u{11BC}", "종\u{11BC}"),                       // LVT + T does not compose
        ("\u{110C}\u{110C}\u{1169}", "\u{110C}조"),              // L L V: the second L takes the vowel
        ("\u{1169}", "\u{1169}"),                                 // a lone vowel stays
        ("ㅈㅗㅇ", "ㅈㅗㅇ"),                                       // compatibility jamo are not conjoining
        ("\u{110C} \u{1169}", "\u{110C}\u{1169}"),               // a space between blocks composition
    ])
    func composition(_ input: String, _ expected: String) {
        #expect(PlaceNameFolding.key(input) == Array(expected.utf16))
    }

    @Test("Spaces, dots, dashes, invisible characters, 제 before a digit, full-width and ASCII case fold away", arguments: [
        ("서울 종로구", "서울종로구"),
        (" 서울\t종로구\u{3000}", "서울종로구"),
        ("숭의1·3동", "숭의13동"),
        ("숭의1ㆍ3동", "숭의13동"),
        ("숭의1,3동", "숭의13동"),
        ("숭의1.3동", "숭의13동"),
        ("방학제1동", "방학1동"),
        ("제주시", "제주시"),            // 제 not before a digit stays
        ("거제제1동", "거제1동"),
        ("１１１１０５１５００", "1111051500"),
        ("ABC def", "abcdef"),
        ("서울-종로구", "서울종로구"),            // - and _ typed for spaces
        ("서울_종로구", "서울종로구"),
        ("서울－종로구", "서울종로구"),           // full-width hyphen-minus
        ("숭의1．3동", "숭의13동"),              // full-width full stop
        ("종로구\u{200B}", "종로구"),            // zero-width space
        ("\u{FEFF}종로구", "종로구"),            // byte order mark
        ("종\u{200D}로\u{00AD}구", "종로구"),    // zero-width joiner, soft hyphen
        ("\u{110C}\u{200B}\u{1169}", "조"),     // invisible: as if not there, so jamo still compose
    ])
    func folding(_ input: String, _ expected: String) {
        #expect(PlaceNameFolding.key(input) == Array(expected.utf16))
    }

    @Test("A scalar outside the BMP folds to U+FFFF, never to a Hangul code unit")
    func astral() {
        #expect(PlaceNameFolding.key("서울😀") == Array("서울".utf16) + [0xFFFF])
    }
}
