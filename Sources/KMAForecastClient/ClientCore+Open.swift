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
}

extension ClientCore {
    /// Chooses the run and fetches (or reads) its first page.
    ///
    /// Without `explicitBase`, the newest run is `schedule.latestBase(at: now)`. For it and up
    /// to ``ClientConfiguration/maxFallbackSteps`` earlier issuances, newest first:
    /// 1. a complete cached copy whose items make rows is served (no request); a file that is
    ///    unusable, or whose pages do not hold up, is removed (``ForecastClientEvent/cacheIgnored(path:reason:)``)
    ///    and the run is fetched from KMA instead, once;
    /// 2. a NO_DATA note younger than ``ClientConfiguration/noDataRecheckInterval`` skips
    ///    the run (no request);
    /// 3. otherwise page 1 is requested; NO_DATA (`03`) or an empty run (`00` with no items) is
    ///    noted and the next earlier run is tried; anything else is the answer or the error.
    ///
    /// With `explicitBase`, only that run is tried and NO_DATA notes are ignored.
    ///
    /// - Throws: ``ForecastClientError``; when every run tried failed so,
    ///   ``ForecastClientError/Reason/emptyRun(product:cell:tried:empty:)`` if KMA answered any
    ///   of them with an empty run, else ``ForecastClientError/Reason/noData(product:cell:tried:)``.
    func open(
        _ product: ForecastProduct, cell: GridCell, explicitBase: ForecastBase?, budget: RequestBudget?
    ) async throws(ForecastClientError) -> OpenedRun {
        let schedule = configuration.schedule(product)
        let now = configuration.now()
        let nowSeconds = KSTDateTime.unixSeconds(of: now)
        let newest = explicitBase ?? schedule.latestBase(at: now)
        var candidates = [newest]
        if explicitBase == nil {
            for _ in 0..<configuration.maxFallbackSteps {
                candidates.append(schedule.previousBase(before: candidates[candidates.count - 1]))
            }
        }
        var requests = 0
        var lastURL: String?
        /// The runs KMA answered with resultCode 00 and no items.
        var emptyRuns: [ForecastBase] = []
        for (step, base) in candidates.enumerated() {
            if step > 0 { emit(.fallback(product: product, cell: cell, from: candidates[step - 1], to: base)) }
            let key = ForecastCache.Key(provider: endpoint.provider, product: product, cell: cell, base: base)
            if let cache {
                switch cache.entry(for: key) {
                case .hit(let entry):
                    switch replay(entry, key: key) {
                    case .success(let replayed):
                        emit(.cacheHit(product: product, cell: cell, base: base))
                        return OpenedRun(
                            product: product, cell: cell, base: base, newestBase: newest, fallbackSteps: step,
                            fromCache: true, requests: requests, paging: replayed.paging, rows: replayed.rows,
                            pages: replayed.pages, remaining: nil, baseLabel: replayed.pages.first?.baseLabel
                        )
                    case .failure(let unusable):
                        discard(cache.pagesPath(key), reason: unusable.text)
                    }
                case .unusable(let path, let reason):
                    discard(path, reason: reason)
                case .miss:
                    break
                }
                // checked ≥ 0 and nowSeconds ≥ checked, so the difference cannot overflow; the
                // comparison is on Duration, so no interval traps either.
                if explicitBase == nil, let checked = cache.noDataCheckedAt(key), nowSeconds >= checked,
                   Duration.seconds(nowSeconds - checked) < configuration.noDataRecheckInterval {
                    continue
                }
            }
            let request = PageRequest(product: product, cell: cell, base: base, pageNo: 1, numOfRows: configuration.pageSize)
            lastURL = endpoint.displayURL(for: request)
            let first: FetchedPage
            do {
                first = try await fetchPage(request, budget: budget)
            } catch where error.resultCode == .noData || error.reason == .response(.emptyRun) {
                requests += error.attempts
                if error.reason == .response(.emptyRun) { emptyRuns.append(base) }
                noteNoData(key, at: nowSeconds)
                continue
            }
            requests += first.attempts
            let info = first.page.info
            var paging = PageStateMachine(pageSize: configuration.pageSize)
            let remaining: ClosedRange<Int>?
            do {
                remaining = try paging.accept(pageNo: 1, info: info)
            } catch {
                throw ForecastClientError(.paging(error), url: lastURL, attempts: first.attempts)
            }
            var rows = ForecastRowBuilder()
            try addRows(of: first, to: &rows, runLabel: first.baseLabel)
            return OpenedRun(
                product: product, cell: cell, base: base, newestBase: newest, fallbackSteps: step,
                fromCache: false, requests: requests, paging: paging, rows: rows, pages: [first], remaining: remaining,
                baseLabel: first.baseLabel
            )
        }
        if !emptyRuns.isEmpty {
            throw ForecastClientError(.emptyRun(product: product, cell: cell, tried: candidates, empty: emptyRuns), url: lastURL, attempts: requests)
        }
        throw ForecastClientError(.noData(product: product, cell: cell, tried: candidates), url: lastURL, attempts: requests)
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
                let page = FetchedPage(request: request, bytes: bytes, page: checked.page, baseLabel: checked.baseLabel, attempts: 0)
                do {
                    _ = try paging.accept(pageNo: index + 1, info: page.page.info)
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
        return .success((pages, paging, rows))
    }

    /// Removes a cache file that cannot be used, and says why. (The fetch from KMA that follows
    /// would replace it anyway; removed, it is not read again should that fetch fail.)
    private func discard(_ path: String, reason: String) {
        CacheFileSystem.remove(path)
        emit(.cacheIgnored(path: path, reason: reason))
    }

    /// Notes NO_DATA for a run in the cache, if there is one.
    private func noteNoData(_ key: ForecastCache.Key, at seconds: Int64) {
        guard let cache else { return }
        do {
            try cache.noteNoData(key, at: seconds)
        } catch {
            emit(.cacheWriteFailed(path: error.path, reason: error.reason))
        }
    }

    /// Stores a run fetched from KMA. Only for a run known good: every page checked, its items
    /// made into rows, complete.
    func store(_ pages: [[UInt8]], pageSize: Int, for run: OpenedRun) {
        guard let cache else { return }
        let key = ForecastCache.Key(provider: endpoint.provider, product: run.product, cell: run.cell, base: run.base)
        guard !pages.contains(where: endpoint.key.occurs(in:)) else {
            emit(.cacheWriteFailed(path: cache.pagesPath(key), reason: "KMA's answer contains the service key, so it is not stored"))
            return
        }
        do {
            try cache.store(ForecastCache.Entry(pageSize: pageSize, pages: pages), for: key)
        } catch {
            emit(.cacheWriteFailed(path: error.path, reason: error.reason))
        }
    }
}
