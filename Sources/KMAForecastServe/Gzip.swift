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
        var bits = DeflateBitWriter()
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
