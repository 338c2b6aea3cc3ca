import KMAForecastCharts

extension TerminalStyle {
    /// The style for a run: colour only when standard output is a terminal, `NO_COLOR` is unset
    /// or empty (https://no-color.org) and `TERM` is not `dumb`, so pipes and files get plain text.
    init(isTerminal: Bool, environment: [String: String]) {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        self.init(enabled: isTerminal && !noColor && environment["TERM"] != "dumb")
    }
}
