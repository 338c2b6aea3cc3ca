import KMAForecast

/// Which units to show values in (`--units metric|imperial` on the command line).
///
/// ```swift
/// UnitSystem.imperial.convert(10, from: .celsius)        // (50, .fahrenheit)
/// UnitSystem.imperial.convert(2, from: .metersPerSecond) // (4.47…, .milesPerHour)
/// UnitSystem.metric.convert(10, from: .celsius)          // (10, .celsius): KMA's units
/// ```
public enum UnitSystem: String, CaseIterable, Hashable, Sendable, Codable {
    /// KMA's own units: °C, m/s, mm, cm, m.
    case metric = "metric"
    /// °F, mph, in (rain and snow), ft (waves).
    case imperial = "imperial"

    /// The unit this system shows a value of `unit` in. Units without an alternative
    /// (%, degrees, kA/km²) stay as they are.
    public func displayUnit(for unit: ForecastUnit) -> ForecastUnit {
        switch self {
        case .metric:
            switch unit {
            case .fahrenheit: .celsius
            case .milesPerHour: .metersPerSecond
            case .inches: .millimeters
            case .feet: .meters
            case .inchesPerHour: .millimetersPerHour
            default: unit
            }
        case .imperial:
            switch unit {
            case .celsius: .fahrenheit
            case .metersPerSecond, .kilometersPerHour: .milesPerHour
            case .millimeters, .centimeters: .inches
            case .meters: .feet
            case .millimetersPerHour, .centimetersPerHour: .inchesPerHour
            default: unit
            }
        }
    }

    /// A value converted to this system's unit for its kind.
    ///
    /// - Parameters:
    ///   - value: The value, in `unit`.
    ///   - unit: The unit the value is in.
    /// - Returns: The converted value and its unit.
    public func convert(_ value: Double, from unit: ForecastUnit) -> (value: Double, unit: ForecastUnit) {
        let target = displayUnit(for: unit)
        guard let converted = unit.convert(value, to: target) else { return (value, unit) }
        return (converted, target)
    }
}
