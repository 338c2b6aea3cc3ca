import KMAForecast

/// What a ``ForecastWatcher`` remembers between polls, and between runs (its state file,
/// ``WatchStateFile``): per place the last forecast it compared (the baseline) and the releases
/// it holds back for one more poll; the ids of the changes it has sent, each kept 7 days.
///
/// Stored shape (JSON): `{"version":1,"places":{"서울":{"baseline":{…},"held":[…]}},"sent":{"<id>":"2026-09-26T11:00:00+09:00"},`
/// `"lastPollAt":…}`.
public struct WatchState: Hashable, Sendable, Codable {
    /// One place's memory.
    public struct Place: Hashable, Sendable, Codable {
        /// The last forecast compared, each part the newest delivered (a part that failed keeps
        /// the earlier one), with the warnings held back still in it.
        public var baseline: ForecastSnapshot
        /// Releases and withdrawals seen once, to be sent if the next poll that delivers the
        /// warnings still finds them gone.
        public var held: [ForecastChange]

        /// A place's memory.
        public init(baseline: ForecastSnapshot, held: [ForecastChange] = []) {
            self.baseline = baseline
            self.held = held
        }
    }

    /// The shape's version (1).
    public var version: Int
    /// Per place (by the name the watcher gives it).
    public var places: [String: Place]
    /// The ids of the changes sent (``ForecastChange/id``), with when: a change is never sent
    /// twice while its id is here (``ForecastWatcher/dedupeWindow``).
    public var sent: [String: KSTDateTime]
    /// The last poll, KST.
    public var lastPollAt: KSTDateTime?

    /// An empty state: the next poll of each place is its baseline.
    public init(places: [String: Place] = [:], sent: [String: KSTDateTime] = [:], lastPollAt: KSTDateTime? = nil) {
        self.version = 1
        self.places = places
        self.sent = sent
        self.lastPollAt = lastPollAt
    }
}
