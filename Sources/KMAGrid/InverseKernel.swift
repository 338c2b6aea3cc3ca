/// The vectorised inverse projection behind ``ForecastGrid/centers(of:into:)``: the centres of
/// four cells at a time, with polynomials in place of libm's `pow`, `atan` and `atan2`.
///
/// **What it computes.** For cell (nx, ny), the centre's grid position is `x = nx − 1`,
/// `y = ny − 1`; with `xn = x − 42`, `yn = ρ0 − y + 135` (as the scalar does):
/// - `ρ = √(xn² + yn²)` exactly as the scalar (`sqrt` is correctly rounded in SIMD too);
/// - latitude `= (2·atan((F/ρ)^(1/n)) − π/2)·180/π` as one degree-10 polynomial in ρ
///   (``ChebyshevInterpolant``, fitted once from the scalar formula over the ρ of the grid's
///   cells, 1249.8…1505.5, widened by one unit each side);
/// - `θ = atan2(xn, yn) = atan(xn/yn)` (`yn > 0` for every cell) by its Taylor series to u¹³,
///   `|u| = |xn/yn| ≤ 0.085`; longitude `= (θ/n + λ0)·180/π` as the scalar does.
///
/// **Error**, against the scalar ``ForecastGrid/center(of:)``: the interpolant is within 2e-16°
/// of the exact latitude (computed at 40 digits) and its evaluation adds a few ulps of 40°
/// (≈ 3e-14°); the atan remainder is below |u|¹⁵/15 ≈ 6e-18 rad. Both paths round a few times
/// more. The documented tolerance is ``tolerance`` (1e-10°, about 11 µm); the tests measure
/// the largest difference over all 37,697 cells (4.3e-14°) and check that every centre
/// converts back to its own cell.
struct InverseKernel: Sendable {
    typealias Lanes = SIMD4<Double>

    /// The largest difference from the scalar ``ForecastGrid/center(of:)`` the kernel allows
    /// itself, in degrees of latitude or longitude.
    static let tolerance = 1e-10

    /// The kernel for KMA's grid, fitted on first use.
    static let kma = InverseKernel(projection: .kma)

    /// The projection the kernel was fitted to.
    let projection: LambertConformalConic
    /// Latitude in degrees as a polynomial in ρ (grid units).
    let latitude: ChebyshevInterpolant

    /// Fits the kernel to a projection, over the ρ of the cells nx 1...149, ny 1...253.
    init(projection: LambertConformalConic) {
        precondition(projection.n > 0, "the inverse kernel is fitted for cones with n > 0 (the northern hemisphere)")
        self.projection = projection
        // The apex of the cone is at (originX, rho0 + originY); the nearest and farthest points
        // of the grid rectangle x 0...148, y 0...252 bound ρ.
        let apexX = projection.originX
        let apexY = projection.rho0 + projection.originY
        func distance(_ x: Double, _ y: Double) -> Double {
            ((x - apexX) * (x - apexX) + (y - apexY) * (y - apexY)).squareRoot()
        }
        let nearest = distance(min(max(apexX, 0), 148), min(max(apexY, 0), 252))
        let farthest = [distance(0, 0), distance(148, 0), distance(0, 252), distance(148, 252)].max() ?? nearest
        latitude = ChebyshevInterpolant(on: (nearest - 1)...(farthest + 1)) { rho in
            projection.latitude(radius: rho)
        }
    }

    /// The centres of four cells, given the cells' 0-based grid positions.
    @inline(__always)
    func centers(x: Lanes, y: Lanes) -> (latitude: Lanes, longitude: Lanes) {
        let xn = x - projection.originX
        let yn = projection.rho0 - y + projection.originY
        let rho = (xn * xn + yn * yn).squareRoot()

        let lat = latitude(rho)

        // atan u = u − u³·(1/3 − u²/5 + u⁴/7 − … + u¹⁰/13).
        let u = xn / yn
        let u2 = u * u
        var series = u2 * (1.0 / 13.0) - 1.0 / 11.0
        series = series * u2 + 1.0 / 9.0
        series = series * u2 - 1.0 / 7.0
        series = series * u2 + 1.0 / 5.0
        series = series * u2 - 1.0 / 3.0
        let theta = series * u2 * u + u
        let longitude = (theta / projection.n + projection.originLongitudeRadians) * LambertConformalConic.radiansToDegrees
        return (lat, longitude)
    }
}
