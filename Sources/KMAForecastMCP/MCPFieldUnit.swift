import KMAForecast

/// The unit of a grid field's values as `kma_field_values` states it: `°C`, `%`, `mm`, `cm`,
/// `m/s`, `m`, `kA/km²`, degrees for the wind's direction, or for SKY and PTY the codes with
/// their meanings (which differ by product for PTY).
struct MCPFieldUnit: Sendable {
    /// The unit as the structured result has it: `°C`, `deg`, `code` …
    var unit: String
    /// The unit in words, for the text: `°C`, `degrees the wind blows from (0 = north, 90 = east)`,
    /// `a code: 1 clear, 3 mostly cloudy, 4 overcast`.
    var words: String
    /// For a code variable, each code and its meaning; empty otherwise.
    var codes: [(code: Int, meaning: String)]

    /// The unit of `variable` in `product`'s grid.
    init(_ variable: ForecastCategory, product: ForecastProduct) {
        switch variable {
        case .sky:
            codes = SkyCondition.allCases.map { ($0.rawValue, $0.englishName) }
        case .pty:
            codes = PrecipitationType.allCases.filter { $0.isUsed(by: product) }.map { ($0.rawValue, $0.englishName) }
        default:
            codes = []
        }
        if !codes.isEmpty {
            unit = "code"
            words = "a code: " + codes.map { "\($0.code) \($0.meaning)" }.joined(separator: ", ")
        } else if variable == .vec {
            unit = "deg"
            words = "degrees the wind blows from (0 = north, 90 = east)"
        } else {
            unit = variable.unit ?? "as KMA gives it"
            words = unit
        }
    }

    /// A value with its unit: `12.5 °C`, `3 (mostly cloudy)`, `270°`.
    func text(_ value: Double) -> String {
        let number = JSONText.number(value)
        if !codes.isEmpty {
            let meaning = codes.first { Double($0.code) == value }?.meaning ?? "not a documented code"
            return "\(number) (\(meaning))"
        }
        if unit == "deg" { return number + "°" }
        if unit == "%" { return number + "%" }
        return number + " " + unit
    }

    /// The codes as the structured result has them: `{"1":"clear",…}`.
    var codesJSON: JSONValue { .object(codes.map { (String($0.code), .string($0.meaning)) }) }
}
