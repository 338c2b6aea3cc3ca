import KMAForecastKit
import Testing

/// An app or a bot that imports only the umbrella draws the charts with the public API: this
/// file imports nothing else, so it does not compile if `KMAForecastKit` stops re-exporting
/// `KMAForecastCharts` or a chart's entry point stops being public.
@Suite("KMAForecastKit re-exports KMAForecastCharts: the documented examples")
struct ChartsThroughKitTests {
    @Test("The forecast chart of the sample, as the README draws it")
    func forecastChart() {
        let chart = ForecastSVG(language: .en, units: .metric)
        let svg = chart.render(.sample)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(chart.width)\" height=\"\(chart.height)\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(chart.width == 720 && chart.height == 1040)
    }

    @Test("The terminal chart of the sample's hours: plain text within the width, braille or ASCII")
    func terminalChart() {
        for glyphs in [TerminalGlyphs.unicode, .ascii] {
            let chart = TerminalChart(language: .en, units: .metric, style: TerminalStyle(enabled: false), glyphs: glyphs, width: 60)
            let text = chart.render(LocalForecast.sample.hourly.map { TerminalChart.Hour($0.row) })
            let lines = text.split(separator: "\n")
            #expect(lines.count == 9, "\(glyphs)")
            #expect(lines.allSatisfy { $0.unicodeScalars.count <= 60 }, "\(glyphs)")
            #expect(!text.contains("\u{1B}"))
            #expect(text.contains("Sun 20") && text.contains("Mon 21"))
            #expect(text.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) } == (glyphs == .unicode))
        }
        let coloured = TerminalChart(language: .ko, units: .metric, style: TerminalStyle(enabled: true), glyphs: .unicode)
        #expect(coloured.render(LocalForecast.sample.hourly.map { TerminalChart.Hour($0.row) }).contains("\u{1B}[33m"))
    }

    @Test("A sparkline and the field colour scale, as their doc comments show")
    func sparklineAndScale() {
        #expect(Sparkline.render([3, 5, 9, 12, 10, 6], width: 6) == "▁▃▆█▆▃")
        #expect(Sparkline.render([1, nil, 3], width: 3, range: 0...4) == "▃ ▆")
        let scale = FieldColorScale(range: -5...25)
        #expect(scale.color(25).hex == "#d73027" && scale.color(-5).hex == "#313695")
        #expect(scale.position(10) == 0.5)
        #expect(FieldColorScale.missing == FieldColorScale.Color(red: 226, green: 232, blue: 240))
    }
}
