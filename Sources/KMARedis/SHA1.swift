/// SHA-1 (FIPS 180-4), for one purpose: the name Redis gives a Lua script (`EVALSHA <sha1>`),
/// which the client computes itself so that it can call a script by name without asking the
/// server first. Not for security: SHA-1 is broken for collisions, and nothing here relies on
/// it resisting them (a script's text is ours, not an attacker's).
enum SHA1 {
    /// The digest of `bytes` as 40 lowercase hexadecimal digits, as `SCRIPT LOAD` returns it.
    static func hexDigest(_ bytes: [UInt8]) -> String {
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var message = bytes
        let bitLength = UInt64(bytes.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        var words = [UInt32](repeating: 0, count: 80)
        for block in stride(from: 0, to: message.count, by: 64) {
            for index in 0..<16 {
                let at = block + index * 4
                words[index] = UInt32(message[at]) << 24 | UInt32(message[at + 1]) << 16 | UInt32(message[at + 2]) << 8 | UInt32(message[at + 3])
            }
            for index in 16..<80 { words[index] = rotate(words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16], 1) }
            var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
            for index in 0..<80 {
                let (f, k): (UInt32, UInt32) = switch index {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
                let next = rotate(a, 5) &+ f &+ e &+ k &+ words[index]
                (e, d, c, b, a) = (d, c, rotate(b, 30), a, next)
            }
            state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d; state[4] &+= e
        }
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for word in state {
            for shift in stride(from: 28, through: 0, by: -4) { out.append(digits[Int(word >> UInt32(shift) & 0xF)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value << count | value >> (32 - count)
    }
}
