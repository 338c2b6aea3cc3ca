/// A Lambert conformal conic projection on a sphere, with its constants computed once.
///
/// This is the spherical form used by KMA (and PROJ's `lcc` on a sphere; Snyder, *Map
/// Projections — A Working Manual*, USGS PP 1395, pp. 104–110). The cone constants `n`,
/// `F` and `ρ0` are computed in ``init(earthRadius:gridSpacing:standardParallel1:standardParallel2:originLatitude:originLongitude:originX:originY:)``;
/// ``forward(latitude:longitude:)`` and ``inverse(x:y:)`` only read them.
///
/// Distances are in grid units (`earthRadius / gridSpacing`): `x` east, `y` north, with the
/// projection origin at (``originX``, ``originY``) (KMA: 42, 135, so that cell centres fall on
/// 0-based integers). The arithmetic follows KMA's published C sample operation by
/// operation, in `Double`, so results are the "official formula in Double" bit for bit
/// (given the same C math library).
public struct LambertConformalConic: Hashable, Sendable {
    /// Earth radius in kilometres (KMA: 6371.00877).
    public let earthRadius: Double
    /// Grid spacing in kilometres (KMA: 5.0).
    public let gridSpacing: Double
    /// First standard parallel in degrees (KMA: 30.0).
    public let standardParallel1: Double
    /// Second standard parallel in degrees (KMA: 60.0).
    public let standardParallel2: Double
    /// Latitude of the origin in degrees (KMA: 38.0).
    public let originLatitude: Double
    /// Longitude of the origin (central meridian) in degrees (KMA: 126.0).
    public let originLongitude: Double
    /// Grid `x` of the origin, in grid units (the C sample's `xo`; KMA: 210 / 5 = 42).
    public let originX: Double
    /// Grid `y` of the origin, in grid units (the C sample's `yo`; KMA: 675 / 5 = 135).
    public let originY: Double

    /// The cone constant `n` (the C sample's `sn`), dimensionless.
    public let n: Double
    /// `(R / grid) · F`: the C sample's `re * sf`, in grid units.
    public let scaledF: Double
    /// `ρ0`, the radius of the origin's parallel (the C sample's `ro`), in grid units.
    public let rho0: Double
    /// The origin longitude in radians (the C sample's `olon`).
    @usableFromInline internal let originLongitudeRadians: Double
    /// The C library's `sincos`, if it has one, kept here so that a loop over `forward` loads
    /// it with the projection's constants instead of looking it up on every call.
    @usableFromInline internal let sinCos: CMath.SinCosFunction?

    /// π / 180 (a constant expression, so no lazy-global check in a client's loop).
    @inlinable internal static var degreesToRadians: Double { Double.pi / 180.0 }
    /// 180 / π.
    @inlinable internal static var radiansToDegrees: Double { 180.0 / Double.pi }

    /// Computes the projection constants.
    ///
    /// - Parameters:
    ///   - earthRadius: Sphere radius in kilometres, > 0.
    ///   - gridSpacing: Grid spacing in kilometres, > 0.
    ///   - standardParallel1: Degrees, strictly between −90 and 90.
    ///   - standardParallel2: Degrees, strictly between −90 and 90, different from the first.
    ///   - originLatitude: Degrees, strictly between −90 and 90.
    ///   - originLongitude: Degrees, −180…180.
    ///   - originX: Grid `x` assigned to the origin, in grid units (false easting).
    ///   - originY: Grid `y` assigned to the origin, in grid units (false northing).
    ///
    /// Invalid parameters are a programmer error and trap with a message.
    public init(
        earthRadius: Double,
        gridSpacing: Double,
        standardParallel1: Double,
        standardParallel2: Double,
        originLatitude: Double,
        originLongitude: Double,
        originX: Double = 0,
        originY: Double = 0
    ) {
        precondition(earthRadius.isFinite && earthRadius > 0, "earthRadius must be a positive number of kilometres")
        precondition(gridSpacing.isFinite && gridSpacing > 0, "gridSpacing must be a positive number of kilometres")
        precondition(abs(standardParallel1) < 90 && abs(standardParallel2) < 90, "standard parallels must be strictly within -90...90")
        precondition(standardParallel1 != standardParallel2, "this implementation needs two different standard parallels")
        precondition(abs(originLatitude) < 90, "originLatitude must be strictly within -90...90")
        precondition(abs(originLongitude) <= 180, "originLongitude must be within -180...180")
        precondition(originX.isFinite && originY.isFinite, "originX and originY must be finite")
        self.earthRadius = earthRadius
        self.gridSpacing = gridSpacing
        self.standardParallel1 = standardParallel1
        self.standardParallel2 = standardParallel2
        self.originLatitude = originLatitude
        self.originLongitude = originLongitude
        self.originX = originX
        self.originY = originY

        // Operation by operation as in KMA's C sample (lamcproj), so the constants are the
        // same doubles that every faithful port computes.
        let pi = Double.pi
        let degrad = Self.degreesToRadians
        let re = earthRadius / gridSpacing
        let slat1 = standardParallel1 * degrad
        let slat2 = standardParallel2 * degrad
        let olat = originLatitude * degrad
        var sn = CMath.tan(pi * 0.25 + slat2 * 0.5) / CMath.tan(pi * 0.25 + slat1 * 0.5)
        sn = CMath.log(CMath.cos(slat1) / CMath.cos(slat2)) / CMath.log(sn)
        var sf = CMath.tan(pi * 0.25 + slat1 * 0.5)
        sf = CMath.pow(sf, sn) * CMath.cos(slat1) / sn
        var ro = CMath.tan(pi * 0.25 + olat * 0.5)
        ro = re * sf / CMath.pow(ro, sn)
        self.n = sn
        self.scaledF = re * sf
        self.rho0 = ro
        self.originLongitudeRadians = originLongitude * degrad
        self.sinCos = CMath.sinCosFunction
    }

    /// Projects a point, without any range check.
    ///
    /// - Parameters:
    ///   - latitude: Degrees north. Finite values in −90…90 give finite results except at the
    ///     pole opposite the cone's apex.
    ///   - longitude: Degrees east; the difference from the origin is wrapped once into
    ///     −180…180 as the C sample does.
    /// - Returns: Grid coordinates: `x = ρ·sin θ + originX`, `y = ρ0 − ρ·cos θ + originY`.
    /// - Complexity: O(1); `tan`, `pow`, `sin` and `cos` from the C math library (with glibc,
    ///   `sin` and `cos` in one `sincos` call, as a C compiler emits them: the same bits).
    @inlinable
    public func forward(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        let pi = Double.pi
        let ra = radius(latitude: latitude)
        var theta = longitude * Self.degreesToRadians - originLongitudeRadians
        if theta > pi { theta -= 2.0 * pi }
        if theta < -pi { theta += 2.0 * pi }
        theta *= n
        let (sine, cosine) = CMath.sinCos(theta, sinCos)
        return (ra * sine + originX, rho0 - ra * cosine + originY)
    }

    /// `ρ(φ) = (R/grid)·F / tan(π/4 + φ/2)^n`: the radius of a latitude's parallel on the cone,
    /// in grid units (the C sample's `ra`), computed as the C sample does.
    ///
    /// - Parameter latitude: Degrees north.
    @inlinable
    internal func radius(latitude: Double) -> Double {
        let ra = CMath.tan(Double.pi * 0.25 + latitude * Self.degreesToRadians * 0.5)
        return scaledF / CMath.pow(ra, n)
    }

    /// Unprojects a grid position, without any range check.
    ///
    /// - Parameters:
    ///   - x: Grid `x` (east), in grid units.
    ///   - y: Grid `y` (north), in grid units.
    /// - Returns: Latitude and longitude in degrees; the longitude is not wrapped.
    /// - Complexity: O(1); `sqrt`, `pow`, `atan`, `atan2`.
    @inlinable
    public func inverse(x: Double, y: Double) -> (latitude: Double, longitude: Double) {
        let xn = x - originX
        let yn = rho0 - y + originY
        var ra = (xn * xn + yn * yn).squareRoot()
        if n < 0.0 { ra = -ra }
        let latitude = latitude(radius: ra)
        // The C sample special-cases xn == 0 as θ = 0, which is wrong behind the cone's apex
        // (yn < 0); atan2 gives the same values everywhere else, including xn == 0 or yn == 0.
        let theta = CMath.atan2(xn, yn)
        let alon = theta / n + originLongitudeRadians
        return (latitude, alon * Self.radiansToDegrees)
    }

    /// The latitude of the parallel of radius `ρ`, in degrees: `2·atan((F/ρ)^(1/n)) − π/2`,
    /// computed as the C sample does (the inverse of ``radius(latitude:)``).
    ///
    /// - Parameter radius: `ρ` in grid units, with the sign of `n`.
    @inlinable
    internal func latitude(radius ra: Double) -> Double {
        var alat = CMath.pow(scaledF / ra, 1.0 / n)
        alat = 2.0 * CMath.atan(alat) - Double.pi * 0.5
        return alat * Self.radiansToDegrees
    }
}

extension LambertConformalConic {
    /// Two projections are equal when their defining parameters are (the constants follow).
    public static func == (lhs: LambertConformalConic, rhs: LambertConformalConic) -> Bool {
        lhs.earthRadius == rhs.earthRadius && lhs.gridSpacing == rhs.gridSpacing
            && lhs.standardParallel1 == rhs.standardParallel1 && lhs.standardParallel2 == rhs.standardParallel2
            && lhs.originLatitude == rhs.originLatitude && lhs.originLongitude == rhs.originLongitude
            && lhs.originX == rhs.originX && lhs.originY == rhs.originY
    }

    /// Hashes the defining parameters.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(earthRadius)
        hasher.combine(gridSpacing)
        hasher.combine(standardParallel1)
        hasher.combine(standardParallel2)
        hasher.combine(originLatitude)
        hasher.combine(originLongitude)
        hasher.combine(originX)
        hasher.combine(originY)
    }
}

extension LambertConformalConic {
    /// The projection of KMA's 5 km forecast grid, with the constants of the official guide
    /// (기상청 단기예보 조회서비스 오픈API 활용가이드): Earth radius 6371.00877 km, grid 5.0 km,
    /// standard parallels 30°N and 60°N, origin 38°N 126°E at grid x 42, y 135 (0-based).
    ///
    /// Agrees with PROJ's `+proj=lcc +lat_1=30 +lat_2=60 +lat_0=38 +lon_0=126 +R=6371008.77`
    /// (scaled by 1/5000 m) to about 1e-9 m.
    public static let kma = LambertConformalConic(
        earthRadius: 6371.00877,
        gridSpacing: 5.0,
        standardParallel1: 30.0,
        standardParallel2: 60.0,
        originLatitude: 38.0,
        originLongitude: 126.0,
        originX: 210.0 / 5.0,
        originY: 675.0 / 5.0
    )
}
