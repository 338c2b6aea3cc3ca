import KMAForecast
import KMAGrid
import KMAPlaces

/// A mid-term answer as delivered: the decoded value, the run it is for, and how it was had.
typealias MidTermFetched<Value: MidTermAnswer> = SideFetched<MidTermService<Value>>

extension ForecastClient {
    /// The mid-term runs a view asks for at the client's clock: the newest, and the 06 run
    /// before an 18 run.
    func midTermRunsWanted() -> [MidTermIssue] {
        let newest = MidTermIssue.newest(at: KSTDateTime(core.configuration.now()))
        return newest.isMorningRun ? [newest] : [newest, newest.previous]
    }

    /// The mid-term runs for a place's codes, newest first, ready for ``DailyForecastMerger``:
    /// the newest run by the client's clock (``MidTermIssue/newest(at:)``) and, after an 18
    /// run, the 06 run before it (the only one with day 4); NO_DATA for the newest falls back
    /// to the previous run. `getMidTa` and `getMidLandFcst` of every run are requested at once,
    /// through the same request path, cache and budget as the short-term forecast.
    /// (``forecast(for:products:midTermDays:alerts:uvIndex:budget:)`` calls this alongside the short-term
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
        do throws(ForecastClientError) {
            // The recorded-client rule: a recording answers at a recorded run's instant, or says what it holds.
            let place = LocalForecast.Location(cell: cell, coordinate: nil, placeName: nil, midTermRegions: MidTermRegionCodes(regions))
            if let call = try core.overRecording(place, asking: RecordedRunTransport.Asked(midTerm: true)) {
                return await ForecastClient(core: call.core).midTermRuns(for: regions, cell: cell, budget: budget)
            }
        } catch {
            return MidTermRuns(runs: [], error: error, requests: 0, fromCache: false)
        }
        return await askedMidTermRuns(for: regions, cell: cell, budget: budget)
    }

    /// ``midTermRuns(for:cell:budget:)`` asked of the service (a recording's pinned client, or KMA).
    private func askedMidTermRuns(for regions: MidTermAssignment, cell: GridCell, budget: RequestBudget?) async -> MidTermRuns {
        let core = self.core
        let wanted = midTermRunsWanted()
        let temperatureID = regions.temperaturePoint.id
        let landID = regions.landRegion.id
        func temperatures(_ candidates: [MidTermIssue]) async -> Result<MidTermFetched<MidTermTemperatures>, ForecastClientError> {
            await core.fetchIssued(MidTermService<MidTermTemperatures>(regionID: temperatureID), candidates: candidates, budget: budget)
        }
        func land(_ candidates: [MidTermIssue]) async -> Result<MidTermFetched<MidTermLandForecast>, ForecastClientError> {
            await core.fetchIssued(MidTermService<MidTermLandForecast>(regionID: landID), candidates: candidates, budget: budget)
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
        var fromCache = true
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
                    fromCache = fromCache && fetched.fromCache
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
        return MidTermRuns(runs: runs.values.sorted { $0.issue > $1.issue }, error: midError, requests: requests, fromCache: fromCache && !runs.isEmpty)
    }

    /// The forecaster's outlook (`getMidFcst`) of the newest mid-term run for a station
    /// (``MidTermLandRegion/outlookStationID``), with the same cache and fallback as the
    /// days of a forecast.
    ///
    /// - Throws: ``ForecastClientError`` (service mid-term).
    public func midTermOutlook(stationID: String, budget: RequestBudget? = nil) async throws(ForecastClientError) -> MidTermOutlook {
        if let call = try core.overRecording(nil, asking: RecordedRunTransport.Asked(outlookStation: stationID)) {
            return try await ForecastClient(core: call.core).midTermOutlook(stationID: stationID, budget: budget)
        }
        let newest = MidTermIssue.newest(at: KSTDateTime(core.configuration.now()))
        let result = await core.fetchIssued(MidTermService<MidTermOutlookText>(regionID: stationID), candidates: [newest, newest.previous], budget: budget)
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
