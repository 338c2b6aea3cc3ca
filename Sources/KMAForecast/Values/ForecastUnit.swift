/// A unit a forecast value is measured in, with conversions between units of one kind.
///
/// KMA sends °C, %, m/s, mm, cm, m, degrees and kA/km²; the others are what people ask to
/// see instead (°F, km/h, mph, in, ft). The raw value is the unit's symbol, as written in
/// JSON output (`"unit":"mm"`).
///
/// ```swift
/// ForecastUnit.celsius.convert(10, to: .fahrenheit)          // 50
/// ForecastUnit.metersPerSecond.convert(10, to: .kilometersPerHour)  // 36
/// ForecastUnit.millimeters.convert(25.4, to: .inches)         // 1
/// ForecastUnit.celsius.convert(10, to: .millimeters)          // nil: different kinds
/// ```
public enum ForecastUnit: String, CaseIterable, Hashable, Sendable, Codable {
    /// Degrees Celsius, `°C` (KMA's temperatures).
    case celsius = "°C"
    /// Degrees Fahrenheit, `°F`.
    case fahrenheit = "°F"
    /// Percent, `%` (probability of precipitation, humidity).
    case percent = "%"
    /// Metres per second, `m/s` (KMA's wind speeds).
    case metersPerSecond = "m/s"
    /// Kilometres per hour, `km/h`.
    case kilometersPerHour = "km/h"
    /// Miles per hour, `mph`.
    case milesPerHour = "mph"
    /// Millimetres, `mm` (KMA's precipitation).
    case millimeters = "mm"
    /// Centimetres, `cm` (KMA's new snow).
    case centimeters = "cm"
    /// Inches, `in`.
    case inches = "in"
    /// Metres, `m` (KMA's wave height).
    case meters = "m"
    /// Feet, `ft`.
    case feet = "ft"
    /// Millimetres per hour, `mm/h` (the bounds of the extended days' rain codes).
    case millimetersPerHour = "mm/h"
    /// Centimetres per hour, `cm/h` (the bounds of the extended days' snow codes).
    case centimetersPerHour = "cm/h"
    /// Inches per hour, `in/h`.
    case inchesPerHour = "in/h"
    /// Degrees of arc clockwise from north, `deg` (wind direction).
    case degrees = "deg"
    /// Kiloamperes per square kilometre, `kA/km²` (lightning).
    case kiloamperesPerSquareKilometer = "kA/km²"

    /// The symbol, e.g. `mm`; the same as `rawValue`.
    public var symbol: String { rawValue }

    /// The unit of a category's values, from ``ForecastCategory/unit``; `nil` for codes (`SKY`,
    /// `PTY`) and undocumented categories.
    public init?(category: ForecastCategory) {
        guard let symbol = category.unit else { return nil }
        self.init(rawValue: symbol)
    }

    /// `value` in this unit converted to `target`, or `nil` when the two measure different
    /// things (a temperature cannot become a length).
    ///
    /// Linear conversions go through exact integer factors (lengths in 0.1 mm, speeds in
    /// mm/h), so 10 m/s is exactly 36 km/h and 25.4 mm exactly 1 in.
    public func convert(_ value: Double, to target: ForecastUnit) -> Double? {
        if self == target { return value }
        switch (self, target) {
        case (.celsius, .fahrenheit): return value * 9 / 5 + 32
        case (.fahrenheit, .celsius): return (value - 32) * 5 / 9
        default:
            guard let from = linearFactor, let to = target.linearFactor, from.kind == to.kind else { return nil }
            return value * from.factor / to.factor
        }
    }

    /// What a linear unit measures and its size in that kind's integer base unit.
    private var linearFactor: (kind: Int, factor: Double)? {
        switch self {
        // Lengths, in tenths of a millimetre.
        case .millimeters: (0, 10)
        case .centimeters: (0, 100)
        case .inches: (0, 254)
        case .meters: (0, 10_000)
        case .feet: (0, 3_048)
        // Speeds, in millimetres per hour.
        case .metersPerSecond: (1, 3_600_000)
        case .kilometersPerHour: (1, 1_000_000)
        case .milesPerHour: (1, 1_609_344)
        // Rates, in tenths of a millimetre per hour.
        case .millimetersPerHour: (2, 10)
        case .centimetersPerHour: (2, 100)
        case .inchesPerHour: (2, 254)
        case .celsius, .fahrenheit, .percent, .degrees, .kiloamperesPerSquareKilometer: nil
        }
    }

    /// The number of decimals shown to people: 2 for inches (a millimetre is 0.04 in),
    /// 0 for wind direction, 1 for everything else.
    public var displayDecimals: Int {
        switch self {
        case .inches, .inchesPerHour: 2
        case .degrees: 0
        default: 1
        }
    }
}
