/// The JSON shape of a value: always `raw` and `kind`, then the fields of that kind. Numbers
/// are finite JSON numbers in the unit named by `unit`; `max` is exclusive for ranges
/// (KMA's bins) and absent when there is no upper bound.
///
/// | kind | example |
/// |---|---|
/// | `number` | `{"raw":"10","kind":"number","value":10,"unit":"°C"}` |
/// | `missing` | `{"raw":"-999","kind":"missing"}` |
/// | `sky` | `{"raw":"1","kind":"sky","code":1,"en":"clear","ko":"맑음"}` |
/// | `precipitationType` | `{"raw":"4","kind":"precipitationType","code":4,"en":"shower","ko":"소나기"}` |
/// | `precipitation` | `{"raw":"30.0~50.0mm","kind":"precipitation","form":"range","min":30,"max":50,"unit":"mm"}` |
/// | `snow` | `{"raw":"5.0cm 이상","kind":"snow","form":"atLeast","min":5,"unit":"cm"}` |
/// | `rainIntensity` | `{"raw":"2","kind":"rainIntensity","code":2,"en":"moderate rain","ko":"보통 비","min":3,"max":15,"unit":"mm/h"}` |
/// | `snowIntensity` | `{"raw":"1","kind":"snowIntensity","code":1,"en":"moderate snow","ko":"보통 눈","min":0,"max":1,"unit":"cm/h"}` |
/// | `windStrength` | `{"raw":"3","kind":"windStrength","code":3,"en":"strong wind","ko":"강한 바람","min":9,"unit":"m/s"}` |
/// | `windDirection` | `{"raw":"241","kind":"windDirection","value":241,"unit":"deg","compass":"WSW","en":"west-southwest","ko":"서남서"}` |
/// | `unparsed` | `{"raw":"abc","kind":"unparsed"}` |
///
/// `form` is one of `zero` (`강수없음`, `적설없음`: min 0, max 0), `lessThan` (min 0), `exactly`
/// (min = max), `range`, `atLeast` (no max). The category is not repeated: it is the key or
/// field the value sits under. Key order is not part of the shape (Foundation's `JSONEncoder`
/// on Linux does not keep it); use `.sortedKeys` for byte-stable output.
extension ForecastValue: Encodable {
    /// Encodes the shape above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ValueCodingKey.self)
        try container.encode(raw, forKey: .raw)
        try container.encode(meaning.kind, forKey: .kind)
        switch meaning {
        case .number(let value):
            try container.encode(value, forKey: .value)
            try container.encodeIfPresent(unit?.symbol, forKey: .unit)
        case .missing, .unparsed:
            break
        case .sky(let sky):
            try container.encodeName(sky)
        case .precipitationType(let type):
            try container.encodeName(type)
        case .precipitation(let amount):
            try container.encode(amount.form, forKey: .form)
            try container.encodeBounds(amount, unit: .millimeters)
        case .snow(let amount):
            try container.encode(amount.form, forKey: .form)
            try container.encodeBounds(amount, unit: .centimeters)
        case .rainIntensity(let intensity):
            try container.encodeName(intensity)
            try container.encodeBounds(intensity.rate, unit: .millimetersPerHour)
        case .snowIntensity(let intensity):
            try container.encodeName(intensity)
            try container.encodeBounds(intensity.rate, unit: .centimetersPerHour)
        case .windStrength(let strength):
            try container.encodeName(strength)
            try container.encodeBounds(strength.speed, unit: .metersPerSecond)
        case .windDirection(let direction):
            try container.encode(direction.degrees, forKey: .value)
            try container.encode(ForecastUnit.degrees.symbol, forKey: .unit)
            try container.encode(direction.compassPoint.abbreviation, forKey: .compass)
            try container.encode(direction.compassPoint.englishName, forKey: .en)
            try container.encode(direction.compassPoint.koreanName, forKey: .ko)
        }
    }
}

/// The field names of the JSON shapes of values and summaries.
internal enum ValueCodingKey: String, CodingKey {
    case raw, kind, value, unit, code, en, ko, form, min, max, compass, hoursCounted, hoursNotCounted
}

extension KeyedEncodingContainer<ValueCodingKey> {
    /// `code`, `en`, `ko`.
    mutating func encodeName(_ code: some NamedCode) throws {
        try encode(code.code, forKey: .code)
        try encode(code.englishName, forKey: .en)
        try encode(code.koreanName, forKey: .ko)
    }

    /// `min`, `max` (absent when unbounded), `unit`.
    mutating func encodeBounds(_ amount: AmountRange, unit: ForecastUnit) throws {
        try encode(amount.lowerBound, forKey: .min)
        try encodeIfPresent(amount.upperBound, forKey: .max)
        try encode(unit.symbol, forKey: .unit)
    }
}
