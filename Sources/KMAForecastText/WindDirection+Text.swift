import KMAForecast

extension WindDirection {
    /// The direction for people: `서남서 241°` or `WSW 241°`.
    public func text(_ language: DisplayLanguage) -> String {
        compassPoint.name(in: language) + " " + ForecastUnit.degrees.text(degrees, language)
    }
}
