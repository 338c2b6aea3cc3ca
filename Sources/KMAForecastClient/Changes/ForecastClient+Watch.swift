import KMAForecast

/// A place a watcher watches: the name its changes carry (what was asked for) and where it is.
public struct WatchPlace: Hashable, Sendable {
    /// The name the changes carry (``ForecastChange/place``) and the key of the place's memory.
    public var name: String
    /// Where.
    public var location: ForecastLocation

    /// A place.
    public init(name: String, location: ForecastLocation) {
        self.name = name
        self.location = location
    }
}

/// One poll's snapshots (``ForecastClient/watchSnapshots(for:topics:budget:)``) and why a part
/// was not delivered, for a watcher to say (a key not applied for the warning service shows here
/// on every poll).
public struct WatchPoll: Sendable {
    /// One result per place, in order; a failure only when the place cannot be used.
    public var snapshots: [Result<ForecastSnapshot, ForecastClientError>]
    /// Why parts were not delivered: the warning service's failure, each product's.
    public var failures: [ForecastFailure]
}

extension ForecastClient {
    /// One poll of a watcher (``ForecastWatcher``): each place's ``ForecastSnapshot`` now, by the
    /// client's clock.
    ///
    /// What one poll costs, with the client's cache on (`kma-forecast watch` has it on):
    /// - **Warnings** (topic `warnings`): one `getPwnCd` answer for every zone and place, asked
    ///   once per poll (``ForecastClient/warnings(for:bulletin:budget:)``'s cache: within 5 minutes
    ///   none, then a one-row request while KMA's count is unchanged, else every page, 1000 rows a
    ///   page) and replayed for each place's zone. Its period is the 7 KST dates ending on the
    ///   clock's, so a warning issued at 00:01 is in the first poll after it.
    /// - **Forecasts** (topics `rain`: nowcast, ultra-short and short-term; `temperature`:
    ///   short-term): per place and product, the cached run while KMA has published nothing
    ///   newer (no request); after KMA's 10-minute update, one `getFcstVersion` per product
    ///   and run (shared by every place), and the pages again only when the file changed; a new
    ///   run (hourly, 3-hourly) is fetched (1 page).
    ///
    /// A part that failed is `nil` in its snapshot (``ForecastSnapshot``): the watcher leaves it
    /// out of the poll. A page of `getPwnCd` that fails, or pages that end before KMA's count,
    /// fail the warnings of every place for this poll.
    ///
    /// - Returns: One result per place, in order, and the failures of the parts not delivered.
    public func watchSnapshots(for places: [WatchPlace], topics: Set<ForecastChange.Topic>, budget: RequestBudget? = nil) async -> WatchPoll {
        let now = KSTDateTime(core.configuration.now())
        var events: SideFetched<WarningsService>?
        var failures: [ForecastFailure] = []
        if topics.contains(.warnings) {
            switch await core.fetchWarningEvents(at: now, budget: budget) {
            case .success(let fetched): events = fetched
            case .failure(let error): failures.append(ForecastFailure(error))
            }
        }
        var products: [ForecastProduct] = []
        if topics.contains(.rain) { products = ForecastProduct.allCases } else if topics.contains(.temperature) { products = [.shortTerm] }
        var results: [Result<ForecastSnapshot, ForecastClientError>] = []
        for place in places {
            var snapshot = ForecastSnapshot(takenAt: now)
            if !products.isEmpty {
                do {
                    let forecast = try await forecast(for: place.location, products: products, budget: budget)
                    snapshot = ForecastSnapshot(forecast)
                    snapshot.takenAt = now
                    failures += forecast.failures
                } catch {
                    results.append(.failure(error))
                    continue
                }
            }
            if let events, case .success(let zone) = Self.warningZone(of: place.location) {
                let id = zone.zone.id
                let state = WarningReplay.state(of: events.pages.flatMap(\.events), at: now, zones: [id], zoneNames: [id: zone.zone.name])
                snapshot.alerts = state.inForce
                snapshot.upcoming = state.preliminary
                snapshot.warningsFrom = ForecastSnapshot.windowStart(events.issue.text)
            }
            results.append(.success(snapshot))
        }
        return WatchPoll(snapshots: results, failures: failures)
    }
}
