/// A day's sun at a place, computed on the device from NOAA's solar equations
/// (``SolarEphemeris``): dawns, sunrise, solar noon, sunset and dusks, each an instant in KST,
/// with WeatherKit's names. No key, no request.
///
/// ```swift
/// let sun = SunTimes(date: 20261003, latitude: 37.5667, longitude: 126.9833)!
/// sun.sunrise?.iso8601            // 2026-10-03T06:29:…+09:00 (KASI: 06:29)
/// sun.isDaylight(at: noon)        // true
/// ```
///
/// - Sunrise and sunset: the sun's upper limb on a sea-level horizon, with standard refraction
///   (the centre 90.833° from the zenith, as NOAA and KASI use); civil, nautical and
///   astronomical twilight: the centre 96°, 102° and 108° from the zenith.
/// - Each event is solved at its own instant (the declination and equation of time are
///   evaluated again at the event until the time moves by less than a second), rounded to the
///   second. An event the sun does not reach that day (polar day or night, or a summer night
///   that never gets astronomically dark at high latitude) is `nil`.
/// - The day is the KST calendar date; the events are those of that date's solar day.
public struct SunTimes: Hashable, Sendable {
    /// Morning astronomical twilight begins (sun's centre 18° below the horizon).
    public var astronomicalDawn: KSTDateTime?
    /// Morning nautical twilight begins (12° below).
    public var nauticalDawn: KSTDateTime?
    /// Morning civil twilight begins (6° below).
    public var civilDawn: KSTDateTime?
    /// Sunrise (upper limb on the horizon, refraction included).
    public var sunrise: KSTDateTime?
    /// Solar noon (the sun on the meridian).
    public var solarNoon: KSTDateTime?
    /// Sunset.
    public var sunset: KSTDateTime?
    /// Evening civil twilight ends.
    public var civilDusk: KSTDateTime?
    /// Evening nautical twilight ends.
    public var nauticalDusk: KSTDateTime?
    /// Evening astronomical twilight ends.
    public var astronomicalDusk: KSTDateTime?

    /// Events as given.
    public init(astronomicalDawn: KSTDateTime?, nauticalDawn: KSTDateTime?, civilDawn: KSTDateTime?, sunrise: KSTDateTime?,
                solarNoon: KSTDateTime?, sunset: KSTDateTime?, civilDusk: KSTDateTime?, nauticalDusk: KSTDateTime?,
                astronomicalDusk: KSTDateTime?) {
        self.astronomicalDawn = astronomicalDawn
        self.nauticalDawn = nauticalDawn
        self.civilDawn = civilDawn
        self.sunrise = sunrise
        self.solarNoon = solarNoon
        self.sunset = sunset
        self.civilDusk = civilDusk
        self.nauticalDusk = nauticalDusk
        self.astronomicalDusk = astronomicalDusk
    }

    /// The events of a KST date at a place.
    ///
    /// - Parameters:
    ///   - date: `YYYYMMDD` (KST); must be a real date.
    ///   - latitude: Degrees north, −90…90.
    ///   - longitude: Degrees east, −180…180.
    /// - Returns: `nil` for a date that is not real or a coordinate out of range.
    public init?(date: Int, latitude: Double, longitude: Double) {
        guard let midnight = try? KSTDateTime(year: date / 10_000, month: date / 100 % 100, day: date % 100) else { return nil }
        self.init(day: midnight, latitude: latitude, longitude: longitude)
    }

    /// The events of the KST date of `day` (any instant of it) at a place; `nil` for a
    /// coordinate out of range.
    public init?(day: KSTDateTime, latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        // 00:00 UTC of the KST calendar date (NOAA's Julian day of the date), Unix seconds.
        let start = day.adding(seconds: -Int64(day.hour * 3600 + day.minute * 60 + day.second))
        let utcMidnight = Double(start.unixSeconds + KSTDateTime.utcOffset)
        func event(_ zenith: Double, rising: Bool) -> KSTDateTime? {
            Self.event(utcMidnight: utcMidnight, zenith: zenith, rising: rising, latitude: latitude, longitude: longitude)
        }
        self.init(
            astronomicalDawn: event(108, rising: true), nauticalDawn: event(102, rising: true), civilDawn: event(96, rising: true),
            sunrise: event(90.833, rising: true), solarNoon: Self.noon(utcMidnight: utcMidnight, longitude: longitude),
            sunset: event(90.833, rising: false), civilDusk: event(96, rising: false), nauticalDusk: event(102, rising: false),
            astronomicalDusk: event(108, rising: false)
        )
    }

    /// One event: minutes after 00:00 UTC of the date, `720 − 4·(λ ± H) − E`, solved at its
    /// own instant.
    @inlinable
    static func event(utcMidnight: Double, zenith: Double, rising: Bool, latitude: Double, longitude: Double) -> KSTDateTime? {
        var minutes = 720 - 4 * longitude
        for _ in 0..<5 {
            let state = SolarEphemeris.state(julianCentury: SolarEphemeris.julianCentury(unixSeconds: utcMidnight + minutes * 60))
            guard let angle = SolarEphemeris.hourAngle(zenith: zenith, latitude: latitude, declination: state.declination) else { return nil }
            let degrees = angle * 180 / Double.pi
            let next = 720 - 4 * (longitude + (rising ? degrees : -degrees)) - state.equationOfTime
            let moved = abs(next - minutes)
            minutes = next
            if moved < 1.0 / 120 { break }
        }
        return KSTDateTime(unixSeconds: Int64(utcMidnight) + Int64((minutes * 60).rounded()))
    }

    /// Solar noon: `720 − 4·λ − E`, with `E` at noon itself.
    @inlinable
    static func noon(utcMidnight: Double, longitude: Double) -> KSTDateTime {
        var minutes = 720 - 4 * longitude
        for _ in 0..<3 {
            minutes = 720 - 4 * longitude - SolarEphemeris.state(julianCentury: SolarEphemeris.julianCentury(unixSeconds: utcMidnight + minutes * 60)).equationOfTime
        }
        return KSTDateTime(unixSeconds: Int64(utcMidnight) + Int64((minutes * 60).rounded()))
    }

    /// Whether the sun is up at `instant` by this day's sunrise and sunset: from sunrise
    /// (included) to sunset (excluded). `nil` when the day has neither (polar day or night:
    /// ask ``isSunUp(at:latitude:longitude:)``).
    public func isDaylight(at instant: KSTDateTime) -> Bool? {
        switch (sunrise, sunset) {
        case let (rise?, set?): rise <= instant && instant < set
        case let (rise?, nil): rise <= instant
        case let (nil, set?): instant < set
        case (nil, nil): nil
        }
    }

    /// Whether the sun's upper limb is above the horizon (refraction included) at an instant
    /// and place: the sun's centre higher than −0.833°.
    public static func isSunUp(at instant: KSTDateTime, latitude: Double, longitude: Double) -> Bool {
        SolarEphemeris.elevation(unixSeconds: Double(instant.unixSeconds), latitude: latitude, longitude: longitude) > -0.833
    }
}
