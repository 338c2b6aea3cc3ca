/// A point on the Earth in geographic coordinates, in degrees.
///
/// No range is enforced by the type itself: ``ForecastGrid/cell(for:)`` validates
/// (latitude must be finite and within −90…90, longitude finite and within −180…180) and
/// throws a ``GridError`` that names the bad value.
///
/// The layout is two `Double`s, latitude first, so a buffer of coordinates can be handed
/// to the batch API without copying.
public struct GeoCoordinate: Hashable, Sendable {
    /// Latitude in degrees, positive north. Meaningful range −90…90.
    public var latitude: Double
    /// Longitude in degrees, positive east. Meaningful range −180…180.
    public var longitude: Double

    /// Creates a coordinate from a latitude and a longitude in degrees.
    ///
    /// - Parameters:
    ///   - latitude: Degrees north, −90…90.
    ///   - longitude: Degrees east, −180…180.
    @inlinable
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

extension GeoCoordinate: CustomStringConvertible {
    /// The coordinate as `latitude, longitude` in decimal degrees, e.g. `37.5665, 126.978`.
    public var description: String { "\(latitude), \(longitude)" }
}
