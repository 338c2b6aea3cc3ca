/// A wind direction (`VEC`): where the wind blows from, in degrees clockwise from north, and
/// its point on KMA's 16-point compass.
public struct WindDirection: Hashable, Sendable {
    /// Degrees clockwise from north, 0...360.
    public let degrees: Double
    /// The 16-point compass point by KMA's rule (see ``CompassPoint``).
    public let compassPoint: CompassPoint

    /// A direction in degrees.
    ///
    /// - Parameter degrees: 0...360.
    /// - Returns: `nil` outside 0...360 or for NaN.
    public init?(degrees: Double) {
        guard let point = CompassPoint(degrees: degrees) else { return nil }
        self.degrees = degrees
        self.compassPoint = point
    }
}

extension WindDirection: CustomStringConvertible {
    /// The compass point's English abbreviation and the degrees rounded to a whole number:
    /// `ESE 106°` for 106.4°, `N 0°`. (`text(_:)` in KMAForecastText gives the Korean form.)
    public var description: String {
        compassPoint.abbreviation + " " + String(Int(degrees.rounded())) + "°"
    }
}
