import KMAForecast
import KMAForecastClient
import KMAForecastText

/// The forecast as a picture to share (the CLI's `--chart FILE.svg` and `--format svg`): an SVG
/// of ``width`` × ``height`` user units (720 × 1040), drawn to stay legible when a phone
/// shrinks it to half.
///
/// Top to bottom: the place and run; temperature as a line, with each day's minimum and maximum
/// marked; the probability of precipitation as bars; precipitation (and snow, when any falls) as
/// bars; humidity as a line; then the time axis in KST. Days alternate in shaded bands named at
/// the top. Labels are Korean or English (``language``), units metric (°C, mm, cm) or imperial
/// (°F, in). The hours are every hour of ``LocalForecast/hourly``, spaced by real time.
///
/// The temperature line is the path with `id="temperature"`, one point per hour with a
/// temperature; every piece of text is escaped, so a place name cannot break the markup.
///
/// ```swift
/// import KMAForecastCharts
///
/// let svg = ForecastSVG(language: .en, units: .metric).render(.sample)
/// // "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=\"1040\" …"
/// ```
public struct ForecastSVG: Sendable {
    /// The language of the labels, the days' names and the run's description.
    public var language: DisplayLanguage
    /// Metric (KMA's units) or imperial.
    public var units: UnitSystem
    /// The picture's width in SVG user units (720); it keeps its proportions when scaled.
    public let width = 720
    /// The picture's height in SVG user units (1040).
    public let height = 1040

    /// A chart in `language` and `units`.
    public init(language: DisplayLanguage, units: UnitSystem) {
        self.language = language
        self.units = units
    }

    private var ko: Bool { language == .ko }

    /// The plot's left and right edges.
    private let left = 96.0, right = 700.0

    /// One panel's vertical extent.
    private struct Band {
        var top: Double
        var bottom: Double
        func y(_ fraction: Double) -> Double { bottom - fraction * (bottom - top) }
    }

    /// The SVG document of `report`: UTF-8 text starting with `<svg` and ending in `</svg>` and
    /// a newline. A forecast without hours gives a picture that says so.
    public func render(_ report: LocalForecast) -> String {
        let rows = report.hourly.map(\.row)
        var out = ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(width)" height="\##(height)" viewBox="0 0 \##(width) \##(height)" font-family="'Noto Sans CJK KR','Noto Sans KR','NanumGothic','Malgun Gothic',sans-serif">"##
        out += "\n<title>" + SVGText.escape(title(report)) + "</title>\n"
        out += ##"<rect width="100%" height="100%" fill="#ffffff"/>"## + "\n"
        out += text(24, 40, title(report), size: 30, weight: "bold")
        out += text(24, 72, subtitle(report), size: 20, fill: "#4b5563")
        let times = rows.map { Self.instant($0) }
        guard let first = times.first, let last = times.last else {
            out += text(24, 140, ko ? "예보 시간이 없습니다." : "No forecast hours.", size: 24)
            return out + "</svg>\n"
        }
        let timeline = Timeline(rows: rows, times: times, first: first, span: max(1, last - first), left: left, right: right)
        let humidity = Band(top: 840, bottom: 940)
        out += dayBands(timeline, bottom: humidity.bottom)
        out += temperaturePanel(timeline, Band(top: 180, bottom: 430), days: report.daily)
        out += popPanel(timeline, Band(top: 490, bottom: 610))
        out += precipitationPanel(timeline, Band(top: 670, bottom: 780))
        out += humidityPanel(timeline, humidity)
        out += timeAxis(timeline, below: humidity)
        return out + "</svg>\n"
    }

    /// The hours on the time axis: each row's instant and its x position.
    private struct Timeline {
        var rows: [ForecastRow]
        /// Each row's instant (``instant(_:)``).
        var times: [Int64]
        var first: Int64
        /// The seconds from the first hour to the last, at least 1.
        var span: Int64
        var left: Double, right: Double

        /// The x position of an instant.
        func x(_ time: Int64) -> Double { left + Double(time - first) / Double(span) * (right - left) }
        /// The x position of row `index`.
        func x(at index: Int) -> Double { x(times[index]) }
        /// The width of one hour.
        var hourWidth: Double { (right - left) / Double(max(1, rows.count - 1)) }
        /// A bar's width.
        var barWidth: Double { max(2, hourWidth * 0.8) }
    }

    /// Day bands across every panel, down to `bottom`, named at the top.
    private func dayBands(_ t: Timeline, bottom: Double) -> String {
        var out = ""
        var dayStart = 0
        var bandIndex = 0
        let rows = t.rows
        for index in 1...rows.count where index == rows.count || rows[index].forecastDate != rows[index - 1].forecastDate {
            let x0 = dayStart == 0 ? left : t.x(at: dayStart) - t.hourWidth / 2
            let x1 = index == rows.count ? right : t.x(at: index) - t.hourWidth / 2
            if bandIndex % 2 == 0 {
                out += ##"<rect x="\##(f(x0))" y="92" width="\##(f(max(0, x1 - x0)))" height="\##(f(bottom - 92))" fill="#f1f5f9"/>"## + "\n"
            }
            if x1 - x0 >= 70 {
                let label = CalendarText.day(rows[dayStart].forecastDate, language)
                out += text((x0 + x1) / 2, 118, x1 - x0 >= 110 ? label : TerminalChart.dayLabel(rows[dayStart].forecastDate, language), size: 19, anchor: "middle", weight: "bold", fill: "#334155")
            }
            dayStart = index
            bandIndex += 1
        }
        return out
    }

    /// Temperature: the line, the axis, each day's minimum and maximum.
    private func temperaturePanel(_ t: Timeline, _ temperature: Band, days: [ForecastDay]) -> String {
        let shownTemperatures = t.rows.map { $0.temperature.map { units.convert($0, from: .celsius).value } }
        let degree = units == .imperial ? "°F" : "°C"
        let present = shownTemperatures.compactMap { $0 }
        var low = (present.min() ?? 0).rounded(.down), high = (present.max() ?? 1).rounded(.up)
        if high - low < 4 { low -= 2; high += 2 }
        high += 2  // room for the maximum's label above the line
        var out = panelTitle(temperature, (ko ? "기온" : "Temperature") + " (\(degree))")
        out += axis(temperature, low: low, high: high, labels: 4) { Self.number($0, 0) + "°" }
        func ty(_ value: Double) -> Double { temperature.y((value - low) / (high - low)) }
        let path = linePath(t, shownTemperatures.map { $0.map(ty) })
        if !path.isEmpty {
            out += ##"<path id="temperature" d="\##(path)" fill="none" stroke="#dc2626" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>"## + "\n"
        }
        for day in days {
            guard let range = dayRange(day.yyyymmdd, rows: t.rows) else { continue }
            let x0 = max(left, t.x(at: range.lowerBound) - t.hourWidth / 2), x1 = min(right, t.x(at: range.upperBound) + t.hourWidth / 2)
            // A day with too few hours shown has no room for its labels.
            guard x1 - x0 >= 90 else { continue }
            for (extreme, colour, above) in [(day.highTemperature, "#b91c1c", true), (day.lowTemperature, "#1d4ed8", false)] {
                guard let extreme else { continue }
                let value = units.convert(extreme.value, from: .celsius).value
                let y = ty(value)
                out += ##"<line x1="\##(f(x0 + 4))" y1="\##(f(y))" x2="\##(f(x1 - 4))" y2="\##(f(y))" stroke="\##(colour)" stroke-width="2" stroke-dasharray="6 5"/>"## + "\n"
                out += text((x0 + x1) / 2, above ? y - 9 : y + 26, (above ? (ko ? "최고 " : "max ") : (ko ? "최저 " : "min ")) + Self.number(value, 0) + "°", size: 20, anchor: "middle", weight: "bold", fill: colour)
            }
        }
        return out
    }

    /// A line through each hour's y (`nil`: no value, the pen lifted): `M x y L x y …`, or
    /// empty when no hour has a value.
    private func linePath(_ t: Timeline, _ ys: [Double?]) -> String {
        var path = ""
        var pen = false
        for (index, y) in ys.enumerated() {
            guard let y else { pen = false; continue }
            path += (pen ? " L" : (path.isEmpty ? "M" : " M")) + f(t.x(at: index)) + " " + f(y)
            pen = true
        }
        return path
    }

    /// Probability of precipitation: a bar for each hour above 0 %.
    private func popPanel(_ t: Timeline, _ pop: Band) -> String {
        var out = panelTitle(pop, (ko ? "강수확률" : "Chance of rain") + " (%)")
        out += axis(pop, low: 0, high: 100, labels: 2) { Self.number($0, 0) }
        for (index, row) in t.rows.enumerated() {
            guard let value = row.probabilityOfPrecipitation, value > 0 else { continue }
            let y = pop.y(min(100, value) / 100)
            out += ##"<rect class="pop" x="\##(f(t.x(at: index) - t.barWidth / 2))" y="\##(f(y))" width="\##(f(t.barWidth))" height="\##(f(pop.bottom - y))" fill="#38bdf8"/>"## + "\n"
        }
        return out
    }

    /// Precipitation and snow, on one scale of the wettest hour (at least 5 mm / cm).
    private func precipitationPanel(_ t: Timeline, _ precipitation: Band) -> String {
        let inches = units == .imperial
        let amountUnit = inches ? "in" : "mm"
        let snowUnit = inches ? "in" : "cm"
        let rain = t.rows.map { row in row.precipitation.map(TerminalChart.Hour.amount).map { inches ? $0 / 25.4 : $0 } ?? 0 }
        let snow = t.rows.map { row in row.snow.map(TerminalChart.Hour.amount).map { inches ? $0 / 2.54 : $0 } ?? 0 }
        let hasSnow = snow.contains { $0 > 0 }
        var out = panelTitle(precipitation, (ko ? "강수량" : "Precipitation") + " (\(amountUnit))" + (hasSnow ? (ko ? " · 적설 (\(snowUnit))" : " · snow (\(snowUnit))") : ""))
        let wettest = max(inches ? 0.2 : 5, (rain + snow).max() ?? 0)
        out += axis(precipitation, low: 0, high: wettest, labels: 1) { Self.number($0, inches ? 1 : 0) }
        if !rain.contains(where: { $0 > 0 }) && !hasSnow {
            out += text((left + right) / 2, precipitation.y(0.45), ko ? "강수 없음" : "No precipitation expected", size: 20, anchor: "middle", fill: "#64748b")
        }
        let barWidth = t.barWidth
        for (index, amount) in rain.enumerated() where amount > 0 {
            let y = precipitation.y(min(1, amount / wettest))
            out += ##"<rect class="precipitation" x="\##(f(t.x(at: index) - barWidth / 2))" y="\##(f(y))" width="\##(f(barWidth))" height="\##(f(precipitation.bottom - y))" fill="#1d4ed8"/>"## + "\n"
        }
        for (index, amount) in snow.enumerated() where amount > 0 {
            let y = precipitation.y(min(1, amount / wettest))
            out += ##"<rect class="snow" x="\##(f(t.x(at: index) - barWidth / 4))" y="\##(f(y))" width="\##(f(barWidth / 2))" height="\##(f(precipitation.bottom - y))" fill="#a78bfa"/>"## + "\n"
        }
        return out
    }

    /// Humidity as a line.
    private func humidityPanel(_ t: Timeline, _ humidity: Band) -> String {
        var out = panelTitle(humidity, (ko ? "습도" : "Humidity") + " (%)")
        out += axis(humidity, low: 0, high: 100, labels: 2) { Self.number($0, 0) }
        let path = linePath(t, t.rows.map { row in row.humidity.map { humidity.y(min(100, $0) / 100) } })
        if !path.isEmpty {
            out += ##"<path id="humidity" d="\##(path)" fill="none" stroke="#0d9488" stroke-width="3" stroke-linejoin="round"/>"## + "\n"
        }
        return out
    }

    /// The time axis below the last panel: a tick every 6 hours (KST), labelled.
    private func timeAxis(_ t: Timeline, below humidity: Band) -> String {
        var out = ##"<line x1="\##(f(left))" y1="\##(f(humidity.bottom))" x2="\##(f(right))" y2="\##(f(humidity.bottom))" stroke="#334155" stroke-width="2"/>"## + "\n"
        for (index, row) in t.rows.enumerated() where row.forecastTime % 600 == 0 {
            let tx = t.x(at: index)
            out += ##"<line x1="\##(f(tx))" y1="\##(f(humidity.bottom))" x2="\##(f(tx))" y2="\##(f(humidity.bottom + 8))" stroke="#334155" stroke-width="2"/>"## + "\n"
            out += text(tx, humidity.bottom + 32, (row.forecastTime / 100).zeroPadded(toWidth: 2) + (ko ? "시" : ""), size: 19, anchor: "middle", fill: "#334155")
        }
        out += text(right, humidity.bottom + 68, ko ? "시각 (KST, 한국 표준시)" : "Time (KST, UTC+9)", size: 19, anchor: "end", fill: "#4b5563")
        out += text(24, humidity.bottom + 68, ko ? "자료: 기상청 단기예보" : "Data: KMA short-term forecast", size: 19, fill: "#4b5563")
        return out
    }

    // MARK: Pieces

    private func title(_ report: LocalForecast) -> String {
        let cell = report.location.cell
        return report.location.placeName ?? report.location.coordinate.map {
            Formatting.latitude($0.latitude, decimals: 2) + " " + Formatting.longitude($0.longitude, decimals: 2)
        } ?? (ko ? "격자 \(cell.nx), \(cell.ny)" : "Grid \(cell.nx), \(cell.ny)")
    }

    private func subtitle(_ report: LocalForecast) -> String {
        let runs = report.products.compactMap { outcome -> String? in
            guard let base = outcome.base, outcome.failure == nil else { return nil }
            return ko ? outcome.product.koreanName + " " + CalendarText.run(base) + " 발표" : outcome.product.rawValue + " run " + CalendarText.run(base)
        }
        let cell = "nx \(report.location.cell.nx), ny \(report.location.cell.ny)"
        let first = runs.first.map { ko ? $0 : $0.prefix(1).uppercased() + $0.dropFirst() }
        return ([first].compactMap { $0 } + runs.dropFirst()).joined(separator: ", ") + " (KST) · " + cell + (report.recording != nil ? (ko ? " · 예시 자료" : " · sample data") : "")
    }

    private func panelTitle(_ band: Band, _ label: String) -> String {
        text(left, band.top - 14, label, size: 22, weight: "bold", fill: "#111827")
    }

    /// Grid lines with labels at `labels + 1` even steps from `low` to `high`.
    private func axis(_ band: Band, low: Double, high: Double, labels: Int, format: (Double) -> String) -> String {
        var out = ""
        for step in 0...labels {
            let fraction = Double(step) / Double(labels)
            let y = band.y(fraction)
            out += ##"<line x1="\##(f(left))" y1="\##(f(y))" x2="\##(f(right))" y2="\##(f(y))" stroke="#cbd5e1" stroke-width="1"/>"## + "\n"
            out += text(left - 10, y + 7, format(low + (high - low) * fraction), size: 19, anchor: "end", fill: "#334155")
        }
        return out
    }

    private func text(_ x: Double, _ y: Double, _ content: String, size: Int, anchor: String = "start", weight: String = "normal", fill: String = "#111827") -> String {
        ##"<text x="\##(f(x))" y="\##(f(y))" font-size="\##(size)" text-anchor="\##(anchor)" font-weight="\##(weight)" fill="\##(fill)">"## + SVGText.escape(content) + "</text>\n"
    }

    private func f(_ value: Double) -> String { NumberText.fixed(value, decimals: 1, trimmingZeros: true) }

    private static func number(_ value: Double, _ decimals: Int) -> String { NumberText.format(value, decimals: decimals) }

    /// The indices of a day's hours.
    private func dayRange(_ date: Int, rows: [ForecastRow]) -> ClosedRange<Int>? {
        guard let first = rows.firstIndex(where: { $0.forecastDate == date }), let last = rows.lastIndex(where: { $0.forecastDate == date }) else { return nil }
        return first...last
    }

    /// Seconds since 1970 of a row's hour (KST wall clock), for spacing the x axis by real time.
    private static func instant(_ row: ForecastRow) -> Int64 {
        let date = row.forecastDate, time = row.forecastTime
        let moment = try? KSTDateTime(year: date / 10_000, month: date / 100 % 100, day: date % 100, hour: time / 100, minute: time % 100)
        return moment?.unixSeconds ?? 0
    }

}
