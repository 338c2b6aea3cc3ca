/// JSON: `{"form":"lessThan","min":0,"max":1,"unit":"mm","hoursCounted":18,"hoursNotCounted":0}`;
/// `form`, `min` and `max` as in ``ForecastValue``'s shape (`max` exclusive unless the form is
/// `exactly` or `zero`, absent when unbounded); all three absent when no hour was counted.
extension AmountTotal: Encodable {
    /// Encodes the shape above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ValueCodingKey.self)
        if let amount {
            try container.encode(amount.form, forKey: .form)
            try container.encodeBounds(amount, unit: unit)
        } else {
            try container.encode(unit.symbol, forKey: .unit)
        }
        try container.encode(hoursCounted, forKey: .hoursCounted)
        try container.encode(hoursNotCounted, forKey: .hoursNotCounted)
    }
}
