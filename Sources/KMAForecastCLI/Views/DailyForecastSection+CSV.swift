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
}
