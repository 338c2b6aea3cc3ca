import KMAForecast
import KMAForecastClient

/// The ten-day list as data: the days a view shows, and `--format csv`.
extension DailyForecastSection {
    /// The days a view shows: every date from today when the mid-term days were asked for and
    /// came (a date nothing covers says `missing`); else only the days that have data (the
    /// short-term run's alone, or a recording's, whose other dates are not missing but unrecorded).
    func shownDays(_ view: LocalForecast) -> [ForecastDay] {
        guard view.recording == nil, let midTerm = view.midTerm, showsMissingDays || midTerm.status != .failed else {
            return view.daily.filter { $0.source != nil }
        }
        return view.daily
    }

    /// The CSV columns of `--format csv`.
    static let csvHeader = ["date", "low", "high", "am_sky", "am_pty", "am_pop", "pm_sky", "pm_pty", "pm_pop", "source"]

    /// `--format csv`: one row per day, an empty field for a missing value.
    static func csv(_ view: LocalForecast) -> String {
        var out = CSVText.row(csvHeader)
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
