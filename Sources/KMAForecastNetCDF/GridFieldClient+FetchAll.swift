import KMAForecast
import KMAForecastClient

/// The fetch behind ``GridFieldClient/writeNetCDF(_:variables:run:validTimes:to:budget:progress:)``:
/// many fields at once, each handed over as it arrives, and a clean stop after a failure.
extension GridFieldClient {
    /// What came of fetching many fields.
    struct FetchOutcome {
        /// Fields handed over and written.
        var written = 0
        /// The first field that could not be fetched.
        var failure: (request: GridFieldRequest, error: ForecastClientError)?
        /// The first field that could not be written.
        var writeError: NetCDFWriteError?
    }

    /// One field's request and what came of it.
    struct FetchedField: Sendable {
        var request: GridFieldRequest
        var result: Result<GridField, ForecastClientError>
    }

    /// Fetches fields, at most ``GridFieldOptions/concurrency`` in flight, handing each to
    /// `write` (on the calling task, one at a time) as it arrives and `written` the count after.
    /// After the first failure (to fetch or to write) no request is started, but those in
    /// flight are awaited: they are paid for, and the client caches them, so the next run
    /// does not ask for them again.
    func fetchAll(
        _ requests: [GridFieldRequest], budget: RequestBudget?,
        write: (GridField) throws(NetCDFWriteError) -> Void, written: (Int) -> Void
    ) async -> FetchOutcome {
        var outcome = FetchOutcome()
        await withTaskGroup(of: FetchedField.self) { group in
            var next = 0
            func start() {
                guard next < requests.count, outcome.failure == nil, outcome.writeError == nil else { return }
                let request = requests[next]
                next += 1
                group.addTask {
                    // Awaited into a local before the update is built (see `Result.init(awaiting:)`).
                    func get() async throws(ForecastClientError) -> GridField { try await self.fetch(request, budget: budget) }
                    let result = await Result(awaiting: get)
                    return FetchedField(request: request, result: result)
                }
            }
            for _ in 0..<min(options.concurrency, requests.count) { start() }
            while let update = await group.next() {
                switch update.result {
                case .success(let field):
                    guard outcome.writeError == nil else { break }
                    do throws(NetCDFWriteError) {
                        try write(field)
                        outcome.written += 1
                        written(outcome.written)
                    } catch {
                        outcome.writeError = error
                    }
                case .failure(let error):
                    if outcome.failure == nil { outcome.failure = (update.request, error) }
                }
                start()
            }
        }
        return outcome
    }
}
