/// Why a coordinate or a cell was rejected by the KMA grid.
///
/// Every case names the value that was wrong and the range that is allowed, so its
/// ``description`` can be shown to a person as is. Nothing in KMAGrid clamps a bad value
/// into range or traps on it: it throws one of these.
public enum GridError: Error, Hashable, Sendable {
    /// The latitude is NaN, infinite, or outside −90…90 degrees.
    case latitudeOutOfRange(Double)
    /// The longitude is NaN, infinite, or outside −180…180 degrees.
    case longitudeOutOfRange(Double)
    /// The point is a valid coordinate but lies outside the KMA grid (nx 1...149,
    /// ny 1...253). `nx`/`ny` are the cell the formula gives, when it gives a finite one.
    case outsideGrid(GeoCoordinate, nx: Int?, ny: Int?)
    /// A cell column outside 1...149.
    case nxOutOfRange(Int)
    /// A cell row outside 1...253.
    case nyOutOfRange(Int)
    /// A continuous grid position that is NaN or infinite, or lies outside the area that
    /// the Lambert cone maps to (no latitude/longitude corresponds to it).
    case gridCoordinateOutsideProjection(GridCoordinate)
}

extension GridError: CustomStringConvertible {
    /// A message for a person: what was wrong, and what is allowed.
    public var description: String {
        switch self {
        case .latitudeOutOfRange(let value):
            if value.isNaN { return "latitude is not a number; give degrees north in -90...90" }
            return "latitude \(value) is outside -90...90 (degrees north)"
        case .longitudeOutOfRange(let value):
            if value.isNaN { return "longitude is not a number; give degrees east in -180...180" }
            return "longitude \(value) is outside -180...180 (degrees east)"
        case .outsideGrid(let point, let nx, let ny):
            var text = "the point \(point.latitude), \(point.longitude) is outside the KMA forecast grid"
            if let nx, let ny { text += " (it would be cell nx \(nx), ny \(ny))" }
            text += "; the grid covers nx 1...149, ny 1...253: the Korean peninsula and nearby seas, about 32...43°N, 123...133°E"
            return text
        case .nxOutOfRange(let nx):
            return "nx \(nx) is outside 1...149"
        case .nyOutOfRange(let ny):
            return "ny \(ny) is outside 1...253"
        case .gridCoordinateOutsideProjection(let position):
            return "grid position x \(position.x), y \(position.y) does not correspond to any latitude/longitude"
        }
    }
}
