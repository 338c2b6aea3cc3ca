import KMAForecast

/// A forecast's stored shape, the JSON of `kma-forecast --format json`:
///
/// ```json
/// {"location":{"cell":{"nx":60,"ny":127},"coordinate":{"latitude":37.57,"longitude":126.98},
///              "placeName":"서울특별시 종로구","midTermRegions":{"landRegionID":"11B00000",…}},
///  "requestedAt":"2026-11-21T05:30:00+09:00","nextUpdate":"2026-11-21T05:40:00+09:00",
///  "current":{…hour…},"hourly":[{…hour…}],"daily":[{…day…}],
///  "products":[{…product outcome…}],"midTerm":{…},"warnings":{…}}
/// ```
///
/// with ``HourlyForecast``'s, ``ForecastDay``'s, ``ProductOutcome``'s and ``MidTermOutcome``'s
/// shapes (and `"uv":{…}`, ``UVIndexOutcome``'s, when the UV index was asked for); `recording` is there for a recorded sample; absent values are left out, never
/// `null`. `alerts` (``WeatherWarning``s, the warnings in force) comes right after `nextUpdate`
/// whenever the warnings were asked for (`warnings`, a ``WarningsOutcome``). `nextUpdate` is derived and only written. The JSON Schema of this shape is
/// `Schemas/local-forecast.schema.json` in the repository.
extension LocalForecast: Codable {
    private enum CodingKeys: String, CodingKey {
        case location, requestedAt, recording, nextUpdate, alerts, current, hourly, daily, products, midTerm, uv, warnings
    }

    /// Decodes the shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        location = try container.decode(Location.self, forKey: .location)
        requestedAt = try container.decode(KSTDateTime.self, forKey: .requestedAt)
        recording = try container.decodeIfPresent(Recording.self, forKey: .recording)
        current = try container.decodeIfPresent(HourlyForecast.self, forKey: .current)
        hourly = try container.decode([HourlyForecast].self, forKey: .hourly)
        daily = try container.decode([ForecastDay].self, forKey: .daily)
        products = try container.decode([ProductOutcome].self, forKey: .products)
        midTerm = try container.decodeIfPresent(MidTermOutcome.self, forKey: .midTerm)
        alerts = try container.decodeIfPresent([WeatherWarning].self, forKey: .alerts) ?? []
        warnings = try container.decodeIfPresent(WarningsOutcome.self, forKey: .warnings)
        uv = try container.decodeIfPresent(UVIndexOutcome.self, forKey: .uv)
    }

    /// Encodes the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(location, forKey: .location)
        try container.encode(requestedAt, forKey: .requestedAt)
        try container.encodeIfPresent(recording, forKey: .recording)
        try container.encodeIfPresent(nextUpdate, forKey: .nextUpdate)
        if warnings != nil || !alerts.isEmpty { try container.encode(alerts, forKey: .alerts) }
        try container.encodeIfPresent(current, forKey: .current)
        try container.encode(hourly, forKey: .hourly)
        try container.encode(daily, forKey: .daily)
        try container.encode(products, forKey: .products)
        try container.encodeIfPresent(midTerm, forKey: .midTerm)
        try container.encodeIfPresent(warnings, forKey: .warnings)
        try container.encodeIfPresent(uv, forKey: .uv)
    }
}
