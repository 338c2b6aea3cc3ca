import KMAForecast
import KMAForecastText
import KMAGrid

/// A picture of a grid field as SVG (the CLI's `field --format svg`): one square per cell with
/// data, north up, coloured by ``FieldColorScale``, cells without data in a pale grey (so
/// Korea's outline shows from the data itself: the sea is missing for land variables), with a
/// title and a legend (the colour bar, five labelled values, the unit, and the no-data colour).
/// ``FieldPNG`` draws the same picture without text.
///
/// Geometry (in SVG user units = pixels): each cell is ``cellSize`` square; cell (`nx`, `ny`)
/// has its top-left corner at `x = mapLeft + (nx − 1) · cellSize`,
/// `y = mapTop + (253 − ny) · cellSize`; the whole picture is ``width`` × ``height``
/// (601 × 853). `Scripts/check-field-picture.sh` relies on these numbers.
///
/// ```swift
/// import KMAForecastCharts
///
/// let field = try await client.fetch(.shortTerm, variable: .tmp)   // a GridFieldClient
/// let svg = FieldPicture(field: field, source: "KMA API Hub at \(client.baseURL)").svg()
/// ```
public struct FieldPicture: Sendable {
    /// The side of one cell's square, in pixels (3).
    public static let cellSize = 3
    /// The map's left edge, in pixels from the picture's left (10).
    public static let mapLeft = 10
    /// The map's top edge, in pixels from the picture's top (50).
    public static let mapTop = 50
    /// The map's width: 149 cells (447 pixels).
    public static let mapWidth = 149 * cellSize
    /// The map's height: 253 cells (759 pixels).
    public static let mapHeight = 253 * cellSize
    /// The legend's left edge.
    static let legendLeft = mapLeft + mapWidth + 24
    /// The colour bar's width.
    static let barWidth = 24
    /// The picture's width in pixels (601).
    public static let width = legendLeft + barWidth + 96
    /// The picture's height in pixels (853).
    public static let height = mapTop + mapHeight + 44
    /// The colour bar of the legend: its top and height (highest value at the top).
    static let barTop = mapTop + 20
    static let barHeight = 300

    /// The field drawn.
    public let field: GridField
    /// Where the data came from, for the footnote (the service root, never a URL with a key).
    public let source: String

    /// A picture of `field`, crediting `source` in its footnote (e.g. `KMA API Hub`; never a
    /// URL with a key: the text is shown as given).
    public init(field: GridField, source: String) {
        self.field = field
        self.source = source
    }

    /// The SVG document: UTF-8 text starting with `<?xml`, about 100–300 KB for a field of the
    /// whole domain (one rectangle per run of equal values along a row). Empty when the field
    /// has no cell with data.
    public func svg() -> String {
        let s = Self.self
        guard let range = field.valueRange else { return "" }
        let scale = FieldColorScale(range: range)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(s.width)" height="\(s.height)" viewBox="0 0 \(s.width) \(s.height)" shape-rendering="crispEdges">
            <rect x="0" y="0" width="\(s.width)" height="\(s.height)" fill="#ffffff"/>
            <text x="\(s.mapLeft)" y="20" font-family="sans-serif" font-size="14" font-weight="bold">\(SVGText.escape(title))</text>
            <text x="\(s.mapLeft)" y="38" font-family="sans-serif" font-size="11">\(SVGText.escape(subtitle))</text>
            <rect x="\(s.mapLeft)" y="\(s.mapTop)" width="\(s.mapWidth)" height="\(s.mapHeight)" fill="\(FieldColorScale.missing.hex)"/>
            <g id="cells">

            """
        out.reserveCapacity(1 << 20)
        // One rectangle per run of equal values along a row.
        for ny in GridCell.nyRange {
            var nx = 1
            let y = s.mapTop + (253 - ny) * s.cellSize
            while nx <= 149 {
                let raw = field.rawValues[(ny - 1) * 149 + nx - 1]
                guard !GridField.isMissing(raw) else {
                    nx += 1
                    continue
                }
                var end = nx + 1
                while end <= 149, field.rawValues[(ny - 1) * 149 + end - 1] == raw { end += 1 }
                let x = s.mapLeft + (nx - 1) * s.cellSize
                out += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\((end - nx) * s.cellSize)\" height=\"\(s.cellSize)\" fill=\"\(scale.color(raw).hex)\"/>\n"
                nx = end
            }
        }
        out += "</g>\n"
        out += legend(scale)
        out += "<text x=\"\(s.mapLeft)\" y=\"\(s.height - 24)\" font-family=\"sans-serif\" font-size=\"10\" fill=\"#555555\">nx 1–149 west→east, ny 1–253 south→north; 5 km cells</text>\n"
        out += "<text x=\"\(s.mapLeft)\" y=\"\(s.height - 10)\" font-family=\"sans-serif\" font-size=\"10\" fill=\"#555555\">\(SVGText.escape("Source: \(source)"))</text>\n"
        out += "</svg>\n"
        return out
    }

    /// `TMP 1시간 기온 (°C)`.
    var title: String {
        let unit = field.variable.unit.map { " (\($0))" } ?? ""
        return "\(field.variable.code) \(field.variable.koreanName) · \(field.variable.englishName)\(unit)"
    }

    /// `short-term run 2026-11-21 05:00 KST, valid 2026-11-21 06:00 KST; 9,876 cells with data`.
    var subtitle: String {
        let run = CalendarText.readable(field.run.dateTime)
        let valid = field.product.gridHasValidTime ? ", valid \(CalendarText.readable(field.valid)) KST" : ""
        return "\(field.product.rawValue) run \(run) KST\(valid); \(field.valueCount) of \(GridField.count) cells with data"
    }

    private func legend(_ scale: FieldColorScale) -> String {
        let s = Self.self
        let stops = FieldColorScale.stops
        var out = "<defs><linearGradient id=\"scale\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">"
        for (index, stop) in stops.enumerated() {
            let offset = Formatting.fixed(Double(index) / Double(stops.count - 1), 2)
            out += "<stop offset=\"\(offset)\" stop-color=\"\(stop.hex)\"/>"
        }
        out += "</linearGradient></defs>\n"
        let barTop = s.barTop, barHeight = s.barHeight
        out += "<rect id=\"legend-bar\" x=\"\(s.legendLeft)\" y=\"\(barTop)\" width=\"\(s.barWidth)\" height=\"\(barHeight)\" fill=\"url(#scale)\" stroke=\"#333333\" stroke-width=\"0.5\"/>\n"
        for step in 0...4 {
            let value = scale.low + (scale.high - scale.low) * Double(step) / 4
            let y = barTop + barHeight - barHeight * step / 4
            out += "<line x1=\"\(s.legendLeft + s.barWidth)\" y1=\"\(y)\" x2=\"\(s.legendLeft + s.barWidth + 4)\" y2=\"\(y)\" stroke=\"#333333\"/>"
            out += "<text x=\"\(s.legendLeft + s.barWidth + 7)\" y=\"\(y + 4)\" font-family=\"sans-serif\" font-size=\"11\">\(SVGText.escape(Self.label(value)))</text>\n"
        }
        let unit = field.variable.unit ?? "code"
        out += "<text x=\"\(s.legendLeft)\" y=\"\(barTop - 6)\" font-family=\"sans-serif\" font-size=\"11\">\(SVGText.escape(unit))</text>\n"
        let keyTop = barTop + barHeight + 20
        out += "<rect x=\"\(s.legendLeft)\" y=\"\(keyTop)\" width=\"\(s.barWidth)\" height=\"12\" fill=\"\(FieldColorScale.missing.hex)\" stroke=\"#333333\" stroke-width=\"0.5\"/>"
        out += "<text x=\"\(s.legendLeft + s.barWidth + 7)\" y=\"\(keyTop + 10)\" font-family=\"sans-serif\" font-size=\"11\">no data</text>\n"
        return out
    }

    /// A legend value: up to two decimals, trailing zeros dropped.
    static func label(_ value: Double) -> String {
        NumberText.fixed(value, decimals: 2, trimmingZeros: true)
    }
}
