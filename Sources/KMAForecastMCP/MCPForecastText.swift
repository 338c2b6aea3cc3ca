import KMAForecast
import KMAForecastClient

/// A forecast as a model reads it well: a few lines of plain English with Korean names, every
/// time with its `+09:00`, the dates of "today" and "tomorrow" in KST said outright, units once
/// at the top, a value KMA did not give left out (never written as 0 or "null").
enum MCPForecastText {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// The whole forecast: where, when, now, `hours` hours, the days, and what failed.
    static func render(_ forecast: LocalForecast, hours: Int) -> String {
        // Weather warnings in force first (a recorded sample's after its SAMPLE line).
        var lines: [String] = forecast.recording == nil ? MCPTools.warningsLead(forecast) : []
        if let recording = forecast.recording {
            lines.append("SAMPLE, NOT LIVE: no KMA service key is set, so this is a recorded forecast (\(recording.note)), not the weather at the place asked. For live forecasts, set KMA_SERVICE_KEY in the client's env for this server to a data.go.kr key for 기상청_단기예보 조회서비스, then restart the server.")
        }
        if forecast.recording != nil { lines += MCPTools.warningsLead(forecast) }
        lines.append("\(locationText(forecast.location)). KMA (기상청) forecast asked at \(forecast.requestedAt.iso8601).")
        let today = forecast.requestedAt
        let tomorrow = today.adding(seconds: 86_400)
        let days = forecast.recording == nil
            ? "Today in KST is \(date(today)); tomorrow is \(date(tomorrow))."
            : "'Today' below is the recording's day, \(date(today)), not today."
        lines.append(days + " Times KST (+09:00). Hours: °C, sky or precipitation, chance of rain %, rain mm (snow cm) if any, humidity %, feels-like °C, UV index, wind m/s and where it blows from.")
        if let now = forecast.current {
            lines.append("Now (observed \(now.time.iso8601)): " + hourValues(now))
        }
        let shown = forecast.hours(hours)
        if !shown.isEmpty {
            lines.append("Hours:")
            var day = 0
            for hour in shown {
                if hour.time.yyyymmdd != day {
                    day = hour.time.yyyymmdd
                    lines.append(dayLabel(hour.time, today: today) + ":")
                }
                lines.append("  " + MCPCompactForecast.Day.clock(hour.time) + " " + hourValues(hour))
            }
            if forecast.hourly.count > shown.count, let last = forecast.hourly.last {
                lines.append("  (\(forecast.hourly.count - shown.count) more hours to \(last.time.iso8601); ask with a larger 'hours')")
            }
        }
        if !forecast.daily.isEmpty {
            lines.append("Days:")
            for day in forecast.daily {
                lines.append("  " + dayLine(day, today: today))
            }
        }
        // Each failure under its product's name: the short-term service (단기예보) serves three.
        for outcome in forecast.products {
            guard let failure = outcome.failure else { continue }
            lines.append("Missing: \(productName(outcome.product)) (\(outcome.product.koreanName)): \(failure.message)")
        }
        if let failure = forecast.midTerm?.failure {
            lines.append("Missing: mid-term forecast (중기예보, the later days): \(failure.message)")
        }
        if let next = forecast.nextUpdate { lines.append("Next update from KMA: \(next.iso8601).") }
        return lines.joined(separator: "\n")
    }

    static func locationText(_ location: LocalForecast.Location) -> String {
        var text = location.placeName ?? "Grid cell"
        text += " (KMA grid nx \(location.cell.nx), ny \(location.cell.ny)"
        if location.placeName == nil, let point = location.coordinate {
            text += "; \(JSONText.number(point.latitude)), \(JSONText.number(point.longitude))"
        }
        return text + ")"
    }

    /// `2026-10-05 (Mon)`.
    static func date(_ time: KSTDateTime) -> String {
        let iso = String(time.iso8601.prefix(10))
        let weekday = CivilDayWeekday.of(time.yyyymmdd)
        return "\(iso) (\(weekdays[weekday]))"
    }

    /// `Today, 2026-10-04 (Sun)`, `Tomorrow, …`, or the date.
    static func dayLabel(_ time: KSTDateTime, today: KSTDateTime) -> String {
        if time.yyyymmdd == today.yyyymmdd { return "Today, " + date(time) }
        if time.yyyymmdd == today.adding(seconds: 86_400).yyyymmdd { return "Tomorrow, " + date(time) }
        return date(time)
    }

    /// The values of an hour that KMA gave, in a fixed order: `kma_forecast`'s structured
    /// hour (``MCPCompactForecast/Hour``) in words.
    static func hourValues(_ hour: HourlyForecast) -> String {
        MCPCompactForecast.values(MCPCompactForecast.Hour(hour, detail: true)).joined(separator: ", ")
    }

    static func dayLine(_ day: ForecastDay, today: KSTDateTime) -> String {
        var text = dayLabel(day.start, today: today) + ":"
        var parts: [String] = []
        if let low = day.lowTemperature { parts.append("low " + number(low.value) + "°C") }
        if let high = day.highTemperature { parts.append("high " + number(high.value) + "°C") }
        if let low = day.apparentTemperatureLow, let high = day.apparentTemperatureHigh {
            parts.append("feels like " + number(low) + " to " + number(high) + "°C")
        }
        if let uv = day.uvIndexMax, let category = day.uvIndexCategory { parts.append("UV up to \(uv) (\(category.englishName))") }
        if let rise = day.sun?.sunrise, let set = day.sun?.sunset {
            parts.append("sunrise " + String(rise.iso8601.dropFirst(11).prefix(5)) + ", sunset " + String(set.iso8601.dropFirst(11).prefix(5)))
        }
        for (name, half) in [("morning", day.morning), ("afternoon", day.afternoon)] {
            guard let half else { continue }
            var words: [String] = []
            if let condition = half.condition { words.append(condition.englishName) }
            if let chance = half.precipitationChance { words.append("rain chance \(percent(chance))%") }
            if !words.isEmpty { parts.append(name + " " + words.joined(separator: ", ")) }
        }
        if parts.isEmpty {
            if let chance = day.precipitationChance { parts.append("rain chance \(percent(chance))%") }
        }
        if day.source == nil { parts.append("no forecast for this day") }
        text += " " + parts.joined(separator: "; ")
        if day.source?.kind == "mid" { text += " (mid-term forecast)" }
        return text
    }

    /// The product as the text names it: `nowcast (current observation)`, `ultra-short
    /// forecast`, `short-term forecast`.
    static func productName(_ product: ForecastProduct) -> String {
        switch product {
        case .nowcast: "nowcast (current observation)"
        case .ultraShort: "ultra-short forecast"
        case .shortTerm: "short-term forecast"
        }
    }

    /// A value to a tenth, as the text writes it.
    static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    static func percent(_ fraction: Double) -> String { String(Int((fraction * 100).rounded())) }

    static func number(_ value: Double) -> String { JSONText.number(rounded(value)) }

    static func amountText(_ amount: AmountRange) -> String {
        switch amount {
        case .zero: "0"
        case .lessThan(let value): "under " + number(value)
        case .exactly(let value): number(value)
        case .range(let low, let high): number(low) + "-" + number(high)
        case .atLeast(let value): number(value) + " or more"
        }
    }
}

/// The weekday of a `YYYYMMDD` date, 0 = Sunday (Sakamoto's method; the proleptic Gregorian calendar).
enum CivilDayWeekday {
    static func of(_ yyyymmdd: Int) -> Int {
        var year = yyyymmdd / 10_000
        let month = yyyymmdd / 100 % 100, day = yyyymmdd % 100
        let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        if month < 3 { year -= 1 }
        let value = (year + year / 4 - year / 100 + year / 400 + offsets[max(0, min(11, month - 1))] + day) % 7
        return (value + 7) % 7
    }
}
