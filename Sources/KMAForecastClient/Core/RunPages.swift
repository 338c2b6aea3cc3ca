import KMAForecast
import KMAGrid

/// The checked pages of one run, in page order: the engine under both ``ForecastClient/fetch(_:cell:base:budget:)``
/// and ``ForecastItemStream``.
///
/// After page 1, up to `concurrency` later pages are requested at once, so the caller works on
/// page *n* while pages *n* + 1 … are in flight. Each page is checked by the
/// ``PageStateMachine`` in order and its items go into the run's rows (``rows``) before it is
/// handed out, so a repeated item fails the run here, for the rows and the item stream alike;
/// the first failure cancels the pages in flight and ends the sequence with the error. Only
/// when the last page of a run fetched from KMA is in and the rows are complete is the run
/// stored in the cache: a run that cannot become rows is never cached.
///
/// A run that lacks categories its product always has (KMA serves a run so for a few minutes
/// after it is due) fails with ``ForecastClientError/Reason/incompleteRun(product:base:missing:)``
/// and is not cached; ``restarted(after:)`` then gives the pages of the next earlier run.
struct RunPages {
    /// The core asking; over a recording, the one pinned at the instant it answers (set when
    /// the run is opened, ``ClientCore/overRecording(_:asking:)``).
    private var core: ClientCore
    private let product: ForecastProduct
    private let cell: GridCell
    private let explicitBase: ForecastBase?
    private let budget: RequestBudget?
    private let concurrency: Int
    /// Runs found incomplete by this fetch already, passed over when choosing the run.
    private let skipping: Set<ForecastBase>
    /// The error of the first run found incomplete, given instead of NO_DATA should no
    /// earlier run have data either.
    private let firstIncomplete: ForecastClientError?
    /// HTTP requests spent on runs found incomplete before this one.
    let earlierRequests: Int

    /// What the run is when a recording answered it (``ForecastRun/recording``).
    private(set) var recording: LocalForecast.Recording?
    /// The run, once chosen; its ``OpenedRun/rows`` hold every page handed out so far.
    private(set) var run: OpenedRun?
    private var delivered = 0
    private var notStarted: [Int] = []
    private var inFlight: [Int: Task<Result<FetchedPage, ForecastClientError>, Never>] = [:]
    private var fetchedBytes: [[UInt8]] = []
    /// Whether any page fetched contains the service key (so the run is not cached).
    private var fetchedEchoKey = false
    private var finished = false
    private let canceller = TaskCanceller()

    init(
        core: ClientCore, product: ForecastProduct, cell: GridCell, base: ForecastBase?, budget: RequestBudget?, concurrency: Int,
        skipping: Set<ForecastBase> = [], firstIncomplete: ForecastClientError? = nil, earlierRequests: Int = 0
    ) {
        self.core = core
        self.product = product
        self.cell = cell
        self.explicitBase = base
        self.budget = budget
        self.concurrency = max(1, concurrency)
        self.skipping = skipping
        self.firstIncomplete = firstIncomplete
        self.earlierRequests = earlierRequests
    }

    /// After `error` from ``next()``: when it says the newest run chosen from KMA is not
    /// complete yet, the pages of the next earlier run (a fallback, as for a run KMA has not
    /// published); otherwise, or for an explicitly requested run, `nil`.
    func restarted(after error: ForecastClientError) -> RunPages? {
        guard explicitBase == nil, case .incompleteRun(_, let base, _) = error.reason, let run, !run.fromCache,
              !skipping.contains(base) else { return nil }
        return RunPages(
            core: core, product: product, cell: cell, base: nil, budget: budget, concurrency: concurrency,
            skipping: skipping.union([base]), firstIncomplete: firstIncomplete ?? error,
            earlierRequests: earlierRequests + run.requests
        )
    }

    /// The next page, `nil` after the last.
    mutating func next() async throws(ForecastClientError) -> FetchedPage? {
        guard !finished else { return nil }
        do {
            return try await advance()
        } catch {
            finished = true
            canceller.cancelAll()
            inFlight.removeAll()
            if error.resultCode == .noData, let firstIncomplete { throw firstIncomplete }
            throw error
        }
    }

    private mutating func advance() async throws(ForecastClientError) -> FetchedPage? {
        guard var run else {
            // The recorded-client rule: a recording answers at its own instant, or says what it holds.
            let asked = RecordedRunTransport.Asked(products: [product], base: explicitBase)
            if let call = try core.overRecording(LocalForecast.Location(cell: cell, coordinate: nil, placeName: nil), asking: asked) {
                core = call.core
                recording = call.answerable.recording
            }
            let opened = try await core.open(product, cell: cell, explicitBase: explicitBase, budget: budget, skipping: skipping)
            self.run = opened
            notStarted = opened.remaining.map { Array($0) } ?? []
            if !opened.fromCache {
                fetchedBytes = opened.pages.map(\.bytes)
                fetchedEchoKey = opened.pages.contains(where: \.echoesKey)
            }
            delivered = 1
            startPages()
            if !opened.fromCache && opened.paging.isComplete { try complete(opened) }
            return opened.pages[0]
        }
        if run.fromCache {
            guard delivered < run.pages.count else { return finish() }
            delivered += 1
            return run.pages[delivered - 1]
        }
        guard !run.paging.isComplete else { return finish() }
        let pageNo = delivered + 1
        startPages()
        guard let task = inFlight.removeValue(forKey: pageNo) else {
            throw ForecastClientError(.paging(.unexpectedPage(requested: pageNo, next: run.paging.nextPage)))
        }
        let page: FetchedPage
        switch await withTaskCancellationHandler(operation: { await task.value }, onCancel: { task.cancel() }) {
        case .success(let fetched):
            page = fetched
        case .failure(let error) where error.resultCode == .noData:
            // Page 1 promised this page; a run cannot vanish halfway.
            let expected = run.paging.expectedItems(onPage: pageNo) ?? 0
            throw ForecastClientError(
                .paging(.itemCountMismatch(pageNo: pageNo, expected: expected, received: 0, totalCount: run.paging.totalCount ?? 0)),
                url: error.url, attempts: error.attempts
            )
        case .failure(let error):
            throw error
        }
        do {
            _ = try run.paging.accept(pageNo: pageNo, info: page.info)
        } catch {
            throw ForecastClientError(.paging(error), url: core.endpoint.displayURL(for: page.request), attempts: page.attempts)
        }
        try core.addRows(of: page, to: &run.rows, runLabel: run.baseLabel)
        run.requests += page.attempts
        fetchedBytes.append(page.bytes)
        fetchedEchoKey = fetchedEchoKey || page.echoesKey
        delivered = pageNo
        self.run = run
        if run.paging.isComplete { try complete(run) }
        startPages()
        return page
    }

    /// A page's items, for the item stream (see ``ClientCore/items(of:)``).
    func items(of page: FetchedPage) throws(ForecastClientError) -> [ForecastItem] {
        try core.items(of: page)
    }

    /// Starts page requests until `concurrency` are in flight.
    private mutating func startPages() {
        guard let run else { return }
        while inFlight.count < concurrency, !notStarted.isEmpty {
            let pageNo = notStarted.removeFirst()
            let request = PageRequest(product: run.product, cell: run.cell, base: run.base, pageNo: pageNo, numOfRows: run.paging.pageSize)
            let core = self.core
            let budget = self.budget
            // Awaited before the result is built (see `Result.init(awaiting:)`).
            @Sendable func fetchPage() async throws(ForecastClientError) -> FetchedPage { try await core.fetchPage(request, budget: budget) }
            let task = Task { await Result(awaiting: fetchPage) }
            inFlight[pageNo] = task
            canceller.add(task)
        }
    }

    /// The last page of a run from KMA is in and checked: make sure the rows are complete and
    /// have every category the product always has, then report the run and cache it.
    private func complete(_ run: OpenedRun) throws(ForecastClientError) {
        guard run.rows.completeness.isComplete else {
            throw ForecastClientError(.paging(.incomplete(received: run.rows.itemCount, expected: run.paging.totalCount ?? 0)))
        }
        if let incomplete = core.incompleteness(of: run) { throw incomplete }
        core.emit(.runFetched(
            product: run.product, cell: run.cell, base: run.base,
            items: run.paging.itemCount, pages: fetchedBytes.count, requests: run.requests
        ))
        core.store(fetchedBytes, echoesKey: fetchedEchoKey, pageSize: run.paging.pageSize, for: run)
    }

    private mutating func finish() -> FetchedPage? {
        finished = true
        return nil
    }
}

/// Cancels the page requests of a ``RunPages`` that is abandoned before its last page.
private final class TaskCanceller {
    private var tasks: [Task<Result<FetchedPage, ForecastClientError>, Never>] = []

    func add(_ task: Task<Result<FetchedPage, ForecastClientError>, Never>) {
        tasks.append(task)
    }

    func cancelAll() {
        for task in tasks { task.cancel() }
        tasks.removeAll()
    }

    deinit { cancelAll() }
}
