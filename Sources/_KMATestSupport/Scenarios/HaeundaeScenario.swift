import Foundation
import KMAForecast

/// A gateway serving 부산광역시 해운대구 (nx 99, ny 75) on 2026-10-04 at 17:30 KST: the nowcast
/// (17:00), the ultra-short forecast (16:30) and the short-term runs (14:00, 17:00) built to KMA's
/// layout, and the recorded mid-term answers under 부산's codes (11H20201, 11H20000).
package enum HaeundaeScenario {
    /// 해운대구's cell.
    package static let nx = 99, ny = 75
    /// The key the server expects.
    package static let key = Scenario.key
    /// 2026-10-04T17:30:00+09:00.
    package static var now: Date { (try? KSTDateTime(year: 2026, month: 10, day: 4, hour: 17, minute: 30).date) ?? Date() }

    /// A replay server with the scenario's runs and mid-term answers. With `everyCell`, the
    /// same runs are served for any cell (relabelled), for many places at once.
    package static func server(everyCell: Bool = false) throws -> ReplayServer {
        let server = try ReplayServer(expectedKey: key)
        for run in try runs() {
            server.add(run)
            if everyCell { server.synthesize(run) }
        }
        try server.addRecordedMidTerm(temperaturePoint: "11H20201", landRegion: "11H20000")
        return server
    }

    /// The point runs at 해운대구's cell: short-term 14:00 and 17:00, the nowcast 17:00, the
    /// ultra-short forecast 16:30.
    package static func runs() throws -> [RecordedRun] {
        var runs: [RecordedRun] = []
        for time in ["1400", "1700"] {
            runs.append(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20261004", baseTime: time), nx: nx, ny: ny))
        }
        let nowBase = try ForecastBase(baseDate: "20261004", baseTime: "1700")
        let nowcast: [(String, String)] = [("PTY", "0"), ("REH", "70"), ("RN1", "0"), ("T1H", "21.5"), ("UUU", "1.2"), ("VEC", "200"), ("VVV", "0.5"), ("WSD", "3.1")]
        runs.append(RecordedRun(operation: ForecastProduct.nowcast.operation, baseDate: "20261004", baseTime: "1700", nx: nx, ny: ny, items: nowcast.map {
            Scenario.json(ForecastItem(base: nowBase, category: ForecastCategory($0.0), forecastDate: 20_261_004, forecastTime: 1700, value: $0.1, isObservation: true, nx: nx, ny: ny))
        }))
        let ultraBase = try ForecastBase(baseDate: "20261004", baseTime: "1630")
        var items: [[UInt8]] = []
        for hour in 1...6 {
            let at = ultraBase.dateTime.adding(seconds: Int64(hour * 3600 - 1800))
            for (code, value) in [("LGT", "0"), ("PTY", "0"), ("RN1", "강수없음"), ("SKY", "1"), ("T1H", String(21 - hour)), ("REH", "70"), ("UUU", "1"), ("VVV", "1"), ("VEC", "200"), ("WSD", "3")] {
                items.append(Scenario.json(ForecastItem(base: ultraBase, category: ForecastCategory(code), forecastDate: at.yyyymmdd, forecastTime: at.hhmm, value: value, nx: nx, ny: ny)))
            }
        }
        runs.append(RecordedRun(operation: ForecastProduct.ultraShort.operation, baseDate: "20261004", baseTime: "1630", nx: nx, ny: ny, items: items))
        return runs
    }

    /// The environment that points the tool at `server` with the key.
    package static func environment(_ server: ReplayServer) -> [String: String] {
        ["KMA_SERVICE_KEY": key, "KMA_BASE_URL": server.baseURL, "KMA_MID_BASE_URL": server.midTermBaseURL]
    }
}
