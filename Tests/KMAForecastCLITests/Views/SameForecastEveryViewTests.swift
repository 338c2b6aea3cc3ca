import Foundation
import Testing
@testable import KMAForecastCLI
import KMAForecast
import KMAForecastCharts
@testable import KMAForecastClient
import KMAForecastText
import KMAGrid
import _KMATestSupport

/// 서울 (nx 60, ny 127): short-term runs of 2026-10-04 and the recorded mid-term answers.
private func seoulServer() throws -> ReplayServer {
    let server = try ReplayServer(expectedKey: Scenario.key)
    for time in ["1400", "1700"] {
        server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20261004", baseTime: time), nx: 60, ny: 127))
    }
    try server.addRecordedMidTerm()
    return server
}

private let october4 = (try? KSTDateTime(year: 2026, month: 10, day: 4, hour: 17, minute: 30))?.date ?? Date()

/// A forecast of short-term rows made here: `hours` (`(date, HHMM, TMP, SKY)`) of one run.
func madeForecast(base: ForecastBase, requestedAt: KSTDateTime, hours: [(Int, Int, Int, Int)]) throws -> LocalForecast {
    var items: [ForecastItem] = []
    for (date, time, temperature, sky) in hours {
        let values: [(ForecastCategory, String)] = [
            (.tmp, String(temperature)), (.sky, String(sky)), (.pty, "0"), (.pop, "20"), (.pcp, "강수없음"), (.reh, "60"),
            (.sno, "적설없음"), (.uuu, "1"), (.vvv, "1"), (.vec, "200"), (.wsd, "2"),
        ]
        for (category, value) in values {
            items.append(ForecastItem(base: base, category: category, forecastDate: date, forecastTime: time, value: value, nx: 60, ny: 127))
        }
    }
    var builder = ForecastRowBuilder()
    _ = try ForecastPageDecoder.decode(PageGenerator.page(items), into: &builder)
    let cell = try GridCell(nx: 60, ny: 127)
    let run = ForecastRun(
        product: .shortTerm, cell: cell, base: base, newestBase: base, fallbackSteps: 0, rows: builder.rows(), itemCount: items.count,
        pageCount: 1, fromCache: false, requests: 1, fetchedAt: requestedAt.date, fileVersion: nil
    )
    let schedule = ForecastProduct.shortTerm.schedule
    return LocalForecast(
        location: .init(cell: cell, coordinate: nil, placeName: "서울특별시"), requestedAt: requestedAt,
        products: [ProductOutcome(run: run, nextRunAvailableAt: schedule.availableAt(schedule.nextBase(after: base)))]
    )
}

@Suite("The same forecast in every view")
struct SameForecastEveryViewTests {
    @Test("Text, JSON and CSV hold the same days: the default forecast asks for the mid-term days in every format")
    func sameDays() async throws {
        let server = try seoulServer()
        defer { server.stop() }
        let base = ["--lat", "37.56", "--lon", "126.97", "--base-url", server.baseURL, "--no-cache", "--lang", "en"]
        let wide = Scenario.environment.merging(["COLUMNS": "120"]) { $1 }
        let text = await runTool(base, environment: wide, now: october4)
        let json = await runTool(base + ["--format", "json"], environment: Scenario.environment, now: october4)
        let csv = await runTool(base + ["--format", "csv"], environment: Scenario.environment, now: october4)
        #expect(text.status == 0, "\(text.stderr)")
        // The text view's day lines: `  Sun 10-04 …` → 2026-10-04.
        let section = try #require(text.stdout.range(of: "\nDays ahead ("))
        let textDays = text.stdout[section.upperBound...].split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard line.hasPrefix("  "), words.count > 2, words[1].count == 5, words[1].contains("-") else { return nil }
            return "2026-" + words[1]
        }
        #expect(textDays.count == 10)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let daily = try #require(object["daily"] as? [[String: Any]])
        let jsonDays = daily.compactMap { $0["source"] == nil ? nil : $0["date"] as? String }
        #expect(jsonDays == textDays)
        #expect(object["midTerm"] != nil)
        let csvDays = csv.stdout.split(separator: "\n").filter { $0.hasPrefix("daily,") }.map { line -> String in
            let date = line.split(separator: ",", omittingEmptySubsequences: false)[3]
            return date.prefix(4) + "-" + date.dropFirst(4).prefix(2) + "-" + date.dropFirst(6)
        }
        #expect(csvDays == textDays)
        // A mid-term day's row: its run, its low and high.
        let header = try #require(csv.stdout.split(separator: "\n").first).split(separator: ",").map(String.init)
        let lastDay = try #require(csv.stdout.split(separator: "\n").last).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let row = Dictionary(uniqueKeysWithValues: zip(header, lastDay))
        #expect(row["product"] == "daily" && row["baseTime"] == "0600" && row["fcstTime"] == "" && row["TMN"] != "" && row["TMX"] != "")
    }

    @Test("Late in the day, today's line says what it has (the evening), not two empty halves")
    func lateInTheDay() throws {
        let base = try ForecastBase(baseDate: "20261004", baseTime: "2000")
        var hours: [(Int, Int, Int, Int)] = [(20261004, 2100, 15, 1), (20261004, 2200, 14, 3), (20261004, 2300, 13, 3)]
        for day in [20261005, 20261006] { hours += stride(from: 0, to: 2400, by: 100).map { (day, $0, 12 + $0 / 200, 1) } }
        let forecast = try madeForecast(base: base, requestedAt: try KSTDateTime(year: 2026, month: 10, day: 4, hour: 20, minute: 20), hours: hours)
        let today = try #require(forecast.daily.first)
        #expect(today.isoDate == "2026-10-04" && today.morning == nil && today.afternoon == nil)
        #expect(today.evening?.sky == .mostlyCloudy && today.condition == .mostlyCloudy)
        for width in [80, 60, 40] {
            let section = DailyForecastSection(language: .en, style: TerminalStyle(enabled: false), width: width)
            let line = try #require(section.text(forecast, header: .section).split(separator: "\n").first { $0.hasPrefix("  ") && ($0.contains("10-04") || $0.contains("Sun 4")) })
            #expect(!line.contains("AM –") && !line.contains("–→–") && line.contains("eve"), "\(line)")
            #expect(line.contains("mostly cloudy"), "\(line)")
        }
        let korean = DailyForecastSection(language: .ko, style: TerminalStyle(enabled: false), width: 80).text(forecast, header: .section)
        #expect(korean.contains("저녁 구름많음"))
    }

    @Test("One English name per sky code in every view: 구름많음 is 'mostly cloudy' everywhere")
    func oneSkyName() throws {
        let forecast = try ForecastTextViewTests.report(products: [.shortTerm])
        #expect(forecast.hourly.contains { $0.row.sky == .mostlyCloudy })
        var views: [(String, String)] = []
        for width in [100, 80, 60, 40] {
            var screen = ForecastTextView(language: .en, units: .metric, style: TerminalStyle(enabled: false))
            screen.width = width
            views.append(("screen \(width)", screen.render(forecast)))
            screen.hours = .all
            views.append(("all \(width)", screen.render(forecast)))
            var section = DailyForecastSection(language: .en, style: TerminalStyle(enabled: false), width: width)
            views.append(("days \(width)", section.text(forecast, header: .section)))
            section.showsMissingDays = true
            views.append(("--days \(width)", section.text(forecast, header: .full)))
        }
        views.append(("svg", ForecastSVG(language: .en, units: .metric).render(forecast)))
        for (name, text) in views {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (index, line) in lines.enumerated() {
                var searchFrom = line.startIndex
                while let found = line[searchFrom...].range(of: "cloudy") {
                    defer { searchFrom = found.upperBound }
                    if line[..<found.lowerBound].hasSuffix("mostly ") { continue }
                    // The hour strip writes a long name over two lines: `mostly` above `cloudy`.
                    let column = line.distance(from: line.startIndex, to: found.lowerBound)
                    let above = index > 0 ? Array(lines[index - 1]) : []
                    let aligned = above.count >= column + 6 && String(above[column..<(column + 6)]) == "mostly"
                    #expect(aligned, "\(name): '\(line)' names 구름많음 other than 'mostly cloudy'")
                }
            }
        }
        #expect(HourStrip.word(sky: .mostlyCloudy, precipitation: .noPrecipitation, language: .en) == SkyCondition.mostlyCloudy.englishName)
    }

    @Test("°F is rounded like °C: a whole °C is a whole °F in every view")
    func fahrenheitRounded() throws {
        #expect(UnitSystem.imperial.temperatureText(celsius: 12, .en) == "54°F")
        #expect(UnitSystem.imperial.temperatureText(celsius: 9.4, .en) == "48.9°F")
        #expect(UnitSystem.metric.temperatureText(celsius: 12, .en) == "12°C")
        let forecast = try ForecastTextViewTests.report(products: [.shortTerm])
        var screen = ForecastTextView(language: .en, units: .imperial, style: TerminalStyle(enabled: false))
        var texts = [screen.render(forecast)]
        screen.hours = .all
        texts.append(screen.render(forecast))
        texts.append(DailyTable(language: .en, units: .imperial).render(DailySummary.summaries(of: forecast.hourly.map(\.row))))
        for text in texts {
            #expect(text.contains("°F"))
            #expect(text.range(of: #"[0-9]\.[0-9]+°F"#, options: .regularExpression) == nil, "\(text)")
        }
    }

    @Test("kma-forecast help prints each text once")
    func helpOnce() async {
        let result = await runTool(["help"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0)
        var seen = Set<String>()
        for paragraph in result.stdout.components(separatedBy: "\n\n") {
            let text = paragraph.trimmingCharacters(in: .whitespacesAndNewlines)
            guard text.count > 30, !text.allSatisfy({ $0 == "─" }) else { continue }
            #expect(seen.insert(text).inserted, "printed twice: \(text.prefix(120))")
        }
        #expect(result.stdout.contains("The weather at a place from KMA"))
    }

    @Test("--format svg without a key shows the sample picture, as the help says")
    func svgWithoutKey() async {
        let result = await runTool(["--lat", "37.56", "--lon", "126.97", "--format", "svg"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<svg"))
        #expect(result.stderr.contains("sample data"))
        let help = await runTool(["--help"], environment: ["COLUMNS": "200"])
        #expect(help.stdout.contains("Without a key, the text view and --format svg show"))
    }

    @Test("One --place with one --lat/--lon is a batch, as two --place are", arguments: [
        ["--place", "부산", "--lat", "37.5665", "--lon", "126.9780"],
        ["--nx", "60", "--ny", "127", "--place", "대구"],
        ["--place", "부산", "--place", "대구"],
    ])
    func mixedPlacesAreABatch(places: [String]) async throws {
        let server = try ReplayServer(expectedKey: Scenario.key)
        defer { server.stop() }
        for cell in [(98, 76), (60, 127), (89, 90)] {
            server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20261004", baseTime: "1700"), nx: cell.0, ny: cell.1))
        }
        let result = await runTool(
            places + ["--product", "short-term", "--base-url", server.baseURL, "--no-cache"], environment: Scenario.environment, now: october4
        )
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        let header = try #require(lines.first).split(separator: ",").map(String.init)
        let line = try #require(header.firstIndex(of: "line"), "\(header)")
        let error = try #require(header.firstIndex(of: "error"))
        let rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(Set(rows.map { $0[line] }) == ["1", "2"])
        #expect(rows.allSatisfy { $0[error].isEmpty })
    }
}
