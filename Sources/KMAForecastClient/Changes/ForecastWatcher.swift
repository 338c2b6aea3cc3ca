import KMAForecast

/// Turns a place's forecasts, poll after poll, into the changes to send, with the traps of
/// real warning pushes guarded. Pure: the forecasts are given (``ForecastClient/watchSnapshots(for:topics:budget:)``
/// fetches them), the clock is the snapshot's, and the memory is a value (``state``) the
/// caller persists (``WatchStateFile``).
///
/// ```swift
/// var watcher = ForecastWatcher(state: try WatchStateFile.load(path) ?? WatchState())
/// let snapshots = await client.watchSnapshots(for: places, topics: watcher.topics)
/// var changes: [ForecastChange] = []
/// for (place, snapshot) in zip(places, snapshots) { changes += watcher.observe(snapshot, place: place.name) }
/// try WatchStateFile.save(watcher.state, to: path)      // before sending: nothing is sent twice
/// ```
///
/// The rules:
/// - **A baseline first.** A place's first snapshot is remembered and nothing is sent: a cold
///   start never announces what is already so. A part delivered for the first time (the
///   warnings after a failure) is likewise a baseline for that part.
/// - **A failed part is no news.** A part a poll did not deliver (a page of `getPwnCd` failed,
///   the pages ended short, a product failed) is left out of that poll's comparison and the
///   earlier one kept: a failure never reads as a release or as rain stopping.
/// - **Releases are confirmed.** A warning gone (or an announced one withdrawn) is held back and
///   sent only if the next poll that delivers the warnings still finds it gone; it stays in the
///   baseline meanwhile, so its coming back is no news either.
/// - **Sent once.** Every change's ``ForecastChange/id`` (for a warning: zone, kind, level and
///   first issue) is kept for ``dedupeWindow`` and never sent again, across restarts.
public struct ForecastWatcher: Sendable {
    /// How long a sent change's id is kept: 7 days.
    public static let dedupeWindow: Int64 = 7 * 86_400

    /// The memory: baselines, held releases, ids sent.
    public var state: WatchState
    /// What to send (`--on`); changes of other topics are found and remembered, not sent.
    public var topics: Set<ForecastChange.Topic>
    /// The days' thresholds.
    public var options: ForecastChanges.Options

    /// A watcher.
    public init(state: WatchState = WatchState(), topics: Set<ForecastChange.Topic> = Set(ForecastChange.Topic.allCases), options: ForecastChanges.Options = ForecastChanges.Options()) {
        self.state = state
        self.topics = topics
        self.options = options
    }

    /// The changes to send for a place's new snapshot, in the order found; the state updated.
    ///
    /// - Parameters:
    ///   - snapshot: The place's forecast of this poll (parts not delivered `nil`).
    ///   - place: The place's name, the key of its memory and the events' ``ForecastChange/place``.
    public mutating func observe(_ snapshot: ForecastSnapshot, place: String) -> [ForecastChange] {
        let now = snapshot.takenAt
        state.lastPollAt = max(state.lastPollAt ?? now, now)
        state.sent = state.sent.filter { now.unixSeconds - $0.value.unixSeconds < Self.dedupeWindow }
        guard let memory = state.places[place] else {
            state.places[place] = WatchState.Place(baseline: snapshot)
            return []
        }
        let found = ForecastChanges.between(memory.baseline, snapshot, place: place, options: options)
        var held: [ForecastChange] = []
        var ready: [ForecastChange] = []
        if snapshot.alerts == nil {
            held = memory.held  // the warnings were not delivered: nothing is confirmed or dropped
        }
        for change in found {
            guard change.kind == .warningReleased || change.kind == .warningUpcomingCancelled else {
                ready.append(change)
                continue
            }
            if var first = memory.held.first(where: { $0.id == change.id }) {
                first.detectedAt = change.detectedAt
                ready.append(first)
            } else {
                held.append(change)
            }
        }
        state.places[place] = WatchState.Place(baseline: Self.baseline(memory.baseline, snapshot, holding: held), held: held)
        var sending: [ForecastChange] = []
        for change in ready where state.sent[change.id] == nil {
            state.sent[change.id] = now
            if topics.contains(change.topic) { sending.append(change) }
        }
        return sending
    }

    /// The next baseline: each part the snapshot delivered, else the earlier one; the warnings
    /// held back kept in it (in force, or announced), so that they are compared again.
    static func baseline(_ old: ForecastSnapshot, _ new: ForecastSnapshot, holding held: [ForecastChange]) -> ForecastSnapshot {
        var next = new
        if new.observed == nil { next.observed = old.observed }
        if new.hours == nil { next.hours = old.hours }
        if new.days == nil { next.days = old.days }
        if new.alerts == nil {
            next.alerts = old.alerts
            next.upcoming = old.upcoming
            next.warningsFrom = old.warningsFrom
        } else {
            for change in held {
                guard let alert = change.alert else { continue }
                if change.kind == .warningReleased { next.alerts?.append(alert) } else { next.upcoming?.append(alert) }
            }
        }
        return next
    }
}
