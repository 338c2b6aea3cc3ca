import KMAForecast
import KMAGrid

/// A run chosen and started: from the cache (every page, checked), or from KMA (page 1 in,
/// the remaining page numbers known).
struct OpenedRun: Sendable {
    var product: ForecastProduct
    var cell: GridCell
    var base: ForecastBase
    var newestBase: ForecastBase
    var fallbackSteps: Int
    var fromCache: Bool
    /// HTTP requests so far (NO_DATA answers for newer runs included).
    var requests: Int
    /// The paging state after the pages in ``pages``.
    var paging: PageStateMachine
    /// The rows of the pages in ``pages``: from the cache the whole run, from KMA page 1's.
    var rows: ForecastRowBuilder
    /// From the cache: all pages. From KMA: page 1.
    var pages: [FetchedPage]
    /// From KMA: the pages still to fetch.
    var remaining: ClosedRange<Int>?
    /// The label KMA put on the run's items when it was not ``base`` (see ``ForecastRun/labelledBase``).
    var baseLabel: ForecastBase?
    /// When the pages were fetched from KMA (or, from the cache, last confirmed unchanged):
    /// Unix seconds from the client's clock, taken before any request.
    var fetchedAt: Int64
    /// KMA's version of the run's file, obtained before its pages; `nil` when unknown.
    var fileVersion: ForecastFileVersion?
}

extension ClientCore {
    /// Chooses the run and fetches (or reads) its first page.
    ///
    /// Without `explicitBase`, the newest run is `schedule.latestBase(at: now)`. For it and up
    /// to ``ClientConfiguration/maxFallbackSteps`` earlier issuances, newest first (those in
    /// `skipping` are passed over: found incomplete by this fetch already):
    /// 1. a complete cached copy whose items make rows, with every category its product always
    ///    has, is served if it is still current (``revalidate(_:key:budget:now:)``): a
    ///    short-term run always, a nowcast or ultra-short run until KMA's next 10-minute update
    ///    after it was fetched, or after that when `getFcstVersion` shows the same file (one
    ///    request). A file that is unusable, or whose pages do not hold up, is removed
    ///    (``ForecastClientEvent/cacheIgnored(path:reason:)``); an outdated one is left to be
    ///    replaced; either way the run is fetched from KMA instead;
    /// 2. a NO_DATA note younger than ``ClientConfiguration/noDataRecheckInterval`` skips
    ///    the run (no request);
    /// 3. otherwise, for a nowcast or ultra-short run with the cache on, its file version is
    ///    obtained first (``currentVersion(_:base:cell:budget:now:)``: first, so a version
    ///    stored with the pages is never newer than they are), then page 1 is requested;
    ///    NO_DATA (`03`) or an empty run (`00` with no items) is noted and the next earlier run
    ///    is tried; anything else is the answer or the error.
    ///
    /// With `explicitBase`, only that run is tried and NO_DATA notes are ignored.
    ///
    /// - Throws: ``ForecastClientError``; when every run tried failed so,
    ///   ``ForecastClientError/Reason/emptyRun(product:cell:tried:empty:)`` if KMA answered any
    ///   of them with an empty run, else ``ForecastClientError/Reason/noData(product:cell:tried:)``.
    func open(
        _ product: ForecastProduct, cell: GridCell, explicitBase: ForecastBase?, budget: RequestBudget?,
        skipping: Set<ForecastBase> = []
    ) async throws(ForecastClientError) -> OpenedRun {
        let now = configuration.now()
        let nowSeconds = KSTDateTime.unixSeconds(of: now)
        let candidates = self.candidates(product, newest: explicitBase ?? configuration.schedule(product).latestBase(at: now), explicit: explicitBase != nil)
        var tried = OpeningTally()
        for (step, base) in candidates.enumerated() {
            if step > 0 { emit(.fallback(product: product, cell: cell, from: candidates[step - 1], to: base)) }
            if skipping.contains(base) { continue }
            let attempt = RunAttempt(product: product, cell: cell, base: base, newest: candidates[0], step: step, now: nowSeconds)
            // Awaited into a local (see `Result.init(awaiting:)`).
            let cached = try await fromCache(attempt, explicitBase: explicitBase, budget: budget, tally: &tried)
            let version: FileVersionMemo.Known?
            switch cached {
            case .served(let run): return run
            case .skip: continue
            case .fetch(let known): version = known
            }
            let request = PageRequest(product: product, cell: cell, base: base, pageNo: 1, numOfRows: configuration.pageSize)
            tried.lastURL = endpoint.displayURL(for: request)
            let fetched = try await firstPage(request, attempt, budget: budget, tally: &tried)
            guard let first = fetched else { continue }
            return try started(attempt, first: first, requests: tried.requests, fileVersion: version?.version)
        }
        if !tried.emptyRuns.isEmpty {
            throw ForecastClientError(.emptyRun(product: product, cell: cell, tried: candidates, empty: tried.emptyRuns), url: tried.lastURL, attempts: tried.requests)
        }
        throw ForecastClientError(.noData(product: product, cell: cell, tried: candidates), url: tried.lastURL, attempts: tried.requests)
    }

    /// One run ``open(_:cell:explicitBase:budget:skipping:)`` tries: which, and where it stands
    /// among the candidates.
    struct RunAttempt: Sendable {
        var product: ForecastProduct
        var cell: GridCell
        var base: ForecastBase
        /// The newest run (the first candidate).
        var newest: ForecastBase
        /// How many runs before this one were tried (0 for the newest).
        var step: Int
        /// The client's clock in Unix seconds, taken once before any request.
        var now: Int64
    }

    /// What the runs tried so far came to: the requests made, the last URL shown, and the runs
    /// KMA answered with resultCode 00 and no items.
    struct OpeningTally: Sendable {
        var requests = 0
        var lastURL: String?
        var emptyRuns: [ForecastBase] = []
    }

    /// What the cache says about a run: served as it is, skipped (a recent NO_DATA note), or
    /// to be fetched from KMA, with its current file version when one was obtained.
    enum CacheStep: Sendable {
        case served(OpenedRun)
        case skip
        case fetch(FileVersionMemo.Known?)
    }

    /// The runs to try, newest first: an `explicit` base alone, or `newest` and up to
    /// ``ClientConfiguration/maxFallbackSteps`` earlier issuances.
    func candidates(_ product: ForecastProduct, newest: ForecastBase, explicit: Bool) -> [ForecastBase] {
        let schedule = configuration.schedule(product)
        var candidates = [newest]
        if !explicit {
            for _ in 0..<configuration.maxFallbackSteps {
                candidates.append(schedule.previousBase(before: candidates[candidates.count - 1]))
            }
        }
        return candidates
    }

    /// Steps 1 to 3 of ``open(_:cell:explicitBase:budget:skipping:)`` for one run, without the
    /// page request: a current cached copy served, a recent NO_DATA note skipped, else the
    /// file version obtained (nowcast and ultra-short, with the cache on) before page 1 is asked.
    func fromCache(
        _ attempt: RunAttempt, explicitBase: ForecastBase?, budget: RequestBudget?, tally: inout OpeningTally
    ) async throws(ForecastClientError) -> CacheStep {
        guard let cache else { return .fetch(nil) }
        let key = cacheKey(attempt.product, cell: attempt.cell, base: attempt.base)
        var version: FileVersionMemo.Known?
        var versionFailed = false
        switch cache.entry(for: key) {
        case .hit(let entry):
            switch replay(entry, key: key) {
            case .success(let replayed):
                let revalidation = try await revalidate(entry, key: key, budget: budget, now: attempt.now)
                tally.requests += revalidation.attempts
                switch revalidation.outcome {
                case .current(let fetchedAt):
                    emit(.cacheHit(product: attempt.product, cell: attempt.cell, base: attempt.base))
                    return .served(OpenedRun(
                        product: attempt.product, cell: attempt.cell, base: attempt.base, newestBase: attempt.newest, fallbackSteps: attempt.step,
                        fromCache: true, requests: tally.requests, paging: replayed.paging, rows: replayed.rows,
                        pages: replayed.pages, remaining: nil, baseLabel: replayed.pages.first?.baseLabel, fetchedAt: fetchedAt, fileVersion: entry.fileVersion
                    ))
                case .outdated(let current, let failed):
                    version = current
                    versionFailed = failed
                }
            case .failure(let unusable):
                discard(cache.pagesPath(key), reason: unusable.text)
            }
        case .unusable(let path, let reason):
            discard(path, reason: reason)
        case .miss:
            break
        }
        // checked ≥ 0 and now ≥ checked, so the difference cannot overflow; the comparison is
        // on Duration, so no interval traps either.
        if explicitBase == nil, let checked = cache.noDataCheckedAt(key), attempt.now >= checked,
           Duration.seconds(attempt.now - checked) < configuration.noDataRecheckInterval {
            return .skip
        }
        if version == nil, !versionFailed, attempt.product.contentUpdateInterval != nil, budget.map({ $0.remaining >= 2 }) ?? true {
            let check = await currentVersion(attempt.product, base: attempt.base, cell: attempt.cell, budget: budget, now: attempt.now)
            tally.requests += check.attempts
            switch check.result {
            case .success(let known): version = known
            case .failure(let error) where error.reason == .cancelled: throw error
            case .failure: break
            }
        }
        return .fetch(version)
    }

    /// Page 1 of a run from KMA, or `nil` when KMA has no such run (NO_DATA, or an empty run,
    /// noted in the cache and the tally) so the next earlier one is tried.
    func firstPage(
        _ request: PageRequest, _ attempt: RunAttempt, budget: RequestBudget?, tally: inout OpeningTally
    ) async throws(ForecastClientError) -> FetchedPage? {
        let first: FetchedPage
        do {
            first = try await fetchPage(request, budget: budget)
        } catch where error.resultCode == .noData || error.reason == .response(.emptyRun) {
            tally.requests += error.attempts
            if error.reason == .response(.emptyRun) { tally.emptyRuns.append(attempt.base) }
            noteNoData(cacheKey(attempt.product, cell: attempt.cell, base: attempt.base), at: attempt.now)
            return nil
        }
        tally.requests += first.attempts
        return first
    }

    /// The run started from KMA's page 1: its paging checked (an absurd `totalCount` refused
    /// before a second request is spent on it) and its rows begun.
    func started(
        _ attempt: RunAttempt, first: FetchedPage, requests: Int, fileVersion: ForecastFileVersion?
    ) throws(ForecastClientError) -> OpenedRun {
        let info = first.info
        var paging = PageStateMachine(pageSize: configuration.pageSize)
        let remaining: ClosedRange<Int>?
        do throws(PagingError) {
            // A run of one cell has a known size: refuse an absurd totalCount now.
            if let total = info.totalCount, total > attempt.product.plausibleItemLimit {
                throw PagingError.implausibleTotalCount(total)
            }
            remaining = try paging.accept(pageNo: 1, info: info)
        } catch {
            throw ForecastClientError(.paging(error), url: endpoint.displayURL(for: first.request), attempts: first.attempts)
        }
        var rows = ForecastRowBuilder()
        try addRows(of: first, to: &rows, runLabel: first.baseLabel)
        return OpenedRun(
            product: attempt.product, cell: attempt.cell, base: attempt.base, newestBase: attempt.newest, fallbackSteps: attempt.step,
            fromCache: false, requests: requests, paging: paging, rows: rows, pages: [first], remaining: remaining,
            baseLabel: first.baseLabel, fetchedAt: attempt.now, fileVersion: fileVersion
        )
    }

    /// Whether a cached run may be served as current.
    enum Revalidation: Sendable {
        /// Yes; it is known current as of `fetchedAt` (Unix seconds).
        case current(fetchedAt: Int64)
        /// No: fetch it again. `version` is KMA's current file version when it was just asked
        /// for (to store with the new pages); `versionFailed` when asking failed (so it is not
        /// asked again in this fetch).
        case outdated(version: FileVersionMemo.Known?, versionFailed: Bool)
    }

    /// A ``Revalidation`` and the requests it took.
    struct RevalidationResult: Sendable {
        var outcome: Revalidation
        var attempts: Int
    }

    /// Decides whether a cached run is still KMA's current content.
    ///
    /// - A short-term run: yes (the schedule moves on to the next run when it is due).
    /// - A nowcast or ultra-short run fetched at `f`: yes until KMA's next 10-minute update
    ///   after `f` (``ForecastProduct/nextContentUpdate(after:)``: fetched 14:12 → until
    ///   14:19:59; at 14:20:00 it is due). From then, if the file records KMA's version and
    ///   the budget allows the check and a refetch, one `getFcstVersion` request: the same
    ///   version → yes, and the file's fetch time is renewed; another → no. Without a stored
    ///   version, or when the check fails, → no: a run that may have changed is never served
    ///   as current.
    ///
    /// - Throws: Only ``ForecastClientError/Reason/cancelled``.
    func revalidate(
        _ entry: ForecastCache.Entry, key: ForecastCache.Key, budget: RequestBudget?, now: Int64
    ) async throws(ForecastClientError) -> RevalidationResult {
        let product = key.product
        let fetched = KSTDateTime(unixSeconds: entry.fetchedAt)
        guard let update = product.nextContentUpdate(after: fetched) else {
            return RevalidationResult(outcome: .current(fetchedAt: entry.fetchedAt), attempts: 0)
        }
        if entry.fetchedAt <= now && now < update.unixSeconds {
            return RevalidationResult(outcome: .current(fetchedAt: entry.fetchedAt), attempts: 0)
        }
        let age = entry.fetchedAt <= now
            ? "it was fetched at \(fetched.iso8601), before KMA's update at \(update.iso8601)"
            : "it was fetched at \(fetched.iso8601), after the clock's \(KSTDateTime(unixSeconds: now).iso8601)"
        guard let stored = entry.fileVersion else {
            emit(.cacheOutdated(product: product, cell: key.cell, base: key.base, reason: "\(age), and its file version is unknown"))
            return RevalidationResult(outcome: .outdated(version: nil, versionFailed: false), attempts: 0)
        }
        if let budget, budget.remaining <= entry.pages.count {
            emit(.cacheOutdated(product: product, cell: key.cell, base: key.base, reason: "\(age); the request budget has too few requests left to check its version first"))
            return RevalidationResult(outcome: .outdated(version: nil, versionFailed: true), attempts: 0)
        }
        let check = await currentVersion(product, base: key.base, cell: key.cell, budget: budget, now: now)
        switch check.result {
        case .success(let known) where known.version == stored:
            var renewed = entry
            renewed.fetchedAt = max(known.checkedAt, 0)
            if let cache {
                do {
                    try cache.store(renewed, for: key)
                } catch {
                    emit(.cacheWriteFailed(path: error.path, reason: error.reason))
                }
            }
            emit(.cacheRevalidated(product: product, cell: key.cell, base: key.base, version: stored))
            return RevalidationResult(outcome: .current(fetchedAt: renewed.fetchedAt), attempts: check.attempts)
        case .success(let known):
            emit(.cacheOutdated(product: product, cell: key.cell, base: key.base, reason: "\(age): KMA's file is now version \(known.version), the cached one is \(stored)"))
            return RevalidationResult(outcome: .outdated(version: known, versionFailed: false), attempts: check.attempts)
        case .failure(let error):
            if error.reason == .cancelled { throw error }
            emit(.cacheOutdated(product: product, cell: key.cell, base: key.base, reason: "\(age), and its file version could not be checked: \(error)"))
            return RevalidationResult(outcome: .outdated(version: nil, versionFailed: true), attempts: check.attempts)
        }
    }

    /// A cached entry decoded and checked exactly like pages from KMA, and its rows built; why
    /// not, if it does not hold up.
    private func replay(
        _ entry: ForecastCache.Entry, key: ForecastCache.Key
    ) -> Result<(pages: [FetchedPage], paging: PageStateMachine, rows: ForecastRowBuilder), ForecastCache.Unusable> {
        var paging = PageStateMachine(pageSize: entry.pageSize)
        var rows = ForecastRowBuilder()
        var pages: [FetchedPage] = []
        for (index, bytes) in entry.pages.enumerated() {
            let request = PageRequest(product: key.product, cell: key.cell, base: key.base, pageNo: index + 1, numOfRows: entry.pageSize)
            do throws(ForecastClientError) {
                let checked = try decode(bytes, for: request)
                let page = FetchedPage(request: request, bytes: bytes, checked: checked, attempts: 0)
                do {
                    _ = try paging.accept(pageNo: index + 1, info: page.info)
                } catch {
                    throw ForecastClientError(.paging(error))
                }
                try addRows(of: page, to: &rows, runLabel: pages.first?.baseLabel ?? page.baseLabel)
                pages.append(page)
            } catch {
                return .failure(ForecastCache.Unusable(text: error.description))
            }
        }
        guard paging.isComplete, rows.completeness.isComplete else {
            return .failure(ForecastCache.Unusable(text: "it holds \(rows.itemCount) items but totalCount is \(paging.totalCount ?? 0)"))
        }
        let missing = key.product.missingCategories(in: rows.rows())
        guard missing.isEmpty else {
            return .failure(ForecastCache.Unusable(text: "its first forecast hour lacks \(missing.map(\.code).joined(separator: ", "))"))
        }
        return .success((pages, paging, rows))
    }

    /// What identifies a run of this client's provider and service root in the cache.
    func cacheKey(_ product: ForecastProduct, cell: GridCell, base: ForecastBase) -> ForecastCache.Key {
        ForecastCache.Key(provider: endpoint.provider, product: product, cell: cell, base: base, root: endpoint.baseURL)
    }

    /// Removes a cache file that cannot be used, and says why. (The fetch from KMA that follows
    /// would replace it anyway; removed, it is not read again should that fetch fail.)
    private func discard(_ path: String, reason: String) {
        cache?.remove(path)
        emit(.cacheIgnored(path: path, reason: reason))
    }

    /// Notes NO_DATA (or an incomplete run) for a run in the cache, if there is one.
    func noteNoData(_ key: ForecastCache.Key, at seconds: Int64) {
        guard let cache else { return }
        do {
            try cache.noteNoData(key, at: seconds)
        } catch {
            emit(.cacheWriteFailed(path: error.path, reason: error.reason))
        }
    }

    /// The error for a run from KMA that lacks categories its product always has, after
    /// noting it like NO_DATA, so that for ``ClientConfiguration/noDataRecheckInterval`` the
    /// newest-run search passes it over without a request; `nil` for a run that has them all.
    func incompleteness(of run: OpenedRun) -> ForecastClientError? {
        let missing = run.product.missingCategories(in: run.rows.rows())
        guard !missing.isEmpty else { return nil }
        let key = cacheKey(run.product, cell: run.cell, base: run.base)
        noteNoData(key, at: KSTDateTime.unixSeconds(of: configuration.now()))
        return ForecastClientError(
            .incompleteRun(product: run.product, base: run.base, missing: missing),
            url: run.pages.first.map { endpoint.displayURL(for: $0.request) }, attempts: run.requests
        )
    }

    /// Stores a run fetched from KMA, with its fetch time and file version. Only for a run
    /// known good: every page checked, its items made into rows, complete, every required
    /// category there.
    ///
    /// - Parameter echoesKey: Whether any page contains the service key (found when each page
    ///   was decoded, ``FetchedPage/echoesKey``): such a run is not stored.
    func store(_ pages: [[UInt8]], echoesKey: Bool, pageSize: Int, for run: OpenedRun) {
        guard let cache else { return }
        let key = cacheKey(run.product, cell: run.cell, base: run.base)
        guard !echoesKey else {
            emit(.cacheWriteFailed(path: cache.pagesPath(key), reason: "KMA's answer contains the service key, so it is not stored"))
            return
        }
        do {
            try cache.store(ForecastCache.Entry(pageSize: pageSize, pages: pages, fetchedAt: max(run.fetchedAt, 0), fileVersion: run.fileVersion), for: key)
        } catch {
            emit(.cacheWriteFailed(path: error.path, reason: error.reason))
        }
    }
}
