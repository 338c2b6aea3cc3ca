import KMAForecast

extension ForecastUnit {
    /// A value with this unit for people, rounded to ``displayDecimals`` without trailing
    /// zeros: `10°C`, `85%`, `241°`; English puts a space before a word-like symbol
    /// (`2.1 m/s`, `0.5 cm`), Korean does not (`2.1m/s`).
    public func text(_ value: Double, _ language: DisplayLanguage) -> String {
        text(value, language, decimals: displayDecimals)
    }

    /// A value with this unit for people, rounded to `decimals` (at most ``displayDecimals``)
    /// without trailing zeros.
    public func text(_ value: Double, _ language: DisplayLanguage, decimals: Int) -> String {
        let number = NumberText.format(value, decimals: max(0, min(decimals, displayDecimals)))
        switch self {
        case .degrees: return number + "°"
        case .celsius, .fahrenheit, .percent: return number + symbol
        default: return language == .en ? number + " " + symbol : number + symbol
        }
    }
}

extension UnitSystem {
    /// A temperature for people in this unit system, as precise as the °C it came from: `12°C`
    /// is `54°F` (not `53.6°F`), `9.4°C` is `48.9°F`; every view that shows a temperature
    /// rounds °F the way it rounds °C.
    ///
    /// - Parameters:
    ///   - celsius: The temperature, °C.
    ///   - decimals: The decimals to show; default: as many as `celsius` has (at most one).
    public func temperatureText(celsius: Double, _ language: DisplayLanguage, decimals: Int? = nil) -> String {
        let shown = convert(celsius, from: .celsius)
        return shown.unit.text(shown.value, language, decimals: decimals ?? Self.decimals(of: celsius, atMost: ForecastUnit.celsius.displayDecimals))
    }

    /// The fewest decimals (up to `limit`) that write `value` as it is: 0 for 12, 1 for 9.4.
    static func decimals(of value: Double, atMost limit: Int) -> Int {
        var scale = 1.0
        for decimals in 0..<max(0, limit) {
            let scaled = value * scale
            if abs(scaled - scaled.rounded()) < 1e-6 * max(1, abs(scaled)) { return decimals }
            scale *= 10
        }
        return max(0, limit)
    }
}
