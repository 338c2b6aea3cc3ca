@testable import KMAForecast

/// Builds rows the way the decoder does (through ``ForecastRowBuilder``), from compact specs.
enum RowFactory {
    /// One hour of values: `(date YYYYMMDD, time HHMM, [code: value])`.
    typealias Hour = (date: Int, time: Int, values: KeyValuePairs<String, String>)

    /// Rows of one run at one cell.
    static func rows(
        base: String, nx: Int = 60, ny: Int = 127, observation: Bool = false, _ hours: [Hour]
    ) throws -> [ForecastRow] {
        var builder = ForecastRowBuilder()
        try add(base: base, nx: nx, ny: ny, observation: observation, hours, to: &builder)
        return builder.rows()
    }

    /// Adds one run's hours at one cell to a builder.
    static func add(
        base: String, nx: Int = 60, ny: Int = 127, observation: Bool = false, _ hours: [Hour],
        to builder: inout ForecastRowBuilder
    ) throws {
        let parts = base.split(separator: " ")
        let forecastBase = try ForecastBase(baseDate: parts[0], baseTime: parts[1])
        for hour in hours {
            for (code, value) in hour.values {
                try builder.add(ForecastItem(
                    base: forecastBase, category: ForecastCategory(code), forecastDate: hour.date,
                    forecastTime: hour.time, value: value, isObservation: observation, nx: nx, ny: ny
                ))
            }
        }
    }
}
