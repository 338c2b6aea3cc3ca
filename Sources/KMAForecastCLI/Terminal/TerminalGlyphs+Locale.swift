import KMAForecastCharts

extension TerminalGlyphs {
    /// The glyphs the environment's locale can show: Unicode when its character set is UTF-8.
    ///
    /// The locale is the first of `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not empty, as
    /// the C library reads it; with none set the locale is `C` (POSIX), whose character set is ASCII.
    static func forLocale(_ environment: [String: String]) -> TerminalGlyphs {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let folded = value.lowercased()
            return folded.contains("utf-8") || folded.contains("utf8") ? .unicode : .ascii
        }
        return .ascii
    }
}
