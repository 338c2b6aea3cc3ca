import KMAForecast
import KMAForecastCharts
import KMAForecastText

/// The coming hours at a glance: a few hours side by side (every third hour by default), one
/// line each for the time, the weather in a word, the temperature, the probability of
/// precipitation, the precipitation when any falls, and the wind.
///
/// ```
///        06:00    09:00    12:00    15:00    18:00    21:00   Mon 00h
///                          mostly
///     overcast overcast   cloudy    clear    clear    clear    clear
///         10°C     12°C     17°C     18°C     15°C     11°C      9°C
/// rain%    30%      30%      20%       0%       0%       0%       0%
/// wind   1.5 ESE  1.3 E    1.0 E    0.9 N    1.1 N    1.3 N    1.4 ENE
/// ```
///
/// As many hours as fit in ``width`` columns, at most ``maximumColumns``. Rain is highlighted
/// where it falls (colour when the terminal takes it).
struct HourStrip {
    var language: DisplayLanguage
    var units: UnitSystem
    var style: TerminalStyle
    /// The widest the strip may be, in terminal columns.
    var width = 80
    /// Hours between two columns.
    var step = 3
    /// The most columns shown.
    var maximumColumns = 8

    /// The narrowest a column is, the gap included: room for `overcast`, `구름많음`, `1.5 ESE`;
    /// wider when a cell needs it (`1.5 동남동`).
    static let columnWidth = 9

    private var ko: Bool { language == .ko }

    /// The strip's lines, each ending in a newline; empty when there are no rows.
    func render(_ rows: [ForecastRow]) -> String {
        let windUnit = units == .imperial ? "mph" : "m/s"
        let labels = [ko ? "강수확률" : "rain%", ko ? "강수" : "precip", (ko ? "바람 " : "wind ") + windUnit]
        let labelWidth = labels.map(Formatting.displayWidth).max() ?? 0
        // Every hour when the timeline is short, else every `step` hours.
        let stride = rows.count < 2 * maximumColumns ? 1 : max(1, step)
        var chosen = Swift.stride(from: 0, to: rows.count, by: stride).prefix(maximumColumns).map { rows[$0] }
        guard !chosen.isEmpty else { return "" }
        // Columns as wide as the widest cell and a gap; as many as fit.
        // A name of two words (`mostly cloudy`) takes two lines rather than a wider column.
        let words = chosen.map { Self.lines(weather($0) ?? "-") }
        let widest = (chosen.flatMap { [wind($0) ?? "-", precipitation($0), "Mon 00h"] } + words.flatMap { [$0.top, $0.bottom] })
            .map(Formatting.displayWidth).max() ?? 8
        let columnWidth = max(Self.columnWidth, widest + 1)
        chosen = Array(chosen.prefix(max(1, (width - labelWidth) / columnWidth)))

        func line(_ label: String, _ cells: [String], colour: (Int, String) -> String = { $1 }) -> String {
            var out = Formatting.padRight(label, labelWidth)
            for (index, cell) in cells.enumerated() {
                out += colour(index, Formatting.padLeft(cell, columnWidth))
            }
            return out + "\n"
        }
        let wet = chosen.map(Self.isWet)
        let rain: (Int, String) -> String = { index, text in wet[index] ? style.cyan(text) : text }
        var times: [String] = []
        for (index, row) in chosen.enumerated() {
            if index > 0, row.forecastDate != chosen[index - 1].forecastDate {
                // A new day: its name and the hour, e.g. `Mon 00h` / `월 00시`.
                let weekday = CalendarText.weekdayName(row.forecastDate, language) ?? ""
                times.append(weekday + " " + (row.forecastTime / 100).zeroPadded(toWidth: 2) + (ko ? "시" : "h"))
            } else {
                times.append(CalendarText.time(row.forecastTime))
            }
        }
        var out = style.bold(line("", times))
        let shownWords = words.prefix(chosen.count)
        if shownWords.contains(where: { !$0.top.isEmpty }) { out += line("", shownWords.map(\.top), colour: rain) }
        out += line("", shownWords.map(\.bottom), colour: rain)
        out += line("", chosen.map { ($0.value(.tmp) ?? $0.value(.t1h))?.text(language, units: units) ?? "-" }) { index, text in
            style.temperature(text, celsius: chosen[index].temperature)
        }
        if chosen.contains(where: { $0.probabilityOfPrecipitation != nil }) {
            out += line(labels[0], chosen.map { $0.value(.pop)?.text(language, units: units) ?? "-" }, colour: rain)
        }
        if wet.contains(true) {
            out += line(labels[1], chosen.map { precipitation($0) }, colour: rain)
        }
        if chosen.contains(where: { $0.windSpeed != nil }) {
            out += line(labels[2], chosen.map { wind($0) ?? "-" })
        }
        return out
    }

    /// Whether rain or snow falls in the hour (a precipitation type, or an amount above zero).
    static func isWet(_ row: ForecastRow) -> Bool {
        if let type = row.precipitationType, type != .noPrecipitation { return true }
        if let amount = row.precipitation, amount != .zero { return true }
        return false
    }

    /// The weather in a word that fits a column.
    func weather(_ row: ForecastRow) -> String? {
        Self.word(sky: row.sky, precipitation: row.precipitationType, language: language)
    }

    /// A weather name in a column: one line when it fits (``columnWidth``), else its words
    /// over two lines (`mostly` above `cloudy`), so that the name is the one every view uses.
    static func lines(_ name: String) -> (top: String, bottom: String) {
        guard Formatting.displayWidth(name) >= columnWidth, let space = name.lastIndex(of: " ") else { return ("", name) }
        return (String(name[..<space]), String(name[name.index(after: space)...]))
    }

    /// The weather in a word: the precipitation when any falls, else the sky, by the library's
    /// one name per code (``SkyCondition/name(in:)``); `nil` when neither is known. Also the
    /// ten-day list's short words.
    static func word(sky: SkyCondition?, precipitation: PrecipitationType?, language: DisplayLanguage) -> String? {
        if let type = precipitation, type != .noPrecipitation {
            switch (type, language) {
            case (.rainAndSnow, .en): return "rain/snow"
            case (.drizzleAndSnowFlurries, .en): return "drz/flur"
            case (.snowFlurries, .en): return "flurries"
            case (.drizzleAndSnowFlurries, .ko): return "빗방울/눈"
            default: return type.name(in: language)
            }
        }
        if let sky { return sky.name(in: language) }
        return nil
    }

    /// The hour's precipitation, short: `-` for none, else the amount or class.
    private func precipitation(_ row: ForecastRow) -> String {
        guard let amount = row.precipitation, amount != .zero else { return Self.isWet(row) ? (ko ? "약간" : "some") : "-" }
        switch amount {
        case .lessThan(let limit): return "<" + NumberText.format(units.convert(limit, from: .millimeters).value, decimals: units == .imperial ? 2 : 1)
        default: return String(amount.text(language, unit: .millimeters, units: units).filter { $0 != " " })
        }
    }

    /// Wind speed with one decimal and the direction's abbreviation, without the unit (the
    /// label says it): `1.5 ESE`.
    private func wind(_ row: ForecastRow) -> String? {
        guard let speed = row.windSpeed else { return nil }
        let shown = units.convert(speed, from: .metersPerSecond)
        let number = NumberText.fixed(shown.value, decimals: 1, trimmingZeros: false)
        guard let direction = row.windDirection else { return number }
        return number + " " + (ko ? direction.compassPoint.koreanName : direction.compassPoint.abbreviation)
    }
}
