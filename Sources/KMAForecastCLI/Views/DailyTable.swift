import KMAForecast
import KMAForecastCharts
import KMAForecastText

/// The daily summary for people: per day, minimum/maximum temperature, the highest
/// probability of precipitation, the precipitation (and snow) total, and the usual sky. Rain is
/// highlighted on the days it is likely (a total above zero, or a probability of 60 % or more).
/// On a narrow terminal the days' names get shorter and the least needed columns go.
struct DailyTable {
    var language: DisplayLanguage
    var units: UnitSystem
    /// Colour, when the terminal takes it.
    var style = TerminalStyle(enabled: false)
    /// The widest the table may be, in terminal columns.
    var maxWidth = 80

    /// The table's text, ending in a newline (empty for no days).
    func render(_ days: [DailySummary]) -> String {
        guard !days.isEmpty else { return "" }
        let ko = language == .ko
        let showSnow = days.contains { $0.snow?.amount.map { $0 != .zero } ?? false }
        var header = [ko ? "날짜" : "day", ko ? "최저" : "min", ko ? "최고" : "max", ko ? "강수확률" : "rain%", ko ? "강수량" : "precip"]
        if showSnow { header.append(ko ? "적설" : "snow") }
        header.append(ko ? "하늘" : "sky")
        var lines = [header]
        for day in days {
            var cells = [
                CalendarText.day(day.date, language),
                temperature(day.minimumTemperature),
                temperature(day.maximumTemperature),
                day.maximumProbabilityOfPrecipitation.map { Formatting.fixed($0, 0) + "%" } ?? "-",
                total(day.precipitation, unit: .millimeters),
            ]
            if showSnow { cells.append(total(day.snow, unit: .centimeters)) }
            cells.append(day.sky?.name(in: language) ?? "-")
            lines.append(cells)
        }
        func tableWidth() -> Int {
            var widths = [Int](repeating: 0, count: lines[0].count)
            for line in lines { for (index, cell) in line.enumerated() { widths[index] = max(widths[index], Formatting.displayWidth(cell)) } }
            return 2 + widths.reduce(0, +) + 2 * (widths.count - 1)
        }
        // Too wide: shorter days' names, then no precipitation column when nothing falls, then no sky.
        if tableWidth() > maxWidth {
            for (index, day) in days.enumerated() { lines[index + 1][0] = TerminalChart.dayLabel(day.date, language) }
        }
        let precipitationColumn = 4
        if tableWidth() > maxWidth, lines.dropFirst().allSatisfy({ $0[precipitationColumn] == "-" }) {
            for index in lines.indices { lines[index].remove(at: precipitationColumn) }
        }
        if tableWidth() > maxWidth {
            for index in lines.indices { lines[index].removeLast() }
        }
        let wet = [false] + days.map { day in
            (day.precipitation?.amount.map { $0 != .zero } ?? false) || (day.snow?.amount.map { $0 != .zero } ?? false)
                || (day.maximumProbabilityOfPrecipitation ?? 0) >= 60
        }
        var widths = [Int](repeating: 0, count: lines[0].count)
        for line in lines { for (index, cell) in line.enumerated() { widths[index] = max(widths[index], Formatting.displayWidth(cell)) } }
        var legend: [String] = []
        if days.contains(where: { $0.minimumTemperature?.source == .hourly || $0.maximumTemperature?.source == .hourly }) {
            let long = ko ? "* 시간별 기온에서 구함 (이 예보에 일 최저/최고기온이 없는 날)" : "* from the hourly temperatures (the run gives no daily min/max for that day)"
            legend.append(Formatting.displayWidth(long) + 2 <= maxWidth ? long : ko ? "* 시간별 기온에서 구함" : "* from the hourly temperatures")
        }
        if days.contains(where: { ($0.precipitation.map { !$0.isComplete && $0.hoursCounted > 0 } ?? false) || ($0.snow.map { !$0.isComplete && $0.hoursCounted > 0 } ?? false) }) {
            legend.append(ko ? "+ 일부 시간은 양이 아닌 등급으로만 예보됨" : "+ some hours are forecast as classes, not amounts")
        }
        let table = lines.enumerated().map { row, cells in
            let text = "  " + cells.enumerated().map { index, cell in
                index == 0 || index == cells.count - 1 ? (index == cells.count - 1 ? cell : Formatting.padRight(cell, widths[index])) : Formatting.padLeft(cell, widths[index])
            }.joined(separator: "  ")
            return row == 0 ? style.bold(text) : wet[row] ? style.cyan(text) : text
        }.joined(separator: "\n") + "\n"
        return table + legend.map { "  " + $0 + "\n" }.joined()
    }

    private func temperature(_ extreme: TemperatureExtreme?) -> String {
        guard let extreme else { return "-" }
        return units.temperatureText(celsius: extreme.value, language) + (extreme.source == .hourly ? "*" : "")
    }

    private func total(_ total: AmountTotal?, unit: ForecastUnit) -> String {
        guard let total, let amount = total.amount else { return "-" }
        if amount == .zero { return "-" }
        let text = amount.text(language, unit: unit, units: units)
        return total.isComplete ? text : text + "+"
    }
}
