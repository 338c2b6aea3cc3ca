import KMAForecast

/// The daily summary for people: per day, minimum/maximum temperature, the highest
/// probability of precipitation, the precipitation (and snow) total, and the usual sky.
struct DailyTable {
    var language: DisplayLanguage
    var units: UnitSystem

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
        var widths = [Int](repeating: 0, count: header.count)
        for line in lines { for (index, cell) in line.enumerated() { widths[index] = max(widths[index], Formatting.displayWidth(cell)) } }
        var legend: [String] = []
        if days.contains(where: { $0.minimumTemperature?.source == .hourly || $0.maximumTemperature?.source == .hourly }) {
            legend.append(ko ? "* 시간별 기온에서 구함 (이 예보에 일 최저/최고기온이 없는 날)" : "* from the hourly temperatures (the run gives no daily min/max for that day)")
        }
        if days.contains(where: { ($0.precipitation.map { !$0.isComplete && $0.hoursCounted > 0 } ?? false) || ($0.snow.map { !$0.isComplete && $0.hoursCounted > 0 } ?? false) }) {
            legend.append(ko ? "+ 일부 시간은 양이 아닌 등급으로만 예보됨" : "+ some hours are forecast as classes, not amounts")
        }
        let table = lines.map { cells in
            "  " + cells.enumerated().map { index, cell in
                index == 0 || index == cells.count - 1 ? (index == cells.count - 1 ? cell : Formatting.padRight(cell, widths[index])) : Formatting.padLeft(cell, widths[index])
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
        return table + legend.map { "  " + $0 + "\n" }.joined()
    }

    private func temperature(_ extreme: TemperatureExtreme?) -> String {
        guard let extreme else { return "-" }
        let shown = units.convert(extreme.value, from: .celsius)
        return shown.unit.text(shown.value, language) + (extreme.source == .hourly ? "*" : "")
    }

    private func total(_ total: AmountTotal?, unit: ForecastUnit) -> String {
        guard let total, let amount = total.amount else { return "-" }
        if amount == .zero { return "-" }
        let text = amount.text(language, unit: unit, units: units)
        return total.isComplete ? text : text + "+"
    }
}
