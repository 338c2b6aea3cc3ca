import KMAForecast

extension ForecastValue {
    /// The value for people, in a language and unit system.
    ///
    /// | meaning | `ko` | `en` |
    /// |---|---|---|
    /// | number | `10°C`, `2.1m/s`, `85%` | `10°C`, `2.1 m/s`, `85%` |
    /// | missing | `결측` | `missing` |
    /// | sky, precipitation type, codes | `구름많음`, `비/눈`, `보통 비` | `mostly cloudy`, `rain and snow`, `moderate rain` |
    /// | precipitation | `강수없음`, `1mm 미만`, `30~50mm`, `50mm 이상` | `none`, `under 1 mm`, `30–50 mm`, `50 mm or more` |
    /// | snow | `적설없음`, `0.5cm 미만` | `none`, `under 0.5 cm` |
    /// | wind direction | `서남서 241°` | `WSW 241°` |
    /// | unparsed, documented category | `오류 (abc)` | `invalid (abc)` |
    /// | unparsed, other category | the raw text | the raw text |
    ///
    /// Text from KMA (an unparsed value) is shown through ``PrintableText``: control characters
    /// escaped, cut after ``maximumShownLength`` characters. A value its category does not
    /// allow (`"abc"` in `TMP`) is shown as invalid, never as if it were data.
    ///
    /// - Parameters:
    ///   - language: Korean or English.
    ///   - units: ``UnitSystem/metric`` (KMA's units) or ``UnitSystem/imperial`` (°F, mph, in);
    ///     °F as precise as KMA's °C (``UnitSystem/temperatureText(celsius:_:decimals:)``).
    public func text(_ language: DisplayLanguage, units: UnitSystem = .metric) -> String {
        switch meaning {
        case .number(let value):
            guard let unit else { return NumberText.format(value, decimals: 1) }
            if unit == .celsius { return units.temperatureText(celsius: value, language) }
            let shown = units.convert(value, from: unit)
            return shown.unit.text(shown.value, language)
        case .missing:
            return language == .ko ? "결측" : "missing"
        case .sky(let sky):
            return sky.name(in: language)
        case .precipitationType(let type):
            return type.name(in: language)
        case .precipitation(let amount):
            if amount == .zero, language == .ko { return "강수없음" }
            return amount.text(language, unit: .millimeters, units: units)
        case .snow(let amount):
            if amount == .zero, language == .ko { return "적설없음" }
            return amount.text(language, unit: .centimeters, units: units)
        case .rainIntensity(let intensity):
            return intensity.name(in: language)
        case .snowIntensity(let intensity):
            return intensity.name(in: language)
        case .windStrength(let strength):
            return strength.name(in: language)
        case .windDirection(let direction):
            return direction.text(language)
        case .unparsed:
            let shown = PrintableText.escaped(raw, maximumLength: Self.maximumShownLength)
            guard category.isDocumented else { return shown }
            return (language == .ko ? "오류 (" : "invalid (") + shown + ")"
        }
    }

    /// The most characters of an unparsed value's text ``text(_:units:)`` shows: 24.
    public static let maximumShownLength = 24
}
