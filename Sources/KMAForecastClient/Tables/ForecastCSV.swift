import KMAForecast
import KMAGrid

/// `--format csv` of one place: the records CSV contract with a `product` column (every row of
/// every product fetched, sorted by cell, hour and product), then one `daily` row per day the
/// caller shows (the CLI passes the days its text view shows: the short-term run's days, and in
/// the default view the mid-term days to +10), so that text, JSON and CSV hold the same days.
///
/// A `daily` row: `baseDate`/`baseTime` the run the day came from (a mid-term run's `tmFc`
/// date and `0600`/`1800`; empty for a day nothing covers), `fcstDate` the day, `fcstTime`
/// empty, `TMN`/`TMX` the day's low and high (°C, the hours shown included), `POP` its highest
/// chance of rain, `SKY` its sky (오후's, else 오전's, else the evening's), `PTY` its worst
/// precipitation; `sunrise`, `sunset` and `uvIndexMax` its sun and highest UV index; every
/// other column empty. After the categories, every hourly value JSON has that is no KMA
/// category (``derivedColumns``: 체감온도, dew point, daylight, UV index) on the rows of its hour.
package enum ForecastCSV {
    /// The product column of a day's row.
    package static let dailyProduct = "daily"

    /// The CSV text of a forecast, with a row for each of `days` after the hours.
    package static func text(_ forecast: LocalForecast, days: [ForecastDay]) -> String {
        let order: [ForecastProduct] = [.nowcast, .ultraShort, .shortTerm]
        var entries: [(ForecastProduct, ForecastRow)] = []
        for product in order {
            guard let outcome = forecast.outcome(product), outcome.failure == nil else { continue }
            entries += outcome.rows.map { (product, $0) }
        }
        entries.sort { a, b in
            let ka = (a.1.cell, a.1.validTime)
            let kb = (b.1.cell, b.1.validTime)
            if ka != kb { return ka < kb }
            return (order.firstIndex(of: a.0) ?? 0) < (order.firstIndex(of: b.0) ?? 0)
        }
        let rows = entries.map(\.1)
        var categories = ForecastRow.csvCategories(of: rows)
        if !days.isEmpty {
            let present = Set(categories + [.pop, .pty, .sky, .tmn, .tmx])
            categories = ForecastCategory.documented.filter(present.contains) + categories.filter { !$0.isDocumented }
        }
        // Every value of JSON's `hourly` that is no KMA category (computed on the device, or
        // another service's) has its column: the merged hour's, on each row of its hour.
        var hours: [KSTDateTime: HourlyForecast] = [:]
        for hour in forecast.hourly + [forecast.current].compactMap({ $0 }) where hours[hour.time] == nil { hours[hour.time] = hour }
        var out = CSVText.row(ForecastRow.csvHeader(categories: categories, product: true) + derivedColumns)
        for (product, row) in entries {
            out += CSVText.row(ForecastRow.csvFields(row, categories: categories, product: .some(product)) + hourFields(hours[row.validTime]) + ["", "", ""])
        }
        for day in days {
            out += CSVText.row(dayFields(day, cell: forecast.location.cell, categories: categories) + ["", "", "", ""] + sunFields(day))
        }
        return out
    }

    /// The columns after the categories: an hour's values computed on the device and its UV
    /// index (JSON's `hourly` names), then a day's sunrise, sunset and highest UV index
    /// (JSON's `daily`: `sun.sunrise`, `sun.sunset`, `uvIndexMax`).
    package static let derivedColumns = ["apparentTemperature", "dewPoint", "isDaylight", "uvIndex", "sunrise", "sunset", "uvIndexMax"]

    /// An hour's derived values (°C, `true`/`false`, the index), empty where it has none.
    static func hourFields(_ hour: HourlyForecast?) -> [String] {
        [
            hour?.apparentTemperatureCelsius.map(JSONText.number) ?? "", hour?.dewPointCelsius.map(JSONText.number) ?? "",
            hour?.isDaylight.map { $0 ? "true" : "false" } ?? "", hour?.uvIndex.map(String.init) ?? "",
        ]
    }

    /// A day's sunrise and sunset (ISO 8601, KST, as JSON has them) and highest UV index.
    static func sunFields(_ day: ForecastDay) -> [String] {
        [day.sun?.sunrise?.iso8601 ?? "", day.sun?.sunset?.iso8601 ?? "", day.uvIndexMax.map(String.init) ?? ""]
    }

    /// The columns of ``days(_:)``.
    package static let daysHeader = ["date", "low", "high", "am_sky", "am_pty", "am_pop", "pm_sky", "pm_pty", "pm_pop", "source", "sunrise", "sunset", "uvIndexMax"]

    /// The days alone (`kma-forecast --days --format csv`): one row per day, an empty field for
    /// a missing value; the low and high °C, each half-day's sky, precipitation type and chance,
    /// the source, the sun and the highest UV index.
    package static func days(_ days: [ForecastDay]) -> String {
        var out = CSVText.row(daysHeader)
        func number(_ value: Double?) -> String { value.map(JSONText.number) ?? "" }
        for day in days {
            out += CSVText.row([
                day.isoDate, number(day.lowTemperature?.value), number(day.highTemperature?.value),
                day.morning?.sky.map { String($0.code) } ?? "", day.morning?.precipitationType.map { String($0.code) } ?? "",
                day.morning?.precipitationChancePercent.map(String.init) ?? "",
                day.afternoon?.sky.map { String($0.code) } ?? "", day.afternoon?.precipitationType.map { String($0.code) } ?? "",
                day.afternoon?.precipitationChancePercent.map(String.init) ?? "",
                day.source?.kind ?? "",
            ] + sunFields(day))
        }
        return out
    }

    /// A day's fields, in the columns of the rows.
    package static func dayFields(_ day: ForecastDay, cell: GridCell, categories: [ForecastCategory]) -> [String] {
        let base: (String, String) = switch day.source {
        case .shortTerm(let run)?: (run.baseDate, run.baseTime)
        case .midTerm(let issue)?: (String(issue.issueDate), issue.isMorningRun ? "0600" : "1800")
        case nil: ("", "")
        }
        let halves = [day.afternoon, day.morning, day.evening].compactMap { $0 }
        let type: String = if let falling = day.condition?.precipitationType {
            String(falling.code)
        } else {
            halves.contains { $0.precipitationType == .noPrecipitation } ? String(PrecipitationType.noPrecipitation.code) : ""
        }
        func value(_ category: ForecastCategory) -> String {
            switch category {
            case .tmn: day.lowTemperature.map { JSONText.number($0.value) } ?? ""
            case .tmx: day.highTemperature.map { JSONText.number($0.value) } ?? ""
            case .pop: day.precipitationChance.map { String(Int(($0 * 100).rounded())) } ?? ""
            case .sky: halves.lazy.compactMap(\.sky).first.map { String($0.code) } ?? ""
            case .pty: type
            default: ""
            }
        }
        return [dailyProduct, base.0, base.1, day.start.yyyymmdd.description, "", String(cell.nx), String(cell.ny)] + categories.map(value)
    }
}
