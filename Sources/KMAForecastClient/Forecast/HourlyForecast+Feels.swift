import Foundation
import KMAForecast

extension HourlyForecast {
    /// 체감온도 (apparent temperature), °C to one decimal, by KMA's rule for the hour's KST month
    /// (``ApparentTemperature``): May–September the 2022 summer formula on the temperature and
    /// humidity; October–April the wind chill where the temperature is 10 °C or less and the wind
    /// 1.3 m/s or more, else the air temperature. `nil` when the hour lacks an input the season
    /// needs (the humidity in summer; the wind in winter at 10 °C or less).
    public var apparentTemperatureCelsius: Double? {
        guard let temperature = temperatureCelsius else { return nil }
        return ApparentTemperature.celsius(
            temperature: temperature, humidityPercent: number(.reh), windSpeed: number(.wsd), month: time.month
        ).map(Self.tenths)
    }

    /// 체감온도 as a measurement (``apparentTemperatureCelsius``).
    public var apparentTemperature: Measurement<UnitTemperature>? {
        apparentTemperatureCelsius.map { Measurement(value: $0, unit: .celsius) }
    }

    /// The dew point, °C to one decimal, by Magnus (``DewPoint``: Alduchov–Eskridge constants
    /// 17.625, 243.04 °C) from the temperature and humidity; `nil` without both (or at 0 %).
    public var dewPointCelsius: Double? {
        guard let temperature = temperatureCelsius, let humidity = number(.reh) else { return nil }
        return DewPoint.celsius(temperature: temperature, humidityPercent: humidity).map(Self.tenths)
    }

    /// The dew point as a measurement (``dewPointCelsius``).
    public var dewPoint: Measurement<UnitTemperature>? {
        dewPointCelsius.map { Measurement(value: $0, unit: .celsius) }
    }

    /// WHO's category of ``uvIndex``.
    public var uvIndexCategory: UVIndexCategory? { uvIndex.map(UVIndexCategory.init(index:)) }

    /// A value rounded to 0.1 (as KMA publishes 체감온도), with −0 written as 0.
    static func tenths(_ value: Double) -> Double {
        let rounded = (value * 10).rounded() / 10
        return rounded == 0 ? 0 : rounded
    }
}
