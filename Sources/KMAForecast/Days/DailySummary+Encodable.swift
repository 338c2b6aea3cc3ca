/// The JSON shape of a day; keys whose value is unknown are left out.
///
/// ```json
/// {"nx":60,"ny":120,"date":"20221121","hours":24,
///  "runs":[{"baseDate":"20221120","baseTime":"0500"}],
///  "minimumTemperature":{"value":7,"unit":"°C","source":"daily"},
///  "maximumTemperature":{"value":17,"unit":"°C","source":"daily"},
///  "maximumProbabilityOfPrecipitation":{"value":30,"unit":"%"},
///  "precipitation":{"form":"zero","min":0,"max":0,"unit":"mm","hoursCounted":24,"hoursNotCounted":0},
///  "snow":{"form":"zero","min":0,"max":0,"unit":"cm","hoursCounted":24,"hoursNotCounted":0},
///  "sky":{"code":4,"en":"overcast","ko":"흐림"}}
/// ```
///
/// `heaviestRain` and `heaviestSnow` (extended days) have the shape of `sky`. See
/// ``AmountTotal`` and ``TemperatureExtreme`` for theirs.
extension DailySummary: Encodable {
    private enum CodingKeys: String, CodingKey {
        case nx, ny, date, hours, runs, minimumTemperature, maximumTemperature
        case maximumProbabilityOfPrecipitation, precipitation, snow, sky, heaviestRain, heaviestSnow
    }

    /// A run as the API names it.
    private struct Run: Encodable {
        var baseDate: String
        var baseTime: String
    }

    /// A measurement with its unit.
    private struct Measured: Encodable {
        var value: Double
        var unit: String
    }

    /// A code with its names: `{"code":…,"en":…,"ko":…}`.
    private struct Named: Encodable {
        var code: any NamedCode

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ValueCodingKey.self)
            try container.encodeName(code)
        }
    }

    /// Encodes the shape above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(nx, forKey: .nx)
        try container.encode(ny, forKey: .ny)
        try container.encode(dateString, forKey: .date)
        try container.encode(hours, forKey: .hours)
        try container.encode(runs.map { Run(baseDate: $0.baseDate, baseTime: $0.baseTime) }, forKey: .runs)
        try container.encodeIfPresent(minimumTemperature, forKey: .minimumTemperature)
        try container.encodeIfPresent(maximumTemperature, forKey: .maximumTemperature)
        try container.encodeIfPresent(
            maximumProbabilityOfPrecipitation.map { Measured(value: $0, unit: ForecastUnit.percent.symbol) },
            forKey: .maximumProbabilityOfPrecipitation
        )
        try container.encodeIfPresent(precipitation, forKey: .precipitation)
        try container.encodeIfPresent(snow, forKey: .snow)
        try container.encodeIfPresent(sky.map { Named(code: $0) }, forKey: .sky)
        try container.encodeIfPresent(
            heaviestRain.map { Named(code: $0) }, forKey: .heaviestRain
        )
        try container.encodeIfPresent(
            heaviestSnow.map { Named(code: $0) }, forKey: .heaviestSnow
        )
    }
}
