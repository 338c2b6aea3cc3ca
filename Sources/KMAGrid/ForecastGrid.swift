/// KMA's 5 km short-term forecast grid: latitude/longitude to the `nx`, `ny` the API takes,
/// and back.
///
/// ```swift
/// import KMAGrid
///
/// let grid = ForecastGrid.kma
/// let cell = try grid.cell(latitude: 37.5665, longitude: 126.9780)   // nx 60, ny 127
/// let centre = grid.center(of: cell)                                 // 37.5799, 126.9894
/// ```
///
/// **The rounding rule.** The cell of a point is `nx = ⌊x + 1.5⌋`, `ny = ⌊y + 1.5⌋` where
/// `x`, `y` are the projection's 0-based grid coordinates with the origin (38°N, 126°E) at
/// x = 210/5 = 42, y = 675/5 = 135: exactly KMA's C sample (`(int)(x + 1.5)`), computed in
/// `Double`. The common JavaScript port writes XO = 43, YO = 136 with `⌊x + 0.5⌋`: the same
/// cells. Mixing the two (43/136 with +1.5) shifts every cell by one; that is not done here.
///
/// **Domain.** Cells are nx 1...149, ny 1...253 (37,697 cells), covering about 31.7–43.4°N,
/// 123.3–132.8°E. A point whose cell falls outside, a NaN or infinite coordinate, a latitude
/// outside −90…90 or a longitude outside −180…180 throws ``GridError``; nothing is clamped.
///
/// **Accuracy.** The formula is the official one in `Double` and agrees with PROJ's `lcc` on
/// the same sphere to about 1e-9 m. ``center(of:)`` followed by ``cell(for:)`` returns the
/// same cell for all 37,697 cells (tested exhaustively). KMA's own C sample stores values in
/// `float` and can land in the neighbouring cell for points within about 0.74 m of a cell edge.
public struct ForecastGrid: Hashable, Sendable {
    /// The projection, including the grid origin (0-based x 42, y 135 for KMA).
    public let projection: LambertConformalConic

    /// The KMA 5 km grid with the official constants (``LambertConformalConic/kma``).
    ///
    /// The constants are computed once, on first use. In a hot loop, copy the grid into a
    /// local (`let grid = ForecastGrid.kma`) to skip the one-time-initialisation check.
    public static let kma = ForecastGrid(projection: .kma)

    /// Wraps a projection whose grid coordinates are KMA-style (0-based, 5 km cells).
    @usableFromInline
    internal init(projection: LambertConformalConic) {
        self.projection = projection
    }

    // MARK: Forward

    /// The continuous grid position of a point, for interpolation.
    ///
    /// - Parameters:
    ///   - latitude: Degrees north, −90…90.
    ///   - longitude: Degrees east, −180…180.
    /// - Returns: 0-based grid coordinates (see ``GridCoordinate``). Positions outside the
    ///   grid are returned as they are; only the inputs are checked.
    /// - Throws: ``GridError/latitudeOutOfRange(_:)`` or ``GridError/longitudeOutOfRange(_:)``.
    @inlinable
    public func gridCoordinate(latitude: Double, longitude: Double) throws(GridError) -> GridCoordinate {
        try Self.validate(latitude: latitude, longitude: longitude)
        let (x, y) = projection.forward(latitude: latitude, longitude: longitude)
        return GridCoordinate(x: x, y: y)
    }

    /// The continuous grid position of a point; see ``gridCoordinate(latitude:longitude:)``.
    @inlinable
    public func gridCoordinate(for point: GeoCoordinate) throws(GridError) -> GridCoordinate {
        try gridCoordinate(latitude: point.latitude, longitude: point.longitude)
    }

    /// The grid cell that contains a point.
    ///
    /// - Parameters:
    ///   - latitude: Degrees north, −90…90.
    ///   - longitude: Degrees east, −180…180.
    /// - Returns: The cell `(⌊x + 1.5⌋, ⌊y + 1.5⌋)`.
    /// - Throws: ``GridError/latitudeOutOfRange(_:)``, ``GridError/longitudeOutOfRange(_:)``,
    ///   or ``GridError/outsideGrid(_:nx:ny:)`` when the cell is outside nx 1...149, ny 1...253.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func cell(latitude: Double, longitude: Double) throws(GridError) -> GridCell {
        try Self.validate(latitude: latitude, longitude: longitude)
        let (x, y) = projection.forward(latitude: latitude, longitude: longitude)
        if let cell = Self.cell(x: x, y: y) { return cell }
        throw Self.outsideGridError(latitude: latitude, longitude: longitude, x: x, y: y)
    }

    /// The grid cell that contains a point; see ``cell(latitude:longitude:)``.
    @inlinable
    public func cell(for point: GeoCoordinate) throws(GridError) -> GridCell {
        try cell(latitude: point.latitude, longitude: point.longitude)
    }

    /// The cell that contains a continuous grid position: `(⌊x + 1.5⌋, ⌊y + 1.5⌋)`.
    ///
    /// - Parameter position: 0-based grid coordinates.
    /// - Returns: The cell, or `nil` when the position is not finite or lies outside the grid.
    @inlinable
    public func cell(containing position: GridCoordinate) -> GridCell? {
        Self.cell(x: position.x, y: position.y)
    }

    // MARK: Inverse

    /// The latitude and longitude of a cell's centre.
    ///
    /// - Parameter cell: Any cell of the grid.
    /// - Returns: Degrees; `cell(for: center(of: cell)) == cell` for every cell.
    /// - Complexity: O(1), no allocation.
    @inlinable
    public func center(of cell: GridCell) -> GeoCoordinate {
        let (latitude, longitude) = projection.inverse(x: Double(cell.nx - 1), y: Double(cell.ny - 1))
        return GeoCoordinate(latitude: latitude, longitude: longitude)
    }

    /// The latitude and longitude of the centre of cell (`nx`, `ny`).
    ///
    /// - Throws: ``GridError/nxOutOfRange(_:)`` or ``GridError/nyOutOfRange(_:)``.
    @inlinable
    public func center(nx: Int, ny: Int) throws(GridError) -> GeoCoordinate {
        center(of: try GridCell(nx: nx, ny: ny))
    }

    /// The latitude and longitude of a continuous grid position.
    ///
    /// - Parameter position: 0-based grid coordinates; any finite position in the cone's
    ///   image, inside the grid or not.
    /// - Throws: ``GridError/gridCoordinateOutsideProjection(_:)`` for NaN, infinite, or
    ///   positions that no latitude/longitude maps to.
    @inlinable
    public func coordinate(at position: GridCoordinate) throws(GridError) -> GeoCoordinate {
        guard position.x.isFinite, position.y.isFinite else { throw .gridCoordinateOutsideProjection(position) }
        let (latitude, longitude) = projection.inverse(x: position.x, y: position.y)
        guard latitude.isFinite, longitude.isFinite, abs(longitude - projection.originLongitude) <= 180 else {
            throw .gridCoordinateOutsideProjection(position)
        }
        var wrapped = longitude
        if wrapped > 180 { wrapped -= 360 } else if wrapped < -180 { wrapped += 360 }
        return GeoCoordinate(latitude: latitude, longitude: wrapped)
    }

    // MARK: The rules, in one place

    /// Checks a latitude/longitude pair: finite, latitude in −90…90, longitude in −180…180.
    @inlinable
    internal static func validate(latitude: Double, longitude: Double) throws(GridError) {
        // Written so that NaN fails every comparison and lands in the throw.
        guard latitude >= -90, latitude <= 90 else { throw .latitudeOutOfRange(latitude) }
        guard longitude >= -180, longitude <= 180 else { throw .longitudeOutOfRange(longitude) }
    }

    /// The KMA rounding rule: `nx = ⌊x + 1.5⌋`, `ny = ⌊y + 1.5⌋`, or `nil` when outside the grid.
    @inlinable
    internal static func cell(x: Double, y: Double) -> GridCell? {
        let fx = x + 1.5
        let fy = y + 1.5
        // ⌊fx⌋ is in 1...149 exactly when fx is in [1, 150), and there truncation is ⌊fx⌋
        // (no call to libm's floor, which plain x86-64 has no instruction for). NaN fails
        // the comparisons; the range check comes before any conversion to Int.
        guard fx >= 1, fx < 150, fy >= 1, fy < 254 else { return nil }
        return GridCell(uncheckedNX: Int(fx), ny: Int(fy))
    }

    /// The error for a valid coordinate whose cell is outside the grid.
    @usableFromInline
    internal static func outsideGridError(latitude: Double, longitude: Double, x: Double, y: Double) -> GridError {
        let fx = (x + 1.5).rounded(.down)
        let fy = (y + 1.5).rounded(.down)
        let representable = fx.isFinite && fy.isFinite && abs(fx) < 1e9 && abs(fy) < 1e9
        return .outsideGrid(
            GeoCoordinate(latitude: latitude, longitude: longitude),
            nx: representable ? Int(fx) : nil,
            ny: representable ? Int(fy) : nil
        )
    }
}
