import KMAForecast

/// What the warning service (기상특보) delivered for a place: its zone, the events' period, the
/// warnings announced to start later, or why it has none. Present in a ``LocalForecast`` when its
/// alerts were asked for (``ForecastClient/forecast(for:products:midTermDays:alerts:uvIndex:budget:)``);
/// the warnings in force are ``LocalForecast/alerts``.
///
/// A failed service never fails the forecast and never makes it partial
/// (``LocalForecast/failures`` leaves it out): ``failure`` says why, and for a key the service
/// refused (``isNotAppliedFor``) what to do (``ForecastClientError/warningsApplicationHint``).
///
/// Stored shape: `{"status":"delivered","zone":{…},"replayedAt":"…","fetchedAt":"…","fromCache":false,`
/// `"requests":1,"window":"20260726-20260801","preliminary":[…],"lastEventAt":"…"}`; a failed service has
/// `"status":"failed"` and a ``ForecastFailure`` (service `warnings`) under `failure`; a recorded
/// sample has `recording`.
public struct WarningsOutcome: Hashable, Sendable, Codable {
    /// How the service fared.
    public enum Status: String, Hashable, Sendable, Codable {
        /// The zone's events were delivered (none is a delivery too: nothing in force).
        case delivered
        /// Nothing was delivered (``WarningsOutcome/failure`` says why).
        case failed
    }

    /// The place's zone, when it has one.
    public var zone: WarningZoneCode?
    /// The instant the events were replayed at (the client's clock).
    public var replayedAt: KSTDateTime
    /// When the events were fetched from KMA; `nil` when failed.
    public var fetchedAt: KSTDateTime?
    /// Whether the events came from the on-disk cache (fresh, or revalidated with one small request).
    public var fromCache: Bool
    /// HTTP requests made for the warning service.
    public var requests: Int
    /// The period of events asked for, `YYYYMMDD-YYYYMMDD` (KST; KMA serves at most 6 days back).
    public var window: String?
    /// Warnings issued to start after ``replayedAt`` (예고), kept apart from those in force.
    public var preliminary: [WeatherWarning]
    /// The newest event of the zone in the period, if any.
    public var lastEventAt: KSTDateTime?
    /// Why the service delivered nothing, or `nil`.
    public var failure: ForecastFailure?
    /// For a recorded sample: what it is (its zone and instant are not the forecast's).
    public var recording: String?

    /// An outcome.
    public init(
        zone: WarningZoneCode?, replayedAt: KSTDateTime, fetchedAt: KSTDateTime?, fromCache: Bool, requests: Int, window: String?,
        preliminary: [WeatherWarning], lastEventAt: KSTDateTime?, failure: ForecastFailure?, recording: String? = nil
    ) {
        self.zone = zone
        self.replayedAt = replayedAt
        self.fetchedAt = fetchedAt
        self.fromCache = fromCache
        self.requests = requests
        self.window = window
        self.preliminary = preliminary
        self.lastEventAt = lastEventAt
        self.failure = failure
        self.recording = recording
    }

    /// How the service fared.
    public var status: Status { failure == nil ? .delivered : .failed }

    /// Whether KMA refused the key for the warning service: it was not applied for (활용신청).
    public var isNotAppliedFor: Bool { failure?.isAccessRefusal ?? false }

    private enum CodingKeys: String, CodingKey {
        case status, zone, replayedAt, fetchedAt, fromCache, requests, window, preliminary, lastEventAt, failure, recording
    }

    /// Decodes the shape (`status` is derived and checked).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            zone: try container.decodeIfPresent(WarningZoneCode.self, forKey: .zone),
            replayedAt: try container.decode(KSTDateTime.self, forKey: .replayedAt),
            fetchedAt: try container.decodeIfPresent(KSTDateTime.self, forKey: .fetchedAt),
            fromCache: try container.decode(Bool.self, forKey: .fromCache),
            requests: try container.decode(Int.self, forKey: .requests),
            window: try container.decodeIfPresent(String.self, forKey: .window),
            preliminary: try container.decodeIfPresent([WeatherWarning].self, forKey: .preliminary) ?? [],
            lastEventAt: try container.decodeIfPresent(KSTDateTime.self, forKey: .lastEventAt),
            failure: try container.decodeIfPresent(ForecastFailure.self, forKey: .failure),
            recording: try container.decodeIfPresent(String.self, forKey: .recording)
        )
        try ServiceOutcomeCoding.checkStatus(status, in: container, forKey: .status)
    }

    /// Encodes the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(zone, forKey: .zone)
        try container.encode(replayedAt, forKey: .replayedAt)
        try container.encodeIfPresent(fetchedAt, forKey: .fetchedAt)
        try container.encode(fromCache, forKey: .fromCache)
        try container.encode(requests, forKey: .requests)
        try container.encodeIfPresent(window, forKey: .window)
        try container.encode(preliminary, forKey: .preliminary)
        try container.encodeIfPresent(lastEventAt, forKey: .lastEventAt)
        try container.encodeIfPresent(failure, forKey: .failure)
        try container.encodeIfPresent(recording, forKey: .recording)
    }
}
