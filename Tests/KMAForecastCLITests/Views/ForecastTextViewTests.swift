import Testing
@testable import KMAForecastCLI
import KMAForecast
import KMAForecastCharts
@testable import KMAForecastClient
import KMAForecastText
import KMAGrid
import _KMATestSupport

@Suite("The forecast text view")
struct ForecastTextViewTests {
    /// A forecast from the recorded pages, as the sample makes it (the library's merge).
    static func report(products: [ForecastProduct]) throws -> LocalForecast {
        let fixtures: [ForecastProduct: String] = [
            .shortTerm: "api/getVilageFcst_20221120_0500_nx60_ny120.json",
            .ultraShort: "api/getUltraSrtFcst_20210328_1530_nx56_ny125.json",
            .nowcast: "api/getUltraSrtNcst_20210328_1400_nx56_ny125.json",
        ]
        var outcomes: [ProductOutcome] = []
        for product in products {
            let recording = try #require(LocalForecast.sampleRecordings.first { $0.product == product })
            var builder = ForecastRowBuilder()
            _ = try ForecastPageDecoder.decode(try Fixtures.bytes(try #require(fixtures[product])), into: &builder)
            let base = ForecastBase(recording.run)
            let run = ForecastRun(
                product: product, cell: recording.cell, base: base, newestBase: base, fallbackSteps: 0, rows: builder.rows(),
                itemCount: 0, pageCount: 1, fromCache: false, requests: 1, fetchedAt: recording.availableAt.date, fileVersion: nil
            )
            outcomes.append(ProductOutcome(run: run, nextRunAvailableAt: product.schedule.availableAt(product.schedule.nextBase(after: base))))
        }
        let first = try #require(LocalForecast.sampleRecordings.first { $0.product == products[0] })
        return LocalForecast(
            location: .init(cell: first.cell, coordinate: nil, placeName: first.placeName),
            requestedAt: first.availableAt, products: outcomes, recording: first.recording
        )
    }

    static func view(_ language: DisplayLanguage = .en, units: UnitSystem = .metric, width: Int = 80, hours: ForecastTextView.Hours? = nil, glyphs: TerminalGlyphs = .unicode) -> ForecastTextView {
        var view = ForecastTextView(language: language, units: units, style: TerminalStyle(enabled: false))
        view.width = width
        view.hours = hours
        view.glyphs = glyphs
        return view
    }

    @Test("Every line fits the width (80 and 40 columns), in Korean and English, metric and imperial, both views", arguments: [
        (DisplayLanguage.ko, UnitSystem.metric), (.en, .metric), (.ko, .imperial), (.en, .imperial),
    ])
    func fitsTheWidth(language: DisplayLanguage, units: UnitSystem) throws {
        for products in [[ForecastProduct.shortTerm], [.nowcast, .ultraShort], [.ultraShort]] {
            for width in [80, 40] {
                for hours in [nil, ForecastTextView.Hours.all] {
                    for glyphs in [TerminalGlyphs.unicode, .ascii] {
                        let text = Self.view(language, units: units, width: width, hours: hours, glyphs: glyphs).render(try Self.report(products: products))
                        for line in text.split(separator: "\n") {
                            // The long view's hourly table keeps its essential columns on a narrow terminal.
                            let limit = hours == nil ? width : max(width, 80)
                            #expect(Formatting.displayWidth(String(line)) <= limit, "\(width) \(products) \(String(describing: hours)): \(line)")
                        }
                    }
                }
            }
        }
    }

    @Test("One screen: the sample is at most 40 lines at 80 columns, with now, the coming hours, the chart and every day")
    func oneScreen() throws {
        let report = try Self.report(products: [.shortTerm])
        for width in [80, 40] {
            let text = Self.view(width: width).render(report)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count <= 40, "\(width) columns: \(lines.count) lines")
            #expect(text.contains(width == 80 ? "Next hour (06:00): 10°C, overcast, rain 30%" : "Next hour (06:00): 10°C, overcast,"))
            #expect(text.contains("18°C┤") && text.contains(" 7°C┤"))
            #expect(text.contains("rain%┤"))
            #expect(text.contains("┼"))
            #expect(!text.contains("Hourly forecast"))
            for day in report.daily {
                #expect(text.contains(width == 80 ? CalendarText.day(day.yyyymmdd, .en) : TerminalChart.dayLabel(day.yyyymmdd, .en)), "\(width): \(day.yyyymmdd)")
            }
        }
        #expect(report.daily.count == 3)  // the run's last 00:00 slot is not a day
    }

    @Test("The header is a sentence: the place, its cell, the run and the next")
    func header() throws {
        let text = Self.view().render(try Self.report(products: [.shortTerm]))
        // A recording's first line says what it is; then the header sentence.
        #expect(text.hasPrefix("Sample: a recorded KMA short-term forecast (단기예보), run 2022-11-20 05:00 KST,\n  for 경기도 수원시 권선구"))
        #expect(text.contains("\n경기도 수원시 권선구 (nx 60, ny 120): short-term run 05:00 KST, next 08:10.\n"))
        let ko = Self.view(.ko).render(try Self.report(products: [.shortTerm]))
        #expect(ko.contains("\n경기도 수원시 권선구 (격자 60, 120): 단기예보 05:00 KST 발표, 다음 발표 08:10.\n"))
    }

    @Test("--all: the hourly table of every hour; --hours N: the first N")
    func hourlyTable() throws {
        let report = try Self.report(products: [.shortTerm])
        let all = Self.view(hours: .all).render(report)
        #expect(all.contains("Hourly forecast"))
        let rows = all.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.dropFirst(2).first?.isNumber == true && $0.contains(":00  ") }
        #expect(rows.count == report.hourly.count)
        #expect(report.hourly.count == 67)
        let three = Self.view(hours: .first(3)).render(report)
        let threeRows = three.split(separator: "\n").filter { $0.hasPrefix("  0") && $0.contains(":00  ") }
        #expect(threeRows.count == 3)
    }

    @Test("Wind speeds carry one decimal each, so 1.0 stands beside 1.5")
    func windDecimals() throws {
        let all = Self.view(hours: .all).render(try Self.report(products: [.shortTerm]))
        #expect(all.contains("12:00  mostly cloudy  17°C    20%       -    55%  1.0 m/s E"))
        #expect(!all.contains(" 1 m/s"))
        let ko = Self.view(.ko, hours: .all).render(try Self.report(products: [.ultraShort]))
        #expect(ko.contains("2.0m/s"))
    }

    @Test("The sections of the long view")
    func sections() throws {
        let text = Self.view(hours: .all).render(try Self.report(products: [.shortTerm]))
        #expect(text.contains("\n경기도 수원시 권선구 (nx 60, ny 120): short-term run 05:00 KST, next 08:10.\n"))
        #expect(text.contains("Hourly forecast"))
        #expect(text.contains("Days ahead (short-term)"))
        #expect(text.contains("▁") || text.contains("█"))
        let ko = Self.view(.ko).render(try Self.report(products: [.nowcast, .ultraShort]))
        #expect(ko.contains("지금 (14:00 관측): 9.1°C"))
    }

    @Test("ASCII only when the locale is not UTF-8")
    func asciiFallback() throws {
        let text = Self.view(glyphs: .ascii).render(try Self.report(products: [.shortTerm]))
        let chart = text.split(separator: "\n").filter { $0.hasPrefix(" 18°C+") || $0.hasPrefix("rain%+") || $0.contains("+----") }
        #expect(chart.count == 3)
        for line in chart {
            #expect(line.unicodeScalars.allSatisfy { $0.isASCII || $0 == "°" }, "\(line)")
        }
        #expect(TerminalGlyphs.forLocale(["LANG": "en_US.UTF-8"]) == .unicode)
        #expect(TerminalGlyphs.forLocale(["LANG": "ko_KR.utf8"]) == .unicode)
        #expect(TerminalGlyphs.forLocale(["LC_ALL": "C", "LANG": "en_US.UTF-8"]) == .ascii)
        #expect(TerminalGlyphs.forLocale(["LC_CTYPE": "POSIX", "LANG": "C.UTF-8"]) == .ascii)
        #expect(TerminalGlyphs.forLocale(["LC_ALL": "", "LC_CTYPE": "C.UTF-8"]) == .unicode)
        #expect(TerminalGlyphs.forLocale([:]) == .ascii)
    }

    @Test("Colour only when enabled; the layout is the same width either way")
    func colour() throws {
        let report = try Self.report(products: [.shortTerm])
        for hours in [nil, ForecastTextView.Hours.all] {
        var plainView = ForecastTextView(language: .en, units: .metric, style: TerminalStyle(enabled: false))
        plainView.hours = hours
        var colouredView = ForecastTextView(language: .en, units: .metric, style: TerminalStyle(enabled: true))
        colouredView.hours = hours
        let plain = plainView.render(report)
        let coloured = colouredView.render(report)
        #expect(!plain.contains("\u{1B}["))
        #expect(coloured.contains("\u{1B}["))
        let plainWidths = plain.split(separator: "\n").map { Formatting.displayWidth(String($0)) }
        let colouredWidths = coloured.split(separator: "\n").map { Formatting.displayWidth(String($0)) }
        #expect(plainWidths == colouredWidths)
        }
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
        let text = ForecastRow.csv(rows, categories: ForecastRow.csvCategories(of: rows))
        #expect(!text.unicodeScalars.contains { PrintableText.isControl($0) && $0 != "\n" }, "\(text)")
        #expect(text.split(separator: "\n").count == 2, "\(text)")
        #expect(text.contains("1\\u{1B}[2J") && text.contains("\"a,b\\u{D}\\u{A}c\\u{9B}\"") && text.contains(",abc,"), "\(text)")
    }
}
