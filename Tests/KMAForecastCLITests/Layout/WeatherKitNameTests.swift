import Foundation
import Testing

/// No public type of the package takes a WeatherKit name (issue 35): an app imports
/// `KMAForecastKit` and WeatherKit side by side, and `WeatherAlert` or `SunEvents` in both
/// made every use of the name ambiguous.
@Suite("No public type takes a WeatherKit name")
struct WeatherKitNameTests {
    /// WeatherKit's public types (Apple's documentation, iOS 16–18).
    static let weatherKitNames: Set<String> = [
        "Weather", "WeatherService", "WeatherQuery", "WeatherAvailability", "WeatherAttribution",
        "WeatherMetadata", "WeatherError", "CurrentWeather", "MinuteWeather", "HourWeather",
        "DayWeather", "DayPartForecast", "Forecast", "WeatherAlert", "WeatherSeverity",
        "WeatherCondition", "Precipitation", "PrecipitationAmount", "UVIndex", "Wind",
        "WindCompassDirection", "PressureTrend", "SunEvents", "MoonEvents", "MoonPhase",
        "CloudCover", "CloudCoverByAltitude", "WeatherChanges", "WeatherChange",
        "HistoricalComparison", "HistoricalComparisons", "Deviation", "Trend",
        "DailyWeatherSummary", "DayPrecipitationSummary", "HourPrecipitationSummary",
        "DayTemperatureStatistics", "HourTemperatureStatistics", "MonthTemperatureStatistics",
        "DayPrecipitationStatistics", "MonthPrecipitationStatistics", "WeatherAlertSummary",
    ]

    @Test("every public type declaration in Sources")
    func noClash() throws {
        let sources = URL(fileURLWithPath: Fixtures.repositoryRoot).appendingPathComponent("Sources")
        let declaration = try Regex(#"public\s+(?:final\s+)?(?:struct|enum|class|actor|protocol|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        var found: [String] = []
        var seen = 0
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: declaration) {
                guard let name = match.output[1].substring.map(String.init) else { continue }
                seen += 1
                if Self.weatherKitNames.contains(name) { found.append("\(name) (\(file.lastPathComponent))") }
            }
        }
        #expect(seen > 100, "the scan found \(seen) public types: the pattern or the path is wrong")
        #expect(found.isEmpty, "public types with a WeatherKit name: \(found)")
    }
}
