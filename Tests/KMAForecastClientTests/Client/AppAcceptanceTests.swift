import Foundation
import KMAForecastKit
import Testing
import _KMATestSupport

/// The library as an app uses it (public API, one import), against a stand-in gateway serving
/// all three products and the mid-term service for 서울 at 2026-10-04 17:50 KST (issue 22's
/// "done when"): the next 24 hours each have a temperature, a condition and a chance of rain,
/// the first 6 from the ultra-short forecast with the chance from the short-term run, and the
/// ten days.
@Suite("An app's forecast screen in one call, against a gateway serving every product")
struct AppAcceptanceTests {
    static let key = "APPKEY+abc/def=="

    /// A run of `operation` at 서울's cell: one item per category and hour, as KMA writes them.
    static func run(_ operation: String, base: KSTDateTime, hours: [KSTDateTime], values: [(String, String)], observation: Bool = false) -> RecordedRun {
        let date = String(base.yyyymmdd), time = base.hhmm.zeroPadded4
        var items: [[UInt8]] = []
        for hour in hours {
            for (category, value) in values {
                let text = observation
                    ? #"{"baseDate":"\#(date)","baseTime":"\#(time)","category":"\#(category)","nx":60,"ny":127,"obsrValue":"\#(value)"}"#
                    : #"{"baseDate":"\#(date)","baseTime":"\#(time)","category":"\#(category)","fcstDate":"\#(hour.yyyymmdd)","fcstTime":"\#(hour.hhmm.zeroPadded4)","fcstValue":"\#(value)","nx":60,"ny":127}"#
                items.append(Array(text.utf8))
            }
        }
        return RecordedRun(operation: operation, baseDate: date, baseTime: time, nx: 60, ny: 127, items: items)
    }

    @Test("24 hours with temperature, condition and chance of rain in every hour (the first 6 say the chance is the short-term run's), ten days, no failure")
    func forecastScreen() async throws {
        let server = try ReplayServer(expectedKey: Self.key)
        defer { server.stop() }
        let day = { (hour: Int, minute: Int) throws -> KSTDateTime in try KSTDateTime(year: 2026, month: 10, day: 4, hour: hour, minute: minute) }
        server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20261004", baseTime: "1700"), nx: 60, ny: 127))
        try server.addRecordedMidTerm()
        let ultraBase = try day(17, 30)
        server.add(Self.run("getUltraSrtFcst", base: ultraBase, hours: (1...6).map { ultraBase.adding(seconds: Int64($0 * 3600 - 1800)) }, values: [
            ("T1H", "18"), ("RN1", "강수없음"), ("SKY", "3"), ("UUU", "1"), ("VVV", "1"), ("REH", "70"), ("PTY", "0"), ("LGT", "0"), ("VEC", "225"), ("WSD", "2"),
        ]))
        let nowBase = try day(17, 0)
        server.add(Self.run("getUltraSrtNcst", base: nowBase, hours: [nowBase], values: [
            ("T1H", "19.5"), ("RN1", "0"), ("UUU", "1"), ("VVV", "1"), ("REH", "65"), ("PTY", "0"), ("VEC", "225"), ("WSD", "2.1"),
        ], observation: true))

        let now = try day(17, 50).date
        var configuration = ClientConfiguration(serviceKey: try ServiceKey(Self.key), baseURL: server.baseURL, cache: .disabled, now: { now })
        configuration.midBaseURL = server.midTermBaseURL
        let forecast = try await ForecastClient(configuration: configuration).forecast(for: .place("서울"), midTermDays: 10)

        #expect(forecast.failures.isEmpty, "\(forecast.failures.map(\.localizedDescription))")
        #expect(forecast.location.placeName == "서울특별시" && forecast.current?.temperature?.value == 19.5)
        let next24 = Array(forecast.hours(24))
        #expect(next24.count == 24)
        for hour in next24 {
            #expect(hour.temperature != nil && hour.condition != nil && hour.precipitationChance != nil, "\(hour.time)")
            #expect(hour.source(of: .pop)?.product == .shortTerm, "\(hour.time)")
        }
        for hour in next24.prefix(6) {
            #expect(hour.source(of: .t1h)?.product == .ultraShort && hour.temperature?.value == 18 && hour.condition == .mostlyCloudy, "\(hour.time)")
        }
        #expect(forecast.daily.count == 10 && forecast.daily.allSatisfy { $0.source != nil && $0.high != nil })
        #expect(forecast.daily.map { $0.source?.kind ?? "-" } == Array(repeating: "short", count: 5) + Array(repeating: "mid", count: 5))
        #expect(Set(server.requests.map(\.operation)) == ["getUltraSrtNcst", "getUltraSrtFcst", "getVilageFcst", "getMidTa", "getMidLandFcst"])
    }

    @Test("An error reads as a sentence through localizedDescription, and the key is not in it")
    func errors() async throws {
        let server = try ReplayServer(expectedKey: Self.key)
        defer { server.stop() }
        server.inject(.status(403), times: 100, when: .any)
        let now = try KSTDateTime(year: 2026, month: 10, day: 4, hour: 17, minute: 50).date
        let configuration = ClientConfiguration(serviceKey: try ServiceKey(Self.key), baseURL: server.baseURL, cache: .disabled, now: { now })
        do {
            _ = try await ForecastClient(configuration: configuration).forecast(for: .place("서울"))
            Issue.record("every product refused must throw")
        } catch {
            #expect(error.localizedDescription.contains("403") && !error.localizedDescription.contains("APPKEY"))
        }
        await #expect(throws: ForecastClientError.self) {
            try await ForecastClient(configuration: configuration).forecast(for: .place("중구"))
        }
    }
}

private extension Int {
    /// `930` → `"0930"`.
    var zeroPadded4: String { String(repeating: "0", count: Swift.max(0, 4 - String(self).count)) + String(self) }
}
