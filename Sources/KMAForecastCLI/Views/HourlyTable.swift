import KMAForecast
import KMAForecastCharts
import KMAForecastText

/// The hourly table for people: one line per hour with the weather in words, temperature,
/// probability of precipitation, precipitation, snow, humidity and wind; a line naming the day
/// whenever the date changes. Columns appear only when some row has their data, and the table
/// drops its least important columns rather than grow past `maxWidth` terminal columns.
struct HourlyTable {
    var language: DisplayLanguage
    var units: UnitSystem
    /// A label per row naming where it came from (e.g. the product), or `nil` for no such column.
    var sources: [String]?
    /// The widest the table may be, in terminal columns.
    var maxWidth = 80
    /// Colour, when the terminal takes it.
    var style = TerminalStyle(enabled: false)

    /// One column: its heading, how to fill a cell, and how it is aligned.
    struct Column {
        var id: String
        var heading: String
        var rightAligned: Bool
        /// Dropped first when the table is too wide (higher goes first).
        var dropPriority: Int
        var cells: [String]
    }

    /// The table's text, ending in a newline (empty for no rows).
    func render(_ rows: [ForecastRow]) -> String {
        guard !rows.isEmpty else { return "" }
        var columns = self.columns(rows)
        // Narrow the table by dropping the least important columns.
        while width(columns) > maxWidth, let drop = columns.indices.filter({ columns[$0].dropPriority > 0 }).max(by: { columns[$0].dropPriority < columns[$1].dropPriority }) {
            columns.remove(at: drop)
        }
        if style.enabled {
            for index in columns.indices where columns[index].id == "temperature" {
                columns[index].cells = zip(columns[index].cells, rows).map { cell, row in style.temperature(cell, celsius: row.temperature) }
            }
            for index in columns.indices where columns[index].id == "precipitation" || columns[index].id == "snow" {
                columns[index].cells = columns[index].cells.map { $0 == "-" ? $0 : style.cyan($0) }
            }
            for index in columns.indices where columns[index].id == "source" {
                columns[index].cells = columns[index].cells.map { style.dim($0) }
            }
        }
        let widths = columns.map { column in
            max(Formatting.displayWidth(column.heading), column.cells.map(Formatting.displayWidth).max() ?? 0)
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (index, cell) in cells.enumerated() {
                let column = columns[index]
                let isLast = index == cells.count - 1
                parts.append(column.rightAligned ? Formatting.padLeft(cell, widths[index]) : (isLast ? cell : Formatting.padRight(cell, widths[index])))
            }
            return "  " + parts.joined(separator: "  ")
        }
        var out = style.bold(line(columns.map(\.heading))) + "\n"
        var currentDay = -1
        for (index, row) in rows.enumerated() {
            if row.forecastDate != currentDay {
                currentDay = row.forecastDate
                out += style.bold(CalendarText.day(row.forecastDate, language)) + "\n"
            }
            out += line(columns.map { $0.cells[index] }) + "\n"
        }
        return out
    }

    private func width(_ columns: [Column]) -> Int {
        2 + columns.enumerated().reduce(0) { total, entry in
            let column = entry.element
            let widest = max(Formatting.displayWidth(column.heading), column.cells.map(Formatting.displayWidth).max() ?? 0)
            return total + widest + (entry.offset == 0 ? 0 : 2)
        }
    }

    private func columns(_ rows: [ForecastRow]) -> [Column] {
        let ko = language == .ko
        var columns: [Column] = []
        func add(_ id: String, _ ko: String, _ en: String, right: Bool, drop: Int, _ cell: (ForecastRow) -> String?) {
            let cells = rows.map(cell)
            guard cells.contains(where: { $0 != nil }) else { return }
            columns.append(Column(id: id, heading: language == .ko ? ko : en, rightAligned: right, dropPriority: drop, cells: cells.map { $0 ?? "-" }))
        }
        add("time", "시각", "time", right: false, drop: 0) { CalendarText.time($0.forecastTime) }
        if let sources {
            columns.append(Column(id: "source", heading: ko ? "출처" : "from", rightAligned: false, dropPriority: 5, cells: sources))
        }
        add("weather", "날씨", "weather", right: false, drop: 0) { weather($0) }
        add("temperature", "기온", "temp", right: true, drop: 0) { value($0, .tmp) ?? value($0, .t1h) }
        add("pop", "강수확률", "rain%", right: true, drop: 2) { value($0, .pop) }
        add("precipitation", "강수량", "precip", right: true, drop: 1) { precipitation($0, .pcp) ?? precipitation($0, .rn1) }
        if rows.contains(where: { ($0.snow.map { $0 != .zero } ?? false) || $0.snowIntensity != nil }) {
            add("snow", "적설", "snow", right: true, drop: 4) { precipitation($0, .sno) }
        }
        add("humidity", "습도", "humid", right: true, drop: 3) { value($0, .reh) }
        add("wind", "바람", "wind", right: false, drop: 0) { wind($0) }
        return columns
    }

    /// A category's value for people, or `nil` when the row has none.
    private func value(_ row: ForecastRow, _ category: ForecastCategory) -> String? {
        row.value(category)?.text(language, units: units)
    }

    /// Precipitation or snow: `-` for none, else the amount or class in words.
    private func precipitation(_ row: ForecastRow, _ category: ForecastCategory) -> String? {
        guard let value = row.value(category) else { return nil }
        switch value.meaning {
        case .precipitation(.zero), .snow(.zero): return "-"
        case .number(let amount) where amount == 0: return "-"
        default: return value.text(language, units: units)
        }
    }

    /// The weather in words: the library's condition (the precipitation type when something
    /// falls, else the sky), or "dry" for a nowcast hour, which has no sky.
    func weather(_ row: ForecastRow) -> String? {
        if let condition = row.condition { return Self.short(condition.name(in: language)) }
        if row.precipitationType == .noPrecipitation { return language == .ko ? "강수 없음" : "dry" }
        return nil
    }

    /// Wind speed (or the extended day's class) with the 16-point direction.
    func wind(_ row: ForecastRow) -> String? {
        let speed: String?
        if let strength = row.windStrength, row.windSpeed == nil {
            speed = strength.name(in: language)
        } else {
            // One decimal always, so "1.0 m/s" stands beside "1.5 m/s" (KMA writes "1" and "1.5").
            speed = row.windSpeed.map { metersPerSecond in
                let shown = units.convert(metersPerSecond, from: .metersPerSecond)
                let number = NumberText.fixed(shown.value, decimals: 1, trimmingZeros: false)
                return language == .en ? number + " " + shown.unit.symbol : number + shown.unit.symbol
            } ?? value(row, .wsd)
        }
        let direction = row.windDirection.map { language == .ko ? $0.compassPoint.koreanName : $0.compassPoint.abbreviation }
        switch (speed, direction) {
        case (let speed?, let direction?): return speed + " " + direction
        case (let speed?, nil): return speed
        case (nil, let direction?): return direction
        case (nil, nil): return nil
        }
    }

    /// Shorter English names for the table's narrow weather column.
    static func short(_ name: String) -> String {
        switch name {
        case "rain and snow": "rain/snow"
        case "drizzle and snow flurries": "drizzle/flurries"
        default: name
        }
    }
}
