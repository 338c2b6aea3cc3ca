import Testing
@testable import KMAForecast
import KMAForecastText

@Suite("ForecastUnit and UnitSystem: conversions")
struct ForecastUnitTests {
    /// (value, from, to, expected); expected values from the definitions
    /// (°F = °C × 9/5 + 32, 1 mi = 1609.344 m, 1 in = 25.4 mm, 1 ft = 0.3048 m).
    static let known: [(Double, ForecastUnit, ForecastUnit, Double)] = [
        (0, .celsius, .fahrenheit, 32),
        (100, .celsius, .fahrenheit, 212),
        (-40, .celsius, .fahrenheit, -40),
        (10, .celsius, .fahrenheit, 50),
        (212, .fahrenheit, .celsius, 100),
        (50, .fahrenheit, .celsius, 10),
        (10, .metersPerSecond, .kilometersPerHour, 36),
        (1, .metersPerSecond, .kilometersPerHour, 3.6),
        (36, .kilometersPerHour, .metersPerSecond, 10),
        (0.44704, .metersPerSecond, .milesPerHour, 1),
        (10, .metersPerSecond, .milesPerHour, 22.369362920544024),
        (1.609344, .kilometersPerHour, .milesPerHour, 1),
        (25.4, .millimeters, .inches, 1),
        (2.54, .centimeters, .inches, 1),
        (1, .inches, .millimeters, 25.4),
        (10, .millimeters, .centimeters, 1),
        (0.3048, .meters, .feet, 1),
        (1, .meters, .feet, 3.280839895013123),
        (25.4, .millimetersPerHour, .inchesPerHour, 1),
        (1, .centimetersPerHour, .millimetersPerHour, 10),
        (85, .percent, .percent, 85),
    ]

    @Test("Known values", arguments: known)
    func knownValues(_ value: Double, _ from: ForecastUnit, _ to: ForecastUnit, _ expected: Double) throws {
        let converted = try #require(from.convert(value, to: to))
        #expect(abs(converted - expected) <= 1e-12 * max(1, abs(expected)), "\(value) \(from.symbol) → \(converted) \(to.symbol)")
    }

    @Test("Exact where the factors allow")
    func exact() {
        #expect(ForecastUnit.metersPerSecond.convert(10, to: .kilometersPerHour) == 36)
        #expect(ForecastUnit.millimeters.convert(25.4, to: .inches) == 1)
        #expect(ForecastUnit.celsius.convert(10, to: .fahrenheit) == 50)
    }

    @Test("Different kinds do not convert")
    func incompatible() {
        #expect(ForecastUnit.celsius.convert(10, to: .millimeters) == nil)
        #expect(ForecastUnit.millimeters.convert(10, to: .millimetersPerHour) == nil)
        #expect(ForecastUnit.metersPerSecond.convert(10, to: .meters) == nil)
        #expect(ForecastUnit.degrees.convert(10, to: .percent) == nil)
    }

    @Test("Category units")
    func categoryUnits() {
        #expect(ForecastUnit(category: .tmp) == .celsius)
        #expect(ForecastUnit(category: .wsd) == .metersPerSecond)
        #expect(ForecastUnit(category: .vec) == .degrees)
        #expect(ForecastUnit(category: .lgt) == .kiloamperesPerSquareKilometer)
        #expect(ForecastUnit(category: .sky) == nil)
        #expect(ForecastUnit(category: ForecastCategory("T3H")) == nil)
        // Every documented unit symbol is a ForecastUnit.
        for category in ForecastCategory.documented where category.unit != nil {
            #expect(ForecastUnit(category: category) != nil, "\(category)")
        }
    }

    @Test("Unit systems")
    func systems() {
        let imperial: [(ForecastUnit, ForecastUnit)] = [
            (.celsius, .fahrenheit), (.metersPerSecond, .milesPerHour), (.kilometersPerHour, .milesPerHour),
            (.millimeters, .inches), (.centimeters, .inches), (.meters, .feet), (.millimetersPerHour, .inchesPerHour),
            (.centimetersPerHour, .inchesPerHour), (.percent, .percent), (.degrees, .degrees),
        ]
        for (unit, shown) in imperial { #expect(UnitSystem.imperial.displayUnit(for: unit) == shown, "\(unit)") }
        for unit in [ForecastUnit.celsius, .metersPerSecond, .millimeters, .centimeters, .meters, .percent] {
            #expect(UnitSystem.metric.displayUnit(for: unit) == unit)
        }
        #expect(UnitSystem.metric.displayUnit(for: .fahrenheit) == .celsius)
        let warm = UnitSystem.imperial.convert(10, from: .celsius)
        #expect(warm.value == 50 && warm.unit == .fahrenheit)
        let same = UnitSystem.metric.convert(10, from: .celsius)
        #expect(same.value == 10 && same.unit == .celsius)
        let speed = UnitSystem.imperial.convert(0.44704, from: .metersPerSecond)
        #expect(abs(speed.value - 1) < 1e-12 && speed.unit == .milesPerHour)
    }

    static let formatted: [(Double, Int, String)] = [
        (7.0, 1, "7"), (10, 1, "10"), (-1.3, 1, "-1.3"), (-1.25, 1, "-1.3"), (-0.04, 1, "0"), (0, 1, "0"),
        (0.03937007874015748, 2, "0.04"), (22.369362920544024, 1, "22.4"), (1.181102362204724, 2, "1.18"),
        (0.5, 0, "1"), (241, 0, "241"), (2.05, 2, "2.05"), (2.10, 2, "2.1"), (0.01, 2, "0.01"), (-899.9, 1, "-899.9"),
    ]

    @Test("Numbers for people: rounded, no trailing zeros", arguments: formatted)
    func numberText(_ value: Double, _ decimals: Int, _ expected: String) {
        #expect(NumberText.format(value, decimals: decimals) == expected)
    }
}
