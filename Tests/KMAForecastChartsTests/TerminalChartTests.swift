import Testing
@testable import KMAForecastCharts
import KMAForecast
import KMAForecastText

@Suite("The terminal chart: braille line, bars, day marks")
struct TerminalChartTests {
    @Test("A rising series of 4 values over 2 cells of one row: one dot per column, bottom-left to top-right")
    func risingDots() {
        // Dot rows 3, 2, 1, 0 in dot columns 0...3: cell 0 has dots 7 (0x40) and 6 (0x20),
        // cell 1 has dots 2 (0x02) and 4 (0x08).
        let line = TerminalChart.brailleLine([0, 1, 2, 3], cells: 2, rows: 1, range: 0...3)
        #expect(line.map { String($0) } == ["\u{2860}\u{280A}"])
        #expect(line.map { String($0) } == ["⡠⠊"])
    }

    @Test("A jump fills the rows between two columns, so the line stays joined")
    func joinedJump() {
        // 0 then 3 over 2 dot columns: column 0 at the bottom row (3), column 1 fills rows 0...2.
        let line = TerminalChart.brailleLine([0, 3], cells: 1, rows: 1, range: 0...3)
        #expect(line == [[Character(Unicode.Scalar(0x2800 + 0x40 + 0x08 + 0x10 + 0x20)!)]])
        #expect(TerminalChart.filledRows(from: 3, to: 0) == 0...2)
        #expect(TerminalChart.filledRows(from: 0, to: 3) == 1...3)
        #expect(TerminalChart.filledRows(from: 2, to: 3) == 3...3)
        #expect(TerminalChart.filledRows(from: nil, to: 1) == 1...1)
    }

    @Test("Two text rows: a flat series at the top of its range sits in the first row's top dots")
    func twoRows() {
        let line = TerminalChart.brailleLine([5, 5, 5], cells: 2, rows: 2, range: 0...5)
        #expect(line.map { String($0) } == ["⠉⠉", "\u{2800}\u{2800}"])
        let low = TerminalChart.brailleLine([0, 0], cells: 1, rows: 2, range: 0...5)
        #expect(low.map { String($0) } == ["\u{2800}", "⣀"])
    }

    @Test("A missing hour leaves a gap rather than a line through it")
    func gap() {
        let line = TerminalChart.brailleLine([0, nil, nil, 0], cells: 2, rows: 1, range: 0...1)
        // Columns 0 and 3 map to hours 0 and 3; 1 and 2 to the missing hours.
        #expect(line.map { String($0) } == ["⡀⢀"])
    }

    @Test("Bars: eighths of the rows, full at the top of the scale, the lowest mark for any rain")
    func bars() {
        let two = TerminalChart.bars([100, 50, 1, 0, nil], cells: 5, rows: 2, top: 100, unicode: true)
        #expect(two.map { String($0) } == ["█    ", "██▁  "])
        let ascii = TerminalChart.bars([100, 50, 30, 0], cells: 4, rows: 1, top: 100, unicode: false)
        #expect(ascii.map { String($0) } == ["#:. "])
    }

    @Test("ASCII line: three heights per row")
    func asciiLine() {
        let line = TerminalChart.asciiLine([0, 1, 2, 3, 4, 5], cells: 6, rows: 2, range: 0...5)
        // Levels 5...0 from the left: the lower row's bottom, middle, top, then the upper row's.
        #expect(line.map { String($0) } == ["   _-'", "_-'   "])
    }

    @Test("Day boundaries: a mark just before the first hour of each new day, in every row and on the axis")
    func dayMarks() {
        var hours: [TerminalChart.Hour] = []
        for hour in 0..<48 {
            hours.append(.init(date: 20221120 + hour / 24, time: hour % 24 * 100, temperature: Double(hour % 24), probabilityOfPrecipitation: 0))
        }
        // 48 hours over 48 cells: hour 24 starts at dot 24 × 95 / 47 ≈ 48.5 → 49 → cell 24.
        #expect(TerminalChart.cell(ofHour: 24, count: 48, cells: 48) == 24)
        #expect(TerminalChart.dayBoundaries(hours, cells: 48) == [23])
        let chart = TerminalChart(language: .en, units: .metric, style: TerminalStyle(enabled: false), glyphs: .unicode, width: 54)
        let lines = chart.render(hours).split(separator: "\n").map(String.init)
        // 4 temperature rows, 2 probability rows, precipitation, axis, days.
        #expect(lines.count == 9)
        let axis = lines[7]
        #expect(axis.hasSuffix("└" + String(repeating: "─", count: 23) + "┼" + String(repeating: "─", count: 24)))
        #expect(lines[8].hasSuffix("Sun 20" + String(repeating: " ", count: 18) + "Mon 21"))
        #expect(lines[0].hasPrefix(" 23°C┤"))
        #expect(lines[3].hasPrefix("  0°C┤"))
        #expect(lines[6].contains("mm┤ none"))
        for line in lines { #expect(Formatting.displayWidth(line) <= 54, "\(line)") }
    }

    @Test("Each day's name stands at its own mark, at every width", arguments: 30...90)
    func dayNamesAtEveryWidth(width: Int) {
        let hours = (0..<67).map { index in
            let hour = index + 6
            return TerminalChart.Hour(date: 20221120 + hour / 24, time: hour % 24 * 100, temperature: Double(hour % 24))
        }
        let chart = TerminalChart(language: .en, units: .metric, style: TerminalStyle(enabled: false), glyphs: .unicode, width: width)
        let lines = chart.render(hours).split(separator: "\n").map(String.init)
        // The days' numbers in order, never repeated: Sun 20 (or 20 when crowded), Mon 21, Tue 22.
        let days = lines[lines.count - 1].split(separator: " ").filter { $0.allSatisfy(\.isNumber) }.map(String.init)
        #expect(Array(days.prefix(3)) == ["20", "21", "22"], "\(width): \(lines[lines.count - 1])")
        let axis = lines[lines.count - 2]
        let marks = axis.enumerated().filter { $0.element == "┼" }.map(\.offset)
        #expect(marks.count == 3)
        // Each name after the first starts right under its mark.
        let labelLine = Array(lines[lines.count - 1])
        for mark in marks.prefix(2) { #expect(labelLine.count > mark && labelLine[mark] != " ", "\(width)") }
    }

    @Test("Precipitation and snow get their own bars; imperial shows °F and inches")
    func amounts() {
        let hours = (0..<6).map { hour in
            TerminalChart.Hour(date: 20221120, time: hour * 100, temperature: 0, probabilityOfPrecipitation: 80, precipitation: hour == 2 ? 10 : 0, snow: hour == 4 ? 5 : 0)
        }
        let chart = TerminalChart(language: .en, units: .imperial, style: TerminalStyle(enabled: false), glyphs: .unicode, width: 20)
        let lines = chart.render(hours).split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("   33°F┤"))
        // 6 hours over 12 cells: a cell shows the wettest hour it touches (hour 2 → cells 3...5).
        #expect(lines.contains { $0 == "     in┤   ███      " })
        #expect(lines.contains { $0 == "snow in┤        ███ " })
        #expect(lines.contains { $0 == "  rain%┤████████████" })
    }

    @Test("Nothing to draw: no chart")
    func empty() {
        let chart = TerminalChart(language: .en, units: .metric, style: TerminalStyle(enabled: false), glyphs: .unicode)
        #expect(chart.render([]) == "")
        #expect(chart.render([.init(date: 20221120, time: 0, temperature: nil)]) == "")
    }
}
