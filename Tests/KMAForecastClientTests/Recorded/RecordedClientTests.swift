import Foundation
import Testing
import KMAForecast
import KMAForecastClient
import KMAGrid
import _KMATestSupport

/// A client over a recording, through the public API only, as an app uses it.
@Suite("A client over a recording answers whatever its clock says, and says it is a recording")
struct RecordedClientTests {
    /// The README's app program with no key, line for line (its printing aside): the client
    /// over `RecordedRunTransport.sample`, the clock and cache left as the README sets them.
    @Test("The README's app program without a key: a whole forecast, no failures, no clock setting")
    func readmeProgram() async throws {
        let readme = try String(contentsOfFile: Fixtures.repositoryRoot + "/README.md", encoding: .utf8)
        for line in [
            #"var configuration = ClientConfiguration(serviceKey: try ServiceKey(key.isEmpty ? "your-data.go.kr-key" : key))"#,
            #"configuration.now = { Date() }"#,
            #"? try ForecastClient(configuration: configuration, transport: RecordedRunTransport.sample)"#,
            #"let forecast = try await client.forecast(for: .place("수원시 권선구"), midTermDays: 10, alerts: true, uvIndex: true)"#,
        ] {
            #expect(readme.contains(line), "the README's program changed: \(line)")
        }
        let key = ""
        var configuration = ClientConfiguration(serviceKey: try ServiceKey(key.isEmpty ? "your-data.go.kr-key" : key))
        configuration.baseURL = nil
        configuration.midBaseURL = nil
        configuration.uvIndexBaseURL = nil
        configuration.now = { Date() }
        configuration.cache = .standard
        let client = key.isEmpty
            ? try ForecastClient(configuration: configuration, transport: RecordedRunTransport.sample)
            : try ForecastClient(configuration: configuration)
        let forecast = try await client.forecast(for: .place("수원시 권선구"), midTermDays: 10, alerts: true, uvIndex: true)
        #expect(forecast.warnings?.failure == nil && forecast.uv == nil)
        #expect(forecast.failures.isEmpty, "\(forecast.failures.map(\.message))")
        #expect(forecast.hours(3).count == 3 && forecast.hourly.count >= 24)
        #expect(forecast.daily.map(\.isoDate) == ["2022-11-20", "2022-11-21", "2022-11-22"])
        #expect(forecast.daily.allSatisfy { $0.condition != nil && $0.low != nil && $0.high != nil })
        #expect(forecast.recording?.note.contains("not a live forecast") == true)
        #expect(forecast.nextUpdate != nil)
    }

    @Test("ForecastClient.preview: one line, a whole forecast with no failures, for each recorded place")
    func preview() async throws {
        let forecast = try await ForecastClient.preview.forecast(for: .place("수원시 권선구"), midTermDays: 10)
        #expect(forecast.failures.isEmpty && !forecast.hourly.isEmpty && forecast.recording != nil)
        #expect(forecast.requestedAt == LocalForecast.sampleRecordings[0].availableAt)
        // nx 56, ny 125: the nowcast and the ultra-short forecast, at one instant (the nowcast a run back).
        let incheon = try await ForecastClient.preview.forecast(for: .cell(try GridCell(nx: 56, ny: 125)))
        #expect(incheon.failures.isEmpty && incheon.current != nil && !incheon.hourly.isEmpty)
        #expect(Set(incheon.products.map(\.product)) == [.nowcast, .ultraShort])
        // 서울: the mid-term run alone, asked for alone (no product: no hours were recorded there).
        let seoul = try await ForecastClient.preview.forecast(for: .place("서울특별시"), products: [], midTermDays: 10)
        #expect(seoul.failures.isEmpty && seoul.daily.contains { $0.source?.kind == "mid" } && seoul.recording != nil)
    }

    @Test("Any clock answers as the recording's own instant")
    func anyClock() async throws {
        var forecasts: [LocalForecast] = []
        for instant in [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_950_000_000), LocalForecast.sampleRecordings[0].availableAt.date] {
            var configuration = ClientConfiguration(serviceKey: try ServiceKey("PREVIEW"), cache: .disabled)
            configuration.now = { instant }
            let client = try ForecastClient(configuration: configuration, transport: RecordedRunTransport.sample)
            forecasts.append(try await client.forecast(for: LocalForecast.sampleRecordings[0].location))
        }
        #expect(forecasts.allSatisfy { $0.failures.isEmpty && $0.hourly == forecasts[0].hourly && $0.daily == forecasts[0].daily })
    }

    @Test("A place with nothing recorded is refused naming what is recorded, never 'try again'")
    func unrecordedPlace() async throws {
        do {
            _ = try await ForecastClient.preview.forecast(for: .place("부산"))
            Issue.record("a place with nothing recorded was answered")
        } catch {
            #expect(error.description.contains("RecordedRunTransport") && error.description.contains("nx 60, ny 120"), "\(error.description)")
            #expect(!error.description.lowercased().contains("try again"))
        }
    }

    @Test("A place whose region's mid-term days are recorded but no hour is refused, never 0 hours and 0 failures")
    func unrecordedHoursRefused() async throws {
        for place in ["서울 종로구", "서울특별시", "서울 강남구"] {
            do {
                let forecast = try await ForecastClient.preview.forecast(for: .place(place), midTermDays: 10)
                Issue.record("\(place) was answered: \(forecast.hourly.count) hours, \(forecast.failures.count) failures")
            } catch {
                guard case .notRecorded(_, _, let recorded) = error.reason else { Issue.record("\(place): \(error)"); continue }
                #expect(recorded.contains("경기도 수원시 권선구 (nx 60, ny 120)"), "\(recorded)")
                #expect(error.description.contains("Nothing is recorded for") && error.description.contains("LocalForecast.sampleRecordings"))
                // Keyed by the case: Korean throughout, no English sentence inside.
                #expect(error.koreanDescription.contains("기록된 자료가 없습니다") && !error.koreanDescription.contains("Nothing"), "\(error.koreanDescription)")
                #expect(ForecastFailure(error).kind == "notRecorded")
            }
        }
        // The library's sample refuses another place the same way, and gives itself for its own.
        #expect(throws: ForecastClientError.self) { try LocalForecast.sample(at: .place("서울 종로구")) }
        #expect(try LocalForecast.sample(at: .place("수원시 권선구")) == LocalForecast.sample)
        #expect(try LocalForecast.sample(at: nil) == LocalForecast.sample)
    }

    @Test("The sample's warnings are its own zone's (수원시), never another zone's above its forecast")
    func sampleWarningsOwnZone() throws {
        let sample = LocalForecast.sample
        let zone = try #require(sample.warnings?.zone)
        #expect(zone.id == "L1011900" && zone.name == "수원시", "\(zone)")
        #expect(sample.alerts.allSatisfy { $0.zoneID == zone.id })
        #expect(sample.warnings?.recording?.contains("the sample's zone") == true)
        let found = try ZoneWarnings.sample(at: .place("경기도 수원시 권선구"))
        #expect(found.location == sample.location && found.alerts == sample.alerts && found.warnings == sample.warnings)
    }

    @Test("print() of the big public values is one short line")
    func shortDescriptions() throws {
        let sample = LocalForecast.sample
        let hour = try #require(sample.hourly.first), day = try #require(sample.daily.first), outcome = try #require(sample.products.first)
        let lines = [
            String(describing: sample), String(describing: hour), String(describing: day), String(describing: outcome),
            String(describing: hour.row), String(describing: try #require(sample.warnings)), String(describing: LocalForecast.sampleRecordings[0]),
            String(describing: try ZoneWarnings.sample(at: nil)),
        ]
        for line in lines { #expect(!line.contains("\n") && line.count < 200, "\(line)") }
        #expect(lines[0].hasPrefix("LocalForecast(경기도 수원시 권선구 (nx 60, ny 120)"), "\(lines[0])")
        #expect(lines[1].hasPrefix("HourlyForecast(2022-11-20T06:00:00+09:00"), "\(lines[1])")
        #expect(lines[2].hasPrefix("ForecastDay(2022-11-20:"), "\(lines[2])")
    }

    @Test("A recording is never cached, so it cannot be served as the service root's live answer")
    func nothingCached() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kma-recorded-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var configuration = ClientConfiguration(serviceKey: try ServiceKey("PREVIEW"), cache: .directory(directory))
        configuration.now = { LocalForecast.sampleRecordings[0].availableAt.date }
        let client = try ForecastClient(configuration: configuration, transport: RecordedRunTransport.sample)
        #expect(client.cache == nil)
        _ = try await client.forecast(for: .place("수원시 권선구"))
        _ = try await client.fetch(.shortTerm, cell: try GridCell(nx: 60, ny: 120))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test("A day's low and high include the hours shown: an ultra-short T1H below TMN and above TMX widens the day")
    func dayIncludesShownHours() async throws {
        let cell = try GridCell(nx: 60, ny: 120)
        let short = try #require(RecordedRunTransport.Answer.run(
            .shortTerm, base: try ForecastBase(baseDate: "20221120", baseTime: "0500"), cell: cell,
            page: try Fixtures.bytes("api/getVilageFcst_20221120_0500_nx60_ny120.json")
        ))
        // An ultra-short run of 05:30: 06:00…11:00, 7 °C at 07:00 and 21 °C at 10:00.
        let base = try ForecastBase(baseDate: "20221120", baseTime: "0530")
        var items: [ForecastItem] = []
        for time in stride(from: 600, through: 1100, by: 100) {
            let temperature = time == 700 ? "7" : time == 1000 ? "21" : "12"
            let values: [(ForecastCategory, String)] = [
                (.t1h, temperature), (.rn1, "강수없음"), (.sky, "4"), (.uuu, "1"), (.vvv, "1"), (.reh, "80"), (.pty, "0"), (.lgt, "0"),
                (.vec, "90"), (.wsd, "1.5"),
            ]
            for (category, value) in values {
                items.append(ForecastItem(base: base, category: category, forecastDate: 20221120, forecastTime: time, value: value, nx: 60, ny: 120))
            }
        }
        let ultra = try #require(RecordedRunTransport.Answer.run(.ultraShort, base: base, cell: cell, page: PageGenerator.page(items)))
        var configuration = ClientConfiguration(serviceKey: try ServiceKey("PREVIEW"), cache: .disabled)
        configuration.now = { (try? KSTDateTime(year: 2022, month: 11, day: 20, hour: 5, minute: 50))?.date ?? Date() }
        let client = try ForecastClient(configuration: configuration, transport: RecordedRunTransport(answers: [short, ultra]))
        let forecast = try await client.forecast(for: .cell(cell), products: [.ultraShort, .shortTerm])
        #expect(forecast.failures.isEmpty)
        let shownToday = forecast.hourly.filter { $0.time.yyyymmdd == 20221120 }.compactMap(\.temperatureCelsius)
        #expect(shownToday.min() == 7 && shownToday.max() == 21)
        let today = try #require(forecast.daily.first)
        #expect(today.lowTemperature?.value == 7 && today.lowTemperature?.origin == .hourly)
        #expect(today.highTemperature?.value == 21 && today.highTemperature?.origin == .hourly)
        // The next day keeps its TMN/TMX: no hour shown is outside them.
        let tomorrow = try #require(forecast.daily.dropFirst().first)
        #expect(tomorrow.lowTemperature?.origin == .dailyExtreme && tomorrow.highTemperature?.origin == .dailyExtreme)
        #expect(forecast.recording != nil)
    }

    @Test("DailyForecastMerger.widened: only the days with hours, only outward")
    func widened() throws {
        let start = try KSTDateTime(year: 2026, month: 11, day: 21)
        let day = ForecastDay(
            start: start, lowTemperature: DailyTemperature(value: 3, origin: .dailyExtreme), highTemperature: DailyTemperature(value: 11, origin: .dailyExtreme),
            morning: nil, afternoon: nil, source: .shortTerm(try ForecastBase(baseDate: "20261121", baseTime: "0500")), isHalfDaySplit: true
        )
        let missing = ForecastDay(start: start.adding(seconds: 86_400), lowTemperature: nil, highTemperature: nil, morning: nil, afternoon: nil, source: nil, isHalfDaySplit: true)
        let inside = DailyForecastMerger.widened([day, missing], byHours: [(start.adding(seconds: 3600 * 9), 5), (start.adding(seconds: 86_400 + 3600), 1)])
        #expect(inside == [day, missing])
        let outside = DailyForecastMerger.widened([day], byHours: [(start.adding(seconds: 3600 * 6), 2), (start.adding(seconds: 3600 * 14), 12.5)])
        #expect(outside[0].lowTemperature == DailyTemperature(value: 2, origin: .hourly))
        #expect(outside[0].highTemperature == DailyTemperature(value: 12.5, origin: .hourly))
    }
}
