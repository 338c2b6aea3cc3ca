import KMAForecast

/// The loop of `kma-forecast watch`: poll, compare, save the state, then hand over the changes;
/// wait; again. The command line only parses and delivers (a line, a program run).
///
/// The state is saved before the changes are handed over: a crash or a stop between the two
/// loses those changes rather than sending them twice (nothing is sent twice, across restarts).
public struct WatchLoop: Sendable {
    /// The client (its cache on, for the poll cost ``ForecastClient/watchSnapshots(for:topics:budget:)`` states).
    public var client: ForecastClient
    /// The places.
    public var places: [WatchPlace]
    /// The state file, or `nil` to keep the state in memory only (a restart is then a cold start).
    public var statePath: String?
    /// The wait between polls (KMA's data changes every 10 minutes at most; default 10 minutes).
    public var interval: Duration
    /// Stop after this many polls; `nil` to run until cancelled.
    public var polls: Int?
    /// The topics sent and the thresholds.
    public var topics: Set<ForecastChange.Topic>
    /// The days' thresholds.
    public var options: ForecastChanges.Options

    /// A loop.
    public init(
        client: ForecastClient, places: [WatchPlace], statePath: String?, interval: Duration = .seconds(600), polls: Int? = nil,
        topics: Set<ForecastChange.Topic> = Set(ForecastChange.Topic.allCases), options: ForecastChanges.Options = ForecastChanges.Options()
    ) {
        self.client = client
        self.places = places
        self.statePath = statePath
        self.interval = interval
        self.polls = polls
        self.topics = topics
        self.options = options
    }

    /// Runs until ``polls`` are done or the task is cancelled.
    ///
    /// - Parameters:
    ///   - sleep: Waits between polls (injected: tests do not wait).
    ///   - deliver: Hands over one poll's changes, after the state is saved.
    ///   - problem: Told why a place or a part was not delivered on a poll (the watcher goes on).
    /// - Throws: ``WatchStateFile/Failure`` when the state file cannot be read or written.
    public func run(
        sleep: @escaping @Sendable (Duration) async -> Void, deliver: @escaping @Sendable ([ForecastChange]) async -> Void,
        problem: @escaping @Sendable (ForecastFailure) -> Void
    ) async throws(WatchStateFile.Failure) {
        var state = WatchState()
        if let statePath, let stored = try WatchStateFile.load(statePath) { state = stored }
        var watcher = ForecastWatcher(state: state, topics: topics, options: options)
        var done = 0
        while polls.map({ done < $0 }) ?? true, !Task.isCancelled {
            if done > 0 { await sleep(interval) }
            if Task.isCancelled { break }
            let poll = await client.watchSnapshots(for: places, topics: topics)
            poll.failures.forEach(problem)
            var changes: [ForecastChange] = []
            for (place, result) in zip(places, poll.snapshots) {
                switch result {
                case .success(let snapshot): changes += watcher.observe(snapshot, place: place.name)
                case .failure(let error): problem(ForecastFailure(error))
                }
            }
            if let statePath { try WatchStateFile.save(watcher.state, to: statePath) }
            if !changes.isEmpty { await deliver(changes) }
            done += 1
        }
    }
}
