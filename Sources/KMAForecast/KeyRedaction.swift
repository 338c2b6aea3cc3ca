/// Removes service keys from text before it is shown, logged or stored.
///
/// Any `serviceKey=…` or `authKey=…` query value (any letter case, encoded or not) is replaced
/// by `REDACTED`, and so is the caller's own key in every form a gateway, a proxy or a log can
/// echo it, wherever it appears:
///
/// - decoded (`abc+def/gh==`), or percent-encoded once, twice or three times (`%2B`, `%252B`,
///   `%25252B`), with upper- or lower-case hex digits;
/// - with `+` read as a space, or with `+`, `/` and `=` dropped, or `/` escaped as JSON does
///   (`\/`);
/// - in any letter case (an encoded key lower-cased whole, as a case-folding log writes it);
/// - and any piece of it ``minimumSliceLength`` characters long or longer, in any of those
///   forms (a prefix, a cut-off excerpt).
///
/// How: text and key are both read in one normal form (percent-decoded up to three times;
/// `+`, `/`, `=`, `\` and spaces skipped; letters lower-cased), and every stretch of text
/// whose normal form is a piece of the key's is replaced, with what it was written with.
///
/// - Complexity: O(*n* + *k*) for text of *n* bytes and a key of *k*: a rolling hash of every
///   window of ``minimumSliceLength`` normal characters, checked against the key's windows.
public enum KeyRedaction {
    /// The text that replaces a key.
    public static let placeholder = "REDACTED"

    /// The shortest piece of a key that is redacted on its own: 12 normal characters (a real
    /// key has about 100; a shorter key is redacted when it appears whole).
    public static let minimumSliceLength = 12

    /// `text` with every key value replaced by ``placeholder``.
    ///
    /// - Parameters:
    ///   - text: A URL, an error message, a response excerpt.
    ///   - keys: Keys known to the caller (decoded or encoded), removed in every form described
    ///     above. Keys shorter than 4 normal characters are ignored.
    public static func redact(_ text: String, keys: [String] = []) -> String {
        var result = text
        for key in keys {
            guard let matcher = Matcher(key: key) else { continue }
            let bytes = Array(result.utf8)
            let ranges = matcher.ranges(in: bytes)
            guard !ranges.isEmpty else { continue }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var index = 0
            for range in ranges {
                out.append(contentsOf: bytes[index..<range.lowerBound])
                out.append(contentsOf: placeholder.utf8)
                index = range.upperBound
            }
            out.append(contentsOf: bytes[index...])
            result = String(decoding: out, as: UTF8.self)
        }
        return redactQueryValues(result)
    }

    /// Whether `bytes` hold `key` (decoded or encoded) in any form ``redact(_:keys:)`` removes.
    public static func contains(_ key: String, in bytes: [UInt8]) -> Bool {
        guard let matcher = Matcher(key: key) else { return false }
        return !matcher.ranges(in: bytes, stopAtFirst: true).isEmpty
    }

    /// Finds a key's pieces in text, by normal form (see the type's notes).
    struct Matcher {
        /// The key's normal form.
        let key: [UInt8]
        /// The window length: ``minimumSliceLength``, or the whole key when shorter.
        let window: Int
        /// Key positions by the hash of the window starting there.
        let starts: [UInt64: [Int]]

        /// A filter over the windows' hashes (65,536 bits): most text windows are ruled out
        /// without a dictionary lookup.
        let filter: [UInt64]

        init?(key text: String) {
            let normal = Self.normalize(Array(text.utf8)).map(\.byte)
            guard normal.count >= 4 else { return nil }
            key = normal
            window = min(KeyRedaction.minimumSliceLength, normal.count)
            var starts: [UInt64: [Int]] = [:]
            var filter = [UInt64](repeating: 0, count: 1024)
            var hash = RollingHash(window: window)
            for (index, byte) in normal.enumerated() {
                hash.push(byte, leaving: index >= window ? normal[index - window] : nil)
                guard index >= window - 1 else { continue }
                starts[hash.value, default: []].append(index - window + 1)
                filter[Int(hash.value >> 6 & 1023)] |= 1 << (hash.value & 63)
            }
            self.starts = starts
            self.filter = filter
        }

        /// The byte ranges of `bytes` to replace, sorted and disjoint, found in one pass with
        /// the last `window` normal characters in a ring.
        func ranges(in bytes: [UInt8], stopAtFirst: Bool = false) -> [Range<Int>] {
            guard bytes.count >= window else { return [] }
            var ring = [Character](repeating: Character(byte: 0, start: 0, end: 0), count: window)
            var count = 0
            var covered: [Range<Int>] = []
            var hash = RollingHash(window: window)
            var index = 0
            while index < bytes.count {
                let start = index
                let (decodedByte, next) = Self.decoded(bytes, at: index)
                index = next
                guard let byte = Self.normal(decodedByte) else { continue }
                let slot = count % window
                hash.push(byte, leaving: count >= window ? ring[slot].byte : nil)
                ring[slot] = Character(byte: byte, start: start, end: index)
                count += 1
                guard count >= window, filter[Int(hash.value >> 6 & 1023)] & (1 << (hash.value & 63)) != 0,
                      let candidates = starts[hash.value] else { continue }
                let oldest = count % window
                let matches = candidates.contains { keyStart in
                    (0..<window).allSatisfy { ring[(oldest + $0) % window].byte == key[keyStart + $0] }
                }
                guard matches else { continue }
                let first = ring[oldest].start
                if let last = covered.last, last.upperBound >= first {
                    covered[covered.count - 1] = last.lowerBound..<index
                } else {
                    covered.append(first..<index)
                }
                if stopAtFirst { break }
            }
            // Through any padding after the last character (`==`, `%3D%3D`).
            return covered.map { range in
                var end = range.upperBound
                while end < bytes.count {
                    let (byte, next) = Self.decoded(bytes, at: end)
                    guard byte == UInt8(ascii: "=") else { break }
                    end = next
                }
                return range.lowerBound..<end
            }
        }

        /// A decoded byte's normal form: `nil` for the skipped `+ / = \\` and space, ASCII
        /// letters lower-cased.
        @inline(__always)
        static func normal(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "\\"), UInt8(ascii: " "): nil
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
            default: byte
            }
        }

        /// One character of the normal form: its byte and the text's bytes it was written with.
        struct Character {
            var byte: UInt8
            var start: Int
            var end: Int
        }

        /// The byte at `index`, percent-decoded up to three levels, and the index after it.
        static func decoded(_ bytes: [UInt8], at start: Int) -> (UInt8, Int) {
            var byte = bytes[start]
            var index = start + 1
            var levels = 0
            while byte == UInt8(ascii: "%"), levels < 3, index + 1 < bytes.count,
                  let high = HexDigit.value(bytes[index]), let low = HexDigit.value(bytes[index + 1]) {
                byte = high << 4 | low
                index += 2
                levels += 1
            }
            return (byte, index)
        }

        /// Percent-decodes (up to three levels: `%25252B` is `+`), skips `+ / = \\` and
        /// spaces, and lower-cases ASCII letters.
        static func normalize(_ bytes: [UInt8]) -> [Character] {
            var out: [Character] = []
            out.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                let start = index
                let (byte, next) = decoded(bytes, at: index)
                index = next
                if let normal = normal(byte) { out.append(Character(byte: normal, start: start, end: index)) }
            }
            return out
        }
    }


    /// A polynomial hash of the last `window` bytes, updated in O(1) per byte.
    struct RollingHash {
        private static let base: UInt64 = 1_099_511_628_211
        private let outgoingFactor: UInt64
        private(set) var value: UInt64 = 0

        init(window: Int) {
            var factor: UInt64 = 1
            for _ in 1..<max(window, 1) { factor = factor &* Self.base }
            outgoingFactor = factor
        }

        mutating func push(_ byte: UInt8, leaving old: UInt8?) {
            if let old { value = value &- UInt64(old) &* outgoingFactor }
            value = value &* Self.base &+ UInt64(byte)
        }
    }

    /// Replaces the values of `serviceKey=` and `authKey=` parameters (case-insensitive).
    private static func redactQueryValues(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let names: [[UInt8]] = [Array("servicekey=".utf8), Array("authkey=".utf8)]
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        outer: while index < bytes.count {
            for name in names where index + name.count <= bytes.count {
                var matches = true
                for offset in 0..<name.count {
                    var byte = bytes[index + offset]
                    if byte >= 65 && byte <= 90 { byte += 32 }
                    if byte != name[offset] { matches = false; break }
                }
                // Only at the start of a parameter name (not inside a longer word).
                if matches, index == 0 || !isNameByte(bytes[index - 1]) {
                    out.append(contentsOf: bytes[index..<(index + name.count)])
                    index += name.count
                    while index < bytes.count, !isValueEnd(bytes[index]) { index += 1 }
                    out.append(contentsOf: Array(placeholder.utf8))
                    continue outer
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
    }

    private static func isValueEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
            || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }
}
