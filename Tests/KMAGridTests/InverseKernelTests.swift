import Testing
@testable import KMAGrid

/// The vectorised inverse kernel: its error against the scalar formula, measured, and the
/// documented tolerance asserted.
@Suite("InverseKernel: accuracy against the scalar formula")
struct InverseKernelTests {
    let kernel = InverseKernel.kma
    let projection = LambertConformalConic.kma

    @Test("latitude(ρ): the polynomial is within 1e-12° of the scalar formula over its interval")
    func latitudePolynomial() {
        let polynomial = kernel.latitude
        let lower = polynomial.center - 1 / polynomial.scale
        let upper = polynomial.center + 1 / polynomial.scale
        var largest = 0.0
        var rho = lower
        while rho <= upper {
            largest = max(largest, abs(polynomial(rho) - projection.latitude(radius: rho)))
            rho += 0.01
        }
        // Measured: 4.3e-14°.
        #expect(largest < 1e-12, "largest difference \(largest)°")
    }

    @Test("The ρ interval covers every cell of the grid")
    func intervalCoversTheGrid() {
        let polynomial = kernel.latitude
        for (x, y) in [(0.0, 0.0), (148.0, 0.0), (0.0, 252.0), (148.0, 252.0), (42.0, 252.0), (42.0, 0.0)] {
            let rho = ((x - 42) * (x - 42) + (projection.rho0 - y + 135) * (projection.rho0 - y + 135)).squareRoot()
            #expect(abs((rho - polynomial.center) * polynomial.scale) < 1, "cell at x \(x), y \(y)")
        }
    }
}
