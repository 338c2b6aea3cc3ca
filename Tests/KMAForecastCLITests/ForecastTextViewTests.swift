import Testing
@testable import KMAForecastCLI
import KMAForecast
import KMAGrid
import _KMATestSupport

@Suite("The forecast text view")
struct ForecastTextViewTests {
    /// A report from the recorded pages, as the demo makes it.
    static func report(products: [ForecastProduct]) throws -> ForecastReport {
        var outcomes: [ForecastReport.Outcome] = []
        for product in products {
            let sample = DemoData.sample(for: product)
            var builder = ForecastRowBuilder()
            _ = try ForecastPageDecoder.decode(Array(sample.page.utf8), into: &builder)
            outcomes.append(ForecastReport.Outcome(
                product: product, base: sample.base, fallbackSteps: 0, rows: builder.rows(), error: nil,
                nextAvailableAt: product.schedule.availableAt(product.schedule.nextBase(after: sample.base)), requests: 1
            ))
        }
        let sample = DemoData.sample(for: products[0])
        return ForecastReport(
            location: .init(cell: sample.cell, placeName: sample.placeName, coordinate: nil),
            at: sample.clock, outcomes: outcomes, sample: sample
        )
    }

    @Test("Every line fits in 80 columns, in Korean and English, metric and imperial", arguments: [
        (DisplayLanguage.ko, UnitSystem.metric), (.en, .metric), (.ko, .imperial), (.en, .imperial),
    ])
    func fitsIn80Columns(language: DisplayLanguage, units: UnitSystem) throws {
        for products in [[ForecastProduct.shortTerm], [.nowcast, .ultraShort]] {
            let text = ForecastTextView(language: language, units: units, style: TerminalStyle(enabled: false)).render(try Self.report(products: products))
            for line in text.split(separator: "\n") {
                #expect(Formatting.displayWidth(String(line)) <= 80, "\(line)")
            }
        }
    }

    @Test("The sections a person expects")
    func sections() throws {
        let text = ForecastTextView(language: .en, units: .metric, style: TerminalStyle(enabled: false)).render(try Self.report(products: [.shortTerm]))
        #expect(text.hasPrefix("경기도 수원시 권선구 · grid nx 60, ny 120\n"))
        #expect(text.contains("Runs short 05:00 KST"))
        #expect(text.contains("Next update 08:10 KST (short)"))
        #expect(text.contains("Hourly forecast"))
        #expect(text.contains("Daily summary"))
        #expect(text.contains("▁") || text.contains("█"))
        let ko = ForecastTextView(language: .ko, units: .metric, style: TerminalStyle(enabled: false)).render(try Self.report(products: [.nowcast, .ultraShort]))
        #expect(ko.contains("지금 (14:00 관측)"))
        #expect(ko.contains("9.1°C"))
    }

    @Test("Colour only when enabled; the layout is the same width either way")
    func colour() throws {
        let report = try Self.report(products: [.shortTerm])
        let plain = ForecastTextView(language: .en, units: .metric, style: TerminalStyle(enabled: false)).render(report)
        let coloured = ForecastTextView(language: .en, units: .metric, style: TerminalStyle(enabled: true)).render(report)
        #expect(!plain.contains("\u{1B}["))
        #expect(coloured.contains("\u{1B}["))
        let plainWidths = plain.split(separator: "\n").map { Formatting.displayWidth(String($0)) }
        let colouredWidths = coloured.split(separator: "\n").map { Formatting.displayWidth(String($0)) }
        #expect(plainWidths == colouredWidths)
        #expect(!TerminalStyle(isTerminal: true, environment: ["NO_COLOR": "1"]).enabled)
        #expect(!TerminalStyle(isTerminal: false, environment: [:]).enabled)
        #expect(TerminalStyle(isTerminal: true, environment: ["NO_COLOR": ""]).enabled)
    }
}

/// Values from the network in the text view's cells and the CSV (issue 16, items 3 and 7).
@Suite("Hostile values in the hourly table and the CSV")
struct HostileValueCellTests {
    static func rows(tmp: String, extra: String) throws -> [ForecastRow] {
        let base = try ForecastBase(baseDate: "20221120", baseTime: "0500")
        var builder = ForecastRowBuilder()
        try builder.add(ForecastItem(base: base, category: .tmp, forecastDate: 20221120, forecastTime: 600, value: tmp, nx: 60, ny: 120))
        try builder.add(ForecastItem(base: base, category: .reh, forecastDate: 20221120, forecastTime: 600, value: "abc", nx: 60, ny: 120))
        try builder.add(ForecastItem(base: base, category: ForecastCategory("XYZ"), forecastDate: 20221120, forecastTime: 600, value: extra, nx: 60, ny: 120))
        return builder.rows()
    }

    // Regression: ESC ]0;…BEL ESC [2J in a value retitled and cleared the terminal, and a
    // non-numeric TMP was shown as a temperature.
    @Test("Control characters are escaped and invalid values say so, in both languages", arguments: [DisplayLanguage.ko, .en])
    func controlCharacters(_ language: DisplayLanguage) throws {
        let rows = try Self.rows(tmp: "\u{1B}]0;pwned\u{07}\u{1B}[2J", extra: "x")
        let text = HourlyTable(language: language, units: .metric, sources: nil, maxWidth: 200).render(rows)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(text)")
        #expect(text.contains(language == .ko ? "오류 (\\u{1B}]0;pwned" : "invalid (\\u{1B}]0;pwned"), "\(text)")
        #expect(text.contains(language == .ko ? "오류 (abc)" : "invalid (abc)"), "\(text)")
    }

    // Regression: one 100 MB value made the table as wide as the value.
    @Test("A very long value is cut in the table")
    func longValue() throws {
        let rows = try Self.rows(tmp: String(repeating: "9", count: 5_000_000) + "x", extra: "x")
        let text = HourlyTable(language: .en, units: .metric, sources: nil, maxWidth: 80).render(rows)
        #expect(text.utf8.count < 2_000, "\(text.utf8.count) bytes")
        #expect(text.contains("invalid (" + String(repeating: "9", count: 24) + "…)"))
    }

    @Test("CSV cells escape control characters, line breaks included, and keep the rest as sent")
    func csv() throws {
        let rows = try Self.rows(tmp: "1\u{1B}[2J", extra: "a,b\r\nc\u{9B}")
        let text = RowsCSV.render(rows, categories: RowsCSV.categories(of: rows))
        #expect(!text.unicodeScalars.contains { PrintableText.isControl($0) && $0 != "\n" }, "\(text)")
        #expect(text.split(separator: "\n").count == 2, "\(text)")
        #expect(text.contains("1\\u{1B}[2J") && text.contains("\"a,b\\u{D}\\u{A}c\\u{9B}\"") && text.contains(",abc,"), "\(text)")
    }
}
