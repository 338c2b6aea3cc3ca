import KMAForecast

/// The stored shape of a ``ForecastChange`` (`Schemas/forecast-change.schema.json`): the fields
/// by name, `topic`, `english` and `korean` derived and only written; a precipitation type as
/// `{"code":1,"name":"비","englishName":"rain"}`; absent what the kind does not have.
extension ForecastChange: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, kind, topic, place, at, detectedAt, basis, resolution, precipitation, previousPrecipitation, value, previousValue
        case alert, previousAlert, english, korean
    }

    private enum TypeKeys: String, CodingKey { case code, name, englishName }

    /// Decodes the shape (the id as stored; a type by its code).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func type(_ key: CodingKeys) throws -> PrecipitationType? {
            guard container.contains(key) else { return nil }
            let nested = try container.nestedContainer(keyedBy: TypeKeys.self, forKey: key)
            let code = try nested.decode(Int.self, forKey: .code)
            guard let type = PrecipitationType(code: code, product: nil) else {
                throw DecodingError.dataCorruptedError(forKey: .code, in: nested, debugDescription: "precipitation type \(code) is not one of KMA's codes 0...7")
            }
            return type
        }
        self.init(
            kind: try container.decode(Kind.self, forKey: .kind), place: try container.decode(String.self, forKey: .place),
            at: try container.decode(KSTDateTime.self, forKey: .at), detectedAt: try container.decode(KSTDateTime.self, forKey: .detectedAt),
            basis: try container.decode(Basis.self, forKey: .basis), resolution: try container.decode(Resolution.self, forKey: .resolution),
            precipitation: try type(.precipitation), previousPrecipitation: try type(.previousPrecipitation),
            value: try container.decodeIfPresent(Double.self, forKey: .value), previousValue: try container.decodeIfPresent(Double.self, forKey: .previousValue),
            alert: try container.decodeIfPresent(WeatherWarning.self, forKey: .alert),
            previousAlert: try container.decodeIfPresent(WeatherWarning.self, forKey: .previousAlert),
            id: try container.decode(String.self, forKey: .id)
        )
    }

    /// Encodes the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(topic, forKey: .topic)
        try container.encode(place, forKey: .place)
        try container.encode(at, forKey: .at)
        try container.encode(detectedAt, forKey: .detectedAt)
        try container.encode(basis, forKey: .basis)
        try container.encode(resolution, forKey: .resolution)
        for (key, type) in [(CodingKeys.precipitation, precipitation), (.previousPrecipitation, previousPrecipitation)] {
            guard let type else { continue }
            var nested = container.nestedContainer(keyedBy: TypeKeys.self, forKey: key)
            try nested.encode(type.code, forKey: .code)
            try nested.encode(type.koreanName, forKey: .name)
            try nested.encode(type.englishName, forKey: .englishName)
        }
        try container.encodeIfPresent(value, forKey: .value)
        try container.encodeIfPresent(previousValue, forKey: .previousValue)
        try container.encodeIfPresent(alert, forKey: .alert)
        try container.encodeIfPresent(previousAlert, forKey: .previousAlert)
        try container.encode(english, forKey: .english)
        try container.encode(korean, forKey: .korean)
    }
}
