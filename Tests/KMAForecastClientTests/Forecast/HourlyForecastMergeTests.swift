import Foundation
import Testing
import KMAForecast
@testable import KMAForecastClient
import KMAGrid
import _KMATestSupport

/// Hours merged per value (issue 22): the recorded ultra-short and short-term pages re-labelled
/// to one cell and one morning, and hand-built hours with each product missing.
@Suite("HourlyForecast: each value from the freshest product that has it, and which that was")
struct HourlyForecastMergeTests {
    static let cell: GridCell = { guard let cell = try? GridCell(nx: 60, ny: 120) else { preconditionFailure("a valid cell") }; return cell }()

    static func at(_ hour: Int, _ minute: Int) throws -> KSTDateTime { try KSTDateTime(year: 2026, month: 11, day: 21, hour: hour, minute: minute) }

    /// A fixture's rows moved to `cell` and to the run `base` (every hour shifted with the run).
    static func relabelled(_ file: String, to base: KSTDateTime) throws -> [ForecastRow] {
        var builder = ForecastRowBuilder()
        _ = try ForecastPageDecoder.decode(try Fixtures.bytes(file), into: &builder)
        let rows = builder.rows()
        let old = try #require(rows.first?.base.dateTime)
        let shift = base.unixSeconds - old.unixSeconds
        return rows.map { row in
            var moved = ForecastRow(cell: cell, validTime: row.validTime.adding(seconds: shift), base: ForecastBase(base), isObservation: row.isObservation)
            for category in row.categories { moved[category] = row[category] }
            return moved
        }
    }

    static func morning() throws -> (ultra: [ForecastRow], short: [ForecastRow]) {
        (try relabelled("api/getUltraSrtFcst_20210328_1530_nx56_ny125.json", to: try at(5, 30)),
         try relabelled("api/getVilageFcst_20221120_0500_nx60_ny120.json", to: try at(5, 0)))
    }

    @Test("05:45 with the 05:30 ultra-short and 05:00 short-term runs: the first 6 hours take temperature, sky, rain, humidity and wind from the ultra-short run and the chance of rain from the short-term run")
    func recordedMorning() throws {
        let (ultra, short) = try Self.morning()
        let hours = LocalForecast.hours(ultraShort: ultra, shortTerm: short, after: try Self.at(5, 45))
        #expect(hours.first?.time == (try Self.at(6, 0)))
        #expect(hours.count == Set(short.map(\.validTime)).filter { $0 > (try! Self.at(5, 45)) }.count)
        let ultraTimes = Set(ultra.map(\.validTime))
        #expect(ultraTimes.count == 6)
        for hour in hours {
            let shortRow = try #require(short.first { $0.validTime == hour.time })
            // Every hour the short-term run covers has its chance of rain, from it.
            #expect(hour.precipitationChance == shortRow.probabilityOfPrecipitation.map { $0 / 100 })
            #expect(hour.precipitationChance != nil && hour.source(of: .pop)?.product == .shortTerm)
            #expect(hour.source(of: .pop)?.base == ForecastBase(try Self.at(5, 0)))
            guard let ultraRow = ultra.first(where: { $0.validTime == hour.time }) else {
                #expect(hour.sources.map(\.product) == [.shortTerm] && hour.row == shortRow, "\(hour.time)")
                continue
            }
            #expect(hour.sources.map(\.product) == [.ultraShort, .shortTerm])
            for category in [ForecastCategory.t1h, .sky, .pty, .rn1, .reh, .uuu, .vvv, .vec, .wsd, .lgt] {
                #expect(hour.source(of: category)?.product == .ultraShort && hour.value(category)?.raw == ultraRow[category], "\(category)")
            }
            // One temperature and one hour's precipitation: the ultra-short run's, not the short-term run's too.
            #expect(hour.value(.tmp) == nil && hour.value(.pcp) == nil && !hour.row.contains(.tmp) && !hour.row.contains(.pcp))
            #expect(hour.temperatureCelsius == ultraRow.temperature && hour.humidity == ultraRow.humidity.map { $0 / 100 })
            for category in [ForecastCategory.pop, .sno, .tmn, .tmx, .wav] where shortRow.contains(category) {
                #expect(hour.source(of: category)?.product == .shortTerm && hour.value(category)?.raw == shortRow[category], "\(category)")
            }
        }
        #expect(hours.filter { $0.sources.count == 2 }.count == 6)
    }

    @Test("Each product missing in turn: nothing is invented; a value KMA marks missing gives way to the other product's")
    func missingProducts() throws {
        let (ultra, short) = try Self.morning()
        let now = try Self.at(5, 45)
        let ultraOnly = LocalForecast.hours(ultraShort: ultra, shortTerm: [], after: now)
        #expect(ultraOnly.count == 6 && ultraOnly.allSatisfy { $0.precipitationChance == nil && $0.value(.pop) == nil && $0.temperature != nil })
        let shortOnly = LocalForecast.hours(ultraShort: [], shortTerm: short, after: now)
        #expect(!shortOnly.isEmpty && shortOnly.allSatisfy { $0.sources.map(\.product) == [.shortTerm] && $0.value(.lgt) == nil })
        #expect(LocalForecast.hours(ultraShort: [], shortTerm: [], after: now).isEmpty)
        #expect(HourlyForecast(merging: []) == nil)

        // Hand-built 07:00: the ultra-short run's T1H is KMA's missing marker, its humidity real.
        let base = ForecastBase(try Self.at(5, 30)), shortBase = ForecastBase(try Self.at(5, 0))
        var ultraRow = ForecastRow(cell: Self.cell, validTime: try Self.at(7, 0), base: base)
        ultraRow[.t1h] = "-999"
        ultraRow[.reh] = "70"
        var shortRow = ForecastRow(cell: Self.cell, validTime: try Self.at(7, 0), base: shortBase)
        shortRow[.tmp] = "4"
        shortRow[.reh] = "90"
        shortRow[.pop] = "0"
        let hour = try #require(HourlyForecast(merging: [(.ultraShort, ultraRow), (.shortTerm, shortRow)]))
        #expect(hour.temperatureCelsius == 4 && hour.source(of: .tmp)?.product == .shortTerm && hour.value(.t1h) == nil)
        #expect(hour.humidity == 0.7 && hour.source(of: .reh)?.product == .ultraShort)
        #expect(hour.precipitationChance == 0 && hour.condition == nil && hour.windSpeed == nil)  // 0 % is KMA's value; no sky given: no condition
        // Different hours or cells do not merge.
        var other = shortRow
        other.validTime = try Self.at(8, 0)
        #expect(HourlyForecast(merging: [(.ultraShort, ultraRow), (.shortTerm, other)]) == nil)
    }

    @Test("A forecast of the merged morning is stored and restored equal, and its JSON says where each value came from")
    func roundTrip() throws {
        let (ultra, short) = try Self.morning()
        func outcome(_ product: ForecastProduct, _ rows: [ForecastRow]) throws -> ProductOutcome {
            let base = try #require(rows.first?.base)
            let run = ForecastRun(product: product, cell: Self.cell, base: base, newestBase: base, fallbackSteps: 0, rows: rows,
                                  itemCount: 0, pageCount: 1, fromCache: false, requests: 1, fetchedAt: try Self.at(5, 45).date, fileVersion: nil)
            return ProductOutcome(run: run, nextRunAvailableAt: try Self.at(6, 45))
        }
        let forecast = LocalForecast(
            location: .init(cell: Self.cell, coordinate: nil, placeName: nil), requestedAt: try Self.at(5, 45),
            products: [try outcome(.ultraShort, ultra), try outcome(.shortTerm, short)]
        )
        let data = try JSONEncoder().encode(forecast)
        #expect(try JSONDecoder().decode(LocalForecast.self, from: data) == forecast)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""product":"ultra-short""#) && text.contains(#""product":"short-term""#))
        #expect(forecast.hourly.prefix(6).allSatisfy { $0.precipitationChance != nil })
    }
}
