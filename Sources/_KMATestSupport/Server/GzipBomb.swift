import KMAForecastClient
import _KMASystem

/// A gzip stream that inflates to far more than it weighs: the body of a "gzip bomb" for
/// ``ReplayFault/gzipBomb(inflatedBytes:chunked:)``.
///
/// One deflate block with the fixed Huffman codes (RFC 1951 §3.2.6): the literals
/// `{"response":` and a space, then matches of 258 bytes at distance 1 (13 bits each: the
/// length code 285 in 8 bits, the distance code 0 in 5) until `inflatedBytes`, so about 159
/// inflated bytes per byte sent: 1 GB inflates from about 6.5 MB. The trailer's CRC-32 is left
/// 0 (a client that reads to the end finds it wrong; a client that holds to its limit never
/// gets there); its length is the real one, modulo 2³².
public enum GzipBomb {
    /// Bombs made so far, by inflated size (a 1 GB one takes a while to write in a debug build).
    private static let made = Locked<[Int: [UInt8]]>([:])

    /// The gzip bytes for a body of `inflatedBytes` (at least 13).
    public static func bytes(inflatedBytes: Int) -> [UInt8] {
        if let known = made.withLock({ $0[inflatedBytes] }) { return known }
        let bytes = make(inflatedBytes: inflatedBytes)
        made.withLock { $0[inflatedBytes] = bytes }
        return bytes
    }

    private static func make(inflatedBytes: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.bytes = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]
        writer.bytes.reserveCapacity(inflatedBytes / 150 + 64)
        writer.write(1, bits: 1)          // BFINAL
        writer.write(1, bits: 2)          // BTYPE 01: fixed Huffman
        let prefix = Array(#"{"response": "#.utf8)
        var produced = 0
        for byte in prefix.prefix(max(1, min(prefix.count, inflatedBytes))) {
            writer.writeLiteral(byte)
            produced += 1
        }
        while inflatedBytes - produced >= 258 {
            writer.writeCode(0b1100_0101, length: 8)   // length code 285: 258 bytes
            writer.writeCode(0, length: 5)             // distance code 0: distance 1
            produced += 258
        }
        while produced < inflatedBytes {
            writer.writeLiteral(UInt8(ascii: " "))
            produced += 1
        }
        writer.writeCode(0, length: 7)                 // end of block (256)
        writer.flush()
        let size = UInt32(truncatingIfNeeded: inflatedBytes)
        writer.bytes += [0, 0, 0, 0]                   // CRC-32, not computed
        writer.bytes += [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
        return writer.bytes
    }

    /// Bits into bytes, least significant bit first (deflate's order).
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var buffer: UInt64 = 0
        private var count = 0

        /// `value`'s low `bits` bits, least significant first (header fields, extra bits).
        mutating func write(_ value: UInt64, bits: Int) {
            buffer |= value << UInt64(count)
            count += bits
            while count >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                count -= 8
            }
        }

        /// A Huffman code, most significant bit first.
        mutating func writeCode(_ code: UInt64, length: Int) {
            var reversed: UInt64 = 0
            for bit in 0..<length where code & (1 << UInt64(length - 1 - bit)) != 0 { reversed |= 1 << UInt64(bit) }
            write(reversed, bits: length)
        }

        /// A literal byte with the fixed codes (0–143: 8 bits from 0x30; 144–255: 9 bits from 0x190).
        mutating func writeLiteral(_ byte: UInt8) {
            if byte < 144 {
                writeCode(0x30 + UInt64(byte), length: 8)
            } else {
                writeCode(0x190 + UInt64(byte) - 144, length: 9)
            }
        }

        mutating func flush() {
            if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
            buffer = 0
            count = 0
        }
    }
}
