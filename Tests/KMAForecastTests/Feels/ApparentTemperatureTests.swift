import Foundation
import Testing
@testable import KMAForecast
import _KMATestSupport

/// KMA's 체감온도 written out plainly (Fixtures/apparent/SOURCES.md), the tests' reference.
enum KMAApparentReference {
    /// Stull's wet-bulb with KMA's constants.
    static func tw(_ ta: Double, _ rh: Double) -> Double {
        ta * atan(0.151977 * pow(rh + 8.313659, 0.5)) + atan(ta + rh) - atan(rh - 1.67633) + 0.00391838 * pow(rh, 1.5) * atan(0.023101 * rh) - 4.686035
    }

    /// The 2022 summer formula.
    static func summer(_ ta: Double, _ rh: Double) -> Double {
        let t = tw(ta, rh)
        return -0.2442 + 0.55399 * t + 0.45535 * ta - 0.0022 * pow(t, 2) + 0.00278 * t * ta + 3.0
    }

    /// JAG/TI wind chill with V in km/h.
    static func windChill(_ t: Double, _ vKmh: Double) -> Double {
        13.12 + 0.6215 * t - 11.37 * pow(vKmh, 0.16) + 0.3965 * pow(vKmh, 0.16) * t
    }

    /// KMA's rule: May–September summer; else wind chill where T ≤ 10 °C and wind ≥ 1.3 m/s, else T.
    static func rule(month: Int, t: Double, rh: Double, wsd: Double) -> Double {
        if (5...9).contains(month) { return summer(t, rh) }
        if t <= 10 && wsd >= 1.3 { return windChill(t, 3.6 * wsd) }
        return t
    }

    /// Magnus over water, Alduchov–Eskridge constants.
    static func magnus(_ t: Double, _ rh: Double) -> Double {
        let g = log(rh / 100) + 17.625 * t / (243.04 + t)
        return 243.04 * g / (17.625 - g)
    }
}

@Suite("체감온도 by KMA's definition, dew point by Magnus")
struct ApparentTemperatureTests {
    @Test("Every month, every temperature −25…40 °C, humidity 5…100 %, wind 0…15 m/s: the rule exactly")
    func ruleEverywhere() throws {
        for month in 1...12 {
            for t in stride(from: -25.0, through: 40, by: 2.5) {
                for rh in stride(from: 5.0, through: 100, by: 5) {
                    for wsd in [0, 0.5, 1.2, 1.29, 1.3, 1.31, 2, 4.4, 9.7, 15] {
                        let ours = try #require(ApparentTemperature.celsius(temperature: t, humidityPercent: rh, windSpeed: wsd, month: month))
                        #expect(abs(ours - KMAApparentReference.rule(month: month, t: t, rh: rh, wsd: wsd)) < 1e-9, "\(month) \(t) \(rh) \(wsd)")
                    }
                }
            }
        }
    }

    @Test("The season's boundaries: April and October winter, May and September summer; 10 °C and 1.3 m/s included")
    func boundaries() {
        #expect(ApparentTemperature.celsius(temperature: 10, humidityPercent: 50, windSpeed: 1.3, month: 4)! < 10)
        #expect(ApparentTemperature.celsius(temperature: 10.1, humidityPercent: 50, windSpeed: 5, month: 10) == 10.1)
        #expect(ApparentTemperature.celsius(temperature: 5, humidityPercent: 50, windSpeed: 1.29, month: 1) == 5)
        #expect(ApparentTemperature.celsius(temperature: 25, humidityPercent: 50, windSpeed: nil, month: 5) == KMAApparentReference.summer(25, 50))
        #expect(ApparentTemperature.celsius(temperature: 25, humidityPercent: 50, windSpeed: nil, month: 9) == KMAApparentReference.summer(25, 50))
        // Missing inputs: the humidity in summer, the wind in winter at 10 °C or less.
        #expect(ApparentTemperature.celsius(temperature: 25, humidityPercent: nil, windSpeed: 3, month: 7) == nil)
        #expect(ApparentTemperature.celsius(temperature: 5, humidityPercent: 60, windSpeed: nil, month: 11) == nil)
        #expect(ApparentTemperature.celsius(temperature: 15, humidityPercent: nil, windSpeed: nil, month: 11) == 15)
        #expect(ApparentTemperature.celsius(temperature: .nan, humidityPercent: 50, windSpeed: 2, month: 7) == nil)
        #expect(ApparentTemperature.celsius(temperature: 20, humidityPercent: 50, windSpeed: 2, month: 13) == nil)
    }

    @Test("KMA's published examples (Fixtures/apparent/published_values.csv) where the current formulas apply")
    func publishedValues() throws {
        let csv = try Fixtures.text("apparent/published_values.csv")
        #expect(csv.contains("winter,JAG/TI (KMA since 2001),-10,,5,-13,"))
        // Winter: −10 °C with 5 km/h → −13 (published as a whole number).
        let winter = try #require(ApparentTemperature.celsius(temperature: -10, humidityPercent: nil, windSpeed: 5 / 3.6, month: 1))
        #expect(winter.rounded() == -13)
        // Summer (2023 announcement): 35 °C at 30 % → 32; "55 %에서 일치" (equal to the air).
        #expect(try #require(ApparentTemperature.celsius(temperature: 35, humidityPercent: 30, windSpeed: nil, month: 7)).rounded() == 32)
        #expect(abs(try #require(ApparentTemperature.celsius(temperature: 35, humidityPercent: 55, windSpeed: nil, month: 7)) - 35) < 0.1)
        // The published 36.2 at 80 % conflicts with the formula KMA publishes (37.25): the formula is followed.
        #expect(abs(try #require(ApparentTemperature.celsius(temperature: 35, humidityPercent: 80, windSpeed: nil, month: 7)) - 37.25) < 0.01)
    }

    @Test("Dew point within 0.01 °C of Magnus; none at 0 % humidity")
    func dewPoint() throws {
        for t in stride(from: -30.0, through: 45, by: 2.5) {
            for rh in stride(from: 1.0, through: 100, by: 3) {
                let ours = try #require(DewPoint.celsius(temperature: t, humidityPercent: rh))
                #expect(abs(ours - KMAApparentReference.magnus(t, rh)) < 0.01)
            }
        }
        #expect(abs(DewPoint.celsius(temperature: 20, humidityPercent: 100)! - 20) < 1e-9)
        #expect(DewPoint.celsius(temperature: 20, humidityPercent: 0) == nil)
    }
}
