import KMAForecast
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
        var writer = DeflateBitWriter()
        writer.bytes = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]
        writer.bytes.reserveCapacity(inflatedBytes / 150 + 64)
        writer.write(1, count: 1)          // BFINAL
        writer.write(1, count: 2)          // BTYPE 01: fixed Huffman
        let prefix = Array(#"{"response": "#.utf8)
        var produced = 0
        for byte in prefix.prefix(max(1, min(prefix.count, inflatedBytes))) {
            writer.writeLiteral(Int(byte))
            produced += 1
        }
        while inflatedBytes - produced >= 258 {
            writer.writeCode(0b1100_0101, length: 8)   // length code 285: 258 bytes
            writer.writeCode(0, length: 5)             // distance code 0: distance 1
            produced += 258
        }
        while produced < inflatedBytes {
            writer.writeLiteral(Int(UInt8(ascii: " ")))
            produced += 1
        }
        writer.writeCode(0, length: 7)                 // end of block (256)
        writer.bytes = writer.finish()
        let size = UInt32(truncatingIfNeeded: inflatedBytes)
        writer.bytes += [0, 0, 0, 0]                   // CRC-32, not computed
        writer.bytes += [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
        return writer.bytes
    }
}
