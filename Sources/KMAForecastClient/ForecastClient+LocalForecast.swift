import KMAForecast
import KMAGrid

extension ForecastClient {
    /// The forecast at a place in one call: the products fetched concurrently, merged into
    /// the current conditions, the hourly timeline and the daily summaries.
    ///
    /// ```swift
    /// let client = try ForecastClient(configuration: ClientConfiguration(serviceKey: try ServiceKey(key)))
    /// let forecast = try await client.forecast(for: .coordinate(GeoCoordinate(latitude: 37.56, longitude: 126.97)))
    /// ```
    ///
    /// Each product succeeds or fails on its own (``LocalForecast/outcomes``): a failed nowcast
    /// still leaves the hourly forecast. The call throws only when the location cannot be
    /// used, or when every requested product failed (then with the error of the first of them,
    /// in the order nowcast, ultra-short, short-term). Cancelling the calling task cancels the
    /// requests; the on-disk cache and the request budget work as for ``fetch(_:cell:base:budget:)``.
    ///
    /// - Parameters:
    ///   - location: A coordinate, a grid cell or a place name.
    ///   - products: The products to fetch; default all three. Repeats are ignored.
    ///   - budget: A request budget to draw from, if any.
    /// - Throws: ``ForecastClientError``.
    public func forecast(
        for location: ForecastLocation, products: [ForecastProduct] = ForecastProduct.allCases, budget: RequestBudget? = nil
    ) async throws(ForecastClientError) -> LocalForecast {
        let resolved = try location.resolved()
        let requestedAt = KSTDateTime(core.configuration.now())
        let outcomes = await self.outcomes(at: resolved.cell, products: products, budget: budget)
        if let first = outcomes.first, outcomes.allSatisfy({ $0.status == .failed }), let error = first.error {
            throw error
        }
        return LocalForecast(location: resolved, requestedAt: requestedAt, outcomes: outcomes)
    }

    /// Fetches products at a cell concurrently, each to its own outcome: its run, or its
    /// error. Never throws: this is ``forecast(for:products:budget:)`` without its verdict, for
    /// callers that show every product's failure (the command line does).
    ///
    /// - Parameters:
    ///   - cell: The grid cell.
    ///   - products: The products to fetch; default all three. Repeats are ignored.
    ///   - budget: A request budget to draw from, if any.
    /// - Returns: One outcome per product, in the order nowcast, ultra-short, short-term.
    public func outcomes(
        at cell: GridCell, products: [ForecastProduct] = ForecastProduct.allCases, budget: RequestBudget? = nil
    ) async -> [ProductOutcome] {
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
    ///   be used, or when every product failed for its cell.
    public func forecasts(
        for locations: [ForecastLocation], products: [ForecastProduct] = ForecastProduct.allCases,
        concurrency: Int = 4, budget: RequestBudget? = nil
    ) async -> [Result<LocalForecast, ForecastClientError>] {
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
                if let first = outcomes.first, outcomes.allSatisfy({ $0.status == .failed }), let error = first.error {
                    return .failure(error)
                }
                return .success(LocalForecast(location: location, requestedAt: requestedAt, outcomes: outcomes))
            }
        }
    }

    /// The outcome of a product's fetch, with its next run's availability by the client's schedule.
    func outcome(_ product: ForecastProduct, _ result: Result<ForecastRun, ForecastClientError>) -> ProductOutcome {
        let schedule = core.configuration.schedule(product)
        let newest = schedule.latestBase(at: core.configuration.now())
        let next = schedule.availableAt(schedule.nextBase(after: newest))
        switch result {
        case .success(let run): return ProductOutcome(run: run, nextRunAvailableAt: next)
        case .failure(let error): return ProductOutcome(product: product, error: error, newestBase: newest, nextRunAvailableAt: next)
        }
    }

    /// The products without repeats, in the order nowcast, ultra-short, short-term.
    static func canonical(_ products: [ForecastProduct]) -> [ForecastProduct] {
        ForecastProduct.allCases.filter(products.contains)
    }
}
