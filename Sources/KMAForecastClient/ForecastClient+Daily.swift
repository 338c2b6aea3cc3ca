import KMAForecast
import KMAGrid
import KMAPlaces

extension ForecastClient {
    /// The days ahead at a place of KMA's grid table: the short-term forecast at its cell
    /// merged with the mid-term forecast of its land region and temperature point
    /// (``MidTermRegions/assignment(for:)-(Place)``), by ``DailyForecastMerger``'s rules.
    ///
    /// ```swift
    /// let place = try PlaceDirectory.kma.place(named: "부산")
    /// let forecast = try await client.dailyForecast(for: place, days: 10)
    /// for day in forecast.days { print(day.isoDate, day.source?.kind ?? "missing", day.high?.value ?? .nan) }
    /// ```
    ///
    /// The short-term run and the mid-term answers are fetched concurrently through the same
    /// request path (retries, budget, cache, events), so the view costs about the wall time of
    /// the slowest single request chain. Mid-term: the newest run by the client's clock
    /// (``MidTermIssue/newest(at:)``), and when that is an 18 run also the 06 run before it
    /// (the only one with day 4); NO_DATA for the newest falls back to the previous run.
    ///
    /// - Parameters:
    ///   - place: A place of ``PlaceDirectory/kma`` (or another edition).
    ///   - days: Days from today (KST), 1...11. Default 10.
    ///   - budget: A request budget to draw from, if any.
    /// - Returns: The days, the codes and runs used, and each service's error if it failed.
    /// - Throws: ``ForecastClientError``: for `days` outside 1...11 or a place without a land
    ///   region (stage `request`), or the short-term error when both services failed.
    public func dailyForecast(for place: Place, days: Int = 10, budget: RequestBudget? = nil) async throws(ForecastClientError) -> DailyForecast {
        let regions: MidTermAssignment
        do {
            regions = try MidTermRegions.kma.assignment(for: place)
        } catch {
            throw ForecastClientError(.invalidConfiguration(error.description))
        }
        return try await dailyForecast(cell: place.cell, regions: regions, days: days, budget: budget)
    }

    /// The days ahead at a coordinate: its cell by KMA's formula, its land region from the
    /// province of the nearest row of KMA's grid table, its temperature point the nearest to
    /// the coordinate inside that region. See ``dailyForecast(for:days:budget:)-(Place,_,_)``.
    ///
    /// - Throws: ``ForecastClientError`` with ``ForecastClientError/Reason/outsideGrid(_:)`` for
    ///   a coordinate off KMA's grid, and as for a place.
    public func dailyForecast(for coordinate: GeoCoordinate, days: Int = 10, budget: RequestBudget? = nil) async throws(ForecastClientError) -> DailyForecast {
        let cell: GridCell
        let regions: MidTermAssignment
        do {
            cell = try ForecastGrid.kma.cell(for: coordinate)
        } catch {
            throw ForecastClientError(.outsideGrid(error))
        }
        do {
            regions = try MidTermRegions.kma.assignment(for: coordinate)
        } catch {
            throw ForecastClientError(.invalidConfiguration(error.description))
        }
        return try await dailyForecast(cell: cell, regions: regions, days: days, budget: budget)
    }

    /// The mid-term runs a view asks for at the client's clock: the newest, and the 06 run
    /// before an 18 run.
    func midTermRunsWanted() -> [MidTermIssue] {
        let newest = MidTermIssue.newest(at: KSTDateTime(core.configuration.now()))
        return newest.isMorningRun ? [newest] : [newest, newest.previous]
    }

    /// The view for a cell and its mid-term codes.
    func dailyForecast(cell: GridCell, regions: MidTermAssignment, days: Int, budget: RequestBudget?) async throws(ForecastClientError) -> DailyForecast {
        guard (1...11).contains(days) else {
            throw ForecastClientError(.invalidConfiguration("days must be within 1...11 (today and up to 10 days ahead), got \(days)"))
        }
        let client = self
        // Both at once; each result is awaited into a local before anything is built from it
        // (see `Result.init(awaiting:)`).
        func shortRun() async throws(ForecastClientError) -> ForecastRun { try await client.fetch(.shortTerm, cell: cell, budget: budget) }
        async let shortResult = Result(awaiting: shortRun)
        async let midResult = client.midTermRuns(for: regions, cell: cell, budget: budget)
        let short = await shortResult
        let mid = await midResult

        var requests = mid.requests
        let rows: [ForecastRow]
        let shortError: ForecastClientError?
        let shortBase: ForecastBase?
        switch short {
        case .success(let run):
            rows = run.rows
            shortError = nil
            shortBase = run.base
            requests += run.requests
        case .failure(let error):
            rows = []
            shortError = error
            shortBase = nil
            requests += error.attempts
        }
        if let shortError, mid.runs.isEmpty { throw shortError }
        let today = KSTDateTime(core.configuration.now()).yyyymmdd
        let merged = DailyForecastMerger.merge(
            shortTerm: rows, midTerm: mid.runs, today: today, days: days, landIsApproximate: regions.isApproximate
        )
        return DailyForecast(
            days: merged, cell: cell, regions: regions, shortTermBase: shortBase,
            midTermIssues: mid.runs.map(\.issue), shortTermError: shortError, midTermError: mid.error, requests: requests
        )
    }

    /// The mid-term runs for a place's codes, newest first, ready for ``DailyForecastMerger``:
    /// the newest run by the client's clock (``MidTermIssue/newest(at:)``) and, after an 18
    /// run, the 06 run before it (the only one with day 4); NO_DATA for the newest falls back
    /// to the previous run. `getMidTa` and `getMidLandFcst` of every run are requested at once,
    /// through the same request path, cache and budget as the short-term forecast.
    /// (``dailyForecast(for:days:budget:)-(Place,_,_)`` calls this alongside the short-term
    /// fetch; call it yourself to merge with a short-term run you already have.)
    ///
    /// - Parameters:
    ///   - regions: The codes (``MidTermRegions/assignment(for:)-(Place)``).
    ///   - cell: The place's cell (for the request path's events).
    ///   - budget: A request budget to draw from, if any.
    /// - Returns: The runs with at least one answer, the error of an operation none of whose
    ///   runs came, and the requests made. Never throws: a failed mid-term service leaves the
    ///   short-term days usable.
    public func midTermRuns(for regions: MidTermAssignment, cell: GridCell, budget: RequestBudget? = nil) async -> MidTermRuns {
        let core = self.core
        let wanted = midTermRunsWanted()
        let temperatureID = regions.temperaturePoint.id
        let landID = regions.landRegion.id
        func temperatures(_ candidates: [MidTermIssue]) async -> Result<MidTermFetched<MidTermTemperatures>, ForecastClientError> {
            await core.fetchMidTerm(
                .temperatures, regionID: temperatureID, candidates: candidates, cell: cell, budget: budget,
                decode: { (body, issue) throws(ForecastResponseError) in try MidTermDecoder.temperatures(body, issue: issue) }, regionOf: \.regionID
            )
        }
        func land(_ candidates: [MidTermIssue]) async -> Result<MidTermFetched<MidTermLandForecast>, ForecastClientError> {
            await core.fetchMidTerm(
                .landForecast, regionID: landID, candidates: candidates, cell: cell, budget: budget,
                decode: { (body, issue) throws(ForecastResponseError) in try MidTermDecoder.landForecast(body, issue: issue) }, regionOf: \.regionID
            )
        }
        // An 06 run falls back to the 18 run before it on NO_DATA. After an 18 run, the 06 run
        // before it is asked for anyway (the only one with day 4), so it is the 18 run's fallback.
        let newestCandidates = wanted.count == 1 ? [wanted[0], wanted[0].previous] : [wanted[0]]
        let secondCandidates = Array(wanted.dropFirst())
        async let newestTemperatures = temperatures(newestCandidates)
        async let newestLand = land(newestCandidates)
        async let secondTemperatures = secondCandidates.isEmpty ? nil : temperatures(secondCandidates)
        async let secondLand = secondCandidates.isEmpty ? nil : land(secondCandidates)
        let temperatureResults = [await newestTemperatures, await secondTemperatures].compactMap { $0 }
        let landResults = [await newestLand, await secondLand].compactMap { $0 }

        var requests = 0
        var runs: [MidTermIssue: MidTermRun] = [:]
        var midError: ForecastClientError?
        /// An operation's error counts only when none of its runs was delivered; NO_DATA for
        /// the newest run with the previous delivered is the fallback working.
        func collect<Value>(_ results: [Result<MidTermFetched<Value>, ForecastClientError>], into store: (MidTermIssue, Value) -> Void) {
            var delivered = false
            var failure: ForecastClientError?
            for result in results {
                switch result {
                case .success(let fetched):
                    requests += fetched.requests
                    store(fetched.issue, fetched.value)
                    delivered = true
                case .failure(let error):
                    requests += error.attempts
                    if failure == nil || failure?.reason.isMidTermNoData == true { failure = error }
                }
            }
            if !delivered, let failure, midError == nil { midError = failure }
        }
        collect(temperatureResults) { issue, value in
            runs[issue, default: MidTermRun(issue: issue, temperatures: nil, land: nil)].temperatures = value
        }
        collect(landResults) { issue, value in
            runs[issue, default: MidTermRun(issue: issue, temperatures: nil, land: nil)].land = value
        }
        return MidTermRuns(runs: runs.values.sorted { $0.issue > $1.issue }, error: midError, requests: requests)
    }

    /// The forecaster's outlook (`getMidFcst`) of the newest mid-term run for a station
    /// (``MidTermLandRegion/outlookStationID``), with the same cache and fallback as the
    /// ten-day view.
    ///
    /// - Throws: ``ForecastClientError`` (service mid-term).
    public func midTermOutlook(stationID: String, budget: RequestBudget? = nil) async throws(ForecastClientError) -> MidTermOutlook {
        let newest = MidTermIssue.newest(at: KSTDateTime(core.configuration.now()))
        // The request path names a cell only in its default retry event, which the mid-term
        // fetch replaces; any valid cell does.
        guard let anyCell = try? GridCell(nx: 1, ny: 1) else { throw ForecastClientError(.invalidConfiguration("no grid cell"), service: .midTerm) }
        let result = await core.fetchMidTerm(
            .outlook, regionID: stationID, candidates: [newest, newest.previous], cell: anyCell, budget: budget,
            decode: { (body, _) throws(ForecastResponseError) in try MidTermDecoder.outlookText(body) }, regionOf: \.stationID
        )
        let fetched = try result.get()
        return MidTermOutlook(stationID: stationID, issue: fetched.issue, text: fetched.value.text)
    }
}

extension ForecastClientError.Reason {
    /// Whether this is ``midTermNoData(operation:regionID:tried:)``.
    var isMidTermNoData: Bool {
        if case .midTermNoData = self { return true }
        return false
    }
}
