import Foundation
import KMAForecast
import KMAGrid

/// An hour's stored shape: the hour, the typed values a reader wants (temperature °C, the chance
/// of rain and humidity 0…1, wind m/s and degrees, amounts in mm and cm, KMA's `SKY`/`PTY` codes,
/// the condition), and the sources with every value as KMA sent it:
///
/// ```json
/// {"time":"2026-11-21T06:00:00+09:00","nx":60,"ny":127,"condition":"clear","temperature":5,
///  "precipitationChance":0.2,"humidity":0.6,"windSpeed":1.2,"windDirection":106,"sky":1,"precipitationType":0,
///  "precipitationAmount":{"minimum":0,"maximum":0},
///  "sources":[{"product":"ultra-short","base":"2026-11-21T05:30:00+09:00","values":{"T1H":"5","SKY":"1"}},
///             {"product":"short-term","base":"2026-11-21T05:00:00+09:00","values":{"POP":"20"}}]}
/// ```
///
/// `apparentTemperature` and `dewPoint` (°C, one decimal) are derived and only written;
/// `isDaylight` and `uvIndex` are stored.
/// Absent values are left out, never `null` or 0. The typed values are derived from `sources`
/// again when decoded, so a stored hour decodes equal to the one the client made.
extension HourlyForecast: Codable {
    private enum CodingKeys: String, CodingKey {
        case time, nx, ny, condition, temperature, precipitationChance, humidity, windSpeed, windDirection, windStrength
        case sky, precipitationType, precipitationAmount, rainIntensity, snowfallAmount, snowIntensity, waveHeight, lightning
        case apparentTemperature, dewPoint, isDaylight, uvIndex
        case sources
    }

    private enum SourceKeys: String, CodingKey { case product, base, values }

    private struct CategoryKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private enum AmountKeys: String, CodingKey { case minimum, maximum }

    /// Decodes the shape (the typed values are read from `sources`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let time = try container.decode(KSTDateTime.self, forKey: .time)
        let nx = try container.decode(Int.self, forKey: .nx)
        let ny = try container.decode(Int.self, forKey: .ny)
        guard let cell = try? GridCell(nx: nx, ny: ny) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "cell nx \(nx), ny \(ny) is outside the grid"))
        }
        var list = try container.nestedUnkeyedContainer(forKey: .sources)
        var sources: [Source] = []
        var seen = Set<ForecastCategory>()
        while !list.isAtEnd {
            let source = try list.nestedContainer(keyedBy: SourceKeys.self)
            let product = try source.decode(ForecastProduct.self, forKey: .product)
            let base = ForecastBase(try source.decode(KSTDateTime.self, forKey: .base))
            var row = ForecastRow(cell: cell, validTime: time, base: base, isObservation: product == .nowcast)
            let values = try source.nestedContainer(keyedBy: CategoryKey.self, forKey: .values)
            for key in values.allKeys {
                guard let category = ForecastCategory(validating: key.stringValue), seen.insert(category).inserted else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: values, debugDescription: "'\(key.stringValue)' is not a category code, or comes from two sources")
                }
                row[category] = try values.decode(String.self, forKey: key)
            }
            sources.append(Source(product: product, row: row))
        }
        guard !sources.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .sources, in: container, debugDescription: "an hour has at least one source")
        }
        self.init(time: time, cell: cell, sources: sources)
        isDaylight = try container.decodeIfPresent(Bool.self, forKey: .isDaylight)
        uvIndex = try container.decodeIfPresent(Int.self, forKey: .uvIndex)
    }

    /// Encodes the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(cell.nx, forKey: .nx)
        try container.encode(cell.ny, forKey: .ny)
        try container.encodeIfPresent(condition, forKey: .condition)
        try container.encodeIfPresent(temperatureCelsius, forKey: .temperature)
        try container.encodeIfPresent(precipitationChance, forKey: .precipitationChance)
        try container.encodeIfPresent(humidity, forKey: .humidity)
        try container.encodeIfPresent(windSpeed?.value, forKey: .windSpeed)
        try container.encodeIfPresent(windDirection?.degrees, forKey: .windDirection)
        if windSpeed == nil { try container.encodeIfPresent(windStrength?.rawValue, forKey: .windStrength) }
        try container.encodeIfPresent(sky, forKey: .sky)
        try container.encodeIfPresent(precipitationType, forKey: .precipitationType)
        func amount(_ range: AmountRange?, _ key: CodingKeys) throws {
            guard let range else { return }
            var nested = container.nestedContainer(keyedBy: AmountKeys.self, forKey: key)
            try nested.encode(range.lowerBound, forKey: .minimum)
            try nested.encodeIfPresent(range.upperBound, forKey: .maximum)
        }
        try amount(precipitationAmountRange, .precipitationAmount)
        try container.encodeIfPresent(rainIntensity?.rawValue, forKey: .rainIntensity)
        try amount(snowfallAmountRange, .snowfallAmount)
        try container.encodeIfPresent(snowIntensity?.rawValue, forKey: .snowIntensity)
        try container.encodeIfPresent(waveHeight?.value, forKey: .waveHeight)
        try container.encodeIfPresent(lightning, forKey: .lightning)
        try container.encodeIfPresent(apparentTemperatureCelsius, forKey: .apparentTemperature)
        try container.encodeIfPresent(dewPointCelsius, forKey: .dewPoint)
        try container.encodeIfPresent(isDaylight, forKey: .isDaylight)
        try container.encodeIfPresent(uvIndex, forKey: .uvIndex)
        var list = container.nestedUnkeyedContainer(forKey: .sources)
        for source in sources {
            var nested = list.nestedContainer(keyedBy: SourceKeys.self)
            try nested.encode(source.product, forKey: .product)
            try nested.encode(source.base.dateTime, forKey: .base)
            var values = nested.nestedContainer(keyedBy: CategoryKey.self, forKey: .values)
            for category in source.row.categories {
                if let text = source.row[category] { try values.encode(text, forKey: CategoryKey(stringValue: category.code)) }
            }
        }
    }
}
