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
