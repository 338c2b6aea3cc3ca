import KMAForecast
import KMAForecastText

/// The forecast's timeline as a terminal chart: temperature as a line of braille dots (or
/// ASCII marks) with its range on the axis, the probability of precipitation as bars beneath,
/// then precipitation (and snow, when any falls) as bars, an axis with a tick at each midnight
/// and the days' names under it.
///
/// ```
/// 18°C ┤      ⡠⠤⠤⢄          ┊                 ┊
///      │    ⡠⠊    ⠑⢄        ┊  ⢀⡠⠤⠤⢄          ┊
///      │  ⡠⠊        ⠑⢄     ⢀┊⡠⠊     ⠑⠤⣀       ┊
///  7°C ┤⠊              ⠑⠒⠒⠒⠁┊           ⠉⠒⠒⠒⠒⠒┊
/// rain%┤▂▂▂▁▁               ┊  ▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂┊▂
///   mm ┤ none               ┊                 ┊
///      └────────────────────┼─────────────────┼─
///       Sun 20               Mon 21            Tue 22
/// ```
///
/// The x axis is the hours in order, spread over the plot's width; the chart is as wide as
/// ``width`` allows. What the terminal can show is the caller's to say: colour or not
/// (``TerminalStyle``), braille or ASCII (``TerminalGlyphs``), how many columns.
///
/// ```swift
/// import KMAForecastCharts
///
/// let chart = TerminalChart(language: .en, units: .metric, style: TerminalStyle(enabled: false), glyphs: .unicode, width: 60)
/// print(chart.render(LocalForecast.sample.hourly.map { TerminalChart.Hour($0.row) }), terminator: "")
/// ```
public struct TerminalChart: Sendable {
    /// One hour of the timeline.
    public struct Hour: Sendable, Equatable {
        /// The day, `YYYYMMDD` in KST (e.g. 20221120).
        public var date: Int
        /// The hour, `HHMM` in KST (e.g. 1500).
        public var time: Int
        /// °C.
        public var temperature: Double?
        /// Probability of precipitation, 0...100 %.
        public var probabilityOfPrecipitation: Double?
        /// Precipitation in mm (a class's middle when KMA gives a class, e.g. 0.5 for "under 1 mm").
        public var precipitation: Double?
        /// Snow in cm, the same way.
        public var snow: Double?

        /// The hour of a forecast row: its temperature (`TMP`, else `T1H`), chance of rain,
        /// precipitation (`PCP`, else `RN1`) and snow.
        public init(_ row: ForecastRow) {
            date = row.forecastDate
            time = row.forecastTime
            temperature = row.temperature
            probabilityOfPrecipitation = row.probabilityOfPrecipitation
            if let amount = row.precipitation {
                precipitation = Self.amount(amount)
            } else if case .number(let value)? = row.value(.rn1)?.meaning {
                precipitation = value
            } else {
                precipitation = nil
            }
            snow = row.snow.map(Self.amount)
        }

        /// An hour from values: `date` `YYYYMMDD` and `time` `HHMM` in KST, °C, %, mm, cm.
        public init(date: Int, time: Int, temperature: Double?, probabilityOfPrecipitation: Double? = nil, precipitation: Double? = nil, snow: Double? = nil) {
            self.date = date
            self.time = time
            self.temperature = temperature
            self.probabilityOfPrecipitation = probabilityOfPrecipitation
            self.precipitation = precipitation
            self.snow = snow
        }

        /// A representative amount of a class: its middle, half the limit for "under", the
        /// limit for "or more".
        static func amount(_ range: AmountRange) -> Double {
            switch range {
            case .zero: 0
            case .lessThan(let value): value / 2
            case .exactly(let value): value
            case .range(let lower, let upper): (lower + upper) / 2
            case .atLeast(let value): value
            }
        }
    }

    /// The language of the labels and the days' names.
    public var language: DisplayLanguage
    /// Metric (°C, mm, cm) or imperial (°F, in).
    public var units: UnitSystem
    /// Colour or plain text.
    public var style: TerminalStyle
    /// Braille, blocks and box drawing, or ASCII.
    public var glyphs: TerminalGlyphs
    /// The widest the chart may be, in terminal columns (a wide character counts two); the plot
    /// takes what the labels leave, at least 4 columns.
    public var width: Int
    /// Text rows of the temperature line, ≥ 1 (each holds 4 dot rows in braille).
    public var temperatureRows: Int
    /// Text rows of the probability bars, ≥ 1 (each holds 8 levels in block elements).
    public var probabilityRows: Int

    /// A chart of `width` columns (80 by default), with 4 rows for the temperature and 2 for the
    /// chance of rain by default.
    public init(
        language: DisplayLanguage, units: UnitSystem, style: TerminalStyle, glyphs: TerminalGlyphs,
        width: Int = 80, temperatureRows: Int = 4, probabilityRows: Int = 2
    ) {
        self.language = language
        self.units = units
        self.style = style
        self.glyphs = glyphs
        self.width = width
        self.temperatureRows = temperatureRows
        self.probabilityRows = probabilityRows
    }

    private var ko: Bool { language == .ko }

    /// The chart's lines, each at most ``width`` columns, ending in a newline; empty when no
    /// hour has a temperature or a probability.
    public func render(_ hours: [Hour]) -> String {
        let temperatures = hours.map { $0.temperature.map { units.convert($0, from: .celsius).value } }
        let presentTemperatures = temperatures.compactMap { $0 }
        guard !hours.isEmpty, !presentTemperatures.isEmpty || hours.contains(where: { $0.probabilityOfPrecipitation != nil }) else { return "" }
        let unit: ForecastUnit = units == .imperial ? .fahrenheit : .celsius
        let low = (presentTemperatures.min() ?? 0).rounded(.down)
        var high = (presentTemperatures.max() ?? 0).rounded(.up)
        if high <= low { high = low + 1 }

        let hasSnow = hours.contains { ($0.snow ?? 0) > 0 }
        let precipitationUnit = units == .imperial ? "in" : "mm"
        let labels = (
            top: unit.text(high, language), bottom: unit.text(low, language),
            pop: ko ? "강수확률" : "rain%", precipitation: (ko ? "강수 " : "") + precipitationUnit, snow: (ko ? "적설 " : "snow ") + (units == .imperial ? "in" : "cm")
        )
        let labelWidth = [labels.top, labels.bottom, labels.pop, labels.precipitation, hasSnow ? labels.snow : ""].map(Formatting.displayWidth).max() ?? 0
        let cells = max(4, width - labelWidth - 1)
        var frame = Frame(labelWidth: labelWidth, cells: cells, boundaries: Self.dayBoundaries(hours, cells: cells), unicode: glyphs == .unicode, style: style)

        // Temperature.
        let plotted = frame.unicode
            ? Self.brailleLine(temperatures, cells: cells, rows: temperatureRows, range: low...high)
            : Self.asciiLine(temperatures, cells: cells, rows: temperatureRows, range: low...high)
        for (index, row) in plotted.enumerated() {
            let label = index == 0 ? labels.top : index == plotted.count - 1 ? labels.bottom : ""
            let axis = label.isEmpty ? (frame.unicode ? "│" : "|") : (frame.unicode ? "┤" : "+")
            let body = frame.marked(row.map(String.init), blank: frame.unicode ? "\u{2800}" : " ") { style.yellow($0) }
            frame.line(label, axis: axis, body)
        }

        // Probability of precipitation, on its full 0...100 scale.
        let pop = Self.bars(hours.map(\.probabilityOfPrecipitation), cells: cells, rows: probabilityRows, top: 100, unicode: frame.unicode)
        for (index, row) in pop.enumerated() {
            let label = index == pop.count - 1 ? labels.pop : ""
            frame.line(label, axis: label.isEmpty ? (frame.unicode ? "│" : "|") : (frame.unicode ? "┤" : "+"), frame.marked(row.map(String.init), blank: " ") { style.cyan($0) })
        }

        // Precipitation and snow: one row each, scaled to the wettest hour (at least 5 mm / 5 cm).
        let inches = units == .imperial
        amountRow(&frame, hours.map { $0.precipitation.map { inches ? $0 / 25.4 : $0 } }, label: labels.precipitation, scaleFloor: inches ? 0.2 : 5)
        if hasSnow { amountRow(&frame, hours.map { $0.snow.map { inches ? $0 / 2.54 : $0 } }, label: labels.snow, scaleFloor: inches ? 2 : 5) }

        timeAxis(&frame, hours)
        return frame.lines.map { $0 + "\n" }.joined()
    }

    /// The chart's lines so far, and how each is laid out: the label column, the plot's cells,
    /// the cells where a day starts (marked in blank cells).
    private struct Frame {
        var labelWidth: Int
        var cells: Int
        var boundaries: Set<Int>
        var unicode: Bool
        var style: TerminalStyle
        var lines: [String] = []

        /// Adds a line: the label right-aligned, the axis glyph, the cells.
        mutating func line(_ label: String, axis: String, _ body: [String]) {
            lines.append(Formatting.padLeft(label, labelWidth) + style.dim(axis) + body.joined())
        }

        /// The cells coloured, blank ones on a day's boundary marked with a dotted line.
        func marked(_ body: [String], blank: String, _ colour: (String) -> String) -> [String] {
            body.enumerated().map { index, cell in
                cell == blank ? (boundaries.contains(index) ? style.dim(unicode ? "┊" : "|") : " ") : colour(cell)
            }
        }
    }

    /// One row of amounts (precipitation or snow) as bars scaled to the wettest hour (at least
    /// `scaleFloor`), or `none` when no hour has any.
    private func amountRow(_ frame: inout Frame, _ values: [Double?], label: String, scaleFloor: Double) {
        let axis = frame.unicode ? "┤" : "+"
        let wettest = values.compactMap { $0 }.max() ?? 0
        guard wettest > 0 else {
            let none = " " + (ko ? "없음" : "none")
            let skipped = Formatting.displayWidth(none)
            let rest = frame.marked([String](repeating: " ", count: frame.cells), blank: " ") { $0 }.dropFirst(min(frame.cells, skipped))
            let body = [style.dim(none)] + rest
            frame.line(label, axis: axis, body)
            return
        }
        let bars = Self.bars(values, cells: frame.cells, rows: 1, top: max(scaleFloor, wettest), unicode: frame.unicode)
        frame.line(label, axis: axis, frame.marked(bars[0].map(String.init), blank: " ") { style.blue($0) })
    }

    /// The axis, a tick at each midnight, and the days' names: each name at its day's start;
    /// the day's number alone when the name would run into the next day's (a short first
    /// day), nothing when even that does not fit.
    private func timeAxis(_ frame: inout Frame, _ hours: [Hour]) {
        let unicode = frame.unicode, cells = frame.cells
        var axis = ""
        for index in 0..<cells { axis += frame.boundaries.contains(index) ? (unicode ? "┼" : "+") : (unicode ? "─" : "-") }
        frame.lines.append(String(repeating: " ", count: frame.labelWidth) + style.dim((unicode ? "└" : "+") + axis))
        var nameWidths: [(start: Int, text: String)] = []
        let starts = [(0, hours[0].date)] + Self.dayStarts(hours, cells: cells).map { ($0.cell + 1, hours[$0.hour].date) }
        for (index, (start, date)) in starts.enumerated() {
            let limit = index + 1 < starts.count ? starts[index + 1].0 - 1 : cells + 1
            let short = ko ? "\(date % 100)일" : "\(date % 100)"
            guard let text = [Self.dayLabel(date, language), short].first(where: { start + Formatting.displayWidth($0) <= limit }) else { continue }
            nameWidths.append((start, text))
        }
        var labelLine = ""
        var column = 0
        for (start, text) in nameWidths {
            labelLine += String(repeating: " ", count: start - column) + text
            column = start + Formatting.displayWidth(text)
        }
        frame.lines.append(String(repeating: " ", count: frame.labelWidth) + style.dim(labelLine))
    }

    /// `Sun 20` / `20일(일)`: a day's name short enough to sit between two midnights.
    package static func dayLabel(_ date: Int, _ language: DisplayLanguage) -> String {
        let day = date % 100
        guard let name = CalendarText.weekdayName(date, language) else { return String(day) }
        switch language {
        case .ko: return "\(day)일(\(name))"
        case .en: return "\(name) \(day)"
        }
    }

    // MARK: Geometry

    /// The position on the hours' scale (0 = the first hour, `count - 1` the last) of a dot
    /// column, when `dots` columns span the hours.
    static func position(ofDot dot: Int, dots: Int, count: Int) -> Double {
        guard count > 1, dots > 1 else { return 0 }
        return Double(dot) * Double(count - 1) / Double(dots - 1)
    }

    /// The cell whose dots hold the start of the hour `index`.
    static func cell(ofHour index: Int, count: Int, cells: Int) -> Int {
        guard count > 1 else { return 0 }
        let dot = (Double(index) * Double(2 * cells - 1) / Double(count - 1)).rounded()
        return min(cells - 1, Int(dot) / 2)
    }

    /// The cells at which a new day starts (the cell holding the day's first hour, less one,
    /// so the mark stands just before it).
    static func dayBoundaries(_ hours: [Hour], cells: Int) -> Set<Int> {
        Set(dayStarts(hours, cells: cells).map(\.cell))
    }

    /// Each new day's mark: the cell of the mark and the index of the day's first hour.
    static func dayStarts(_ hours: [Hour], cells: Int) -> [(cell: Int, hour: Int)] {
        var result: [(cell: Int, hour: Int)] = []
        for index in hours.indices.dropFirst() where hours[index].date != hours[index - 1].date {
            let cell = self.cell(ofHour: index, count: hours.count, cells: cells) - 1
            if cell >= 0 { result.append((cell, index)) }
        }
        return result
    }

    /// The value at a position on the hours' scale, linear between neighbouring hours; `nil`
    /// where neither neighbour has one.
    static func interpolate(_ values: [Double?], at position: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let lower = max(0, min(values.count - 1, Int(position.rounded(.down))))
        let upper = min(values.count - 1, lower + 1)
        let fraction = position - Double(lower)
        switch (values[lower], values[upper]) {
        case (let a?, let b?): return a + (b - a) * fraction
        case (let a?, nil): return fraction < 0.5 ? a : nil
        case (nil, let b?): return fraction >= 0.5 ? b : nil
        case (nil, nil): return nil
        }
    }

    /// The dot row (0 = top) of each dot column, for `rows × 4` dot rows spanning `range`.
    static func dotRows(_ values: [Double?], dots: Int, dotRows: Int, range: ClosedRange<Double>) -> [Int?] {
        (0..<dots).map { dot in
            guard let value = interpolate(values, at: position(ofDot: dot, dots: dots, count: values.count)) else { return nil }
            let span = range.upperBound - range.lowerBound
            let fraction = span > 0 ? (range.upperBound - value) / span : 0.5
            return max(0, min(dotRows - 1, Int((fraction * Double(dotRows - 1)).rounded())))
        }
    }

    /// The rows a column fills to join its dot to the previous column's: its own row and
    /// every row strictly between the two.
    static func filledRows(from previous: Int?, to row: Int) -> ClosedRange<Int> {
        guard let previous, abs(previous - row) > 1 else { return row...row }
        return row > previous ? (previous + 1)...row : row...(previous - 1)
    }

    // MARK: Drawing

    /// The line of `values` in braille: `rows` strings of `cells` characters, top first; each
    /// character is a 2 × 4 block of dots (U+2800 + bits, blank U+2800 where nothing is drawn).
    static func brailleLine(_ values: [Double?], cells: Int, rows: Int, range: ClosedRange<Double>) -> [[Character]] {
        let dotRowCount = rows * 4
        let rowsOfDots = dotRows(values, dots: cells * 2, dotRows: dotRowCount, range: range)
        // Bits of the dots in a braille cell: [column][row within the cell].
        let bits: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
        var grid = [[UInt32]](repeating: [UInt32](repeating: 0, count: cells), count: rows)
        var previous: Int?
        for (dot, row) in rowsOfDots.enumerated() {
            guard let row else {
                previous = nil
                continue
            }
            for filled in filledRows(from: previous, to: row) {
                grid[filled / 4][dot / 2] |= bits[dot % 2][filled % 4]
            }
            previous = row
        }
        return grid.map { row in row.map { Character(Unicode.Scalar(0x2800 + $0) ?? " ") } }
    }

    /// The line of `values` in ASCII: three heights per character (`_` low, `-` middle,
    /// `'` high), one mark per cell at the cell's first dot column's value.
    static func asciiLine(_ values: [Double?], cells: Int, rows: Int, range: ClosedRange<Double>) -> [[Character]] {
        let levels = rows * 3
        let positions = dotRows(values, dots: cells, dotRows: levels, range: range)
        var grid = [[Character]](repeating: [Character](repeating: " ", count: cells), count: rows)
        for (cell, level) in positions.enumerated() {
            guard let level else { continue }
            grid[level / 3][cell] = ["'", "-", "_"][level % 3]
        }
        return grid
    }

    /// Bars of `values` from 0 to `top`: `rows` strings of `cells` characters, top first. A
    /// cell shows the largest value among the hours it covers, in eighths of a row
    /// (`▁▂▃▄▅▆▇█`; in ASCII `.` under half a row, `:` under a full one, `#` full). Any value
    /// above zero shows at least the lowest mark.
    static func bars(_ values: [Double?], cells: Int, rows: Int, top: Double, unicode: Bool) -> [[Character]] {
        let blocks: [Character] = unicode ? [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] : [" ", ".", ".", ".", ":", ":", ":", ":", "#"]
        var grid = [[Character]](repeating: [Character](repeating: " ", count: cells), count: rows)
        let dots = cells * 2
        for cell in 0..<cells {
            let from = position(ofDot: 2 * cell, dots: dots, count: values.count)
            let to = position(ofDot: 2 * cell + 1, dots: dots, count: values.count)
            let first = max(0, Int(from.rounded()))
            let last = min(values.count - 1, max(first, Int(to.rounded())))
            guard first <= last, let value = values[first...last].compactMap({ $0 }).max(), value > 0, top > 0 else { continue }
            var eighths = Int((min(value, top) / top * Double(rows * 8)).rounded())
            eighths = max(1, eighths)
            for row in 0..<rows {
                let fromBottom = rows - 1 - row
                let filled = max(0, min(8, eighths - fromBottom * 8))
                grid[row][cell] = blocks[filled]
            }
        }
        return grid
    }
}
