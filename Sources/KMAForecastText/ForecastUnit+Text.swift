import KMAForecast

extension ForecastUnit {
    /// A value with this unit for people, rounded to ``displayDecimals`` without trailing
    /// zeros: `10°C`, `85%`, `241°`; English puts a space before a word-like symbol
    /// (`2.1 m/s`, `0.5 cm`), Korean does not (`2.1m/s`).
    public func text(_ value: Double, _ language: DisplayLanguage) -> String {
        let number = NumberText.format(value, decimals: displayDecimals)
        switch self {
        case .degrees: return number + "°"
        case .celsius, .fahrenheit, .percent: return number + symbol
        default: return language == .en ? number + " " + symbol : number + symbol
        }
    }
}
