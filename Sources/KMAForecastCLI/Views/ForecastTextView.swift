import KMAForecast
import KMAForecastCharts
import KMAForecastClient
import KMAForecastText

/// The forecast for a person at a terminal, at most ``width`` columns wide: a view of the
/// library's ``LocalForecast``, nothing computed here but words and layout.
///
/// By default one screen (at most 40 lines, at 80 columns and at 40): a line naming the place
/// and the runs (after a line saying what it is, for a recorded sample), the current
/// conditions, the coming hours at a glance (``HourStrip``), a chart of the whole timeline
/// (``TerminalChart``) and the days (``DailyForecastSection``). With ``hours`` set (`--hours N`,
/// `--all`) it is the long view: the hourly table of every hour (or the first N), sparklines and
/// the days.
struct ForecastTextView {
    /// How many hours the long view's table shows.
    enum Hours: Equatable {
        /// Every hour of the timeline (`--all`).
        case all
        /// The first N hours (`--hours N`).
        case first(Int)
    }

    var language: DisplayLanguage
    var units: UnitSystem
    var style: TerminalStyle
    var width = 80
    /// The characters the terminal shows (braille or ASCII for the chart).
    var glyphs: TerminalGlyphs = .unicode
    /// `nil` for the one-screen view; else the hourly table's hours.
    var hours: Hours? = nil
    /// A line under the days, e.g. how to add the mid-term service when the key cannot read it.
    var daysNote: String? = nil
    /// The sample's mid-term recording, shown as its own labelled block under the days (its run
    /// and place are not the short-term sample's).
    var midTermSample: LocalForecast? = nil

    private var ko: Bool { language == .ko }

    func render(_ forecast: LocalForecast) -> String {
        // No line ends in spaces: a copy (a README, a diff, a message) stays byte for byte.
        Formatting.trimmingTrailingSpaces(rendered(forecast))
    }

    private func rendered(_ forecast: LocalForecast) -> String {
        guard let hours else { return screen(forecast) }
        var out = WarningsTerminalView(language: language, style: style).text(forecast, width: width, maxLines: 20) + header(forecast)
        if let current = currentConditions(forecast) { out += "\n" + current + (daySun(forecast) ?? "") }
        var entries = forecast.hourly
        if case .first(let count) = hours { entries = Array(entries.prefix(count)) }
        if !entries.isEmpty {
            out += "\n" + style.bold(ko ? "시간별 예보" : "Hourly forecast") + "\n"
            var table = HourlyTable(language: language, units: units, sources: entries.map { sourceLabel($0) })
            table.maxWidth = width
            table.style = style
            if Set(forecast.hourly.flatMap { $0.sources.map(\.product) }).count < 2 { table.sources = nil }
            out += table.render(entries.map(\.row))
            out += "\n" + sparklines(entries.map(\.row))
        }
        let days = daysAhead(forecast)
        if !days.isEmpty {
            out += "\n" + days
        }
        return out
    }

    /// `ultra+short`: the products an hour's values came from, freshest first.
    func sourceLabel(_ hour: HourlyForecast) -> String {
        hour.sources.map { $0.product.shortLabel(language) }.joined(separator: "+")
    }

    /// The one-screen view: the sections, separated by blank lines.
    private func screen(_ forecast: LocalForecast) -> String {
        var sections = [header(forecast)]
        let current = currentConditions(forecast)
        if let current { sections.append(current) }
        let rows = forecast.hourly.map(\.row)
        if !rows.isEmpty {
            sections.append(HourStrip(language: language, units: units, style: style, width: width).render(rows))
            let chart = TerminalChart(language: language, units: units, style: style, glyphs: glyphs, width: width)
            sections.append(chart.render(rows.map(TerminalChart.Hour.init)))
        }
        sections.append(daysAhead(forecast))
        // Weather warnings in force come before everything else, in the lines the screen has
        // left (the rest folded into a count that points to `kma-forecast alerts`).
        let rest = sections.filter { !$0.isEmpty }.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).count
        sections.insert(WarningsTerminalView(language: language, style: style).text(forecast, width: width, maxLines: 40 - rest), at: 0)
        // The sample's screen has the mid-term recording's block instead of the pointer.
        // The pointer only where one screen (40 lines) has room for it.
        var lines = sections.filter { !$0.isEmpty }.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).count
        // The day's sun and UV under the next hour, where one screen (40 lines) has room for it
        // (after the warnings: index 0 the warnings, 1 the header, 2 the next hour).
        if current != nil, let sun = daySun(forecast), lines + sun.split(separator: "\n").count <= 41 {
            sections[2] += sun
            lines += sun.split(separator: "\n").count
        }
        // (`lines` counts the blank line before the pointer as the empty piece after the last.)
        let pointer = wrap([ko ? "모든 시간: --all (또는 --hours N)," : "Every hour: --all (or --hours N);", ko ? "그림: --chart FILE.svg" : "a picture: --chart FILE.svg"], indent: 0)
        if forecast.hourly.count > 1, midTermSample == nil || width >= 80, lines + pointer.split(separator: "\n").count <= 40 {
            sections.append(style.dim(pointer) + "\n")
        }
        return sections.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    // MARK: Days ahead

    /// The days (``LocalForecast/daily``), rain highlighted, then the note, if any, and the
    /// sample's mid-term block; empty when there is nothing to show.
    func daysAhead(_ forecast: LocalForecast) -> String {
        let section = DailyForecastSection(language: language, style: style, width: width, units: units)
        var out = forecast.daily.isEmpty ? "" : section.text(forecast, header: .section)
        if let daysNote {
            out += style.yellow(wrap(daysNote.split(separator: " ").map(String.init), indent: 2)) + "\n"
        }
        if let sample = midTermSample, !sample.daily.isEmpty {
            out += "\n" + section.text(sample, header: .sample)
        }
        return out
    }

    // MARK: Header

    /// One sentence: the place, the runs shown and when the next comes, wrapped to ``width``.
    private func header(_ forecast: LocalForecast) -> String {
        var words = [style.bold(placeText(forecast.location)) + ":"] + runWords(forecast)
        if let next = forecast.nextUpdate {
            let at = next.yyyymmdd == forecast.requestedAt.yyyymmdd ? CalendarText.time(next.hhmm) : CalendarText.day(next.yyyymmdd, language) + " " + CalendarText.time(next.hhmm)
            words[words.count - 1] += ","
            words += (ko ? "다음 발표 \(at)." : "next \(at).").split(separator: " ").map(String.init)
        }
        var lines = [wrap(words, indent: 2, separator: " ")]
        if let recording = forecast.recording {
            lines.insert(style.yellow(recordingNote(recording, text: forecast.recordingNote(language) ?? recording.note)), at: 0)
        }
        for outcome in forecast.products {
            guard let failure = outcome.failure else { continue }
            lines.append(style.yellow("! \(outcome.product.shortLabel(language)): \(TerminalText.safe(failure.message(in: language)))"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The place's name (or coordinate) and its cell; the cell alone when there is neither.
    private func placeText(_ location: LocalForecast.Location) -> String {
        let place = location.placeName ?? location.coordinate.map {
            Formatting.latitude($0.latitude) + " " + Formatting.longitude($0.longitude)
        } ?? ""
        let cell = ko ? "격자 \(location.cell.nx), \(location.cell.ny)" : "nx \(location.cell.nx), ny \(location.cell.ny)"
        return place.isEmpty ? (ko ? cell : "grid " + cell) : place + " (" + cell + ")"
    }

    /// The words after the place: the runs shown (and that a run is an earlier one), then the
    /// products missing.
    private func runWords(_ forecast: LocalForecast) -> [String] {
        func when(_ base: ForecastBase) -> String {
            base.baseDateNumber == forecast.requestedAt.yyyymmdd
                ? CalendarText.time(base.baseTimeNumber)
                : CalendarText.day(base.baseDateNumber, language) + " " + CalendarText.time(base.baseTimeNumber)
        }
        var runs: [String] = []
        var missing: [String] = []
        for outcome in forecast.products {
            let name = ko ? outcome.product.shortLabel(.ko) : outcome.product.rawValue
            guard let base = outcome.base, outcome.failure == nil else {
                missing.append(name)
                continue
            }
            let earlier = outcome.fallbackSteps > 0 ? (ko ? "이전 발표" : "an earlier run") : nil
            if forecast.products.count == 1 {
                runs.append(when(base) + (earlier.map { " (\($0))" } ?? ""))
            } else {
                runs.append(ko ? "\(name) \(when(base))" + (earlier.map { "(\($0))" } ?? "") : "\(when(base)) (\(name)" + (earlier.map { ", \($0)" } ?? "") + ")")
            }
        }
        var words: [String] = []
        if ko {
            let product = forecast.products.count == 1 ? forecast.products[0].product.koreanName + " " : ""
            words = (product + runs.joined(separator: ", ") + " KST 발표").split(separator: " ").map(String.init)
            if !missing.isEmpty { words[words.count - 1] += ";"; words += (missing.joined(separator: ", ") + " 없음").split(separator: " ").map(String.init) }
            return words
        }
        let lead = forecast.products.count == 1 ? "\(forecast.products[0].product.rawValue) run " : (runs.count == 1 ? "run " : "runs ")
        let list = runs.count <= 1 ? runs.joined() : runs.dropLast().joined(separator: ", ") + " and " + (runs.last ?? "")
        if !runs.isEmpty { words += (lead + list + " KST").split(separator: " ").map(String.init) }
        if !missing.isEmpty {
            if !runs.isEmpty { words[words.count - 1] += ";" }
            words += (missing.joined(separator: " and ") + " unavailable").split(separator: " ").map(String.init)
        }
        return words
    }

    /// What a recording is (of which place and when), first on standard output; in two lines
    /// where the whole note takes more.
    private func recordingNote(_ recording: LocalForecast.Recording, text note: String) -> String {
        let full = wrap(note.split(separator: " ").map(String.init), indent: 2)
        let short = wrap(((ko ? "표본 (기록된 자료, 실시간 아님): " : "Sample (recorded, not live): ") + (recording.run.map { CalendarText.run(ForecastBase($0)) + " KST" } ?? ""))
            .split(separator: " ").map(String.init), indent: 2)
        return full.split(separator: "\n").count <= 2 || recording.run == nil ? full : short
    }

    // MARK: Current conditions

    private func currentConditions(_ forecast: LocalForecast) -> String? {
        guard let hour = forecast.current ?? forecast.hourly.first else { return nil }
        let row = hour.row
        let when: String
        if hour.sources.first?.product == .nowcast {
            when = ko ? "지금 (\(CalendarText.time(row.forecastTime)) 관측)" : "Now (observed \(CalendarText.time(row.forecastTime)))"
        } else {
            when = ko ? "곧 (\(CalendarText.time(row.forecastTime)) 예보)" : "Next hour (\(CalendarText.time(row.forecastTime)))"
        }
        var parts: [String] = []
        if let value = row.value(.t1h) ?? row.value(.tmp) {
            parts.append(style.temperature(style.bold(value.text(language, units: units)), celsius: row.temperature))
        }
        if let feels = feelsLike(hour) { parts.append(feels) }
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
        if let uv = DaySunText.hourUV(hour.uvIndex, language) { parts.append(uv) }
        let sentence = parts.enumerated().map { index, part in index == parts.count - 1 ? part : part + "," }
        return wrap([style.bold(when + ":")] + sentence, indent: 2, separator: " ") + "\n"
    }

    /// The line of the first hour's day: its sunrise, sunset and highest UV index (the library's words).
    private func daySun(_ forecast: LocalForecast) -> String? {
        guard let date = (forecast.current ?? forecast.hourly.first)?.time.yyyymmdd,
              let sun = forecast.daily.first(where: { $0.start.yyyymmdd == date }).flatMap({ DaySunText.phrase($0, language) }) else { return nil }
        return wrap([style.bold(CalendarText.day(date, language) + ":")] + sun.split(separator: " ").map(String.init), indent: 2, separator: " ") + "\n"
    }

    /// `feels 7°C` (`체감 7°C`): the hour's 체감온도 where it reads differently from the air
    /// temperature in the units shown; `nil` where it reads the same or is unknown.
    func feelsLike(_ hour: HourlyForecast) -> String? {
        guard let feels = hour.apparentTemperatureCelsius, let air = hour.temperatureCelsius else { return nil }
        let unit = units.displayUnit(for: .celsius)
        // Whole degrees, as the view shows temperatures: a tenth of a degree is not a feeling.
        let shown = unit.text(units.convert(feels, from: .celsius).value.rounded(), language)
        guard shown != unit.text(units.convert(air, from: .celsius).value.rounded(), language) else { return nil }
        return (ko ? "체감 " : "feels ") + shown
    }

    /// Joins parts with `separator`, breaking lines before ``width`` and indenting the
    /// continuation lines by `indent`.
    private func wrap(_ parts: [String], indent: Int, separator: String = " ") -> String {
        var lines: [String] = []
        var current = ""
        for part in parts {
            let candidate = current.isEmpty ? part : current + separator + part
            if Formatting.displayWidth(candidate) + (lines.isEmpty ? 0 : indent) > width, !current.isEmpty {
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
            (ko ? "기온" : "temp", "temperature", rows.map(\.temperature), { units.temperatureText(celsius: $0, language) }),
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
