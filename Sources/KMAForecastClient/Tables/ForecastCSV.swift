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
/// precipitation; every other column empty.
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
        var out = ForecastRow.csv(rows, categories: categories, products: entries.map(\.0))
        for day in days {
            out += CSVText.row(dayFields(day, cell: forecast.location.cell, categories: categories))
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

    /// The columns of the ten-day view's `--format csv` (`kma-forecast --days N`).
    package static let daysHeader = ["date", "low", "high", "am_sky", "am_pty", "am_pop", "pm_sky", "pm_pty", "pm_pop", "source"]

    /// The ten-day view's `--format csv`: one row per day, an empty field for a missing value.
    package static func days(_ view: LocalForecast) -> String {
        var out = CSVText.row(daysHeader)
        func number(_ value: Double?) -> String { value.map(JSONText.number) ?? "" }
        for day in view.daily {
            out += CSVText.row([
                day.isoDate, number(day.lowTemperature?.value), number(day.highTemperature?.value),
                day.morning?.sky.map { String($0.code) } ?? "", day.morning?.precipitationType.map { String($0.code) } ?? "",
                day.morning?.precipitationChancePercent.map(String.init) ?? "",
                day.afternoon?.sky.map { String($0.code) } ?? "", day.afternoon?.precipitationType.map { String($0.code) } ?? "",
                day.afternoon?.precipitationChancePercent.map(String.init) ?? "",
                day.source?.kind ?? "",
            ])
        }
        return out
    }
}
