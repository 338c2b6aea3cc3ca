import KMAGrid  // CMath: the package's one maths shim (the C library's atan, pow, log, sin …)

/// 체감온도 (apparent temperature) by KMA's definition: pure functions of the air temperature,
/// the relative humidity, the 10 m wind and the KST month, with no allocation.
///
/// ```swift
/// ApparentTemperature.celsius(temperature: 33, humidityPercent: 70, windSpeed: 2, month: 7)    // 35.3 (summer)
/// ApparentTemperature.celsius(temperature: -10, humidityPercent: 50, windSpeed: 5 / 3.6, month: 1)   // -12.9 (wind chill)
/// ```
///
/// - **Summer, May–September** (KMA's 2022 formula, used since 2022-06-02): Stull's (2011)
///   wet-bulb temperature `Tw` from the air temperature `Ta` (°C) and humidity `RH` (%), then
///   `−0.2442 + 0.55399·Tw + 0.45535·Ta − 0.0022·Tw² + 0.00278·Tw·Ta + 3.0`. No wind term, as
///   KMA publishes it. Stull states his fit for RH 5–99 % and −20…50 °C; KMA publishes no bound,
///   so the formula is applied as it is (at RH 100 % it stays finite and smooth).
/// - **Winter, October–April**: the JAG/TI wind chill (2001),
///   `13.12 + 0.6215·T − 11.37·V^0.16 + 0.3965·V^0.16·T` with `V` the 10 m wind in km/h
///   (= 3.6 × `WSD` m/s), only where `T ≤ 10 °C` and the wind is at least 1.3 m/s (KMA's
///   "기온 10도 이하, 풍속 1.3㎧ 이상일 때만 산출"); elsewhere the air temperature itself.
///
/// The sources, and where they disagree, are in `Fixtures/apparent/SOURCES.md`.
public enum ApparentTemperature {
    /// The wind speed from which KMA computes a wind chill, m/s.
    public static let windChillMinimumWind = 1.3
    /// The highest air temperature at which KMA computes a wind chill, °C.
    public static let windChillMaximumTemperature = 10.0

    /// Whether KST month `month` (1…12) is in KMA's summer season for 체감온도 (May–September).
    @inlinable
    public static func isSummer(month: Int) -> Bool { month >= 5 && month <= 9 }

    /// KMA's 체감온도, °C, for one hour.
    ///
    /// - Parameters:
    ///   - temperature: The air temperature, °C.
    ///   - humidityPercent: The relative humidity, % (0…100); needed in summer.
    ///   - windSpeed: The 10 m wind speed, m/s (≥ 0); needed in winter when `temperature ≤ 10`.
    ///   - month: The hour's KST month, 1…12.
    /// - Returns: °C, unrounded; `nil` when an input the season needs is missing or not finite,
    ///   or the month is not 1…12.
    @inlinable
    public static func celsius(temperature: Double, humidityPercent: Double?, windSpeed: Double?, month: Int) -> Double? {
        guard temperature.isFinite, (1...12).contains(month) else { return nil }
        if isSummer(month: month) {
            guard let humidityPercent, humidityPercent.isFinite, humidityPercent >= 0 else { return nil }
            return summer(temperature: temperature, humidityPercent: humidityPercent)
        }
        if temperature > windChillMaximumTemperature { return temperature }
        guard let windSpeed, windSpeed.isFinite, windSpeed >= 0 else { return nil }
        guard windSpeed >= windChillMinimumWind else { return temperature }
        return windChill(temperature: temperature, windKilometresPerHour: 3.6 * windSpeed)
    }

    /// KMA's 2022 summer 체감온도, °C, from the air temperature (°C) and humidity (%).
    @inlinable
    public static func summer(temperature ta: Double, humidityPercent rh: Double) -> Double {
        let tw = wetBulb(temperature: ta, humidityPercent: rh)
        return -0.2442 + 0.55399 * tw + 0.45535 * ta - 0.0022 * tw * tw + 0.00278 * tw * ta + 3.0
    }

    /// Stull's (2011) wet-bulb temperature, °C, with KMA's constants (1.67633 where Stull prints
    /// 1.676331): `Ta·atan(0.151977·√(RH + 8.313659)) + atan(Ta + RH) − atan(RH − 1.67633)
    /// + 0.00391838·RH^1.5·atan(0.023101·RH) − 4.686035`.
    @inlinable
    public static func wetBulb(temperature ta: Double, humidityPercent rh: Double) -> Double {
        ta * CMath.atan(0.151977 * (rh + 8.313659).squareRoot()) + CMath.atan(ta + rh) - CMath.atan(rh - 1.67633)
            + 0.00391838 * rh * rh.squareRoot() * CMath.atan(0.023101 * rh) - 4.686035
    }

    /// The JAG/TI wind chill, °C, from the air temperature (°C) and the 10 m wind in km/h. Valid
    /// (by KMA's rule) for `T ≤ 10 °C` and a wind of at least 4.68 km/h; not checked here.
    @inlinable
    public static func windChill(temperature t: Double, windKilometresPerHour v: Double) -> Double {
        let v16 = CMath.pow(v, 0.16)
        return 13.12 + 0.6215 * t - 11.37 * v16 + 0.3965 * v16 * t
    }
}
