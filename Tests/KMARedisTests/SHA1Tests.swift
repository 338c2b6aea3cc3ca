import Testing
@testable import KMARedis

/// SHA-1 against FIPS 180's test vectors (a script's name on the server is its SHA-1; the
/// coordinator's tests check the server agrees, `SCRIPT EXISTS`).
@Suite struct SHA1Tests {
    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        (String(repeating: "a", count: 55), "c1c8bbdc22796e28c0e15163d20899b65621d65a"),
        (String(repeating: "a", count: 64), "0098ba824b5c16427bd7a1122a5a442a25ec644d"),
    ])
    func matchesTheStandardVectors(_ input: String, _ digest: String) {
        #expect(SHA1.hexDigest(Array(input.utf8)) == digest)
    }

    @Test func matchesTheMillionAVector() {
        #expect(SHA1.hexDigest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }
}
