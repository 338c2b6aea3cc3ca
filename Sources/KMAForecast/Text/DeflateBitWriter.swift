/// Bits packed least significant first, as DEFLATE (RFC 1951) stores them, with the fixed
/// Huffman codes: the package's one, for `kma-forecast serve`'s gzip and the test stand-in's
/// gzip bomb.
package struct DeflateBitWriter {
    /// The bytes so far (a caller may put a header in first).
    package var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var filled = 0

    /// An empty writer.
    package init() {}

    /// Writes the low `count` bits of `value`, least significant first.
    package mutating func write(_ value: Int, count: Int) {
        buffer |= UInt64(value) << UInt64(filled)
        filled += count
        while filled >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            filled -= 8
        }
    }

    /// Writes a Huffman code (stored most significant bit first).
    package mutating func writeCode(_ code: Int, length: Int) {
        var reversed = 0
        for bit in 0..<length where code >> bit & 1 == 1 { reversed |= 1 << (length - 1 - bit) }
        write(reversed, count: length)
    }

    /// A literal/length symbol (0…285) with the fixed codes (RFC 1951 §3.2.6).
    package mutating func writeLiteral(_ symbol: Int) {
        switch symbol {
        case 0...143: writeCode(0x30 + symbol, length: 8)
        case 144...255: writeCode(0x190 + symbol - 144, length: 9)
        case 256...279: writeCode(symbol - 256, length: 7)
        default: writeCode(0xC0 + symbol - 280, length: 8)
        }
    }

    /// A match length (3…258): its symbol and extra bits.
    package mutating func writeLength(_ length: Int) {
        var code = 28
        while Self.lengthBase[code] > length { code -= 1 }
        writeLiteral(257 + code)
        let extra = Self.lengthExtra[code]
        if extra > 0 { write(length - Self.lengthBase[code], count: extra) }
    }

    /// A match distance (1…32768): its fixed 5-bit code and extra bits.
    package mutating func writeDistance(_ distance: Int) {
        var code = 29
        while Self.distanceBase[code] > distance { code -= 1 }
        writeCode(code, length: 5)
        let extra = Self.distanceExtra[code]
        if extra > 0 { write(distance - Self.distanceBase[code], count: extra) }
    }

    /// The bytes, the last one padded with zero bits.
    package mutating func finish() -> [UInt8] {
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
