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

extension ForecastClient {
    /// Fetches products for many cells and hands the results over in input order, each as soon
    /// as it and every input before it are in, holding no more than `window` inputs' results
    /// at a time.
    ///
    /// ```swift
    /// await client.fetch([.shortTerm], cells: cells, concurrency: 32) { index, runs in
    ///     switch runs[0] {
    ///     case .success(let run): print(index, run.rows.count)
    ///     case .failure(let error): print(index, error)
    ///     }
    /// }
    /// ```
    ///
    /// Cells are fetched in input order, at most `concurrency` at a time (all of a cell's
    /// products at once), never more than `window` inputs ahead of the next one to be handed
    /// over, so memory stays flat however many cells there are: one slow cell holds the
    /// stream back rather than letting finished results pile up. Inputs within `window` of
    /// each other that share a cell share one fetch and one result. A cell that comes back
    /// further on is fetched again: from the cache when it is on (no request; a short-term run
    /// is served until a newer one is due), from KMA again when it is off.
    ///
    /// Pacing is the client's ``ClientConfiguration/rateLimiter``: with it, `concurrency` need
    /// only be high enough to keep the limit busy (about `rate × latency`, e.g. 30/s × 0.6 s ≈
    /// 18 for the short-term forecast). Once the `budget` is used up, or KMA answers code 22
    /// (the daily quota), the remaining cells fail at once with
    /// ``ForecastClientError/Reason/budgetExhausted(limit:)`` or
    /// ``ForecastClientError/Reason/quotaExhausted(resetsAt:)`` (cells in the cache are still
    /// served). Progress is reported through
    /// ``ForecastClientEvent/batchProgress(product:completed:total:)`` per input handed over,
    /// with the first product.
    ///
    /// - Parameters:
    ///   - products: The products to fetch for every cell, e.g. `[.shortTerm]`; at least one.
    ///   - cells: The cells, one per input, repeats allowed.
    ///   - concurrency: Cells fetched at once; values below 1 count as 1. Default 32.
    ///   - window: How far ahead of the next input to hand over fetching may run, in inputs;
    ///     values below `concurrency` count as `concurrency`. Default 256.
    ///   - budget: A request budget, if any.
    ///   - deliver: Called once per input, in input order, with its index in `cells` and one
    ///     result per product, in the order of `products`.
    public func fetch(
        _ products: [ForecastProduct], cells: [GridCell], concurrency: Int = 32, window: Int = 256, budget: RequestBudget? = nil,
        inOrder deliver: (_ index: Int, _ runs: [Result<ForecastRun, ForecastClientError>]) -> Void
    ) async {
        guard let first = products.first else {
            for index in cells.indices { deliver(index, []) }
            return
        }
        let limit = max(1, concurrency)
        let reach = max(limit, window)
        var scheduler = OrderedBatchScheduler(cells: cells, window: reach)
        await withTaskGroup(of: OrderedBatchScheduler.Finished.self) { group in
            var inFlight = 0
            var delivered = 0
            while true {
                scheduler.scan()
                while inFlight < limit, let job = scheduler.nextToLaunch() {
                    inFlight += 1
                    let cell = job.cell
                    let id = job.id
                    group.addTask {
                        // Await into a local, then build the value (see `Result.init(awaiting:)`).
                        let runs = await fetchAll(products, cell: cell, budget: budget)
                        return OrderedBatchScheduler.Finished(id: id, runs: runs)
                    }
                }
                var handedOver = false
                while let ready = scheduler.deliverable() {
                    deliver(ready.index, ready.runs)
                    delivered += 1
                    handedOver = true
                    core.emit(.batchProgress(product: first, completed: delivered, total: cells.count))
                }
                if scheduler.isDone { break }
                // Room in the window: scan and launch again before waiting.
                if handedOver { continue }
                guard let finished = await group.next() else { break }
                inFlight -= 1
                scheduler.finish(finished)
            }
        }
        // Only if the loop above ended without a result for every input (it should not):
        // those inputs are reported as not fetched, never skipped.
        for index in scheduler.next..<cells.count {
            deliver(index, products.map { _ in .failure(ForecastClientError(.cancelled)) })
        }
    }

    /// Every product of one cell, fetched at once, in the order given.
    private func fetchAll(_ products: [ForecastProduct], cell: GridCell, budget: RequestBudget?) async -> [Result<ForecastRun, ForecastClientError>] {
        if products.count == 1 {
            func fetchRun() async throws(ForecastClientError) -> ForecastRun {
                try await fetch(products[0], cell: cell, base: nil, budget: budget, pageConcurrency: 1)
            }
            let result = await Result(awaiting: fetchRun)
            return [result]
        }
        var results = [Result<ForecastRun, ForecastClientError>](repeating: .failure(ForecastClientError(.cancelled)), count: products.count)
        await withTaskGroup(of: OrderedBatchScheduler.Product.self) { group in
            for (position, product) in products.enumerated() {
                group.addTask {
                    func fetchRun() async throws(ForecastClientError) -> ForecastRun {
                        try await fetch(product, cell: cell, base: nil, budget: budget, pageConcurrency: 1)
                    }
                    let result = await Result(awaiting: fetchRun)
                    return OrderedBatchScheduler.Product(position: position, result: result)
                }
            }
            for await done in group { results[done.position] = done.result }
        }
        return results
    }
}

/// The bookkeeping of ``ForecastClient/fetch(_:cells:concurrency:window:budget:inOrder:)``:
/// which cell to fetch next, which inputs share a fetch, and which results can be handed over.
/// Pure and synchronous, so it is tested without a network.
///
/// Inputs are scanned in order up to `window` ahead of the next one to hand over. An input
/// whose cell has a fetch that is still needed (in flight, or done and not yet handed over to
/// every input sharing it) joins that fetch; otherwise it starts a new one. A result is
/// dropped as soon as the last input sharing it has been handed over.
struct OrderedBatchScheduler {
    /// A fetch to start.
    struct Job: Hashable, Sendable {
        var id: Int
        var cell: GridCell
    }

    /// A fetch that finished.
    struct Finished: Sendable {
        var id: Int
        var runs: [Result<ForecastRun, ForecastClientError>]
    }

    /// One product's result within a cell's fetch.
    struct Product: Sendable {
        var position: Int
        var result: Result<ForecastRun, ForecastClientError>
    }

    let cells: [GridCell]
    let window: Int
    /// The next input to hand over.
    private(set) var next = 0
    /// The next input to scan.
    private(set) var scanned = 0
    /// The fetch of each scanned input not yet handed over, by input index.
    private var jobOfInput: [Int: Int] = [:]
    /// The fetch still needed for a cell.
    private var live: [GridCell: Int] = [:]
    /// Inputs not yet handed over, per fetch.
    private var waiting: [Int: Int] = [:]
    private var results: [Int: [Result<ForecastRun, ForecastClientError>]] = [:]
    private var queue: [Job] = []
    private var queueHead = 0
    private var nextID = 0
    /// Fetches started so far (tests read it).
    private(set) var started = 0

    init(cells: [GridCell], window: Int) {
        self.cells = cells
        self.window = max(1, window)
    }

    /// Whether every input has been handed over.
    var isDone: Bool { next >= cells.count }

    /// Results held (not yet handed over to every input sharing them).
    var heldResults: Int { results.count }

    /// Jobs kept in the launch queue's storage, launched ones included (tests read it).
    var queueStorage: Int { queue.count }

    /// Scans inputs up to `window` ahead of the next to hand over.
    mutating func scan() {
        while scanned < cells.count, scanned < next + window {
            let cell = cells[scanned]
            let id: Int
            if let existing = live[cell] {
                id = existing
            } else {
                id = nextID
                nextID += 1
                live[cell] = id
                queue.append(Job(id: id, cell: cell))
            }
            jobOfInput[scanned] = id
            waiting[id, default: 0] += 1
            scanned += 1
        }
    }

    /// The next fetch to start, in input order.
    mutating func nextToLaunch() -> Job? {
        guard queueHead < queue.count else { return nil }
        let job = queue[queueHead]
        queueHead += 1
        if queueHead == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
        } else if queueHead >= 1024, queueHead * 2 >= queue.count {
            // Launches can trail the scan for the whole batch: drop what was launched, so the
            // queue holds at most a window's jobs, not every job ever made.
            queue.removeFirst(queueHead)
            queueHead = 0
        }
        started += 1
        return job
    }

    /// Records a finished fetch.
    mutating func finish(_ finished: Finished) {
        results[finished.id] = finished.runs
    }

    /// The next input, if its result is in: its index and runs. Drops the result once the
    /// last input sharing it is handed over.
    mutating func deliverable() -> (index: Int, runs: [Result<ForecastRun, ForecastClientError>])? {
        guard next < scanned, let id = jobOfInput[next], let runs = results[id] else { return nil }
        let index = next
        jobOfInput[index] = nil
        next += 1
        let left = (waiting[id] ?? 1) - 1
        if left == 0 {
            waiting[id] = nil
            results[id] = nil
            if live[cells[index]] == id { live[cells[index]] = nil }
        } else {
            waiting[id] = left
        }
        return (index, runs)
    }
}
