/// JSON: `{"value":7,"unit":"°C","source":"daily"}` (`source` is `daily` or `hourly`).
extension TemperatureExtreme: Encodable {
    private enum CodingKeys: String, CodingKey {
        case value, unit, source
    }

    /// Encodes the shape above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(ForecastUnit.celsius.symbol, forKey: .unit)
        try container.encode(source, forKey: .source)
    }
}
