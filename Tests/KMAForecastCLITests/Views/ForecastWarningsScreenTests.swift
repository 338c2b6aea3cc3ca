import Testing
@testable import KMAForecastCLI
import KMAForecast
import KMAForecastCharts
@testable import KMAForecastClient
import KMAForecastText

/// Issue 38, item 3: warnings in force broke the one screen: at 40 columns two warnings made
/// 41 lines and one a 64-column line; at 80 columns 119 warnings made 153 lines. Each warning
/// is now wrapped to the width, and those the screen has no room for are folded into one line
/// that counts them and points to `kma-forecast alerts`.
@Suite("One screen with warnings in force: wrapped, folded, at most 40 lines")
struct ForecastWarningsScreenTests {
    static let zones = ["남해서부서쪽먼바다", "서울동남권", "제주도남부앞바다", "경상북도북동산지", "전라남도광양시"]

    static func alerts(_ count: Int) throws -> [WeatherWarning] {
        let since = try KSTDateTime(year: 2026, month: 8, day: 1, hour: 11, minute: 0)
        let until = try KSTDateTime(year: 2026, month: 8, day: 2, hour: 6, minute: 0)
        return (0..<count).map { index in
            WeatherWarning(
                zoneID: "S13\(10000 + index)", zoneName: zones[index % zones.count], kind: WarningKind(code: [12, 2, 1, 8][index % 4]),
                level: WarningLevel(code: index % 3), issuedAt: since, effectiveAt: since, endsAt: index % 2 == 0 ? until : nil
            )
        }
    }

    static func render(_ count: Int, width: Int, language: DisplayLanguage) throws -> String {
        var report = try ForecastTextViewTests.report(products: [.shortTerm])
        report.alerts = try Self.alerts(count)
        var view = ForecastTextView(language: language, units: .metric, style: TerminalStyle(enabled: false))
        view.width = width
        return view.render(report)
    }

    @Test("1, 2, 3, 8 and 119 warnings at 40 and 80 columns, English and Korean: ≤ 40 lines, none wider than the width",
          arguments: [1, 2, 3, 8, 119])
    func fits(count: Int) throws {
        for width in [40, 80] {
            for language in [DisplayLanguage.en, .ko] {
                let text = try Self.render(count, width: width, language: language)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                #expect(lines.count <= 40, "\(count) warnings, \(width) columns, \(language): \(lines.count) lines")
                for line in lines {
                    #expect(Formatting.displayWidth(String(line)) <= width, "\(count) at \(width) (\(language)): \(line)")
                }
                // The warnings come first, and the forecast is still there.
                #expect(text.hasPrefix(WeatherWarningText.heading(language)))
                #expect(text.contains("┼"), "the chart is kept")
            }
        }
    }

    /// The first lines of a view: the warnings block, up to the first blank line.
    static func block(_ text: String) -> [Substring] {
        Array(text.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty })
    }

    /// How many warnings a block shows: the lines indented by exactly two spaces, the fold aside.
    static func shown(_ block: [Substring]) -> Int {
        block.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.hasPrefix("  …") }.count
    }

    @Test("Many warnings fold into a count that points to kma-forecast alerts; every warning is shown or counted")
    func folds() throws {
        for width in [40, 80] {
            for language in [DisplayLanguage.en, .ko] {
                let block = Self.block(try Self.render(119, width: width, language: language))
                let shown = Self.shown(block)
                let fold = block.drop { !$0.hasPrefix("  …") }.flatMap { $0.split(separator: " ") }.joined(separator: " ")
                let more = language == .en ? "… \(119 - shown) more: kma-forecast alerts" : "… 특보 \(119 - shown)건 더: kma-forecast alerts"
                #expect(fold.contains(more), "\(width) \(language): \(shown) shown; \(block)")
                #expect(shown >= 1)
            }
        }
        // A few warnings that fit are all shown, no fold.
        let two = Self.block(try Self.render(2, width: 80, language: .en))
        #expect(Self.shown(two) == 2 && !two.joined().contains("kma-forecast alerts"), "\(two)")
        let twoNarrow = Self.block(try Self.render(2, width: 40, language: .en))
        #expect(twoNarrow.count > 3, "wrapped at 40 columns: \(twoNarrow)")
    }
}
