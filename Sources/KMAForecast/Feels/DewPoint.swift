import KMAGrid  // CMath: the package's one maths shim (the C library's atan, pow, log, sin …)

/// The dew point by the Magnus formula over water, with Alduchov and Eskridge's (1996)
/// constants `b = 17.625`, `c = 243.04 °C` (their AERK fit, within 0.1–0.4 °C of the exact
/// saturation curve for −40…50 °C):
///
///     γ = ln(RH / 100) + b·T / (c + T)
///     Td = c·γ / (b − γ)
///
/// Pure and allocation-free.
public enum DewPoint {
    /// Magnus's `b`, dimensionless.
    public static let b = 17.625
    /// Magnus's `c`, °C.
    public static let c = 243.04

    /// The dew point, °C, unrounded.
    ///
    /// - Parameters:
    ///   - temperature: The air temperature, °C.
    ///   - humidityPercent: The relative humidity, % (above 0, up to 100; KMA's `REH`).
    /// - Returns: `nil` when the humidity is 0 or less (no dew point) or an input is not finite.
    @inlinable
    public static func celsius(temperature: Double, humidityPercent: Double) -> Double? {
        guard temperature.isFinite, humidityPercent.isFinite, humidityPercent > 0, temperature > -c else { return nil }
        let gamma = CMath.log(humidityPercent / 100) + b * temperature / (c + temperature)
        return c * gamma / (b - gamma)
    }
}
