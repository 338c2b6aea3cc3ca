import Testing
@testable import KMAGrid
import _KMATestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The scalar formula must stay the C library's `sin` and `cos`, bit for bit.
@Suite("CMath: one call for sin and cos")
struct CMathTests {
    #if canImport(Glibc)
    @Test("glibc's sincos is found")
    func sinCosIsFound() {
        #expect(CMath.sinCosFunction != nil)
        #expect(LambertConformalConic.kma.sinCos != nil)
    }
    #endif

    @Test("sinCos(x) has the same bits as sin(x) and cos(x)")
    func sinCosIsSinAndCos() {
        var generator = SplitMix64(seed: 0x5349_4E43_4F53)
        var arguments: [Double] = [0, -0.0, .ulpOfOne, 1e-300, -1e-9, 0.0875, -0.0375, .pi, -.pi, 0.855469, 2.426265, 1e6, .nan, .infinity]
        for _ in 0..<200_000 {
            let u = Double.random(in: -1...1, using: &generator)
            arguments += [u * 0.1, u * Double.pi, u * 1e4, Double(bitPattern: generator.next())]
        }
        for x in arguments {
            let both = CMath.sinCos(x, CMath.sinCosFunction)
            let separate = (sin(x), cos(x))
            if both.sin.bitPattern != separate.0.bitPattern || both.cos.bitPattern != separate.1.bitPattern {
                // NaN results may differ only in payload.
                if both.sin.isNaN && separate.0.isNaN && both.cos.isNaN && separate.1.isNaN { continue }
                Issue.record("x = \(x): sinCos \(both), sin/cos \(separate)")
                return
            }
        }
    }
}
