import KMAForecast

/// What the mid-term service (중기예보) delivered for a forecast's days: the runs used, or why
/// it has none. Present in a ``LocalForecast`` only when the mid-term days were asked for.
///
/// Stored shape: `{"status":"delivered","runs":["2026-11-21T06:00:00+09:00"],"fetchedAt":"…","fromCache":false,`
/// `"requests":2,"nextUpdateAt":"2026-11-21T18:00:00+09:00"}`; a failed service has `"status":"failed"`,
/// no runs, and a ``ForecastFailure`` under `failure`. `failure` may also stand beside runs
/// (`"status":"partial"`): one of the two operations (temperatures, weather) failed. A place
/// without mid-term regions is `"status":"failed"` with `"requests":0` and a failure of kind
/// `noMidTermRegion`: the service was not asked (``isNotAsked``).
public struct MidTermOutcome: Hashable, Sendable, Codable {
    /// How the service fared.
    public enum Status: String, Hashable, Sendable, Codable, CaseIterable {
        /// Both operations delivered.
        case delivered
        /// One operation delivered and the other failed (``MidTermOutcome/failure`` says why).
        case partial
        /// Nothing was delivered.
        case failed
    }

    /// The runs (`tmFc`) whose answers were used, newest first; empty when the service failed.
    public var runs: [MidTermIssue]
    /// When the answers were fetched (the client's clock); `nil` when failed.
    public var fetchedAt: KSTDateTime?
    /// Whether every answer came from the on-disk cache.
    public var fromCache: Bool
    /// HTTP requests made for the mid-term service.
    public var requests: Int
    /// When KMA publishes the next mid-term run (06:00 and 18:00 KST): the time to refresh the days.
    public var nextUpdateAt: KSTDateTime
    /// Why the service (or one of its operations) delivered nothing, or `nil`.
    public var failure: ForecastFailure?

    /// An outcome.
    public init(runs: [MidTermIssue], fetchedAt: KSTDateTime?, fromCache: Bool, requests: Int, nextUpdateAt: KSTDateTime, failure: ForecastFailure?) {
        self.runs = runs
        self.fetchedAt = fetchedAt
        self.fromCache = fromCache
        self.requests = requests
        self.nextUpdateAt = nextUpdateAt
        self.failure = failure
    }

    /// How the service fared.
    public var status: Status {
        if runs.isEmpty { return .failed }
        return failure == nil ? .delivered : .partial
    }

    /// Whether the key reads the short-term service but the mid-term service refused it: the
    /// mid-term service was not applied for (활용신청); ``ForecastClientError/midTermApplicationHint``
    /// says what to do.
    public var isNotAppliedFor: Bool { runs.isEmpty && (failure?.isAccessRefusal ?? false) }

    /// Whether the service was not asked because the place has no mid-term regions (a point
    /// at sea): no runs, no requests, and a failure of kind `noMidTermRegion` that says why.
    public var isNotAsked: Bool { runs.isEmpty && requests == 0 && failure?.kind == "noMidTermRegion" }

    private enum CodingKeys: String, CodingKey { case status, runs, fetchedAt, fromCache, requests, nextUpdateAt, failure }

    /// Decodes the shape above (`status` is derived, so it is read only to check it).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var runs: [MidTermIssue] = []
        var list = try container.nestedUnkeyedContainer(forKey: .runs)
        while !list.isAtEnd {
            let at = try list.decode(KSTDateTime.self)
            guard let issue = MidTermIssue(date: at.yyyymmdd, hour: at.hour), issue.dateTime == at else {
                throw DecodingError.dataCorruptedError(in: list, debugDescription: "a mid-term run is at 06:00 or 18:00 KST, got \(at.iso8601)")
            }
            runs.append(issue)
        }
        self.init(
            runs: runs,
            fetchedAt: try container.decodeIfPresent(KSTDateTime.self, forKey: .fetchedAt),
            fromCache: try container.decode(Bool.self, forKey: .fromCache),
            requests: try container.decode(Int.self, forKey: .requests),
            nextUpdateAt: try container.decode(KSTDateTime.self, forKey: .nextUpdateAt),
            failure: try container.decodeIfPresent(ForecastFailure.self, forKey: .failure)
        )
        guard requests >= 0, !(runs.isEmpty && failure == nil) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a mid-term outcome has runs or a failure, and no negative count"))
        }
        try ServiceOutcomeCoding.checkStatus(status, in: container, forKey: .status)
    }

    /// Encodes the shape above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(runs.map(\.dateTime), forKey: .runs)
        try container.encodeIfPresent(fetchedAt, forKey: .fetchedAt)
        try container.encode(fromCache, forKey: .fromCache)
        try container.encode(requests, forKey: .requests)
        try container.encode(nextUpdateAt, forKey: .nextUpdateAt)
        try container.encodeIfPresent(failure, forKey: .failure)
    }
}
