import KMAForecast

extension ForecastProduct {
    /// A short label for tables: `실황`/`now`, `초단기`/`ultra`, `단기`/`short`.
    func shortLabel(_ language: DisplayLanguage) -> String {
        switch (self, language) {
        case (.nowcast, .ko): "실황"
        case (.ultraShort, .ko): "초단기"
        case (.shortTerm, .ko): "단기"
        case (.nowcast, .en): "now"
        case (.ultraShort, .en): "ultra"
        case (.shortTerm, .en): "short"
        }
    }
}
