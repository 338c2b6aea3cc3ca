import Foundation
@testable import KMAForecastServe
import Testing

@Suite("serve: the gzip writer and SHA-256, judged by Python's zlib, gzip and hashlib")
struct ServeCodecTests {
    static func inputs() -> [[UInt8]] {
        var random = SystemRandomNumberGenerator()
        let json = Array(String(repeating: #"{"category":"TMP","fcstValue":"12.5","nx":60,"ny":127},"#, count: 900).utf8)
        return [
            [], [65], Array("abcabcabcabcabc".utf8), json,
            (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &random) },  // incompressible, past the window
            [UInt8](repeating: 7, count: 100_000),  // matches of 258 at distance 1
            (0..<50_000).map { UInt8(($0 * 7 + $0 / 300) % 251) },
        ]
    }

    @Test("Every DEFLATE stream inflates with zlib to its input; every gzip member with gzip")
    func deflateRoundTrips() throws {
        for input in Self.inputs() {
            #expect(try PythonCheck.inflateRaw(Gzip.deflate(input)) == input)
            #expect(try PythonCheck.gunzip(Gzip.compress(input)) == input)
        }
        let json = Self.inputs()[3]
        #expect(Gzip.compress(json).count < json.count / 10)
    }

    @Test("SHA-256 matches FIPS 180-4's examples and hashlib")
    func sha256() throws {
        #expect(SHA256.hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        for input in Self.inputs() {
            #expect(try PythonCheck.sha256(input) == SHA256.hex(SHA256.hash(input)))
        }
        #expect(SHA256.constantTimeEqual([1, 2, 3], [1, 2, 3]) && !SHA256.constantTimeEqual([1, 2, 3], [1, 2, 4]) && !SHA256.constantTimeEqual([1], [1, 2]))
    }
}
