import KMAForecast
import KMAGrid
import KMAPlaces

/// What the ten-day view shows: the days and where they came from. Made from a live
/// ``KMAForecastClient/DailyForecast`` or from the bundled sample.
struct TenDayView {
    var days: [DailyForecastDay]
    var cell: GridCell
    /// The place's full name (`--place`, or the sample's), if any.
    var placeName: String?
    /// The coordinate given with `--lat`/`--lon`, if any.
    var coordinate: GeoCoordinate?
    /// The mid-term codes.
    var regions: MidTermAssignment
    /// The short-term run used.
    var shortBase: ForecastBase?
    /// The mid-term runs used, newest first.
    var midIssues: [MidTermIssue]
    /// The forecaster's outlook (`--outlook`), if asked for and delivered.
    var outlook: String?
}

/// Renders the ten-day view: one line per day from today with the date and weekday, low/high,
/// 오전/오후 conditions with their rain chance, and the source (short or mid, and its run);
/// as text (with a header naming the grid cell, the land region and the temperature point), as
/// JSON (the contract of `--format json`) or as CSV. Its own type so that it can close any
/// text view (the default view appends ``text(_:header:)`` with a short header).
struct DailyForecastSection {
    var language: DisplayLanguage
    var style: TerminalStyle

    private var ko: Bool { language == .ko }

    /// How much of a header to print above the days.
    enum Header {
        /// The place, cell, regions and runs (the `--days` view).
        case full
        /// A title, the regions and the runs (at the end of the default view).
        case section
    }

    // MARK: Text

    func text(_ view: TenDayView, header: Header) -> String {
        var lines: [String] = []
        switch header {
        case .full:
            var title = view.placeName ?? view.coordinate.map { Formatting.latitude($0.latitude) + " " + Formatting.longitude($0.longitude) } ?? ""
            title += (title.isEmpty ? "" : " · ") + (ko ? "격자 nx \(view.cell.nx), ny \(view.cell.ny)" : "grid nx \(view.cell.nx), ny \(view.cell.ny)")
            lines.append(style.bold(TerminalText.safe(title)))
        case .section:
            lines.append(style.bold(ko ? "일별 예보 (단기 + 중기)" : "Days ahead (short-term + mid-term)"))
        }
        lines.append(regionsLine(view))
        lines.append(runsLine(view))
        let halves = view.days.flatMap { [(ko ? "오전 " : "AM ") + half($0.am), (ko ? "오후 " : "PM ") + half($0.pm)] }
        let width = halves.map(Formatting.displayWidth).max() ?? 0
        for day in view.days { lines.append(line(day, halfWidth: width)) }
        if let outlook = view.outlook {
            lines.append("")
            lines.append(style.bold(ko ? "중기 전망 (기상청)" : "Outlook (KMA forecaster)"))
            lines.append(TerminalText.safe(outlook))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `중기 구역: 육상 11B00000 서울·인천·경기 · 기온 11B10101 서울`.
    func regionsLine(_ view: TenDayView) -> String {
        let regions = view.regions
        let approximate = regions.isApproximate ? (ko ? " (≈ 가장 가까운 구역)" : " (≈ nearest region: the place has none of its own)") : ""
        return ko
            ? "중기 구역: 육상 \(regions.landRegion.id) \(regions.landRegion.name)\(approximate) · 기온 \(regions.temperaturePoint.id) \(regions.temperaturePoint.name)"
            : "Mid-term regions: land \(regions.landRegion.id) \(regions.landRegion.name)\(approximate) · temperature \(regions.temperaturePoint.id) \(regions.temperaturePoint.name)"
    }

    private func runsLine(_ view: TenDayView) -> String {
        let none = ko ? "없음" : "n/a"
        let short = view.shortBase.map(CalendarText.run) ?? none
        let mid = view.midIssues.isEmpty ? none : view.midIssues.map { CalendarText.run(ForecastBase($0.dateTime)) }.joined(separator: ", ")
        return (ko ? "발표 단기 " : "Runs: short ") + short + (ko ? " · 중기 " : " · mid ") + mid + " KST"
    }

    /// One day: `Sun 10-04   9° / 21°   AM clear 20%   PM mostly cloudy, rain 60%   short 10-04 17:00`.
    func line(_ day: DailyForecastDay, halfWidth: Int = 24) -> String {
        let date = Formatting.padRight(CalendarText.day(day.date, language), 10)
        let temperatures = Formatting.padLeft(temperature(day.low), 4) + " / " + Formatting.padRight(temperature(day.high), 4)
        let am = Formatting.padRight((ko ? "오전 " : "AM ") + half(day.am), halfWidth)
        let pm = Formatting.padRight((ko ? "오후 " : "PM ") + half(day.pm), halfWidth)
        return "  " + date + "  " + temperatures + "  " + am + "  " + pm + "  " + style.dim(source(day))
    }

    private func temperature(_ value: DailyTemperature?) -> String {
        value.map { Formatting.fixed($0.value, 0) + "°" } ?? "–"
    }

    /// `맑음 20%`, `≈흐리고 비 60%`, `–` for a missing half (never 맑음 or 0 %).
    func half(_ half: HalfDayForecast?) -> String {
        guard let half else { return "–" }
        var text = condition(half)
        if let pop = half.probabilityOfPrecipitation { text += " \(pop)%" }
        return (half.isApproximate ? "≈" : "") + text
    }

    /// The condition in words; the mid-term phrase as KMA wrote it (kept when it is unknown).
    func condition(_ half: HalfDayForecast) -> String {
        guard let sky = half.sky else {
            if let text = half.text { return TerminalText.safe(text) }
            return half.precipitation.map { $0.name(in: language) } ?? "–"
        }
        if ko, let text = half.text { return TerminalText.safe(text) }
        guard let type = half.precipitation, type != .noPrecipitation else { return sky.name(in: language) }
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

    /// `short 10-04 17:00` / `mid 10-04 06:00`, or `missing`.
    private func source(_ day: DailyForecastDay) -> String {
        switch day.source {
        case .shortTerm(let base)?:
            return (ko ? "단기 " : "short ") + CalendarText.run(base).dropFirst(5)
        case .midTerm(let issue)?:
            return (ko ? "중기 " : "mid ") + CalendarText.run(ForecastBase(issue.dateTime)).dropFirst(5)
        case nil:
            return ko ? "자료 없음" : "missing"
        }
    }

    // MARK: JSON and CSV

    /// The `--format json` contract: `regions`, `runs`, `days`; a missing value is `null`.
    static func json(_ view: TenDayView) -> String {
        let regions = JSONText.object([
            ("land", JSONText.object([("id", JSONText.string(view.regions.landRegion.id)), ("name", JSONText.string(view.regions.landRegion.name))])),
            ("temperature", JSONText.object([("id", JSONText.string(view.regions.temperaturePoint.id)), ("name", JSONText.string(view.regions.temperaturePoint.name))])),
        ])
        let runs = JSONText.object([
            ("short", view.shortBase.map { JSONText.string($0.baseDate + $0.baseTime) } ?? "null"),
            ("mid", view.midIssues.first.map { JSONText.string($0.tmFc) } ?? "null"),
        ])
        func number(_ value: Double?) -> String { value.map(JSONText.number) ?? "null" }
        func half(_ half: HalfDayForecast?) -> String {
            JSONText.object([
                ("sky", half?.sky.map { String($0.code) } ?? "null"),
                ("pty", half?.precipitation.map { String($0.code) } ?? "null"),
                ("pop", half?.probabilityOfPrecipitation.map { String($0) } ?? "null"),
                ("text", half?.text.map(JSONText.string) ?? "null"),
            ])
        }
        let days = view.days.map { day in
            JSONText.object([
                ("date", JSONText.string(day.isoDate)), ("low", number(day.low?.value)), ("high", number(day.high?.value)),
                ("am", half(day.am)), ("pm", half(day.pm)), ("source", day.source.map { JSONText.string($0.kind) } ?? "null"),
            ])
        }
        return JSONText.object([("regions", regions), ("runs", runs), ("days", "[" + days.joined(separator: ",") + "]")]) + "\n"
    }

    /// The CSV columns of `--format csv`.
    static let csvHeader = ["date", "low", "high", "am_sky", "am_pty", "am_pop", "pm_sky", "pm_pty", "pm_pop", "source"]

    /// `--format csv`: one row per day, an empty field for a missing value.
    static func csv(_ view: TenDayView) -> String {
        var out = CSVText.row(csvHeader)
        func number(_ value: Double?) -> String { value.map(JSONText.number) ?? "" }
        for day in view.days {
            out += CSVText.row([
                day.isoDate, number(day.low?.value), number(day.high?.value),
                day.am?.sky.map { String($0.code) } ?? "", day.am?.precipitation.map { String($0.code) } ?? "",
                day.am?.probabilityOfPrecipitation.map(String.init) ?? "",
                day.pm?.sky.map { String($0.code) } ?? "", day.pm?.precipitation.map { String($0.code) } ?? "",
                day.pm?.probabilityOfPrecipitation.map(String.init) ?? "",
                day.source?.kind ?? "",
            ])
        }
        return out
    }
}
