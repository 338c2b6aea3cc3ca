import Testing
@testable import KMAForecastCLI
import KMAForecast
import KMAForecastCharts
@testable import KMAForecastClient
import KMAForecastText
import KMAPlaces

@Suite("The ten-day list as text: the layout that fits the width, rain highlighted, missing kept")
struct DailyForecastSectionTests {

    static func half(_ sky: SkyCondition?, _ type: PrecipitationType?, _ pop: Int?, text: String? = nil, approximate: Bool = false) -> HalfDayForecast {
        HalfDayForecast(sky: sky, precipitationType: type, precipitationChance: pop.map { Double($0) / 100 }, text: text, isApproximate: approximate)
    }

    static func day(_ date: Int, _ low: Double?, _ high: Double?, _ am: HalfDayForecast?, _ pm: HalfDayForecast?, _ source: DailyForecastSource?) -> ForecastDay {
        guard let day = ForecastDay(
            date: date, lowTemperature: low.map { DailyTemperature(value: $0, origin: .dailyExtreme) },
            highTemperature: high.map { DailyTemperature(value: $0, origin: .dailyExtreme) },
            morning: am, afternoon: pm, source: source, isHalfDaySplit: true
        ) else { preconditionFailure("a real test date") }
        return day
    }

    /// Ten days with the widest things a day can hold: rain with a cloudy sky, rain and snow,
    /// a phrase KMA wrote that has no known condition, 100 %, below zero, a missing day, and an
    /// approximate region (울릉도 has no land region of its own).
    static func view(approximate: Bool = false, twoMidRuns: Bool = false) throws -> LocalForecast {
        let place = try PlaceDirectory.kma.place(named: approximate ? "울릉군" : "서울특별시")
        let regions = try MidTermRegions.kma.assignment(for: place)
        let shortBase = try ForecastBase(baseDate: "20261004", baseTime: "1700")
        let mid06 = try #require(MidTermIssue(date: 20261004, hour: 6)), mid18 = try #require(MidTermIssue(date: 20261004, hour: 18))
        let short = DailyForecastSource.shortTerm(shortBase)
        let mid = DailyForecastSource.midTerm(mid06)
        let dayFour = twoMidRuns ? DailyForecastSource.midTerm(mid18) : mid
        let days = [
            day(20261004, 19, 21, nil, nil, short),
            day(20261005, 9, 21, half(.clear, .noPrecipitation, 20), half(.mostlyCloudy, .rain, 60), short),
            day(20261006, -12, -3, half(.overcast, .rainAndSnow, 100), half(.overcast, .snow, 80), short),
            day(20261007, 11, 23, half(.clear, .noPrecipitation, 20), half(.mostlyCloudy, .noPrecipitation, 20), short),
            day(20261008, 12, 24, half(.mostlyCloudy, .shower, 60, text: "구름많고 소나기", approximate: approximate), half(.clear, nil, 10, text: "맑음"), dayFour),
            day(20261009, nil, nil, nil, nil, nil),
            day(20261010, 13, 25, half(nil, nil, 30, text: "흐리고 가끔 비"), half(.overcast, .rain, 70, text: "흐리고 비"), mid),
            day(20261011, 14, 26, half(.clear, .noPrecipitation, 10, text: "맑음"), half(.clear, .noPrecipitation, 10, text: "맑음"), mid),
            day(20261012, 14, 25, half(.mostlyCloudy, .noPrecipitation, nil, text: "구름많음"), nil, mid),
            day(20261013, 14, 22, half(.overcast, .noPrecipitation, 20, text: "흐림"), half(.overcast, .noPrecipitation, 20, text: "흐림"), mid),
        ]
        let run = ForecastRun(
            product: .shortTerm, cell: place.cell, base: shortBase, newestBase: shortBase, fallbackSteps: 0, rows: [],
            itemCount: 0, pageCount: 1, fromCache: false, requests: 1, fetchedAt: shortBase.dateTime.date, fileVersion: nil
        )
        let at = shortBase.dateTime.adding(seconds: 1800)
        var forecast = LocalForecast(
            location: .init(cell: place.cell, coordinate: nil, placeName: nil, midTermRegions: MidTermRegionCodes(regions)),
            requestedAt: at, products: [ProductOutcome(run: run, nextRunAvailableAt: at)]
        )
        forecast.daily = days
        forecast.midTerm = MidTermOutcome(
            runs: twoMidRuns ? [mid18, mid06] : [mid06], fetchedAt: at, fromCache: false, requests: 2, nextUpdateAt: at, failure: nil
        )
        return forecast
    }

    static func section(_ language: DisplayLanguage = .en, width: Int?, units: UnitSystem = .metric, colour: Bool = false) -> DailyForecastSection {
        DailyForecastSection(language: language, style: TerminalStyle(enabled: colour), width: width, units: units)
    }

    @Test("Every line fits 80 and 40 columns, in Korean and English, metric and imperial, with one or two mid-term runs and an approximate region",
          arguments: [DisplayLanguage.en, .ko])
    func fitsTheWidth(language: DisplayLanguage) throws {
        for approximate in [false, true] {
            for twoMidRuns in [false, true] {
                let view = try Self.view(approximate: approximate, twoMidRuns: twoMidRuns)
                for width in [80, 40] {
                    for units in [UnitSystem.metric, .imperial] {
                        let text = Self.section(language, width: width, units: units).text(view, header: .section)
                        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                        #expect(lines.count >= 12)
                        for line in lines {
                            #expect(Formatting.displayWidth(String(line)) <= width, "\(language) \(width) \(units) approximate \(approximate) two runs \(twoMidRuns): \(line)")
                        }
                    }
                }
            }
        }
    }

    @Test("The layouts: the full one with no limit; at 80 the run moves to the runs line; at 40 AM→PM with s/m letters the title explains")
    func layouts() throws {
        let view = try Self.view()
        let full = Self.section(width: nil).text(view, header: .section).split(separator: "\n").map(String.init)
        #expect(full[4] == "  Mon 10-05     9° / 21°   AM clear 20%                     PM mostly cloudy, rain 60%       short 10-04 17:00")
        #expect(full[8] == "  Fri 10-09      – / –     AM –                             PM –                             missing")
        let wide = Self.section(width: 80).text(view, header: .section).split(separator: "\n").map(String.init)
        #expect(wide[0] == "Days ahead (short-term + mid-term)")
        #expect(wide[1] == "Mid-term regions: land 11B00000 서울·인천·경기 · temperature 11B10101 서울")
        #expect(wide[2] == "Runs: short 2026-10-04 17:00 · mid 2026-10-04 06:00 KST")
        #expect(wide[4] == "  Mon 10-05    9° / 21°  AM clear 20%           PM rain 60%            short")
        #expect(wide[5] == "  Tue 10-06  -12° / -3°  AM rain/snow 100%      PM snow 80%            short")
        #expect(wide[8] == "  Fri 10-09     – / –    AM –                   PM –                   missing")
        #expect(wide[9] == "  Sat 10-10   13° / 25°  AM 흐리고 가끔 비 30%  PM rain 70%            mid")
        #expect(wide[11] == "  Mon 10-12   14° / 25°  AM mostly cloudy       PM –                   mid")
        let narrow = Self.section(width: 40).text(view, header: .section).split(separator: "\n").map(String.init)
        #expect(narrow[0] == "Days ahead (s: short-term, m: mid-term)")
        #expect(narrow[1] == "Runs: short 10-04 17:00, mid 10-04 06:00")
        #expect(narrow[2] == "  Sun 4   19°/21° –                  – s")
        #expect(narrow[3] == "  Mon 5    9°/21° clear→rain       60% s")
        #expect(narrow[4] == "  Tue 6  -12°/-3° rain/snow→snow  100% s")
        #expect(narrow[7] == "  Fri 9     –/–   missing            –")
        // A phrase KMA wrote is kept as written, and cut with `…` where it does not fit.
        #expect(narrow[8] == "  Sat 10  13°/25° 흐리고 가끔 비…  70% m")
        #expect(narrow[10] == "  Mon 12  14°/25° mostly cloudy→–    – m")
        #expect(narrow[11] == "  Tue 13  14°/22° overcast         20% m")
        // No layout turns a missing value into a number or a sky.
        for text in [full, wide, narrow] { #expect(!text.joined(separator: "\n").contains(" 0%")) }
    }

    @Test("Two mid-term runs: each line names its run's hour, and the runs line wraps between runs")
    func twoRuns() throws {
        let view = try Self.view(twoMidRuns: true)
        let narrow = Self.section(width: 40).text(view, header: .section).split(separator: "\n").map(String.init)
        #expect(narrow[1] == "Runs: short 10-04 17:00," && narrow[2] == "  mid 10-04 18:00, 10-04 06:00")
        #expect(narrow[7].hasSuffix(" m18") && narrow[9].hasSuffix(" m06") && narrow[4].hasSuffix(" s"))
        let wide = Self.section(width: 80).text(view, header: .section).split(separator: "\n").map(String.init)
        #expect(wide[2] == "Runs: short 2026-10-04 17:00 · mid 2026-10-04 18:00, 2026-10-04 06:00 KST")
        #expect(wide[7].hasSuffix(" mid 18:00") && wide[9].hasSuffix(" mid 06:00") && wide[4].hasSuffix(" short"))
    }

    @Test("--days keeps the run on every line, whatever the width")
    func daysViewKeepsTheRun() throws {
        let view = try Self.view()
        for width in [80, 40] {
            let days = Self.section(width: width).text(view, header: .full).split(separator: "\n").dropFirst(3)
            #expect(days.count == 10)
            for line in days where !line.contains("missing") {
                #expect(line.hasSuffix("short 10-04 17:00") || line.hasSuffix("mid 10-04 06:00"), "\(width): \(line)")
            }
        }
    }

    @Test("Rain is highlighted on a terminal: the days with precipitation or a chance of 60 % or more, as in the daily table")
    func rainHighlighted() throws {
        let view = try Self.view()
        for width in [80, 40] {
            let lines = Self.section(width: width, colour: true).text(view, header: .section).split(separator: "\n").suffix(10).map(String.init)
            let cyan = lines.map { $0.hasPrefix("\u{1B}[36m") }
            #expect(cyan == [false, true, true, false, true, false, true, false, false, false], "\(width)")
        }
    }

    @Test("Temperatures follow --units (the list, as the rest of the view)")
    func imperial() throws {
        let text = Self.section(width: 80, units: .imperial).text(try Self.view(), header: .section)
        #expect(text.contains("  Mon 10-05  48° / 70°  ") && text.contains("  Tue 10-06  10° / 27°  "))
    }

    @Test("The default view closes with the days; a note under them (e.g. the mid-term service refused) is wrapped to the width")
    func daysAndNote() throws {
        let forecast = try Self.view()
        for width in [80, 40] {
            for hours in [nil, ForecastTextView.Hours.all] {
                var view = ForecastTextViewTests.view(width: width, hours: hours)
                let listed = view.render(forecast)
                #expect(!listed.contains("Daily summary") && listed.contains("Days ahead ("))
                view.daysNote = TenDayCommand.midTermRefusedNote
                let noted = view.render(forecast)
                #expect(noted.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(TenDayCommand.midTermRefusedNote))
                for line in noted.split(separator: "\n") where hours == nil {
                    #expect(Formatting.displayWidth(String(line)) <= width, "\(width): \(line)")
                }
            }
        }
    }

    @Test("The sample's default view is one screen in Korean and in English, at 80 and at 40 columns", arguments: ["ko", "en"])
    func sampleOneScreen(language: String) async {
        for columns in [80, 40] {
            let result = await runTool(["--lat", "37.56", "--lon", "126.97", "--lang", language], environment: ["COLUMNS": "\(columns)", "LANG": "C.UTF-8"])
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count <= 40, "\(language) \(columns): \(lines.count) lines")
            for line in lines { #expect(Formatting.displayWidth(String(line)) <= columns, "\(line)") }
            #expect(result.stdout.contains(language == "ko" ? "일별 예보 (" : "Days ahead ("))
            #expect(!result.stdout.contains(language == "ko" ? "일별 요약" : "Daily summary"))
        }
    }
}
