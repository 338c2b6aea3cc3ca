/// One line for `print(day)`: `ForecastDay(2022-11-20: 10…19 °C, clear, rain 30%, short)`
/// (the whole value with `dump(day)`).
extension ForecastDay: CustomStringConvertible {
    /// The date, low…high °C, the day's condition, its highest chance of rain and its source.
    public var description: String {
        let number = { (value: Double?) in value.map { $0.rounded() == $0 ? String(Int($0)) : String($0) } ?? "-" }
        var parts = ["\(number(lowTemperature?.value))…\(number(highTemperature?.value)) °C"]
        if let condition { parts.append(condition.englishName) }
        if let chance = precipitationChance { parts.append("rain \(Int((chance * 100).rounded()))%") }
        parts.append(source?.kind ?? "missing")
        return "ForecastDay(\(isoDate): " + parts.joined(separator: ", ") + ")"
    }
}
