/// The vectorised forward projection behind ``ForecastGrid/cells(for:into:)``: four points at
/// a time, with polynomials in place of libm, and an argument that every cell it decides is
/// the cell the scalar formula gives.
///
/// **What it computes.** For a point in the *box* (latitude ``latitudeBox``, longitude
/// ``longitudeBox``, a little larger than the grid, which spans 31.63–43.45°N,
/// 123.28–132.81°E):
/// - `ρ(φ) = (R/grid)·F / tan(π/4 + φ/2)^n` as one degree-10 polynomial in the latitude
///   (``ChebyshevInterpolant``, fitted once from the scalar formula), 1237 ≤ ρ ≤ 1520;
/// - `θ = n·(λ − λ0)` with exactly the scalar's operations, so bit for bit the scalar's θ
///   (inside the box there is no wrap), −0.0375 ≤ θ ≤ 0.0875;
/// - `sin θ` and `cos θ` by their Taylor series to θ⁷ and θ⁸;
/// - `x = ρ·sin θ + 42`, `y = ρ0 − ρ·cos θ + 135`, as the scalar does.
///
/// **Error bound**, in grid units (1 unit = 5 km), against the exact value of the formula
/// with the same `Double` constants:
/// - the degree-10 Chebyshev interpolant of ρ on 31…44° is within 6.2e-13 of ρ (computed at
///   40 digits); the values it is fitted to carry the scalar's own rounding (about 1e-12),
///   and evaluating it (Estrin's scheme, |t| ≤ 1) adds a few ulps of Σ|cᵢ| ≈ 1520, below 1e-12;
/// - the Taylor remainders are below |θ|⁹/9! ≈ 8.2e-16 (sin) and |θ|¹⁰/10! ≈ 7.2e-18 (cos),
///   times ρ ≤ 1520: below 1.3e-12;
/// - the final products and sums add a few ulps of 1520 (2.3e-13 each): below 1e-12.
///
/// The scalar path (glibc's `tan`, `pow`, `sin`, `cos`, each within 1 ulp, and the rounding of
/// their arguments) is within about 2e-12 of the exact value. So the two paths differ by less
/// than 1e-11 grid units. Measured: at most 1.6e-12 on a 0.003° lattice of the box (14 million
/// points); the tests assert below 1e-10 on a 0.01° lattice.
///
/// **Guard band.** A lane is *decided* only when its point is in the box and neither `x + 1.5`
/// nor `y + 1.5` is within ``guardBand`` (1e-7 grid units, 0.5 mm) of an integer. Since the
/// fast and scalar values differ by less than 1e-11, far less than 1e-7, no integer lies between
/// them, and `⌊x + 1.5⌋`, `⌊y + 1.5⌋` are the scalar cell (the roundings of `x + 1.5` and of
/// `x + 1` are below 3e-14 and change nothing). A point in the box also passes the scalar
/// call's range checks, so when its cell is outside the grid the scalar call throws, and the
/// kernel answers `nil`. Every other lane (outside the box, NaN, infinite, or near a cell edge:
/// about 4e-7 of uniformly spread points) is recomputed by the caller with the scalar formula.
struct ForwardKernel: Sendable {
    /// Four lanes of `Double` (two SSE2 or one AVX register).
    typealias Lanes = SIMD4<Double>
    /// Which lanes the kernel decided.
    typealias LaneMask = SIMDMask<SIMD4<Int64>>

    /// Latitudes the kernel handles, in degrees: 31…44 (the grid spans 31.63–43.45°N).
    static let latitudeBox: ClosedRange<Double> = 31.0...44.0
    /// Longitudes the kernel handles, in degrees: 123…133 (the grid spans 123.28–132.81°E).
    static let longitudeBox: ClosedRange<Double> = 123.0...133.0
    /// How close to a cell edge (in grid units) a position may be before the scalar formula
    /// decides instead: 1e-7 units, 0.5 mm, more than 10,000 times the largest possible
    /// disagreement between the two paths.
    static let guardBand = 1e-7

    /// The kernel for KMA's grid, fitted on first use.
    static let kma = ForwardKernel(projection: .kma)

    /// The projection the kernel was fitted to.
    let projection: LambertConformalConic
    /// ρ as a polynomial in the latitude (degrees), in grid units.
    let radius: ChebyshevInterpolant

    /// Fits the kernel to a projection. The error bound above is for KMA's projection
    /// (n ≈ 0.7156, so |θ| ≤ 0.0875 over the box); ``ForecastGrid`` uses no other.
    init(projection: LambertConformalConic) {
        self.projection = projection
        radius = ChebyshevInterpolant(on: Self.latitudeBox) { latitude in
            projection.radius(latitude: latitude)
        }
    }

    /// The grid position of four points by the fast formula. Meaningful only for lanes in the
    /// box; other lanes get finite or NaN garbage.
    @inline(__always)
    func position(latitude: Lanes, longitude: Lanes) -> (x: Lanes, y: Lanes) {
        let rho = radius(latitude)

        // θ with the scalar's operations, in the same order: bit for bit the scalar's θ.
        let theta = (longitude * LambertConformalConic.degreesToRadians - projection.originLongitudeRadians) * projection.n
        let theta2 = theta * theta
        // sin θ = θ − θ³/3! + θ⁵/5! − θ⁷/7!;  cos θ = 1 − θ²/2! + θ⁴/4! − θ⁶/6! + θ⁸/8!.
        var sine = theta2 * (-1.0 / 5040.0) + 1.0 / 120.0
        sine = sine * theta2 - 1.0 / 6.0
        sine = sine * theta2 * theta + theta
        var cosine = theta2 * (1.0 / 40_320.0) - 1.0 / 720.0
        cosine = cosine * theta2 + 1.0 / 24.0
        cosine = cosine * theta2 - 0.5
        cosine = cosine * theta2 + 1.0

        let x = rho * sine + projection.originX
        let y = projection.rho0 - rho * cosine + projection.originY
        return (x, y)
    }

    /// The cells of four points, and which lanes that answer is proven for.
    ///
    /// - Returns: `cells`: for each decided lane, `nx + 65536·ny` when the cell is in the grid
    ///   (nx 1...149, ny 1...253), or 0 when it is not (the scalar call would throw);
    ///   `decided`: where that answer equals the scalar one (the point is in the box and away
    ///   from cell edges). Lanes not decided must be recomputed with the scalar formula.
    @inline(__always)
    func cells(latitude: Lanes, longitude: Lanes) -> (cells: SIMD4<Int64>, decided: LaneMask) {
        // NaN fails every comparison, so it is never in the box.
        let inBox = (latitude .>= Self.latitudeBox.lowerBound) .& (latitude .<= Self.latitudeBox.upperBound)
            .& (longitude .>= Self.longitudeBox.lowerBound) .& (longitude .<= Self.longitudeBox.upperBound)
        let (x, y) = position(latitude: latitude, longitude: longitude)

        // ⌊x + 1.5⌋ is the integer nearest to x + 1 whenever x + 1.5 is not within the guard
        // band of an integer, that is, whenever x + 1 is not within it of a half-integer.
        // Adding 1.5·2⁵² rounds to the nearest integer (no floor instruction on plain SSE2)
        // and leaves that integer in the low bits of the sum.
        let vx = x + 1.0
        let vy = y + 1.0
        let sx = vx + Self.magic
        let sy = vy + Self.magic
        let nx = sx - Self.magic
        let ny = sy - Self.magic
        let dx = vx - nx   // exact, in −0.5…0.5
        let dy = vy - ny
        let limit = 0.5 - Self.guardBand
        let nearEdge = (dx .> limit) .| (dx .< -limit) .| (dy .> limit) .| (dy .< -limit)
        let decided = inBox .& .!nearEdge

        let inGrid = (nx .>= 1) .& (nx .<= 149) .& (ny .>= 1) .& (ny .<= 253)
        let packed = (unsafeBitCast(sx, to: SIMD4<Int64>.self) &+ (unsafeBitCast(sy, to: SIMD4<Int64>.self) &<< 16)) &- Self.magicPacked
        return (packed.replacing(with: 0, where: .!inGrid), decided)
    }

    /// 1.5·2⁵²: adding it to any |v| < 2⁵¹ rounds v to the nearest integer (ties to even),
    /// which then sits in the low bits of the sum's representation.
    static let magic = 6_755_399_441_055_744.0
    /// The representation of ``magic`` plus itself shifted by 16 bits: what to subtract from
    /// `bits(x + magic) + bits(y + magic) << 16` to get `x + 65536·y`.
    static let magicPacked = Int64(bitPattern: magic.bitPattern) &+ (Int64(bitPattern: magic.bitPattern) &<< 16)
}
