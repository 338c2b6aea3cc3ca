/// A day's stored shape; see ``ForecastDay``. Absent values are left out (never `null`, never 0);
/// `precipitationChance` and `condition` are written for readers of the JSON and derived again
/// from the halves when decoded.
extension ForecastDay: Codable {
    private enum CodingKeys: String, CodingKey {
        case date, low, high, morning, afternoon, evening, precipitationChance, condition, source, isHalfDaySplit
        case apparentTemperatureLow, apparentTemperatureHigh, uvIndexMax, uvIndexCategory, sun
    }

    /// Decodes the shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .date)
        guard let start = Self.midnight(isoDate: text) else {
            throw DecodingError.dataCorruptedError(forKey: .date, in: container, debugDescription: "'\(text)' is not a date YYYY-MM-DD")
        }
        self.init(
            start: start,
            lowTemperature: try container.decodeIfPresent(DailyTemperature.self, forKey: .low),
            highTemperature: try container.decodeIfPresent(DailyTemperature.self, forKey: .high),
            morning: try container.decodeIfPresent(HalfDayForecast.self, forKey: .morning),
            afternoon: try container.decodeIfPresent(HalfDayForecast.self, forKey: .afternoon),
            source: try container.decodeIfPresent(DailyForecastSource.self, forKey: .source),
            isHalfDaySplit: try container.decode(Bool.self, forKey: .isHalfDaySplit)
        )
        evening = try container.decodeIfPresent(HalfDayForecast.self, forKey: .evening)
        apparentTemperatureLow = try container.decodeIfPresent(Double.self, forKey: .apparentTemperatureLow)
        apparentTemperatureHigh = try container.decodeIfPresent(Double.self, forKey: .apparentTemperatureHigh)
        uvIndexMax = try container.decodeIfPresent(Int.self, forKey: .uvIndexMax)
        sun = try container.decodeIfPresent(SunTimes.self, forKey: .sun)
    }

    /// Encodes the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isoDate, forKey: .date)
        try container.encodeIfPresent(lowTemperature, forKey: .low)
        try container.encodeIfPresent(highTemperature, forKey: .high)
        try container.encodeIfPresent(morning, forKey: .morning)
        try container.encodeIfPresent(afternoon, forKey: .afternoon)
        try container.encodeIfPresent(evening, forKey: .evening)
        try container.encodeIfPresent(precipitationChance, forKey: .precipitationChance)
        try container.encodeIfPresent(condition, forKey: .condition)
        try container.encodeIfPresent(source, forKey: .source)
        try container.encode(isHalfDaySplit, forKey: .isHalfDaySplit)
        try container.encodeIfPresent(apparentTemperatureLow, forKey: .apparentTemperatureLow)
        try container.encodeIfPresent(apparentTemperatureHigh, forKey: .apparentTemperatureHigh)
        try container.encodeIfPresent(uvIndexMax, forKey: .uvIndexMax)
        try container.encodeIfPresent(uvIndexCategory, forKey: .uvIndexCategory)
        try container.encodeIfPresent(sun, forKey: .sun)
    }

    /// 00:00 KST of `YYYY-MM-DD`, or `nil`.
    static func midnight(isoDate text: String) -> KSTDateTime? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) }) else { return nil }
        return try? KSTDateTime(year: year, month: month, day: day)
    }
}

/// `{"celsius":3.0,"origin":"daily"}`, with `spreadBelow`/`spreadAbove` (°C) when KMA gives them.
extension DailyTemperature: Codable {
    private enum CodingKeys: String, CodingKey { case celsius, origin, spreadBelow, spreadAbove }

    /// Decodes the shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            value: try container.decode(Double.self, forKey: .celsius),
            origin: try container.decode(Origin.self, forKey: .origin),
            spreadBelow: try container.decodeIfPresent(Double.self, forKey: .spreadBelow),
            spreadAbove: try container.decodeIfPresent(Double.self, forKey: .spreadAbove)
        )
    }

    /// Encodes the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .celsius)
        try container.encode(origin, forKey: .origin)
        try container.encodeIfPresent(spreadBelow, forKey: .spreadBelow)
        try container.encodeIfPresent(spreadAbove, forKey: .spreadAbove)
    }
}

/// `{"condition":"rain","sky":4,"precipitationType":1,"precipitationChance":0.6,"text":"흐리고 비"}`:
/// KMA's codes for `sky` (SKY) and `precipitationType` (PTY), the chance 0…1; absent values left
/// out; `condition` is written for readers and derived again when decoded.
extension HalfDayForecast: Codable {
    private enum CodingKeys: String, CodingKey { case condition, sky, precipitationType, precipitationChance, text, isApproximate }

    /// Decodes the shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let chance = try container.decodeIfPresent(Double.self, forKey: .precipitationChance)
        if let chance, !(0...1).contains(chance) {
            throw DecodingError.dataCorruptedError(forKey: .precipitationChance, in: container, debugDescription: "a chance is 0...1, got \(chance)")
        }
        self.init(
            sky: try container.decodeIfPresent(SkyCondition.self, forKey: .sky),
            precipitationType: try container.decodeIfPresent(PrecipitationType.self, forKey: .precipitationType),
            precipitationChance: chance,
            text: try container.decodeIfPresent(String.self, forKey: .text),
            isApproximate: try container.decodeIfPresent(Bool.self, forKey: .isApproximate) ?? false
        )
    }

    /// Encodes the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(condition, forKey: .condition)
        try container.encodeIfPresent(sky, forKey: .sky)
        try container.encodeIfPresent(precipitationType, forKey: .precipitationType)
        try container.encodeIfPresent(precipitationChance, forKey: .precipitationChance)
        try container.encodeIfPresent(text, forKey: .text)
        if isApproximate { try container.encode(true, forKey: .isApproximate) }
    }
}

/// `{"kind":"short","run":"2026-11-21T05:00:00+09:00"}` or `{"kind":"mid","run":"2026-11-21T06:00:00+09:00"}`.
extension DailyForecastSource: Codable {
    private enum CodingKeys: String, CodingKey { case kind, run }

    /// Decodes the shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        let run = try container.decode(KSTDateTime.self, forKey: .run)
        switch kind {
        case "short":
            self = .shortTerm(ForecastBase(run))
        case "mid":
            guard let issue = MidTermIssue(date: run.yyyymmdd, hour: run.hour), issue.dateTime == run else {
                throw DecodingError.dataCorruptedError(forKey: .run, in: container, debugDescription: "a mid-term run is at 06:00 or 18:00 KST, got \(run.iso8601)")
            }
            self = .midTerm(issue)
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "kind is 'short' or 'mid', got '\(kind)'")
        }
    }

    /// Encodes the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(run, forKey: .run)
    }
}

extension SkyCondition: Codable {}
extension PrecipitationType: Codable {}
