import Foundation
import KMAForecast
import KMAGrid

/// One hour of a place's forecast (or its current observation): when, from which product and
/// run, the weather condition, and every value KMA sent.
///
/// The typed accessors give numbers in KMA's units (°C, %, m/s, mm); the `Measurement`
/// forms are for apps that format with `MeasurementFormatter` or convert units. ``row`` keeps
/// every value exactly as KMA sent it.
public struct HourlyForecast: Hashable, Sendable {
    /// The hour the values are for (the observation time for the current conditions), KST.
    public var time: KSTDateTime
    /// The product the hour came from.
    public var product: ForecastProduct
    /// The run the hour came from.
    public var base: ForecastBase
    /// Every value of the hour, as KMA sent it.
    public var row: ForecastRow

    /// An hour from a row of a product.
    public init(product: ForecastProduct, row: ForecastRow) {
        self.product = product
        self.row = row
        base = row.base
        time = row.validTime
    }

    /// The weather: precipitation type when something falls, else the sky (``WeatherCondition``).
    /// `nil` for a dry nowcast hour, which reports no sky.
    public var condition: WeatherCondition? { row.condition }

    /// Temperature in °C (`TMP`, or `T1H` for the nowcast and ultra-short forecast).
    public var temperatureCelsius: Double? { row.temperature }

    /// Temperature as a measurement.
    public var temperature: Measurement<UnitTemperature>? {
        row.temperature.map { Measurement(value: $0, unit: .celsius) }
    }

    /// Probability of precipitation, 0…100 % (`POP`; the short-term forecast only).
    public var precipitationChance: Double? { row.probabilityOfPrecipitation }

    /// Relative humidity, 0…100 % (`REH`).
    public var humidity: Double? { row.humidity }

    /// Wind speed in m/s (`WSD`).
    public var windSpeed: Measurement<UnitSpeed>? {
        row.windSpeed.map { Measurement(value: $0, unit: .metersPerSecond) }
    }

    /// Wind direction in degrees from north, 0…360 (`VEC`).
    public var windDirection: WindDirection? { row.windDirection }

    /// Precipitation in the hour (`PCP` or `RN1`) as KMA bins it: zero, under 1 mm, a range …
    public var precipitation: AmountRange? { row.precipitation }

    /// Snowfall in the hour (`SNO`), as KMA bins it.
    public var snow: AmountRange? { row.snow }
}
