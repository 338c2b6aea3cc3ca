import KMAGrid

/// A row's stored shape: the cell, the hour and the run as the API writes them, and every
/// value exactly as KMA sent it, keyed by category code.
///
/// ```json
/// {"nx":60,"ny":127,"forecastDate":"20261121","forecastTime":"0600",
///  "base":{"baseDate":"20261121","baseTime":"0500"},"isObservation":false,
///  "values":{"TMP":"7","SKY":"1","PTY":"0","POP":"20","PCP":"강수없음"}}
/// ```
///
/// The raw texts are the whole row: every meaning (``ForecastRow/value(_:)``, ``ForecastRow/condition``)
/// is derived from them again after decoding, so a stored row reads exactly as a fetched one.
/// Decoding checks the cell's range, the date and time digits, and each category code (1 to 8
/// bytes, no NUL).
///
/// The shape is stable: it is the same as before rows carried a typed ``ForecastRow/cell`` and
/// ``ForecastRow/validTime`` (written from them as `nx`, `ny` and the API's `YYYYMMDD` and
/// `HHMM` strings), so rows stored by earlier versions decode unchanged.
extension ForecastRow: Codable {
    private enum CodingKeys: String, CodingKey {
        case nx, ny, forecastDate, forecastTime, base, isObservation, values
    }

    /// A category code as a dictionary key.
    private struct CategoryKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes the shape above.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func corrupt(_ text: String) -> DecodingError {
            .dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: text))
        }
        let nx = try container.decode(Int.self, forKey: .nx)
        let ny = try container.decode(Int.self, forKey: .ny)
        guard let cell = try? GridCell(nx: nx, ny: ny) else {
            throw corrupt("cell nx \(nx), ny \(ny) is outside the grid (nx 1...149, ny 1...253)")
        }
        let dateText = try container.decode(String.self, forKey: .forecastDate)
        let timeText = try container.decode(String.self, forKey: .forecastTime)
        // The same checks as a run's base date and time: 8 and 4 digits of a real instant.
        let hour: ForecastBase
        do {
            hour = try ForecastBase(baseDate: dateText, baseTime: timeText)
        } catch {
            throw corrupt("forecastDate/forecastTime: \(error.description)")
        }
        self.init(
            cell: cell, validTime: hour.dateTime,
            base: try container.decode(ForecastBase.self, forKey: .base),
            isObservation: try container.decodeIfPresent(Bool.self, forKey: .isObservation) ?? false
        )
        let values = try container.nestedContainer(keyedBy: CategoryKey.self, forKey: .values)
        for key in values.allKeys {
            guard let category = ForecastCategory(validating: key.stringValue) else {
                throw corrupt("category code '\(key.stringValue)' must be 1 to 8 bytes of UTF-8 without NUL")
            }
            self[category] = try values.decode(String.self, forKey: key)
        }
    }

    /// Encodes the shape above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(nx, forKey: .nx)
        try container.encode(ny, forKey: .ny)
        try container.encode(forecastDateString, forKey: .forecastDate)
        try container.encode(forecastTimeString, forKey: .forecastTime)
        try container.encode(base, forKey: .base)
        try container.encode(isObservation, forKey: .isObservation)
        var values = container.nestedContainer(keyedBy: CategoryKey.self, forKey: .values)
        for category in categories {
            if let text = self[category] {
                try values.encode(text, forKey: CategoryKey(stringValue: category.code))
            }
        }
    }
}
