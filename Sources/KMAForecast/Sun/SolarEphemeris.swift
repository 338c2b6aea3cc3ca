import KMAGrid  // CMath: the package's one maths shim (the C library's atan, pow, log, sin …)

/// The sun's place for sunrise, sunset and twilight: NOAA's solar calculator equations (after
/// Meeus, *Astronomical Algorithms*), as in NOAA's `solcalc` (`calcSunDeclination`,
/// `calcEquationOfTime`, `calcHourAngleSunrise`). Pure, allocation-free, `@inlinable`.
/// Accurate to about a minute for years 1800–2100 (NOAA's statement); differs from KASI's
/// published times by seconds (`Fixtures/sun/SOURCES.md`).
public enum SolarEphemeris {
    /// The sun's declination and the equation of time at an instant.
    public struct State: Hashable, Sendable {
        /// Declination, radians.
        public var declination: Double
        /// Equation of time, minutes (true solar time − mean solar time).
        public var equationOfTime: Double

        /// A state.
        @inlinable
        public init(declination: Double, equationOfTime: Double) {
            self.declination = declination
            self.equationOfTime = equationOfTime
        }
    }

    /// Julian centuries since J2000.0 of an instant given as Unix seconds (UTC; NOAA's
    /// `calcTimeJulianCent` of the Julian day `unix / 86400 + 2440587.5`).
    @inlinable
    public static func julianCentury(unixSeconds: Double) -> Double {
        (unixSeconds / 86_400 + 2_440_587.5 - 2_451_545.0) / 36_525.0
    }

    /// The declination and equation of time at Julian century `t`.
    @inlinable
    public static func state(julianCentury t: Double) -> State {
        let radian = Double.pi / 180
        var l0 = (280.46646 + t * (36_000.76983 + t * 0.0003032)).truncatingRemainder(dividingBy: 360)
        if l0 < 0 { l0 += 360 }
        let m = 357.52911 + t * (35_999.05029 - 0.0001537 * t)
        let e = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let mr = m * radian
        let center = CMath.sin(mr) * (1.914602 - t * (0.004817 + 0.000014 * t)) + CMath.sin(2 * mr) * (0.019993 - 0.000101 * t) + CMath.sin(3 * mr) * 0.000289
        let omega = (125.04 - 1934.136 * t) * radian
        let lambda = (l0 + center - 0.00569 - 0.00478 * CMath.sin(omega)) * radian
        let seconds = 21.448 - t * (46.8150 + t * (0.00059 - t * 0.001813))
        let epsilon = (23.0 + (26.0 + seconds / 60.0) / 60.0 + 0.00256 * CMath.cos(omega)) * radian
        let declination = CMath.asin(CMath.sin(epsilon) * CMath.sin(lambda))
        let y = CMath.tan(epsilon / 2) * CMath.tan(epsilon / 2)
        let l0r = l0 * radian
        let eot = y * CMath.sin(2 * l0r) - 2 * e * CMath.sin(mr) + 4 * e * y * CMath.sin(mr) * CMath.cos(2 * l0r)
            - 0.5 * y * y * CMath.sin(4 * l0r) - 1.25 * e * e * CMath.sin(2 * mr)
        return State(declination: declination, equationOfTime: eot / radian * 4)
    }

    /// The hour angle, radians (≥ 0), at which the sun's centre stands at `zenith` degrees from
    /// the zenith, or `nil` when it never does that day (the sun stays above or below).
    @inlinable
    public static func hourAngle(zenith: Double, latitude: Double, declination: Double) -> Double? {
        let radian = Double.pi / 180
        let phi = latitude * radian
        let argument = CMath.cos(zenith * radian) / (CMath.cos(phi) * CMath.cos(declination)) - CMath.tan(phi) * CMath.tan(declination)
        guard argument.isFinite, argument >= -1, argument <= 1 else { return nil }
        return CMath.acos(argument)
    }

    /// The sun's geometric elevation, degrees (no refraction), at an instant and place.
    @inlinable
    public static func elevation(unixSeconds: Double, latitude: Double, longitude: Double) -> Double {
        let radian = Double.pi / 180
        let state = state(julianCentury: julianCentury(unixSeconds: unixSeconds))
        var minutes = (unixSeconds / 60).truncatingRemainder(dividingBy: 1440)
        if minutes < 0 { minutes += 1440 }
        let trueSolar = minutes + state.equationOfTime + 4 * longitude
        let hourAngle = (trueSolar / 4 - 180) * radian
        let phi = latitude * radian
        let cosZenith = CMath.sin(phi) * CMath.sin(state.declination) + CMath.cos(phi) * CMath.cos(state.declination) * CMath.cos(hourAngle)
        return 90 - CMath.acos(min(1, max(-1, cosZenith))) / radian
    }
}
