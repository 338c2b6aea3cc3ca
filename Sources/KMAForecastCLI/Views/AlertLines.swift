import KMAForecast
import KMAForecastCharts
import KMAForecastClient
import KMAForecastText

/// The first lines of the terminal view: the weather warnings in force in the place's zone
/// (``LocalForecast/alerts``), in bold red where colour is on, then those announced to start
/// later; nothing when none is. A recorded sample's warnings say what they are.
struct AlertLines {
    var language: DisplayLanguage
    var style: TerminalStyle

    /// The block with its line end, or `""`.
    func text(_ forecast: LocalForecast) -> String {
        let preliminary = forecast.warnings?.preliminary ?? []
        guard !forecast.alerts.isEmpty || !preliminary.isEmpty else { return "" }
        var lines: [String] = []
        var heading = WeatherAlertText.heading(language)
        if forecast.warnings?.recording != nil, let outcome = forecast.warnings {
            let zone = PrintableText.singleLine(outcome.zone?.name ?? "")
            let at = CalendarText.readable(outcome.replayedAt)
            heading = language == .ko ? "기상특보 표본 (\(zone), \(at) KST 기록; 이 곳의 실시간 특보 아님)" : "Sample warnings (recorded for \(zone) at \(at) KST; not this place, not live)"
        }
        if !forecast.alerts.isEmpty {
            lines.append(style.alert(heading))
            lines += forecast.alerts.map { style.alert("  " + WeatherAlertText.line($0, language)) }
        }
        if !preliminary.isEmpty {
            lines.append(style.yellow(language == .ko ? "발효 예정 특보" : "Warnings announced to start later"))
            lines += preliminary.map { style.yellow("  " + WeatherAlertText.preliminaryLine($0, language)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
