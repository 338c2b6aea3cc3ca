import KMAForecast

/// What the UV index service (`LivingWthrIdxServiceV5/getUVIdxV5`) delivered for a forecast:
/// the answer used, or why there is none. Present in a ``LocalForecast`` only when the UV index
/// was asked for. A failed or refused service never fails the forecast.
///
/// Stored shape: `{"status":"delivered","area":{"areaNo":"1111000000","placeName":"서울특별시 종로구",`
/// `"isApproximate":false},"issuedAt":"2026-09-26T12:00:00+09:00","values":[{"time":"…","uvIndex":4},…],`
/// `"fetchedAt":"…","fromCache":false,"requests":1,"nextUpdateAt":"2026-09-26T15:00:00+09:00"}`;
/// a failed service has `"status":"failed"`, no `issuedAt` or values, and a ``ForecastFailure``
/// under `failure` (with `isAccessRefusal` when the key was refused: ``isNotAppliedFor``).
public struct UVIndexOutcome: Hashable, Sendable {
    /// How the service fared.
    public enum Status: String, Hashable, Sendable, Codable, CaseIterable {
        /// An answer was delivered.
        case delivered
        /// Nothing was delivered (``UVIndexOutcome/failure`` says why).
        case failed
    }

    /// The area asked for (its `areaNo`, and whether it is the nearest place's).
    public var area: UVIndexArea?
    /// The answer's issue time, KST; `nil` when failed.
    public var issuedAt: KSTDateTime?
    /// The answer's 3-hourly values (the issue time + `hN`), in time order; every one is also
    /// on its hour in ``LocalForecast/hourly`` when the forecast has that hour.
    public var values: [UVIndexForecast.Value]
    /// When the answer was fetched (the client's clock); `nil` when failed.
    public var fetchedAt: KSTDateTime?
    /// Whether the answer came from the on-disk cache.
    public var fromCache: Bool
    /// HTTP requests made for the service.
    public var requests: Int
    /// The next 3-hourly issue time: when to refresh the UV index.
    public var nextUpdateAt: KSTDateTime
    /// Why the service delivered nothing, or `nil`.
    public var failure: ForecastFailure?

    /// An outcome.
    public init(area: UVIndexArea?, issuedAt: KSTDateTime?, values: [UVIndexForecast.Value], fetchedAt: KSTDateTime?, fromCache: Bool,
                requests: Int, nextUpdateAt: KSTDateTime, failure: ForecastFailure?) {
        self.area = area
        self.issuedAt = issuedAt
        self.values = values
        self.fetchedAt = fetchedAt
        self.fromCache = fromCache
        self.requests = requests
        self.nextUpdateAt = nextUpdateAt
        self.failure = failure
    }

    /// How the service fared.
    public var status: Status { issuedAt == nil ? .failed : .delivered }

    /// Whether the key reads the short-term service but the UV service refused it: not applied
    /// for (활용신청); ``ForecastClientError/uvIndexApplicationHint`` says what to do.
    public var isNotAppliedFor: Bool { issuedAt == nil && (failure?.isAccessRefusal ?? false) }

    /// The index at an hour, when the answer names it.
    public func index(at time: KSTDateTime) -> Int? { values.first { $0.time == time }?.index }
}

extension UVIndexOutcome: Codable {
    private enum CodingKeys: String, CodingKey { case status, area, issuedAt, values, fetchedAt, fromCache, requests, nextUpdateAt, failure }
    private enum ValueKeys: String, CodingKey { case time, uvIndex, category }

    /// Decodes the shape above (`status` and each value's `category` are derived, read only to check).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var values: [UVIndexForecast.Value] = []
        if var list = try? container.nestedUnkeyedContainer(forKey: .values) {
            while !list.isAtEnd {
                let value = try list.nestedContainer(keyedBy: ValueKeys.self)
                let index = try value.decode(Int.self, forKey: .uvIndex)
                guard index >= 0 else { throw DecodingError.dataCorruptedError(forKey: .uvIndex, in: value, debugDescription: "a UV index is 0 or more, got \(index)") }
                values.append(.init(time: try value.decode(KSTDateTime.self, forKey: .time), index: index))
            }
        }
        self.init(
            area: try container.decodeIfPresent(UVIndexArea.self, forKey: .area),
            issuedAt: try container.decodeIfPresent(KSTDateTime.self, forKey: .issuedAt), values: values,
            fetchedAt: try container.decodeIfPresent(KSTDateTime.self, forKey: .fetchedAt),
            fromCache: try container.decode(Bool.self, forKey: .fromCache), requests: try container.decode(Int.self, forKey: .requests),
            nextUpdateAt: try container.decode(KSTDateTime.self, forKey: .nextUpdateAt),
            failure: try container.decodeIfPresent(ForecastFailure.self, forKey: .failure)
        )
        guard requests >= 0, !(issuedAt == nil && failure == nil) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a UV index outcome has an issue time or a failure, and no negative count"))
        }
        try ServiceOutcomeCoding.checkStatus(status, in: container, forKey: .status)
    }

    /// Encodes the shape above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(area, forKey: .area)
        try container.encodeIfPresent(issuedAt, forKey: .issuedAt)
        if !values.isEmpty {
            var list = container.nestedUnkeyedContainer(forKey: .values)
            for value in values {
                var nested = list.nestedContainer(keyedBy: ValueKeys.self)
                try nested.encode(value.time, forKey: .time)
                try nested.encode(value.index, forKey: .uvIndex)
                try nested.encode(value.category, forKey: .category)
            }
        }
        try container.encodeIfPresent(fetchedAt, forKey: .fetchedAt)
        try container.encode(fromCache, forKey: .fromCache)
        try container.encode(requests, forKey: .requests)
        try container.encode(nextUpdateAt, forKey: .nextUpdateAt)
        try container.encodeIfPresent(failure, forKey: .failure)
    }
}
