import KMAForecast

/// gzip (RFC 1952) of a body, for `Accept-Encoding: gzip`: one member around a DEFLATE
/// stream (RFC 1951) of one block with the fixed Huffman codes, matches found by LZ77 over a
/// 32 KiB window (3-byte hash chains, greedy, at most 64 links followed). Written here because
/// corelibs Foundation on Linux has no deflate; JSON shrinks to about a fifth with the fixed
/// codes alone. Python's `gzip`/`zlib` read every output in the tests.
enum Gzip {
    /// The gzip member of `data` (no file name, no time stamp, OS "Unix").
    static func compress(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
        out += deflate(data)
        let crc = CRC32.checksum(data)
        let size = UInt32(truncatingIfNeeded: data.count)
        for value in [crc, size] {
            out += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
        }
        return out
    }

    /// A raw DEFLATE stream of `data`: one final block, fixed Huffman codes.
    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
        let windowSize = 32_768, hashSize = 1 << 15, maxChain = 64, minMatch = 3, maxMatch = 258
        var head = [Int](repeating: -1, count: hashSize)
        var previous = [Int](repeating: -1, count: windowSize)
        func hash(_ i: Int) -> Int {
            (Int(data[i]) << 10 ^ Int(data[i + 1]) << 5 ^ Int(data[i + 2])) & (hashSize - 1)
        }
        func insert(_ i: Int) {
            guard i + minMatch <= data.count else { return }
            let h = hash(i)
            previous[i & (windowSize - 1)] = head[h]
            head[h] = i
        }
        var i = 0
        while i < data.count {
            var bestLength = 0, bestDistance = 0
            if i + minMatch <= data.count {
                var candidate = head[hash(i)]
                var links = 0
                let limit = min(maxMatch, data.count - i)
                while candidate >= 0, i - candidate <= windowSize, links < maxChain {
                    var length = 0
                    while length < limit, data[candidate + length] == data[i + length] { length += 1 }
                    if length > bestLength {
                        bestLength = length
                        bestDistance = i - candidate
                        if length == limit { break }
                    }
                    let next = previous[candidate & (windowSize - 1)]
                    // A link older than the window, or one overwritten by a newer position.
                    if next >= candidate { break }
                    candidate = next
                    links += 1
                }
            }
            if bestLength >= minMatch {
                bits.writeLength(bestLength)
                bits.writeDistance(bestDistance)
                for position in i..<(i + bestLength) { insert(position) }
                i += bestLength
            } else {
                bits.writeLiteral(Int(data[i]))
                insert(i)
                i += 1
            }
        }
        bits.writeLiteral(256)  // end of block
        return bits.finish()
    }
}

/// Bits packed least significant first, as DEFLATE stores them, with the fixed Huffman codes.
private struct BitWriter {
    var bytes: [UInt8] = []
    var buffer: UInt64 = 0
    var filled = 0

    /// Writes the low `count` bits of `value`, least significant first.
    mutating func write(_ value: Int, count: Int) {
        buffer |= UInt64(value) << UInt64(filled)
        filled += count
        while filled >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            filled -= 8
        }
    }

    /// Writes a Huffman code (stored most significant bit first).
    mutating func writeCode(_ code: Int, length: Int) {
        var reversed = 0
        for bit in 0..<length where code >> bit & 1 == 1 { reversed |= 1 << (length - 1 - bit) }
        write(reversed, count: length)
    }

    /// A literal/length symbol (0…285) with the fixed codes (RFC 1951 §3.2.6).
    mutating func writeLiteral(_ symbol: Int) {
        switch symbol {
        case 0...143: writeCode(0x30 + symbol, length: 8)
        case 144...255: writeCode(0x190 + symbol - 144, length: 9)
        case 256...279: writeCode(symbol - 256, length: 7)
        default: writeCode(0xC0 + symbol - 280, length: 8)
        }
    }

    /// A match length (3…258): its symbol and extra bits.
    mutating func writeLength(_ length: Int) {
        var code = 28
        while Self.lengthBase[code] > length { code -= 1 }
        writeLiteral(257 + code)
        let extra = Self.lengthExtra[code]
        if extra > 0 { write(length - Self.lengthBase[code], count: extra) }
    }

    /// A match distance (1…32768): its fixed 5-bit code and extra bits.
    mutating func writeDistance(_ distance: Int) {
        var code = 29
        while Self.distanceBase[code] > distance { code -= 1 }
        writeCode(code, length: 5)
        let extra = Self.distanceExtra[code]
        if extra > 0 { write(distance - Self.distanceBase[code], count: extra) }
    }

    /// The bytes, the last one padded with zero bits.
    mutating func finish() -> [UInt8] {
        if filled > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        buffer = 0
        filled = 0
        return bytes
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
}
