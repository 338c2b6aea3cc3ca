import Testing
@testable import KMAGrid

/// The vectorised forward kernel: its error against the scalar formula, measured, and the
/// proof's premise (that error is far inside the guard band) asserted.
@Suite("ForwardKernel: accuracy against the scalar formula")
struct ForwardKernelTests {
    let kernel = ForwardKernel.kma
    let projection = LambertConformalConic.kma

    @Test("ρ(φ): the polynomial is within 1e-11 grid units of the scalar formula over the box")
    func radiusPolynomial() {
        var largest = 0.0
        var latitude = ForwardKernel.latitudeBox.lowerBound
        while latitude <= ForwardKernel.latitudeBox.upperBound {
            largest = max(largest, abs(kernel.radius(latitude) - projection.radius(latitude: latitude)))
            latitude += 1e-4
        }
        largest = max(largest, abs(kernel.radius(ForwardKernel.latitudeBox.upperBound) - projection.radius(latitude: ForwardKernel.latitudeBox.upperBound)))
        // Measured: 1.6e-12 (a few ulps of ρ ≈ 1400).
        #expect(largest < 1e-11, "largest difference \(largest) grid units")
    }

    @Test("x, y: the kernel is within 1e-10 grid units of the scalar formula over the box (guard band 1e-7)")
    func positionError() {
        var largest = 0.0
        let step = 0.01
        let latitudes = stride(from: ForwardKernel.latitudeBox.lowerBound, through: ForwardKernel.latitudeBox.upperBound, by: step)
        let longitudes = Array(stride(from: ForwardKernel.longitudeBox.lowerBound, through: ForwardKernel.longitudeBox.upperBound, by: step))
        for latitude in latitudes {
            var index = 0
            while index + 4 <= longitudes.count {
                let lon = SIMD4(longitudes[index], longitudes[index + 1], longitudes[index + 2], longitudes[index + 3])
                let fast = kernel.position(latitude: SIMD4(repeating: latitude), longitude: lon)
                for lane in 0..<4 {
                    let scalar = projection.forward(latitude: latitude, longitude: lon[lane])
                    largest = max(largest, abs(fast.x[lane] - scalar.x), abs(fast.y[lane] - scalar.y))
                }
                index += 4
            }
        }
        // Measured: 1.6e-12. The guard band is 1e-7: a margin of more than 10^4.
        #expect(largest < 1e-10, "largest difference \(largest) grid units")
        #expect(largest * 1000 < ForwardKernel.guardBand)
    }

    @Test("Points just outside the guard band are decided by the kernel, with the scalar cells")
    func justOutsideTheBand() {
        // The risky lanes: positions 1.01, 1.5 and 10 times the guard band away from an edge,
        // on both sides, in both directions; the kernel decides them and must agree.
        var decided = 0
        let band = ForwardKernel.guardBand
        for edge in stride(from: 0.5, through: 147.5, by: 7.0) {
            for offset in [1.01 * band, 1.5 * band, 10 * band] {
                for sign in [-1.0, 1.0] {
                    var latitudes: [Double] = []
                    var longitudes: [Double] = []
                    for (x, y) in [(edge + sign * offset, 100.0), (60.0, edge + sign * offset), (edge + sign * offset, edge + 50 + sign * offset), (edge, 30.0)] {
                        let point = projection.inverse(x: x, y: y)
                        latitudes.append(point.latitude)
                        longitudes.append(point.longitude)
                    }
                    let result = kernel.cells(latitude: SIMD4(latitudes), longitude: SIMD4(longitudes))
                    for lane in 0..<3 {
                        let (x, y) = projection.forward(latitude: latitudes[lane], longitude: longitudes[lane])
                        // Decided only when the scalar position is itself outside the band.
                        guard result.decided[lane] else { continue }
                        decided += 1
                        // The kernel packs a cell as nx + 65536·ny, 0 outside the grid.
                        let scalar = ForecastGrid.kma.cell(containing: GridCoordinate(x: x, y: y))
                        #expect(Int(result.cells[lane]) == (scalar.map { $0.nx + 65_536 * $0.ny } ?? 0), "edge \(edge), offset \(sign * offset), lane \(lane)")
                    }
                }
            }
        }
        #expect(decided > 300, "only \(decided) lanes were decided by the kernel")
    }

    @Test("Points on cell edges are left to the scalar formula")
    func edgesAreNotDecided() {
        // Grid positions exactly on a cell edge (x + 1.5 an integer), mapped back to lat/lon.
        var latitudes: [Double] = []
        var longitudes: [Double] = []
        for (x, y) in [(10.5, 20.0), (60.0, 126.5), (100.5, 200.5), (42.5, 135.0)] {
            let point = projection.inverse(x: x, y: y)
            latitudes.append(point.latitude)
            longitudes.append(point.longitude)
        }
        let result = kernel.cells(latitude: SIMD4(latitudes), longitude: SIMD4(longitudes))
        for lane in 0..<4 { #expect(!result.decided[lane], "lane \(lane)") }
    }

    @Test("Points outside the box, NaN and infinity are left to the scalar formula")
    func outsideBoxIsNotDecided() {
        let latitude = SIMD4<Double>(.nan, 30.99, 44.01, 37)
        let longitude = SIMD4<Double>(127, 127, 127, .infinity)
        let result = kernel.cells(latitude: latitude, longitude: longitude)
        for lane in 0..<4 { #expect(!result.decided[lane], "lane \(lane)") }
    }
}
