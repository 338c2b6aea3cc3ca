/// CRC-32 (ISO 3309 / ITU-T V.42, the polynomial 0xEDB88320 reflected): the checksum of PNG
/// chunks (the field maps) and of gzip members (`kma-forecast serve`). One table, one rule.
package enum CRC32 {
    /// The CRC-32 of `bytes`, continuing from `crc` (the value of the bytes before; 0 to start).
    package static func checksum(_ bytes: some Sequence<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        var value = ~crc
        for byte in bytes {
            value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8)
        }
        return ~value
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var c = UInt32(index)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
