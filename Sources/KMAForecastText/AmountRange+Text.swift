import KMAForecast

extension AmountRange {
    /// The amount for people in the units of `units`: `1mm 미만` / `under 1 mm`,
    /// `30~50mm` / `30–50 mm`, `50mm 이상` / `50 mm or more`; ``zero`` is `없음` / `none`.
    ///
    /// - Parameters:
    ///   - language: Korean or English.
    ///   - unit: The unit the amount is in (mm for precipitation, cm for snow).
    ///   - units: The unit system to show it in.
    public func text(_ language: DisplayLanguage, unit: ForecastUnit, units: UnitSystem = .metric) -> String {
        let shown = units.displayUnit(for: unit)
        let amount = convert(from: unit, to: shown) ?? self
        switch (amount, language) {
        case (.zero, .ko): return "없음"
        case (.zero, .en): return "none"
        case (.lessThan(let value), .ko): return shown.text(value, .ko) + " 미만"
        case (.lessThan(let value), .en): return "under " + shown.text(value, .en)
        case (.exactly(let value), _): return shown.text(value, language)
        case (.range(let lower, let upper), .ko):
            return NumberText.format(lower, decimals: shown.displayDecimals) + "~" + shown.text(upper, .ko)
        case (.range(let lower, let upper), .en):
            return NumberText.format(lower, decimals: shown.displayDecimals) + "–" + shown.text(upper, .en)
        case (.atLeast(let value), .ko): return shown.text(value, .ko) + " 이상"
        case (.atLeast(let value), .en): return shown.text(value, .en) + " or more"
        }
    }
}
