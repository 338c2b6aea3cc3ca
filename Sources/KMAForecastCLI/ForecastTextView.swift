import KMAForecast

/// The forecast for a person at a terminal, at most ``width`` columns wide: a header (place,
/// cell, the runs used, when the next run comes), the current conditions, an hourly table, sparkline
/// charts of temperature, probability of precipitation and humidity, and a daily summary.
struct ForecastTextView {
    var language: DisplayLanguage
    var units: UnitSystem
    var style: TerminalStyle
    var width = 80

    private var ko: Bool { language == .ko }

    func render(_ report: ForecastReport) -> String {
        var out = header(report)
        if let current = currentConditions(report) { out += "\n" + current }
        let hours = report.timeline.hours
        if !hours.isEmpty {
            out += "\n" + style.bold(ko ? "시간별 예보" : "Hourly forecast") + "\n"
            var table = HourlyTable(language: language, units: units, sources: hours.map { $0.product.shortLabel(language) })
            table.maxWidth = width
            table.style = style
            if report.timeline.products.filter({ $0 != .nowcast }).count < 2 { table.sources = nil }
            out += table.render(hours.map(\.row))
            out += "\n" + sparklines(hours.map(\.row))
        }
        if !report.days.isEmpty {
            out += "\n" + style.bold(ko ? "일별 요약" : "Daily summary") + "\n"
            out += DailyTable(language: language, units: units).render(report.days)
        }
        return out
    }

    // MARK: Header

    private func header(_ report: ForecastReport) -> String {
        let location = report.location
        var title = location.placeName ?? location.coordinate.map {
            Formatting.latitude($0.latitude) + " " + Formatting.longitude($0.longitude)
        } ?? ""
        title += (title.isEmpty ? "" : " · ") + (ko ? "격자 nx \(location.cell.nx), ny \(location.cell.ny)" : "grid nx \(location.cell.nx), ny \(location.cell.ny)")
        var lines = [style.bold(title)]
        var runs: [String] = []
        for outcome in report.outcomes {
            let label = outcome.product.shortLabel(language)
            if let base = outcome.base, outcome.error == nil {
                var text = "\(label) \(CalendarText.time(base.baseTimeNumber))"
                if base.baseDateNumber != report.at.yyyymmdd { text = "\(label) \(CalendarText.day(base.baseDateNumber, language)) \(CalendarText.time(base.baseTimeNumber))" }
                if outcome.fallbackSteps > 0 { text += ko ? " (이전 발표)" : " (earlier run)" }
                runs.append(text)
            } else {
                runs.append("\(label) " + (ko ? "없음" : "n/a"))
            }
        }
        lines.append((ko ? "발표 " : "Runs ") + runs.joined(separator: " · ") + " KST")
        if let next = report.nextUpdate {
            let when = next.at.yyyymmdd == report.at.yyyymmdd ? CalendarText.time(next.at.hhmm) : CalendarText.day(next.at.yyyymmdd, language) + " " + CalendarText.time(next.at.hhmm)
            lines.append(ko ? "다음 발표 \(when) KST (\(next.product.shortLabel(language)))" : "Next update \(when) KST (\(next.product.shortLabel(language)))")
        }
        for outcome in report.outcomes where outcome.error != nil {
            lines.append(style.yellow("! \(outcome.product.shortLabel(language)): \(outcome.error ?? "")"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Current conditions

    private func currentConditions(_ report: ForecastReport) -> String? {
        let entry = report.timeline.current ?? report.timeline.hours.first
        guard let entry else { return nil }
        let row = entry.row
        let when: String
        if entry.product == .nowcast {
            when = ko ? "지금 (\(CalendarText.time(row.forecastTime)) 관측)" : "Now (observed \(CalendarText.time(row.forecastTime)))"
        } else {
            when = ko ? "곧 (\(CalendarText.time(row.forecastTime)) 예보)" : "Next (forecast for \(CalendarText.time(row.forecastTime)))"
        }
        var parts: [String] = []
        if let value = row.value(.t1h) ?? row.value(.tmp) {
            parts.append(style.temperature(style.bold(value.text(language, units: units)), celsius: row.temperature))
        }
        let table = HourlyTable(language: language, units: units, sources: nil)
        if let weather = table.weather(row) { parts.append(weather) }
        if let value = row.value(.pop) { parts.append((ko ? "강수확률 " : "rain ") + value.text(language, units: units)) }
        if let value = row.value(.reh) { parts.append((ko ? "습도 " : "humidity ") + value.text(language, units: units)) }
        if let wind = table.wind(row) { parts.append((ko ? "바람 " : "wind ") + wind) }
        if let value = row.value(.rn1) ?? row.value(.pcp) {
            switch value.meaning {
            case .precipitation(.zero), .number(0): break  // "no precipitation" is already said by the weather
            default: parts.append((ko ? "강수 " : "precip ") + value.text(language, units: units))
            }
        }
        return style.bold(when) + "\n  " + wrap(parts, indent: 2) + "\n"
    }

    /// Joins parts with two spaces, breaking lines before ``width``.
    private func wrap(_ parts: [String], indent: Int) -> String {
        var lines: [String] = []
        var current = ""
        for part in parts {
            let candidate = current.isEmpty ? part : current + "  " + part
            if Formatting.displayWidth(candidate) + indent > width, !current.isEmpty {
                lines.append(current)
                current = part
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    // MARK: Sparklines

    private func sparklines(_ rows: [ForecastRow]) -> String {
        let series: [(String, String, [Double?], (Double) -> String)] = [
            (ko ? "기온" : "temp", "temperature", rows.map(\.temperature), { value in
                let shown = units.convert(value, from: .celsius)
                return shown.unit.text(shown.value, language)
            }),
            (ko ? "강수확률" : "rain %", "pop", rows.map(\.probabilityOfPrecipitation), { Formatting.fixed($0, 0) + "%" }),
            (ko ? "습도" : "humidity", "humidity", rows.map(\.humidity), { Formatting.fixed($0, 0) + "%" }),
        ]
        let labelWidth = series.map { Formatting.displayWidth($0.0) }.max() ?? 0
        var out = ""
        var chartWidth = 0
        for (label, id, values, format) in series {
            let present = values.compactMap { $0 }
            guard let low = present.min(), let high = present.max() else { continue }
            let lowText = format(low), highText = format(high)
            let available = width - 2 - labelWidth - 2 - 7 - 1 - 7
            // Percentages are drawn on their full scale; temperature on its own range.
            let spark = Sparkline.render(values, width: max(8, available), range: id == "temperature" ? nil : 0...100)
            chartWidth = spark.count
            out += "  " + Formatting.padRight(label, labelWidth) + "  " + Formatting.padLeft(lowText, 7) + " "
                + (id == "temperature" ? style.yellow(spark) : style.cyan(spark)) + " " + highText + "\n"
        }
        if let first = rows.first, let last = rows.last {
            // The time axis under the charts, when the charts are wide enough to carry it.
            let start = CalendarText.day(first.forecastDate, language) + " " + CalendarText.time(first.forecastTime)
            let end = CalendarText.day(last.forecastDate, language) + " " + CalendarText.time(last.forecastTime)
            let gap = chartWidth - Formatting.displayWidth(start) - Formatting.displayWidth(end)
            if gap >= 2 {
                let indent = 2 + labelWidth + 2 + 7 + 1
                out += style.dim(String(repeating: " ", count: indent) + start + String(repeating: " ", count: gap) + end) + "\n"
            }
        }
        return out
    }
}
