import Testing
import KMAForecast
import _KMATestSupport

/// The key scan is the hot loop of every page a client reads, and it was made faster (a shift
/// register, a ring indexed by masking, runs of key characters, skipping over text that cannot
/// hold a key). Its answer must not change: here it is checked against a plain reading of the
/// rule, window by window, on seeded random text full of near misses.
@Suite("KeyRedaction against a plain reading of its rule, on random text")
struct KeyRedactionReferenceTests {
    /// The rule, read plainly: normalize the text (percent-decode up to three levels; skip
    /// `+ / = \` and spaces; lower-case letters); every run of `window` normal characters that
    /// occurs in the key's normal form is redacted with the bytes it was written with; ranges
    /// that overlap or touch merge; each ends through any `=` padding after it.
    static func referenceRedaction(_ text: [UInt8], key: String) -> [UInt8] {
        struct Character { var byte: UInt8, start: Int, end: Int }
        func decoded(_ bytes: [UInt8], _ start: Int) -> (UInt8, Int) {
            var byte = bytes[start], index = start + 1, levels = 0
            while byte == UInt8(ascii: "%"), levels < 3, index + 1 < bytes.count,
                  let high = hex(bytes[index]), let low = hex(bytes[index + 1]) {
                byte = high << 4 | low
                index += 2
                levels += 1
            }
            return (byte, index)
        }
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 48...57: byte - 48
            case 65...70: byte - 55
            case 97...102: byte - 87
            default: nil
            }
        }
        func normalize(_ bytes: [UInt8]) -> [Character] {
            var out: [Character] = []
            var index = 0
            while index < bytes.count {
                let start = index
                let (byte, next) = decoded(bytes, index)
                index = next
                if "+/=\\ ".utf8.contains(byte) { continue }
                out.append(Character(byte: (65...90).contains(byte) ? byte + 32 : byte, start: start, end: index))
            }
            return out
        }
        let keyNormal = normalize(Array(key.utf8)).map(\.byte)
        guard keyNormal.count >= 4 else { return text }
        let window = min(12, keyNormal.count)
        // "Occurs in the key's normal form": one of the key's own runs of `window` characters.
        // A run of at most 12 bytes packs exactly into two words, so the key's runs are a set and
        // each window of the text is one lookup (searching the key for every window was most of
        // this suite's time, with the same answer).
        struct Run: Hashable { var low: UInt64 = 0, high: UInt64 = 0 }
        func run(_ bytes: [UInt8], from first: Int) -> Run {
            var packed = Run()
            for index in 0..<window {
                let byte = UInt64(bytes[first + index])
                if index < 8 { packed.low |= byte << (8 * index) } else { packed.high |= byte << (8 * (index - 8)) }
            }
            return packed
        }
        let keyRuns = Set((0...(keyNormal.count - window)).map { run(keyNormal, from: $0) })
        let chars = normalize(text)
        let normal = chars.map(\.byte)
        var ranges: [Range<Int>] = []
        if chars.count >= window {
            for first in 0...(chars.count - window) {
                guard keyRuns.contains(run(normal, from: first)) else { continue }
                let range = chars[first].start..<chars[first + window - 1].end
                if let last = ranges.last, last.upperBound >= range.lowerBound {
                    ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
                } else {
                    ranges.append(range)
                }
            }
        }
        var out: [UInt8] = []
        var index = 0
        for range in ranges {
            var end = range.upperBound
            while end < text.count {
                let (byte, next) = decoded(text, end)
                guard byte == UInt8(ascii: "=") else { break }
                end = next
            }
            out += text[index..<range.lowerBound]
            out += Array(KeyRedaction.placeholder.utf8)
            index = end
        }
        out += text[index...]
        return out
    }

    /// Random text: JSON-ish punctuation, letters and digits (many of them the key's), `%`
    /// escapes, the skipped characters, and pieces of the key in its echoed forms.
    static func randomText(key: String, random: inout SplitMix64) -> [UInt8] {
        let keyBytes = Array(key.utf8)
        let noise = Array(#"abcdefxyzABCXYZ0123456789"{}:,.-%25+/=\ 2B3d"#.utf8)
        var text: [UInt8] = []
        let parts = Int.random(in: 1...12, using: &random)
        for _ in 0..<parts {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                for _ in 0..<Int.random(in: 0...30, using: &random) { text.append(noise[Int.random(in: 0..<noise.count, using: &random)]) }
            case 1:
                text += Array(#"{"category":"TMP","fcstValue":"-3.5","nx":60}"#.utf8)
            default:
                // The whole key now and then (a short key has no shorter piece to find).
                let whole = Int.random(in: 0..<4, using: &random) == 0
                let start = whole ? 0 : Int.random(in: 0..<keyBytes.count, using: &random)
                let length = whole ? keyBytes.count : Int.random(in: 1...(keyBytes.count - start), using: &random)
                var piece = Array(keyBytes[start..<(start + length)])
                switch Int.random(in: 0..<6, using: &random) {
                case 0: piece = Array(KeyRedactionTests.encoded(String(decoding: piece, as: UTF8.self)).utf8)
                case 1: piece = Array(KeyRedactionTests.encoded(String(decoding: piece, as: UTF8.self), times: 2).utf8)
                case 2: piece = piece.map { (65...90).contains($0) ? $0 + 32 : $0 }
                case 3: piece = piece.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
                case 4: piece.removeAll { $0 == UInt8(ascii: "/") }
                default: break
                }
                // A changed character now and then: a near miss.
                if !piece.isEmpty, Bool.random(using: &random) {
                    piece[Int.random(in: 0..<piece.count, using: &random)] = noise[Int.random(in: 0..<noise.count, using: &random)]
                }
                text += piece
            }
        }
        return text
    }

    @Test("Redaction and contains agree with the plain reading on 3,000 random texts per key", arguments: [
        KeyRedactionTests.key,
        "pU3KGCUwux1tEyze1iN7LtkeP3IfyxlxF0SU1kk8nVw0YL4xIB5p/tqg7ui5mX9cfCmZ/a/lkyU81lSvTfrXFA==",
        "abc+def/ghi",  // shorter than a window: redacted whole
        "aaaaaaaaaaaaaaaaaaaa",  // every window the same
    ])
    func agreesWithReference(key: String) {
        var random = SplitMix64(seed: UInt64(key.utf8.count) &* 7919)
        var redacted = 0
        for _ in 0..<3000 {
            let text = Self.randomText(key: key, random: &random)
            let expected = Self.referenceRedaction(text, key: key)
            let string = String(decoding: text, as: UTF8.self)
            // Query-value redaction (serviceKey=…) applies after the key's; run it on both.
            let want = KeyRedaction.redact(String(decoding: expected, as: UTF8.self))
            let got = KeyRedaction.redact(string, keys: [key])
            if got != want {
                Issue.record("text \(string.debugDescription): got \(got.debugDescription), expected \(want.debugDescription)")
                return
            }
            #expect(KeyRedaction.contains(key, in: text) == (expected != text), "\(string.debugDescription)")
            if expected != text { redacted += 1 }
        }
        // The texts exercise both answers.
        #expect(redacted > 300 && redacted < 2700, "\(redacted) of 3000 texts held a piece of the key")
    }
}
