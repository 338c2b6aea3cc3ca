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
/// - Complexity: O(*n* + *k*) for text of *n* bytes and a key of *k*, and most of the text
///   not read at all: the scan jumps over stretches that hold a byte no key can be written
///   with (JSON's quotes, colons, commas); elsewhere the last 8 normal characters at each
///   position are filtered against the key's, and a window of ``minimumSliceLength`` is
///   compared only where they are a piece of the key. About 30 µs for a 1000-item page
///   (`client.page.key-scan` in `Benchmarks/`).
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
        /// How many of a window's last characters pick its candidates: 8 (one `UInt64`), or
        /// the whole window when shorter.
        let gram: Int
        /// The bits of a `UInt64` that hold `gram` characters.
        let gramMask: UInt64
        /// For each run of `gram` key characters (packed into a `UInt64`, the last in the low
        /// byte) that ends a window: where in the key those windows start.
        let starts: [UInt64: [Int]]

        /// A filter over the packed runs (65,536 bits): most text positions are ruled out
        /// without a dictionary lookup.
        let filter: [UInt64]

        /// Which normal characters occur in the key, by byte: all ones if it does, 0 if not (a
        /// mask, so counting a run of them needs no branch). A window can only match after
        /// `window` of them in a row, which page text (short words between quotes, colons and
        /// commas) rarely has, so most positions are ruled out before the filter.
        let alphabet: [Int]

        /// The bytes no window of the key can be written with, by byte: not in the key (as a
        /// normal character), not skipped (`+ / = \\` and space), not `%` and not a hex digit
        /// (both can be part of an escape of anything). Page text has one every few bytes (the
        /// quotes, colons and commas of JSON), so the scan looks ahead `window` bytes and
        /// jumps past the last of them instead of reading every byte.
        let breaks: [Bool]

        init?(key text: String) {
            let normal = Self.normalize(Array(text.utf8)).map(\.byte)
            guard normal.count >= 4 else { return nil }
            key = normal
            window = min(KeyRedaction.minimumSliceLength, normal.count)
            gram = min(window, 8)
            gramMask = gram == 8 ? .max : (1 << UInt64(gram * 8)) - 1
            var starts: [UInt64: [Int]] = [:]
            var filter = [UInt64](repeating: 0, count: 1024)
            var packed: UInt64 = 0
            for (index, byte) in normal.enumerated() {
                packed = (packed << 8 | UInt64(byte)) & gramMask
                guard index >= window - 1 else { continue }
                starts[packed, default: []].append(index - window + 1)
                let bit = Self.filterBit(packed)
                filter[bit >> 6] |= 1 << UInt64(bit & 63)
            }
            self.starts = starts
            self.filter = filter
            var alphabet = [Int](repeating: 0, count: 256)
            for byte in normal { alphabet[Int(byte)] = ~0 }
            self.alphabet = alphabet
            breaks = (0...255).map { (raw: Int) in
                let byte = UInt8(raw)
                guard byte != UInt8(ascii: "%"), HexDigit.value(byte) == nil, let normal = Self.normal(byte) else { return false }
                return alphabet[Int(normal)] == 0
            }
        }

        /// Where a packed run falls in the filter: 16 bits of a multiplicative hash.
        @inline(__always)
        static func filterBit(_ packed: UInt64) -> Int {
            Int(truncatingIfNeeded: (packed &* 0x9E37_79B9_7F4A_7C15) >> 48)
        }

        /// The byte ranges of `bytes` to replace, sorted and disjoint, found in one pass with
        /// the last `window` normal characters in a ring.
        ///
        /// The hot loop of every page a client reads (the key is looked for in each answer
        /// before it is decoded), so it runs over buffer pointers, with a ring of 16 slots
        /// indexed by masking instead of a remainder.
        func ranges(in bytes: [UInt8], stopAtFirst: Bool = false) -> [Range<Int>] {
            guard bytes.count >= window else { return [] }
            let covered = bytes.withUnsafeBufferPointer { text in
                key.withUnsafeBufferPointer { key in
                    filter.withUnsafeBufferPointer { filter in
                        alphabet.withUnsafeBufferPointer { alphabet in
                            breaks.withUnsafeBufferPointer { breaks in
                                scan(text, key: key, filter: filter, alphabet: alphabet, breaks: breaks, stopAtFirst: stopAtFirst)
                            }
                        }
                    }
                }
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

        /// The ring's size: a power of two no smaller than any window.
        private static let ringSize = 16
        static let ringMask = ringSize - 1

        private func scan(
            _ text: UnsafeBufferPointer<UInt8>, key: UnsafeBufferPointer<UInt8>, filter: UnsafeBufferPointer<UInt64>,
            alphabet: UnsafeBufferPointer<Int>, breaks: UnsafeBufferPointer<Bool>, stopAtFirst: Bool
        ) -> [Range<Int>] {
            assert(window <= Self.ringSize)
            let mask = Self.ringMask
            // The last normal characters, and where in the text each began. Every variable of
            // the loop is declared inside the innermost closure: one captured from outside
            // lives in memory, and a run count read and written through memory each byte
            // made this loop half as fast.
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.ringSize) { ringStarts in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.ringSize) { ringBytes in
                    ringBytes.initialize(repeating: 0)
                    ringStarts.initialize(repeating: 0)
                    var covered: [Range<Int>] = []
                    var packed: UInt64 = 0
                    let gramMask = gramMask
                    var count = 0
                    // How many of the last normal characters in a row occur in the key.
                    var run = 0
                    var index = 0
                    // text[index..<cleanEnd] holds no byte of `breaks`.
                    var cleanEnd = 0
                    scanning: while index < text.count {
                        if run == 0 {
                            // No key character in a row yet, and `index` starts a character:
                            // move to the first place with `window` bytes ahead that hold no
                            // byte of `breaks` (a window's bytes never do).
                            while true {
                                let probe = index &+ window &- 1
                                guard probe < text.count else { break scanning }
                                let known = max(index, cleanEnd)
                                var last = probe
                                while last >= known, !breaks[Int(text[last])] { last &-= 1 }
                                cleanEnd = max(cleanEnd, probe &+ 1)
                                if last < known { break }
                                index = last &+ 1
                            }
                        }
                        let start = index
                        var byte = text[index]
                        index &+= 1
                        if byte == UInt8(ascii: "%") { (byte, index) = Self.decoded(text, at: start) }
                        guard let normal = Self.normal(byte) else { continue }
                        // A shift register, not a rolling hash: no multiply in the chain from
                        // one character to the next.
                        packed = (packed << 8 | UInt64(normal)) & gramMask
                        let slot = count & mask
                        ringBytes[slot] = normal
                        ringStarts[slot] = start
                        count &+= 1
                        run = (run &+ 1) & alphabet[Int(normal)]
                        guard run >= window else { continue }
                        let bit = Self.filterBit(packed)
                        guard filter[bit >> 6] & (1 << UInt64(bit & 63)) != 0, let candidates = starts[packed] else { continue }
                        let oldest = (count &- window) & mask
                        let matches = candidates.contains { keyStart in
                            var offset = 0
                            while offset < window, ringBytes[(oldest &+ offset) & mask] == key[keyStart + offset] { offset += 1 }
                            return offset == window
                        }
                        guard matches else { continue }
                        let first = ringStarts[oldest]
                        if let last = covered.last, last.upperBound >= first {
                            covered[covered.count - 1] = last.lowerBound..<index
                        } else {
                            covered.append(first..<index)
                        }
                        if stopAtFirst { break }
                    }
                    return covered
                }
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
        @inline(__always)
        static func decoded<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at start: Int) -> (UInt8, Int)
        where Bytes.Index == Int {
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
                    if ByteSearch.lowercasedASCII(bytes[index + offset]) != name[offset] { matches = false; break }
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
