import KMAForecast
import KMAGrid

extension ForecastClient {
    /// Fetches a product for many cells: each distinct cell once, at most `concurrency` at a
    /// time, within an optional request budget.
    ///
    /// ```swift
    /// let budget = RequestBudget(limit: 10_000)
    /// let results = await client.fetch(.shortTerm, cells: cells, concurrency: 8, budget: budget)
    /// for (cell, result) in zip(cells, results) {
    ///     switch result {
    ///     case .success(let run): print(cell, run.rows.count)
    ///     case .failure(let error): print(cell, error)
    ///     }
    /// }
    /// ```
    ///
    /// Each run's pages are fetched one after another, so no more than `concurrency` requests
    /// are ever in flight (KMA allows about 30 a second per operation). Cells served from the
    /// cache cost no request. Once the budget is used up, the cells not yet fetched fail with
    /// ``ForecastClientError/Reason/budgetExhausted(limit:)``; a run is never cut short by it
    /// silently. Progress is reported through ``ForecastClientEvent/batchProgress(product:completed:total:)``.
    ///
    /// - Parameters:
    ///   - product: The product.
    ///   - cells: The cells, repeats allowed.
    ///   - concurrency: Runs fetched at once; values below 1 count as 1. Default 4.
    ///   - budget: A request budget shared with other fetches, if any.
    /// - Returns: One result per element of `cells`, in the same order; repeated cells share
    ///   one fetch and one result.
    public func fetch(
        _ product: ForecastProduct, cells: [GridCell], concurrency: Int = 4, budget: RequestBudget? = nil
    ) async -> [Result<ForecastRun, ForecastClientError>] {
        var distinct: [GridCell] = []
        var position: [GridCell: Int] = [:]
        for cell in cells where position[cell] == nil {
            position[cell] = distinct.count
            distinct.append(cell)
        }
        var results = [Result<ForecastRun, ForecastClientError>?](repeating: nil, count: distinct.count)
        let limit = max(1, concurrency)
        await withTaskGroup(of: (Int, Result<ForecastRun, ForecastClientError>).self) { group in
            var next = 0
            var completed = 0
            func launch() {
                let index = next
                let cell = distinct[index]
                next += 1
                group.addTask {
                    // Await into a local, then build the tuple: Swift 6.3.1 at -O returned
                    // another child's index when the tuple was built around the awaited fetch,
                    // which gave results to the wrong cells (see `Result.init(awaiting:)`).
                    func fetchRun() async throws(ForecastClientError) -> ForecastRun {
                        try await fetch(product, cell: cell, base: nil, budget: budget, pageConcurrency: 1)
                    }
                    let result = await Result(awaiting: fetchRun)
                    return (index, result)
                }
            }
            while next < distinct.count && next < limit { launch() }
            while let (index, result) = await group.next() {
                results[index] = result
                completed += 1
                core.emit(.batchProgress(product: product, completed: completed, total: distinct.count))
                if next < distinct.count { launch() }
            }
        }
        return cells.map { cell in
            results[position[cell] ?? 0] ?? .failure(ForecastClientError(.cancelled))
        }
    }

    /// Fetches a product for many coordinates: each is converted to its KMA cell, points in the
    /// same cell share one fetch, and a point outside the grid gets its own error; see
    /// ``fetch(_:cells:concurrency:budget:)``.
    ///
    /// - Returns: One result per coordinate, in the same order.
    public func fetch(
        _ product: ForecastProduct, coordinates: [GeoCoordinate], concurrency: Int = 4, budget: RequestBudget? = nil
    ) async -> [Result<ForecastRun, ForecastClientError>] {
        var cells: [GridCell] = []
        let located: [Result<GridCell, ForecastClientError>] = coordinates.map { point in
            do throws(GridError) {
                let cell = try ForecastGrid.kma.cell(for: point)
                cells.append(cell)
                return .success(cell)
            } catch {
                return .failure(ForecastClientError(.outsideGrid(error)))
            }
        }
        let fetched = await fetch(product, cells: cells, concurrency: concurrency, budget: budget)
        var next = fetched.makeIterator()
        return located.map { location in
            switch location {
            case .success: next.next() ?? .failure(ForecastClientError(.cancelled))
            case .failure(let error): .failure(error)
            }
        }
    }
}
