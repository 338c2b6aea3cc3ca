/// A continuous (fractional) position on the KMA grid, for people who interpolate.
///
/// These are the official formula's own `x`/`y`, **0-based**: the centre of cell
/// `(nx, ny)` is at `x = nx − 1`, `y = ny − 1`, and a point belongs to the cell
/// `nx = ⌊x + 1.5⌋`, `ny = ⌊y + 1.5⌋` (the rule of KMA's C sample with XO = 42, YO = 135).
/// One unit is one grid spacing (5 km at the standard parallels). `x` grows to the east,
/// `y` to the north. A 0-based array of the grid indexed `[ny − 1][nx − 1]` can be
/// interpolated at `(x, y)` directly.
public struct GridCoordinate: Hashable, Sendable {
    /// Grid units east of the south-west cell centre (0-based; cell centres at integers).
    public var x: Double
    /// Grid units north of the south-west cell centre (0-based; cell centres at integers).
    public var y: Double

    /// Creates a continuous grid position.
    ///
    /// - Parameters:
    ///   - x: 0-based grid units east; the grid's cells span −0.5 ..< 148.5.
    ///   - y: 0-based grid units north; the grid's cells span −0.5 ..< 252.5.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

extension GridCoordinate: CustomStringConvertible {
    /// The position as `x, y` in 0-based grid units.
    public var description: String { "\(x), \(y)" }
}
