import Foundation
import KMAForecast

/// Three consistent runs for one cell at one instant, served by a replay server.
package enum Scenario {
    /// 2026-11-21T14:50:00+09:00: nowcast 1400, ultra-short 1430, short-term 1400 are the newest.
    package static let now = Date(timeIntervalSince1970: 1_795_186_800 + 14 * 3600 + 50 * 60)
    /// The key the replay server expects (decoded form).
    package static let key = "TESTKEY+abc/def=="
    /// The cell every run is for.
    package static let nx = 60, ny = 127

    /// Compact JSON of an item, as KMA writes it.
    package static func json(_ item: ForecastItem) -> [UInt8] {
        let value = PageGenerator.quote(item.value, escape: false)
        let text = item.isObservation
            ? #"{"baseDate":"\#(item.base.baseDate)","baseTime":"\#(item.base.baseTime)","category":"\#(item.category.code)","nx":\#(item.nx),"ny":\#(item.ny),"obsrValue":\#(value)}"#
            : #"{"baseDate":"\#(item.base.baseDate)","baseTime":"\#(item.base.baseTime)","category":"\#(item.category.code)","fcstDate":"\#(item.forecastDateString)","fcstTime":"\#(item.forecastTimeString)","fcstValue":\#(value),"nx":\#(item.nx),"ny":\#(item.ny)}"#
        return Array(text.utf8)
    }

    /// A recorded run of `product` at the scenario's cell.
    package static func run(_ product: ForecastProduct, _ baseDate: String, _ baseTime: String, _ items: [ForecastItem]) -> RecordedRun {
        RecordedRun(operation: product.operation, baseDate: baseDate, baseTime: baseTime, nx: nx, ny: ny, items: items.map(json))
    }

    /// The nowcast of 2026-11-21 at `time`: eight observed categories.
    package static func nowcast(_ time: String = "1400") throws -> RecordedRun {
        let base = try ForecastBase(baseDate: "20261121", baseTime: time)
        let values: [(String, String)] = [("PTY", "0"), ("REH", "60"), ("RN1", "0"), ("T1H", "11.5"), ("UUU", "1.2"), ("VEC", "250"), ("VVV", "0.5"), ("WSD", "1.3")]
        return run(.nowcast, "20261121", time, values.map {
            ForecastItem(base: base, category: ForecastCategory($0.0), forecastDate: 20_261_121, forecastTime: base.baseTimeNumber, value: $0.1, isObservation: true, nx: nx, ny: ny)
        })
    }

    /// The ultra-short forecast of 2026-11-21 at `time`: six hours of ten categories.
    package static func ultraShort(_ time: String = "1430") throws -> RecordedRun {
        let base = try ForecastBase(baseDate: "20261121", baseTime: time)
        var items: [ForecastItem] = []
        for hour in 1...6 {
            let at = base.dateTime.adding(seconds: Int64(hour * 3600 - 1800))
            for (code, value) in [("LGT", "0"), ("PTY", "0"), ("RN1", "강수없음"), ("SKY", "3"), ("T1H", String(12 - hour)), ("REH", "65"), ("UUU", "1"), ("VVV", "1"), ("VEC", "225"), ("WSD", "2")] {
                items.append(ForecastItem(base: base, category: ForecastCategory(code), forecastDate: at.yyyymmdd, forecastTime: at.hhmm, value: value, nx: nx, ny: ny))
            }
        }
        return run(.ultraShort, "20261121", time, items)
    }

    /// The short-term run of 2026-11-21 at `time`, `count` generated items.
    package static func shortTerm(_ time: String = "1400", count: Int = 700) throws -> RecordedRun {
        let base = try ForecastBase(baseDate: "20261121", baseTime: time)
        return run(.shortTerm, "20261121", time, PageGenerator.shortTermItems(count: count, base: base, nx: nx, ny: ny))
    }

    /// A replay server with the three products' newest runs and the short-term run of 11:00.
    package static func server(expectedKey: String? = key) throws -> ReplayServer {
        try ReplayServer(runs: [try nowcast(), try ultraShort(), try shortTerm(), try shortTerm("1100")], expectedKey: expectedKey)
    }

    /// The command line for the scenario's cell against `server`, no cache, then `extra`.
    package static func arguments(_ server: ReplayServer, _ extra: [String]) -> [String] {
        ["--nx", "\(nx)", "--ny", "\(ny)", "--base-url", server.baseURL, "--no-cache"] + extra
    }

    /// The environment with the scenario's key.
    package static var environment: [String: String] { ["KMA_SERVICE_KEY": key] }
}
