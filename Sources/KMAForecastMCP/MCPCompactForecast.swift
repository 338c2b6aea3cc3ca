import KMAForecast
import KMAForecastClient

/// One place of `kma_forecast_many` as a model comparing places needs it: the place, its
/// next hours (temperature, condition, chance of rain, rain or snow, wind), its days' lows
/// and highs with the chance of rain, and the products that failed. The text and the
/// structured result are written from this one value, so they say the same; what they leave
/// out (humidity, the current observation, every source and run) is `kma_forecast`'s.
///
/// Shared words (today's date, the units, the time zone) are said once per call by
/// ``MCPCompactForecast/preamble(places:requestedAt:)``, never per place.
struct MCPCompactForecast: Sendable {
    /// An hour: values KMA gave, rounded as the text writes them; `nil` when not forecast.
    struct Hour: Sendable {
        var time: KSTDateTime
        var temperature: Double?
        var condition: String?
        /// Chance of rain, 0...100 %.
        var rainChance: Int?
        /// Rain in the hour, mm, as KMA bins it ("under 1", "1-2", "50 or more"); `nil` for none.
        var rain: String?
        /// New snow in the hour, cm, as KMA bins it; `nil` for none.
        var snow: String?
        /// Relative humidity, 0...100 % (`kma_forecast` only).
        var humidity: Int?
        /// 체감온도 °C, when it differs from the temperature (`kma_forecast` only).
        var feelsLike: Double?
        /// The UV index, 0 or more (`kma_forecast` only).
        var uv: Int?
        /// m/s.
        var wind: Double?
        /// Where the wind blows from: a 16-point compass abbreviation (`SW`).
        var windFrom: String?

        /// The hour's values; with `detail`, humidity, feels-like and UV too.
        init(_ hour: HourlyForecast, detail: Bool) {
            time = hour.time
            temperature = hour.temperatureCelsius.map(MCPForecastText.rounded)
            condition = hour.condition?.englishName
            rainChance = hour.precipitationChance.map { Int(($0 * 100).rounded()) }
            rain = hour.precipitationAmountRange.flatMap { $0 == .zero ? nil : MCPForecastText.amountText($0) }
            snow = hour.snowfallAmountRange.flatMap { $0 == .zero ? nil : MCPForecastText.amountText($0) }
            wind = hour.windSpeed.map { MCPForecastText.rounded($0.value) }
            windFrom = hour.windDirection?.compassPoint.abbreviation
            guard detail else { return }
            humidity = hour.humidity.map { Int(($0 * 100).rounded()) }
            feelsLike = hour.apparentTemperatureCelsius.map(MCPForecastText.rounded).flatMap { $0 == temperature ? nil : $0 }
            uv = hour.uvIndex
        }
    }

    /// A day: its low and high (°C), and its chance of rain in the morning and afternoon (%);
    /// for `kma_forecast` also the feels-like range, the UV maximum, the sun, the halves'
    /// conditions, the day's chance when it has no halves, and its source.
    struct Day: Sendable {
        var date: KSTDateTime
        var low: Double?
        var high: Double?
        var feelsLikeLow: Double?
        var feelsLikeHigh: Double?
        var uvMax: Int?
        /// `HH:MM`, KST.
        var sunrise: String?
        var sunset: String?
        var morningCondition: String?
        var morningRainChance: Int?
        var afternoonCondition: String?
        var afternoonRainChance: Int?
        /// The day's chance of rain, for a day without morning and afternoon.
        var rainChance: Int?
        /// `short-term` or `mid-term`; `nil`: no forecast for the day.
        var source: String?

        init(_ day: ForecastDay, detail: Bool) {
            date = day.start
            low = day.lowTemperature.map { MCPForecastText.rounded($0.value) }
            high = day.highTemperature.map { MCPForecastText.rounded($0.value) }
            morningRainChance = day.morning?.precipitationChancePercent
            afternoonRainChance = day.afternoon?.precipitationChancePercent
            guard detail else { return }
            if let low = day.apparentTemperatureLow, let high = day.apparentTemperatureHigh {
                feelsLikeLow = MCPForecastText.rounded(low)
                feelsLikeHigh = MCPForecastText.rounded(high)
            }
            uvMax = day.uvIndexMax
            sunrise = day.sun?.sunrise.map(Self.clock)
            sunset = day.sun?.sunset.map(Self.clock)
            morningCondition = day.morning?.condition?.englishName
            afternoonCondition = day.afternoon?.condition?.englishName
            if day.morning == nil, day.afternoon == nil { rainChance = day.precipitationChance.map { Int(($0 * 100).rounded()) } }
            source = day.source.map { $0.kind == "mid" ? "mid-term" : "short-term" }
        }

        /// `HH:MM` of an instant, KST.
        static func clock(_ time: KSTDateTime) -> String { String(time.iso8601.dropFirst(11).prefix(5)) }
    }

    var placeName: String?
    var nx: Int
    var ny: Int
    var hours: [Hour]
    var days: [Day]
    /// The products asked for that delivered nothing, and why.
    var missing: [(product: ForecastProduct, message: String)]

    /// The first `hours` hours and the days of `forecast` (`kma_forecast_many`'s: the days a
    /// forecast covers); with `detail` (`kma_forecast`'s), every value its text gives and every day.
    init(_ forecast: LocalForecast, hours count: Int, detail: Bool = false) {
        placeName = forecast.location.placeName
        nx = forecast.location.cell.nx
        ny = forecast.location.cell.ny
        hours = forecast.hours(count).map { Hour($0, detail: detail) }
        days = forecast.daily.filter { detail || $0.source != nil }.map { Day($0, detail: detail) }
        missing = forecast.products.compactMap { outcome in outcome.failure.map { (outcome.product, $0.message) } }
    }

    // MARK: Text

    /// What every place shares, said once: the count, when, today's and tomorrow's dates in
    /// KST, the time zone, the units, and where to get more.
    static func preamble(places: Int, requestedAt: KSTDateTime?) -> String {
        var text = "\(places) place\(places == 1 ? "" : "s"), from KMA's (기상청) short-term and ultra-short forecasts"
        if let requestedAt {
            text += ", asked at \(requestedAt.iso8601). Today in KST is \(MCPForecastText.date(requestedAt)); tomorrow is \(MCPForecastText.date(requestedAt.adding(seconds: 86_400)))"
        }
        text += ". Times are KST (+09:00). Each hour: temperature °C, sky or precipitation, chance of rain %, rain mm (snow cm) when any, wind m/s and the direction it blows from. "
        text += "Days: low/high °C, then the chance of rain morning/afternoon %. "
        text += "Warnings: those in force in the place's warning zone (특보구역). "
        text += "For one place in full (every hour, humidity, the current observation, ten days), call kma_forecast."
        return text
    }

    /// The place's lines: a heading (the place as asked, the place found, its cell), an hour
    /// a line, the days on one line, and the missing products (`note` writes a message said
    /// for several places once, and returns how to refer to it).
    func lines(query: String, note: (String) -> String) -> [String] {
        var heading = "## " + query
        if let placeName, placeName != query { heading += " = " + placeName }
        heading += " (nx \(nx), ny \(ny))"
        var lines = [heading]
        for hour in hours {
            lines.append("  " + Self.clock(hour.time) + " " + Self.values(hour).joined(separator: ", "))
        }
        if !days.isEmpty {
            lines.append("  days: " + days.map(Self.dayText).joined(separator: "; "))
        }
        for (product, message) in missing {
            lines.append("  missing the \(MCPForecastText.productName(product)): " + note(message))
        }
        return lines
    }

    /// `10-04 18:00`: the month, day and hour in KST (the preamble gives the year and zone).
    static func clock(_ time: KSTDateTime) -> String {
        String(time.iso8601.dropFirst(5).prefix(11)).replacingOccurrences(of: "T", with: " ")
    }

    static func values(_ hour: Hour) -> [String] {
        var parts: [String] = []
        if let temperature = hour.temperature { parts.append(JSONText.number(temperature) + "°C") }
        if let condition = hour.condition { parts.append(condition) }
        if let chance = hour.rainChance { parts.append("rain \(chance)%") }
        if let rain = hour.rain { parts.append(rain + " mm") }
        if let snow = hour.snow { parts.append("snow " + snow + " cm") }
        if let humidity = hour.humidity { parts.append("humidity \(humidity)%") }
        if let feels = hour.feelsLike { parts.append("feels " + JSONText.number(feels) + "°C") }
        if let uv = hour.uv { parts.append("UV \(uv)") }
        if let wind = hour.wind { parts.append("wind " + JSONText.number(wind) + (hour.windFrom.map { " " + $0 } ?? "")) }
        return parts
    }

    /// `Sun 10-04 18/24°C 20/60%`, with `–` for a value KMA did not give.
    static func dayText(_ day: Day) -> String {
        let weekday = MCPForecastText.weekdays[CivilDayWeekday.of(day.date.yyyymmdd)]
        var text = weekday + " " + String(clock(day.date).prefix(5)) + " "
        text += (day.low.map(JSONText.number) ?? "–") + "/" + (day.high.map(JSONText.number) ?? "–") + "°C"
        if day.morningRainChance != nil || day.afternoonRainChance != nil {
            text += " " + (day.morningRainChance.map(String.init) ?? "–") + "/" + (day.afternoonRainChance.map(String.init) ?? "–") + "%"
        }
        return text
    }

    // MARK: Structured

    /// The place as `kma_forecast_many`'s `outputSchema` has it: the same values as the text.
    func json(query: String) -> JSONValue {
        var members: [(String, JSONValue)] = [("query", .string(query))]
        if let placeName { members.append(("place", .string(placeName))) }
        members += [("nx", .number(nx)), ("ny", .number(ny))]
        members.append(("hours", .array(hours.map(Self.json))))
        members.append(("days", .array(days.map(Self.json))))
        if !missing.isEmpty { members.append(("missing", Self.json(missing: missing))) }
        return .object(members)
    }

    /// An hour as both tools' schemas have it: the values it has.
    static func json(_ hour: Hour) -> JSONValue {
        var item: [(String, JSONValue)] = [("time", .string(hour.time.iso8601))]
        if let value = hour.temperature { item.append(("temperature", .number(value))) }
        if let value = hour.condition { item.append(("condition", .string(value))) }
        if let value = hour.rainChance { item.append(("rainChance", .number(value))) }
        if let value = hour.rain { item.append(("rain", .string(value))) }
        if let value = hour.snow { item.append(("snow", .string(value))) }
        if let value = hour.humidity { item.append(("humidity", .number(value))) }
        if let value = hour.feelsLike { item.append(("feelsLike", .number(value))) }
        if let value = hour.uv { item.append(("uv", .number(value))) }
        if let value = hour.wind { item.append(("wind", .number(value))) }
        if let value = hour.windFrom { item.append(("windFrom", .string(value))) }
        return .object(item)
    }

    /// A day as both tools' schemas have it: the values it has.
    static func json(_ day: Day) -> JSONValue {
        var item: [(String, JSONValue)] = [("date", .string(String(day.date.iso8601.prefix(10))))]
        let numbers: [(String, Double?)] = [
            ("low", day.low), ("high", day.high), ("feelsLikeLow", day.feelsLikeLow), ("feelsLikeHigh", day.feelsLikeHigh), ("uvMax", day.uvMax.map(Double.init)),
        ]
        for case let (name, value?) in numbers { item.append((name, .number(value))) }
        if let value = day.sunrise { item.append(("sunrise", .string(value))) }
        if let value = day.sunset { item.append(("sunset", .string(value))) }
        if let value = day.morningCondition { item.append(("morningCondition", .string(value))) }
        if let value = day.morningRainChance { item.append(("morningRainChance", .number(value))) }
        if let value = day.afternoonCondition { item.append(("afternoonCondition", .string(value))) }
        if let value = day.afternoonRainChance { item.append(("afternoonRainChance", .number(value))) }
        if let value = day.rainChance { item.append(("rainChance", .number(value))) }
        if let value = day.source { item.append(("source", .string(value))) }
        return .object(item)
    }

    /// The products that delivered nothing, as `missing` in both tools' schemas.
    static func json(missing: [(product: ForecastProduct, message: String)]) -> JSONValue {
        .array(missing.map { product, message in .object([("product", .string(product.rawValue)), ("error", .string(message))]) })
    }
}
