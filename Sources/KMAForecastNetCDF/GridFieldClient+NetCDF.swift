import KMAForecast
import KMAForecastClient

/// One field, or several variables at every valid time of a run, fetched and written into one
/// CF NetCDF file (``GridFieldNetCDF``) in one call.
extension GridFieldClient {
    /// Fetches the fields of a run and writes them into one CF-1.10 NetCDF file, each to its
    /// place as it arrives: memory holds a few fields whatever the run's length, and the file
    /// appears at `path` only when whole.
    ///
    /// ```swift
    /// let client = try GridFieldClient(configuration: ClientConfiguration(provider: .apiHub, serviceKey: try ServiceKey(key)))
    /// try await client.writeNetCDF(.shortTerm, variables: [.tmp], to: "tmp.nc")                        // one field
    /// let file = try await client.writeNetCDF(.shortTerm, variables: [.tmp, .pop, .pcp], validTimes: .all, to: "run.nc")
    /// print(file.fields, "fields,", file.validTimes.count, "valid times of the run", file.run)
    /// ```
    ///
    /// **Requests.** One per variable and valid time (TMN only at 06:00, TMX at 15:00; the
    /// other places are `_FillValue`), at most ``GridFieldOptions/concurrency`` at once, each
    /// through the client's retries, rate limiter (``ClientConfiguration/rateLimiter``) and
    /// `budget`. A field the client's cache holds is not asked for.
    ///
    /// **Failure.** After the first field that cannot be fetched no request is started, but
    /// those in flight are awaited: they are paid for, and the cache keeps them, so the same
    /// call again asks only for what is missing. Nothing is left at `path` (nor a temporary
    /// file beside it).
    ///
    /// - Parameters:
    ///   - product: The product (short-term, ultra-short or nowcast).
    ///   - variables: One or more of the product's ``ForecastProduct/gridVariables``, in the
    ///     file's order; a repeat is written once.
    ///   - run: The run; `nil` for ``newestRun(of:)``.
    ///   - validTimes: Which valid times: ``NetCDFValidTimes/first`` (default), one, or all.
    ///   - path: The file to write (replaced if it exists).
    ///   - budget: A request budget to draw from, if any.
    ///   - progress: Called with the file started (0 written) and after each field written,
    ///     from the calling task, one call at a time.
    /// - Returns: What the file holds.
    /// - Throws: ``NetCDFWriteError``: ``NetCDFWriteError/invalidRequest(_:)`` before any
    ///   request, ``NetCDFWriteError/fieldNotFetched(request:error:path:written:total:cached:)``,
    ///   ``NetCDFWriteError/notACode(variable:value:cellIndex:valid:)``, ``NetCDFWriteError/file(_:)``.
    @discardableResult
    public func writeNetCDF(
        _ product: ForecastProduct, variables: [ForecastCategory], run: ForecastBase? = nil, validTimes: NetCDFValidTimes = .first,
        to path: String, budget: RequestBudget? = nil, progress: (@Sendable (NetCDFProgress) -> Void)? = nil
    ) async throws(NetCDFWriteError) -> NetCDFFileSummary {
        let plan = try netCDFPlan(product, variables: variables, run: run, validTimes: validTimes)
        let file = try GridFieldNetCDF(
            path: path, product: product, run: plan.run, variables: plan.variables, validTimes: plan.validTimes,
            source: "KMA API Hub \(product.gridOperation) at \(baseURL)"
        )
        let total = plan.requests.count
        let report = { (written: Int) in progress?(NetCDFProgress(product: product, run: plan.run, written: written, total: total)) }
        report(0)
        let outcome = await fetchAll(plan.requests, budget: budget) { field throws(NetCDFWriteError) in
            try file.write(field)
        } written: { report($0) }
        if let stop = outcome.writeError { throw stop }
        if let failure = outcome.failure {
            // The file is not finished: its temporary file goes with `file`.
            throw .fieldNotFetched(request: failure.request, error: failure.error, path: path, written: outcome.written, total: total, cached: cachesFields)
        }
        try file.finish()
        return NetCDFFileSummary(
            path: path, product: product, run: plan.run, variables: plan.variables, validTimes: plan.validTimes, fields: outcome.written,
            undocumentedCodes: file.undocumentedCodes
        )
    }

    /// The run, the `time` axis and the requests of a file.
    struct NetCDFPlan {
        var run: ForecastBase
        var variables: [ForecastCategory]
        var validTimes: [KSTDateTime]
        var requests: [GridFieldRequest]
    }

    /// Works out the requests, checking each (no request is sent).
    func netCDFPlan(
        _ product: ForecastProduct, variables given: [ForecastCategory], run: ForecastBase?, validTimes: NetCDFValidTimes
    ) throws(NetCDFWriteError) -> NetCDFPlan {
        var variables: [ForecastCategory] = []
        for variable in given where !variables.contains(variable) { variables.append(variable) }
        let run = run ?? newestRun(of: product)
        let runTimes = product.gridValidTimes(run: run)
        guard let firstTime = runTimes.first, !variables.isEmpty else {
            let what = variables.isEmpty ? "no variable to write: give one or more of the \(product.rawValue) grid's \(product.gridVariables.map(\.code).joined(separator: " "))" : "\(run) has no valid times"
            throw .invalidRequest(ForecastClientError(.invalidConfiguration(what)))
        }
        var times: [KSTDateTime]
        switch validTimes {
        case .all: times = runTimes
        case .at(let time): times = [time]
        // The run's first hour that every variable has (TMN 06:00, TMX 15:00), else its first.
        case .first: times = [runTimes.first { time in variables.allSatisfy { product.gridHasVariable($0, at: time) } } ?? firstTime]
        }
        var requests: [GridFieldRequest] = []
        do throws(ForecastClientError) {
            for variable in variables {
                for time in times where product.gridHasVariable(variable, at: time) || validTimes != .all {
                    requests.append(try GridFieldRequest(product, variable: variable, run: run, valid: time))
                }
            }
        } catch {
            throw .invalidRequest(error)
        }
        // One valid time: the one the requests settled on (the nowcast's is its run).
        if validTimes != .all, let first = requests.first { times = [first.valid] }
        return NetCDFPlan(run: run, variables: variables, validTimes: times, requests: requests)
    }
}
