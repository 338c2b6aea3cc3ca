import KMAForecast
import KMAGrid

extension ForecastClient {
    /// The forecast at a place in one call: the products fetched concurrently (and the mid-term
    /// service when its days are asked for), merged into one ``LocalForecast``: the current
    /// conditions, every hour to the end of the short-term run with each value from the freshest
    /// product, the days, and what each product and service delivered.
    ///
    /// ```swift
    /// let client = try ForecastClient(configuration: ClientConfiguration(serviceKey: try ServiceKey(key)))
    /// let forecast = try await client.forecast(for: .place("해운대"), midTermDays: 10)
    /// ```
    ///
    /// Each product and the mid-term service succeed or fail on their own (``LocalForecast/products``,
    /// ``LocalForecast/midTerm``): a failed nowcast still leaves the hourly forecast, a refused
    /// mid-term service still leaves the short-term days. The call throws only when the
    /// location cannot be used, or when nothing asked for was delivered (then with the first
    /// error, in the order nowcast, ultra-short, short-term, mid-term). Cancelling the calling
    /// task cancels the requests; the on-disk cache and the request budget work as for
    /// ``fetch(_:cell:base:budget:)``. The side services (the mid-term days, the warnings, the UV
    /// index) are waited for at most ``ClientConfiguration/sideServiceDeadline`` (if set; the command line's 5 s)
    /// once the products are in: a silent or trickling one is cancelled and its outcome failed
    /// (`sideServiceLate`), never left holding the forecast.
    ///
    /// - Parameters:
    ///   - location: A coordinate, a grid cell or a place name.
    ///   - products: The products to fetch; default all three. Repeats are ignored.
    ///   - midTermDays: `nil` (the default): the days are the short-term run's, and the mid-term
    ///     service is not asked (it needs its own 활용신청). 1…11: that many days from today (KST),
    ///     the short-term run's merged with the mid-term forecast of the place's regions (fetched
    ///     alongside, 2 to 4 requests, cached). A place without mid-term regions (a point at
    ///     sea) is not refused: the service is not asked, and ``LocalForecast/midTerm`` says so
    ///     (``MidTermOutcome/isNotAsked``, its failure's kind `noMidTermRegion`).
    ///   - alerts: `true`: the weather warnings in force in the place's zone are fetched alongside
    ///     (``LocalForecast/alerts``, ``LocalForecast/warnings``; the warning service needs its own
    ///     활용신청, and a refusal or failure of it never fails the forecast). Default `false`: not asked.
    ///   - uvIndex: `true`: the UV index service (`LivingWthrIdxServiceV5`, its own 활용신청) is
    ///     asked alongside (1 request, cached) for the place's administrative code (a
    ///     coordinate's or cell's: the nearest place's, ``UVIndexArea``), and each 3-hourly value
    ///     is put on its hour (``HourlyForecast/uvIndex``) and the days' highest
    ///     (``ForecastDay/uvIndexMax``); ``LocalForecast/uv`` says what it delivered. A refused or
    ///     failed UV service never fails the forecast. Default `false`.
    ///   - budget: A request budget to draw from, if any.
    /// - Throws: ``ForecastClientError``.
    public func forecast(
        for location: ForecastLocation, products: [ForecastProduct] = ForecastProduct.allCases, midTermDays: Int? = nil,
        alerts: Bool = false, uvIndex: Bool = false, budget: RequestBudget? = nil
    ) async throws(ForecastClientError) -> LocalForecast {
        if let midTermDays, !(1...11).contains(midTermDays) {
            throw ForecastClientError(.invalidConfiguration("midTermDays must be within 1...11 (today and up to 10 days ahead), got \(midTermDays)"))
        }
        if let recording = core.transport as? RecordedRunTransport {
            // A recording answers at its own instant, what it recorded, and says it is one.
            return try await recordedForecast(
                recording, for: location, products: products, midTermDays: midTermDays, alerts: alerts, uvIndex: uvIndex, budget: budget
            )
        }
        let (resolved, regions) = try location.resolvedWithRegions()
        let requestedAt = KSTDateTime(core.configuration.now())
        let client = self
        let cell = resolved.cell
        let wanted = Self.canonical(products)
        // Both at once; each result is awaited into a local before anything is built from it
        // (see `Result.init(awaiting:)`).
        @Sendable func midTermRuns() async -> MidTermRuns? {
            guard midTermDays != nil, let regions else { return nil }
            return await client.midTermRuns(for: regions, cell: cell, budget: budget)
        }
        @Sendable func warnings() async -> (alerts: [WeatherWarning], outcome: WarningsOutcome)? {
            alerts ? await client.alerts(at: location, budget: budget) : nil
        }
        @Sendable func uvOutcome() async -> UVIndexOutcome? {
            guard uvIndex, let area = UVIndexArea(location) else { return nil }
            return await client.uvIndex(for: area, budget: budget)
        }
        // The side services run beside the products, each in a task of its own, and are waited
        // for only until the deadline (``ClientConfiguration/sideServiceDeadline``): a silent
        // or trickling gateway never holds a forecast that is ready.
        let midService = midTermDays != nil && regions != nil ? SideServiceTask.start(midTermRuns) : nil
        let warningsService = alerts ? SideServiceTask.start(warnings) : nil
        let uvService = uvIndex && UVIndexArea(location) != nil ? SideServiceTask.start(uvOutcome) : nil
        let outcomes = await withTaskCancellationHandler {
            await client.outcomes(at: cell, products: wanted, budget: budget)
        } onCancel: {
            midService?.cancel()
            warningsService?.cancel()
            uvService?.cancel()
        }
        let inMemory = core.transport is PinnedRecording || core.transport is RecordedRunTransport
        let deadline = inMemory ? nil : core.configuration.sideServiceDeadline
        let late = LateSideServices(client: self, location: location, deadline: deadline, started: ContinuousClock.now)
        let mid = await late.value(of: midService, or: late.midTerm)
        let warned = await late.value(of: warningsService, or: late.warnings)
        let uv = await late.value(of: uvService, or: late.uvIndex)
        var midTerm = mid.map { (outcome: midTermOutcome($0), runs: $0.runs, days: midTermDays ?? 10) }
        if let midTermDays, regions == nil {
            // A place without mid-term regions (a point at sea): the service is not asked, and
            // the outcome says so; the short-term days stand.
            midTerm = (outcome: notAskedOutcome(cell), runs: [], days: midTermDays)
        }
        let forecast = LocalForecast(location: resolved, requestedAt: requestedAt, products: outcomes.map(\.outcome), midTerm: midTerm, uv: uv, warnings: warned)
        let everyProductFailed = outcomes.allSatisfy { $0.error != nil }
        if everyProductFailed, mid?.runs.isEmpty ?? true {
            if let error = outcomes.lazy.compactMap(\.error).first ?? mid?.error { throw error }
        }
        return forecast
    }

    /// The mid-term outcome of fetched runs, with the next run's time by the client's clock.
    func midTermOutcome(_ fetched: MidTermRuns) -> MidTermOutcome {
        let now = KSTDateTime(core.configuration.now())
        return MidTermOutcome(
            runs: fetched.runs.map(\.issue), fetchedAt: fetched.runs.isEmpty ? nil : now, fromCache: fetched.fromCache,
            requests: fetched.requests, nextUpdateAt: MidTermIssue.newest(at: now).next.dateTime,
            failure: fetched.error.map(ForecastFailure.init)
        )
    }

    /// The mid-term outcome of a cell without mid-term regions: not asked, and why
    /// (``MidTermOutcome/isNotAsked``).
    func notAskedOutcome(_ cell: GridCell) -> MidTermOutcome {
        let now = KSTDateTime(core.configuration.now())
        return MidTermOutcome(
            runs: [], fetchedAt: nil, fromCache: false, requests: 0, nextUpdateAt: MidTermIssue.newest(at: now).next.dateTime,
            failure: ForecastFailure(ForecastClientError(.noMidTermRegion(cell), service: .midTerm))
        )
    }

    /// Fetches products at a cell concurrently, each to its own outcome (its run, or its error,
    /// kept beside the outcome's stored failure so that the call can throw it).
    ///
    /// - Returns: One outcome per product, in the order nowcast, ultra-short, short-term.
    func outcomes(at cell: GridCell, products: [ForecastProduct], budget: RequestBudget?) async -> [FetchedOutcome] {
        let wanted = Self.canonical(products)
        let fetcher = self
        let results = await withTaskGroup(of: (ForecastProduct, Result<ForecastRun, ForecastClientError>).self) { group in
            for product in wanted {
                group.addTask {
                    // Await into a local, then build the tuple: Swift 6.3.1 at -O returned the
                    // wrong product when the tuple was built around the awaited fetch (see
                    // `Result.init(awaiting:)`).
                    func fetchRun() async throws(ForecastClientError) -> ForecastRun {
                        try await fetcher.fetch(product, cell: cell, budget: budget)
                    }
                    let result = await Result(awaiting: fetchRun)
                    return (product, result)
                }
            }
            var collected: [ForecastProduct: Result<ForecastRun, ForecastClientError>] = [:]
            for await (product, result) in group { collected[product] = result }
            return collected
        }
        return wanted.map { product in
            outcome(product, results[product] ?? .failure(ForecastClientError(.cancelled)))
        }
    }

    /// Forecasts for many places: every distinct cell fetched once per product, at most
    /// `concurrency` runs at a time per product, within an optional request budget (see
    /// ``fetch(_:cells:concurrency:budget:)``).
    ///
    /// - Parameters:
    ///   - locations: The places, repeats allowed.
    ///   - products: The products to fetch; default all three.
    ///   - concurrency: Runs fetched at once per product; values below 1 count as 1. Default 4.
    ///   - budget: A request budget shared by every request of the batch, if any.
    /// - Returns: One result per location, in the same order. A location fails when it cannot
    ///   be used, or when every product failed for its cell. Over a ``RecordedRunTransport`` each
    ///   place is answered as ``forecast(for:products:midTermDays:alerts:uvIndex:budget:)`` answers
    ///   it (at the recording's instant, marked, not cached; a place with nothing recorded fails
    ///   naming what is).
    public func forecasts(
        for locations: [ForecastLocation], products: [ForecastProduct] = ForecastProduct.allCases,
        concurrency: Int = 4, budget: RequestBudget? = nil
    ) async -> [Result<LocalForecast, ForecastClientError>] {
        if let recording = core.transport as? RecordedRunTransport {
            // Each place by the recorded-client rule, the path of `forecast(for:)` (in memory: one after another).
            var answered: [Result<LocalForecast, ForecastClientError>] = []
            for location in locations {
                func recorded() async throws(ForecastClientError) -> LocalForecast {
                    try await recordedForecast(recording, for: location, products: products, midTermDays: nil, alerts: false, uvIndex: false, budget: budget)
                }
                answered.append(await Result(awaiting: recorded))
            }
            return answered
        }
        let wanted = Self.canonical(products)
        let requestedAt = KSTDateTime(core.configuration.now())
        let resolved: [Result<LocalForecast.Location, ForecastClientError>] = locations.map { location in
            do throws(ForecastClientError) { return .success(try location.resolved()) } catch { return .failure(error) }
        }
        var cells: [GridCell] = []
        var seen = Set<GridCell>()
        for case .success(let place) in resolved where seen.insert(place.cell).inserted { cells.append(place.cell) }
        let fetcher = self
        let distinct = cells
        // One batch per product, the products side by side.
        let runs = await withTaskGroup(of: (ForecastProduct, [Result<ForecastRun, ForecastClientError>]).self) { group in
            for product in wanted {
                group.addTask {
                    let fetched = await fetcher.fetch(product, cells: distinct, concurrency: concurrency, budget: budget)
                    return (product, fetched)
                }
            }
            var collected: [ForecastProduct: [GridCell: Result<ForecastRun, ForecastClientError>]] = [:]
            for await (product, fetched) in group {
                collected[product] = Dictionary(zip(distinct, fetched), uniquingKeysWith: { first, _ in first })
            }
            return collected
        }
        return resolved.map { place in
            switch place {
            case .failure(let error):
                return .failure(error)
            case .success(let location):
                let outcomes = wanted.map { product in
                    outcome(product, runs[product]?[location.cell] ?? .failure(ForecastClientError(.cancelled)))
                }
                if outcomes.allSatisfy({ $0.error != nil }), let error = outcomes.first?.error {
                    return .failure(error)
                }
                return .success(LocalForecast(location: location, requestedAt: requestedAt, products: outcomes.map(\.outcome)))
            }
        }
    }

    /// A product's outcome, and the error behind its failure while the client still has it.
    struct FetchedOutcome: Sendable {
        var outcome: ProductOutcome
        var error: ForecastClientError?
    }

    /// The outcome of a product's fetch, with its next run's availability by the client's schedule.
    func outcome(_ product: ForecastProduct, _ result: Result<ForecastRun, ForecastClientError>) -> FetchedOutcome {
        let schedule = core.configuration.schedule(product)
        let newest = schedule.latestBase(at: core.configuration.now())
        let next = schedule.availableAt(schedule.nextBase(after: newest))
        switch result {
        case .success(let run): return FetchedOutcome(outcome: ProductOutcome(run: run, nextRunAvailableAt: next), error: nil)
        case .failure(let error):
            return FetchedOutcome(outcome: ProductOutcome(product: product, error: error, newestBase: newest, nextRunAvailableAt: next), error: error)
        }
    }

    /// The products without repeats, in the order nowcast, ultra-short, short-term.
    static func canonical(_ products: [ForecastProduct]) -> [ForecastProduct] {
        ForecastProduct.allCases.filter(products.contains)
    }
}
