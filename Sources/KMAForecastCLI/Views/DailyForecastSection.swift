import KMAForecast
import KMAForecastCharts
import KMAForecastClient
import KMAForecastText
import KMAGrid
import KMAPlaces

/// Renders the ten-day view: one line per day from today with the date and weekday, low/high,
/// 오전/오후 conditions with their rain chance, and the source (short or mid, and its run);
/// as text (with a header naming the grid cell, the land region and the temperature point), as
/// JSON (the contract of `--format json`) or as CSV. Its own type so that it can close any
/// text view (the default view shows ``text(_:header:)`` with a short header in place of its
/// daily summary).
///
/// The text fits ``width``: of the layouts below, the first whose day lines all fit is used
/// (the last when none does). The `--days` view keeps the run on every line; the default view,
/// whose runs line names the runs, can leave it there, and in its narrowest layout leaves out
/// the regions line.
///
/// ```
///   Sun 10-04    19° / 21°   AM clear 20%    PM mostly cloudy, rain 60%  short 10-04 17:00   (full)
///   Sun 10-04    19° / 21°   AM clear 20%    PM mostly cloudy, rain 60%  short               (the run in the runs line)
///   Sun 10-04    19° / 21°   AM clear 20%    PM rain 60%  short                              (a word per half)
///   Sun 4 19°/21° AM clear 20% PM rain 60% short                                             (short dates, one space)
///   Sun 4 19°/21° clear→rain 60% s                                                           (AM→PM, the day's highest chance)
/// ```
///
/// Rain is highlighted (cyan, on a terminal that takes colour) on the days a half has
/// precipitation or a rain chance of 60 % or more, as in ``DailyTable``.
struct DailyForecastSection {
    var language: DisplayLanguage
    var style: TerminalStyle
    /// The widest a line may be, in terminal columns; `nil` for no limit.
    var width: Int? = nil
    /// The units of the temperatures (JSON and CSV are always °C).
    var units: UnitSystem = .metric
    /// Every date asked for, a date without data saying `missing` (the `--days` view); else the
    /// dates that have data (the default view, where the mid-term part is a bonus).
    var showsMissingDays = false

    private var ko: Bool { language == .ko }

    /// How much of a header to print above the days.
    enum Header {
        /// The place, cell, regions and runs (the `--days` view).
        case full
        /// A title, the regions and the runs (in the default view).
        case section
        /// A title naming a recording's place and run, and the regions (the sample's mid-term block).
        case sample
    }

    /// One way of laying the days out, from the fullest to the narrowest.
    struct Layout: Equatable {
        /// How each line names its source.
        enum Source: Equatable {
            /// `short 10-04 17:00`: the kind and the run.
            case run
            /// `short`: the kind alone, the run being in the runs line; the run's time too
            /// (`mid 18:00`) when the view has two runs of a kind.
            case kind
            /// `s` / `m` (`단` / `중`), explained in the title; with the run's hour (`m18`, `m06`)
            /// when the view has two runs of a kind.
            case letter
        }

        var source: Source
        /// A word per half (`rain`, `cloudy`) instead of the sky and precipitation (`mostly cloudy, rain`).
        var shortWords = false
        /// `Sun 4` instead of `Sun 10-04`; `19°/21°` instead of `19° / 21°`; one space between columns.
        var narrow = false
        /// The day's condition as `AM→PM` (one word when both are the same) and its highest
        /// rain chance, instead of two halves each with its chance.
        var joinedHalves = false
        /// With ``narrow``, the date still as `Sun 10-04` (the `--days` view keeps the month).
        var fullDate = false

        /// The `--days` view's layouts: the run stays on every line.
        static let withRuns: [Layout] = [
            Layout(source: .run), Layout(source: .run, shortWords: true),
            Layout(source: .run, shortWords: true, narrow: true, fullDate: true), Layout(source: .run, shortWords: true, narrow: true),
        ]
        /// The default view's layouts.
        static let section: [Layout] = [
            Layout(source: .run), Layout(source: .kind), Layout(source: .kind, shortWords: true),
            Layout(source: .kind, shortWords: true, narrow: true),
            Layout(source: .letter, shortWords: true, narrow: true, joinedHalves: true),
        ]
    }

    // MARK: Text

    func text(_ view: LocalForecast, header: Header, outlook: String? = nil) -> String {
        let layout = self.layout(view, from: header == .full ? Layout.withRuns : Layout.section)
        var lines: [String] = []
        switch header {
        case .full:
            var title = view.location.placeName ?? view.location.coordinate.map { Formatting.latitude($0.latitude) + " " + Formatting.longitude($0.longitude) } ?? ""
            title += (title.isEmpty ? "" : " · ") + (ko ? "격자 nx \(view.location.cell.nx), ny \(view.location.cell.ny)" : "grid nx \(view.location.cell.nx), ny \(view.location.cell.ny)")
            lines.append(style.bold(TerminalText.safe(title)))
        case .section:
            let mid = view.midTerm != nil
            lines.append(style.bold(
                layout.source == .letter
                    ? (ko ? (mid ? "일별 예보 (단: 단기, 중: 중기)" : "일별 예보 (단: 단기)") : (mid ? "Days ahead (s: short-term, m: mid-term)" : "Days ahead (s: short-term)"))
                    : (ko ? (mid ? "일별 예보 (단기 + 중기)" : "일별 예보 (단기)") : (mid ? "Days ahead (short-term + mid-term)" : "Days ahead (short-term)"))
            ))
        case .sample:
            let place = view.location.placeName ?? ""
            let run = view.midTermRuns.first.map { CalendarText.run(ForecastBase($0.dateTime)) } ?? ""
            lines.append(style.bold(fitting([
                ko ? "중기예보 표본: \(place), \(run) KST 발표 (기록된 자료, 실제 날짜)" : "Mid-term sample: \(place), run \(run) KST (recorded, real dates)",
                ko ? "중기예보 표본: \(place), \(run)" : "Mid-term sample: \(place), \(run)",
                ko ? "중기예보 표본, \(run) 발표" : "Mid-term sample, run \(run)",
            ], separator: " ")))
        }
        // The narrowest default view leaves the regions to `--days` and `grid`: one screen
        // has no line to spare for them.
        if header == .full || layout.source != .letter {
            lines.append(fitting([regionsLine(view), compactRegionsLine(view)], separator: " · "))
        }
        if header != .sample {
            lines.append(fitting([runsLine(view), compactRunsLine(view)], separator: ", "))
        }
        lines += dayLines(view, layout: layout)
        if let outlook {
            lines.append("")
            lines.append(style.bold(ko ? "중기 전망 (기상청)" : "Outlook (KMA forecaster)"))
            lines.append(TerminalText.safe(outlook))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The first layout whose day lines all fit ``width``; the last when none does.
    func layout(_ view: LocalForecast, from layouts: [Layout]) -> Layout {
        guard let width else { return layouts[0] }
        return layouts.first { layout in
            dayLines(view, layout: layout).allSatisfy { Formatting.displayWidth($0) <= width }
        } ?? layouts[layouts.count - 1]
    }

    /// The first text that fits ``width``, else the last, wrapped with an indent of two after
    /// its items (the parts between `separator`s, which stay whole: `10-04 18:00`).
    private func fitting(_ candidates: [String], separator: String) -> String {
        guard let width else { return candidates[0] }
        if let fits = candidates.first(where: { Formatting.displayWidth($0) <= width }) { return fits }
        let parts = (candidates.last ?? "").components(separatedBy: separator)
        let trailing = String(separator.reversed().drop { $0 == " " }.reversed())
        var lines: [String] = []
        var current = ""
        for (index, part) in parts.enumerated() {
            let word = index == parts.count - 1 ? part : part + trailing
            let candidate = current.isEmpty ? word : current + " " + word
            if Formatting.displayWidth(candidate) + (lines.isEmpty ? 0 : 2) > width, !current.isEmpty {
                lines.append(current)
                current = word
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.joined(separator: "\n  ")
    }

    /// `중기 구역: 육상 11B00000 서울·인천·경기 · 기온 11B10101 서울`.
    func regionsLine(_ view: LocalForecast) -> String {
        guard let regions = view.location.midTermRegions else { return ko ? "중기 구역: 없음" : "Mid-term regions: none" }
        let approximate = regions.isApproximate ? (ko ? " (≈ 가장 가까운 구역)" : " (≈ nearest region: the place has none of its own)") : ""
        return ko
            ? "중기 구역: 육상 \(regions.landRegionID) \(regions.landRegionName)\(approximate) · 기온 \(regions.temperaturePointID) \(regions.temperaturePointName)"
            : "Mid-term regions: land \(regions.landRegionID) \(regions.landRegionName)\(approximate) · temperature \(regions.temperaturePointID) \(regions.temperaturePointName)"
    }

    /// `Land 서울·인천·경기 · temperature 서울`: the names without the codes.
    private func compactRegionsLine(_ view: LocalForecast) -> String {
        guard let regions = view.location.midTermRegions else { return ko ? "중기 구역 없음" : "No mid-term regions" }
        let approximate = regions.isApproximate ? " (≈)" : ""
        return ko
            ? "육상 \(regions.landRegionName)\(approximate) · 기온 \(regions.temperaturePointName)"
            : "Land \(regions.landRegionName)\(approximate) · temperature \(regions.temperaturePointName)"
    }

    private func runsLine(_ view: LocalForecast) -> String {
        let none = ko ? "없음" : "n/a"
        let short = view.shortTermDaysBase.map(CalendarText.run) ?? none
        let mid = view.midTermRuns.isEmpty ? none : view.midTermRuns.map { CalendarText.run(ForecastBase($0.dateTime)) }.joined(separator: ", ")
        guard view.midTerm != nil else { return (ko ? "발표 단기 " : "Runs: short ") + short + " KST" }
        return (ko ? "발표 단기 " : "Runs: short ") + short + (ko ? " · 중기 " : " · mid ") + mid + " KST"
    }

    /// `Runs: short 10-04 17:00, mid 10-04 06:00`: without the years (the view's first line says KST).
    private func compactRunsLine(_ view: LocalForecast) -> String {
        let none = ko ? "없음" : "n/a"
        let short = view.shortTermDaysBase.map { String(CalendarText.run($0).dropFirst(5)) } ?? none
        let mid = view.midTermRuns.isEmpty ? none : view.midTermRuns.map { String(CalendarText.run(ForecastBase($0.dateTime)).dropFirst(5)) }.joined(separator: ", ")
        guard view.midTerm != nil else { return (ko ? "발표: 단기 " : "Runs: short ") + short }
        return (ko ? "발표: 단기 " : "Runs: short ") + short + (ko ? ", 중기 " : ", mid ") + mid
    }

    // MARK: Days

    /// The days' lines in a layout, each starting with two spaces; a wet day's in cyan.
    func dayLines(_ view: LocalForecast, layout: Layout) -> [String] {
        let twoRuns = kindsWithTwoRuns(view)
        var rows = shownDays(view).map { cells($0, layout: layout, twoRuns: twoRuns) }
        let temperatures = shownDays(view).map { (temperature($0.lowTemperature), temperature($0.highTemperature)) }
        func widest(_ texts: [String]) -> Int { texts.map(Formatting.displayWidth).max() ?? 0 }
        let columns = rows.first?.count ?? 0
        // An evening (today, late) spans both halves' columns: it does not widen them.
        let spans = shownDays(view).map { !layout.joinedHalves && $0.morning == nil && $0.afternoon == nil && $0.evening != nil }
        var widths = (0..<columns).map { index in widest(zip(rows, spans).filter { !$0.1 || index == 0 || index == columns - 1 }.map { $0.0[index] }) }
        if !layout.joinedHalves, columns == 4 {
            // 오전 and 오후 as wide as each other, so that the halves line up as one grid.
            widths[1] = max(widths[1], widths[2])
            widths[2] = widths[1]
        }
        let lowWidth = widest(temperatures.map(\.0)), highWidth = widest(temperatures.map(\.1))
        if layout.joinedHalves, let width {
            // The narrowest layout: a condition too long for what is left (a phrase KMA wrote)
            // is cut, and says so with `…`.
            let room = width - (2 + widths[0] + 1 + lowWidth + 1 + highWidth + 1 + 1 + widths[2] + 1 + widths[3])
            if widths[1] > room, room >= 4 {
                for index in rows.indices { rows[index][1] = Self.clipped(rows[index][1], to: room) }
                widths[1] = widest(rows.map { $0[1] })
            }
        }
        return zip(shownDays(view), zip(rows, temperatures)).map { day, entry in
            let (cells, (low, high)) = entry
            var text: String
            if layout == Layout(source: .run) {
                // The `--days` view's look: fixed columns for the date and temperatures.
                text = "  " + Formatting.padRight(cells[0], 10) + "  " + Formatting.padLeft(low, 4) + " / " + Formatting.padRight(high, 4)
            } else {
                let gap = layout.narrow ? " " : "  "
                text = "  " + Formatting.padRight(cells[0], widths[0]) + gap + Formatting.padLeft(low, lowWidth)
                    + (layout.narrow ? "/" : " / ") + Formatting.padRight(high, highWidth)
            }
            let gap = layout.narrow ? " " : "  "
            if !layout.joinedHalves, day.morning == nil, day.afternoon == nil, day.evening != nil {
                text += gap + Formatting.padRight(cells[1], widths[1] + gap.count + widths[2])
            } else {
                for index in 1..<(columns - 1) {
                    let cell = layout.joinedHalves && index == 2 ? Formatting.padLeft(cells[index], widths[index]) : Formatting.padRight(cells[index], widths[index])
                    text += gap + cell
                }
            }
            let source = cells[columns - 1]
            text = isWet(day) ? style.cyan(text) : text
            return source.isEmpty ? text : text + gap + style.dim(source)
        }
    }

    /// A day's cells before the temperatures are put in: the date, the halves (or the
    /// evening, or `AM→PM`), the source.
    private func cells(_ day: ForecastDay, layout: Layout, twoRuns: (short: Bool, mid: Bool)) -> [String] {
        var cells = [layout.narrow && !layout.fullDate ? TerminalChart.dayLabel(day.yyyymmdd, language) : CalendarText.day(day.yyyymmdd, language)]
        if layout.joinedHalves {
            cells += [joined(day), day.source == nil ? "–" : chance(day).map { "\($0)%" } ?? "–"]
        } else if day.morning == nil, day.afternoon == nil, let evening = day.evening {
            // Late in the day: what is left of today, not two empty halves.
            cells += [(ko ? "저녁 " : "evening ") + half(evening, shortWords: layout.shortWords), ""]
        } else {
            cells += [
                (ko ? "오전 " : "AM ") + half(day.morning, shortWords: layout.shortWords),
                (ko ? "오후 " : "PM ") + half(day.afternoon, shortWords: layout.shortWords),
            ]
        }
        cells.append(source(day, layout.source, twoRuns: twoRuns))
        return cells
    }

    /// Whether rain is likely on the day: a half with precipitation or a rain chance of 60 % or more.
    func isWet(_ day: ForecastDay) -> Bool {
        [day.morning, day.afternoon, day.evening].contains { half in
            guard let half else { return false }
            return (half.precipitationType.map { $0 != .noPrecipitation } ?? false) || (half.precipitationChancePercent ?? 0) >= 60
        }
    }

    private func temperature(_ value: DailyTemperature?) -> String {
        guard let value else { return "–" }
        return Formatting.fixed(units.convert(value.value, from: .celsius).value, 0) + "°"
    }

    /// `맑음 20%`, `≈흐리고 비 60%`, `–` for a missing half (never 맑음 or 0 %).
    func half(_ half: HalfDayForecast?, shortWords: Bool = false) -> String {
        guard let half else { return "–" }
        var text = shortWords ? word(half) : condition(half)
        if let pop = half.precipitationChancePercent { text += " \(pop)%" }
        return (half.isApproximate ? "≈" : "") + text
    }

    /// The day as `AM→PM` in words (`clear→rain`; one word when both halves say the same),
    /// `–` for a missing half, `missing` for a day without data.
    private func joined(_ day: ForecastDay) -> String {
        guard day.source != nil else { return ko ? "자료 없음" : "missing" }
        if day.morning == nil, day.afternoon == nil, let evening = day.evening { return (ko ? "저녁 " : "eve ") + word(evening) }
        let am = day.morning.map(word) ?? "–", pm = day.afternoon.map(word) ?? "–"
        let approximate = (day.morning?.isApproximate ?? false) || (day.afternoon?.isApproximate ?? false) ? "≈" : ""
        return approximate + (am == pm ? am : am + "→" + pm)
    }

    /// The text cut to `width` columns, its last shown as `…`; as it is when it fits.
    static func clipped(_ text: String, to width: Int) -> String {
        guard Formatting.displayWidth(text) > width else { return text }
        var kept = ""
        for character in text {
            guard Formatting.displayWidth(kept + String(character)) + 1 <= width else { break }
            kept.append(character)
        }
        return kept + "…"
    }

    /// The day's highest rain chance of the halves that have one.
    private func chance(_ day: ForecastDay) -> Int? {
        day.precipitationChance.map { Int(($0 * 100).rounded()) }
    }

    /// The condition in a word (``HourStrip/word(sky:precipitation:language:)``); a phrase KMA
    /// wrote that has no known condition stays as written.
    private func word(_ half: HalfDayForecast) -> String {
        if half.sky == nil, let text = half.text { return TerminalText.safe(text) }
        return HourStrip.word(sky: half.sky, precipitation: half.precipitationType, language: language) ?? "–"
    }

    /// The condition in words; the mid-term phrase as KMA wrote it (kept when it is unknown).
    func condition(_ half: HalfDayForecast) -> String {
        guard let sky = half.sky else {
            if let text = half.text { return TerminalText.safe(text) }
            return half.precipitationType.map { $0.name(in: language) } ?? "–"
        }
        if ko, let text = half.text { return TerminalText.safe(text) }
        guard let type = half.precipitationType, type != .noPrecipitation else { return sky.name(in: language) }
        if ko {
            let lead = switch sky {
            case .clear: "맑고"
            case .mostlyCloudy: "구름많고"
            case .overcast: "흐리고"
            }
            return lead + " " + type.koreanName
        }
        return sky.englishName + ", " + type.englishName
    }

    /// Which kinds have days from two runs (a mid-term 18 run and the 06 run before it).
    private func kindsWithTwoRuns(_ view: LocalForecast) -> (short: Bool, mid: Bool) {
        let sources = Set(shownDays(view).compactMap(\.source))
        return (
            sources.filter { if case .shortTerm = $0 { true } else { false } }.count > 1,
            sources.filter { if case .midTerm = $0 { true } else { false } }.count > 1
        )
    }

    /// `short 10-04 17:00` / `mid 10-04 06:00` (``Layout/Source/run``), `short` / `mid 18:00`
    /// (``Layout/Source/kind``), `s` / `m` (``Layout/Source/letter``); `missing` (empty for
    /// a letter: the line says `missing`).
    private func source(_ day: ForecastDay, _ form: Layout.Source, twoRuns kinds: (short: Bool, mid: Bool)) -> String {
        let kind: String, run: String, twoRuns: Bool
        switch day.source {
        case .shortTerm(let base)?:
            kind = form == .letter ? (ko ? "단" : "s") : (ko ? "단기" : "short")
            run = CalendarText.run(base)
            twoRuns = kinds.short
        case .midTerm(let issue)?:
            kind = form == .letter ? (ko ? "중" : "m") : (ko ? "중기" : "mid")
            run = CalendarText.run(ForecastBase(issue.dateTime))
            twoRuns = kinds.mid
        case nil:
            return form == .letter ? "" : ko ? "자료 없음" : "missing"
        }
        switch form {
        case .run: return kind + " " + run.dropFirst(5)
        case .kind: return twoRuns ? kind + " " + run.suffix(5) : kind
        case .letter: return twoRuns ? kind + run.suffix(5).prefix(2) : kind
        }
    }
}

extension LocalForecast {
    /// The short-term run the days came from, when it delivered.
    var shortTermDaysBase: ForecastBase? {
        outcome(.shortTerm).flatMap { $0.status == .failed ? nil : $0.base }
    }

    /// The mid-term runs the days came from, newest first (none when the days were not asked).
    var midTermRuns: [MidTermIssue] { midTerm?.runs ?? [] }
}
