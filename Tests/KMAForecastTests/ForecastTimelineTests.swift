import Testing
import KMAForecast
import _KMATestSupport

@Suite("ForecastTimeline: one timeline from three products")
struct ForecastTimelineTests {
    static func rows(_ items: [ForecastItem]) throws -> [ForecastRow] {
        var builder = ForecastRowBuilder()
        for item in items { try builder.add(item) }
        return builder.rows()
    }

    static func hourly(_ base: ForecastBase, from start: KSTDateTime, hours: Int, category: ForecastCategory, observation: Bool = false) throws -> [ForecastRow] {
        try rows((0..<hours).map { index in
            let time = start.adding(seconds: Int64(index * 3600))
            return ForecastItem(base: base, category: category, forecastDate: time.yyyymmdd, forecastTime: time.hhmm, value: String(index), isObservation: observation, nx: 60, ny: 127)
        })
    }

    @Test("Now, then ultra-short hours, then short-term hours after them, each hour once")
    func merge() throws {
        let now = try KSTDateTime(year: 2026, month: 11, day: 21, hour: 14, minute: 50)
        let nowBase = try ForecastBase(baseDate: "20261121", baseTime: "1400")
        let ultraBase = try ForecastBase(baseDate: "20261121", baseTime: "1330")
        let shortBase = try ForecastBase(baseDate: "20261121", baseTime: "1100")
        let nowcast = try Self.hourly(nowBase, from: try KSTDateTime(year: 2026, month: 11, day: 21, hour: 14), hours: 1, category: .t1h, observation: true)
        let ultra = try Self.hourly(ultraBase, from: try KSTDateTime(year: 2026, month: 11, day: 21, hour: 14), hours: 6, category: .t1h)
        let short = try Self.hourly(shortBase, from: try KSTDateTime(year: 2026, month: 11, day: 21, hour: 12), hours: 60, category: .tmp)
        let timeline = ForecastTimeline(nowcast: nowcast, ultraShort: ultra, shortTerm: short, at: now)
        #expect(timeline.current?.product == .nowcast)
        #expect(timeline.current?.row.forecastTime == 1400)
        // Ultra-short 15:00…19:00 (14:00 is past), then short-term from 20:00.
        #expect(timeline.hours.prefix(5).allSatisfy { $0.product == .ultraShort })
        #expect(timeline.hours.prefix(5).map(\.row.forecastTime) == [1500, 1600, 1700, 1800, 1900])
        #expect(timeline.hours[5].product == .shortTerm && timeline.hours[5].row.forecastTime == 2000)
        let times = timeline.hours.map { $0.row.validTime.unixSeconds }
        #expect(times == times.sorted() && Set(times).count == times.count)
        #expect(timeline.hours.count == 5 + (60 - 8))
        #expect(timeline.products == [.nowcast, .ultraShort, .shortTerm])
    }

    @Test("Rows of two runs of a product: each hour once, from the newer run; a stale product hands over")
    func newestRunWins() throws {
        let now = try KSTDateTime(year: 2026, month: 11, day: 21, hour: 14, minute: 50)
        let older = try Self.hourly(try ForecastBase(baseDate: "20261121", baseTime: "1330"), from: try KSTDateTime(year: 2026, month: 11, day: 21, hour: 14), hours: 6, category: .t1h)
        let newer = try Self.hourly(try ForecastBase(baseDate: "20261121", baseTime: "1430"), from: try KSTDateTime(year: 2026, month: 11, day: 21, hour: 15), hours: 6, category: .t1h)
        let timeline = ForecastTimeline(nowcast: nil, ultraShort: older + newer, shortTerm: nil, at: now)
        #expect(timeline.hours.map(\.row.forecastTime) == [1500, 1600, 1700, 1800, 1900, 2000])
        #expect(timeline.hours.allSatisfy { $0.row.base.baseTime == "1430" })
        // An ultra-short run whose hours are all past hands over to the short-term forecast; a
        // nowcast observation after now is not "current".
        let stale = try Self.hourly(try ForecastBase(baseDate: "20261121", baseTime: "0830"), from: try KSTDateTime(year: 2026, month: 11, day: 21, hour: 9), hours: 6, category: .t1h)
        let short = try Self.hourly(try ForecastBase(baseDate: "20261121", baseTime: "1400"), from: try KSTDateTime(year: 2026, month: 11, day: 21, hour: 15), hours: 3, category: .tmp)
        let future = try Self.hourly(try ForecastBase(baseDate: "20261121", baseTime: "1500"), from: try KSTDateTime(year: 2026, month: 11, day: 21, hour: 15), hours: 1, category: .t1h, observation: true)
        let handover = ForecastTimeline(nowcast: future, ultraShort: stale, shortTerm: short, at: now)
        #expect(handover.current == nil)
        #expect(handover.hours.map(\.product) == [.shortTerm, .shortTerm, .shortTerm])
    }

    @Test("Missing products: the timeline is made from the others")
    func missing() throws {
        let now = try KSTDateTime(year: 2022, month: 11, day: 20, hour: 5, minute: 10)
        var builder = ForecastRowBuilder()
        _ = try ForecastPageDecoder.decode(try Fixtures.bytes("api/getVilageFcst_20221120_0500_nx60_ny120.json"), into: &builder)
        let timeline = ForecastTimeline(nowcast: nil, ultraShort: nil, shortTerm: builder.rows(), at: now)
        #expect(timeline.current == nil)
        #expect(timeline.hours.count == 67)
        #expect(timeline.products == [.shortTerm])
        let later = ForecastTimeline(nowcast: nil, ultraShort: nil, shortTerm: builder.rows(), at: try KSTDateTime(year: 2022, month: 11, day: 22, hour: 23))
        #expect(later.hours.count == 1)
        #expect(ForecastTimeline(nowcast: nil, ultraShort: nil, shortTerm: nil, at: now).hours.isEmpty)
    }
}
