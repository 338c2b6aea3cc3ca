import Foundation
import KMAForecast

extension ForecastDay {
    /// The day's low as a measurement (``lowTemperature`` has where it came from).
    public var low: Measurement<UnitTemperature>? {
        lowTemperature.map { Measurement(value: $0.value, unit: .celsius) }
    }

    /// The day's high as a measurement (``highTemperature`` has where it came from).
    public var high: Measurement<UnitTemperature>? {
        highTemperature.map { Measurement(value: $0.value, unit: .celsius) }
    }
}
