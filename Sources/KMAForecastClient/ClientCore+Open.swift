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
    /// From the cache: all pages. From KMA: page 1.
    var pages: [FetchedPage]
    /// From KMA: the pages still to fetch.
    var remaining: ClosedRange<Int>?
}

extension ClientCore {
    /// Chooses the run and fetches (or reads) its first page.
    ///
    /// Without `explicitBase`, the newest run is `schedule.latestBase(at: now)`. For it and up
    /// to ``ClientConfiguration/maxFallbackSteps`` earlier issuances, newest first:
    /// 1. a complete cached copy is served (no request);
    /// 2. a NO_DATA note younger than ``ClientConfiguration/noDataRecheckInterval`` skips
    ///    the run (no request);
    /// 3. otherwise page 1 is requested; NO_DATA (`03`) or an empty run is noted and the
    ///    next earlier run is tried; anything else is the answer or the error.
    ///
    /// With `explicitBase`, only that run is tried and NO_DATA notes are ignored.
    ///
    /// - Throws: ``ForecastClientError``; ``ForecastClientError/Reason/noData(product:cell:tried:)``
    ///   when every run tried had no data.
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
        for (step, base) in candidates.enumerated() {
            if step > 0 { emit(.fallback(product: product, cell: cell, from: candidates[step - 1], to: base)) }
            let key = ForecastCache.Key(provider: endpoint.provider, product: product, cell: cell, base: base)
            if let cache {
                switch cache.entry(for: key) {
                case .hit(let entry):
                    if let pages = replay(entry, key: key, path: cache.pagesPath(key)) {
                        emit(.cacheHit(product: product, cell: cell, base: base))
                        return OpenedRun(
                            product: product, cell: cell, base: base, newestBase: newest, fallbackSteps: step,
                            fromCache: true, requests: requests, paging: pages.paging, pages: pages.pages, remaining: nil
                        )
                    }
                case .unusable(let path, let reason):
                    emit(.cacheIgnored(path: path, reason: reason))
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
            } catch where error.resultCode == .noData {
                requests += error.attempts
                noteNoData(key, at: nowSeconds)
                continue
            }
            requests += first.attempts
            let info = first.page.info
            if info.itemCount == 0 && (info.totalCount ?? 0) == 0 {
                noteNoData(key, at: nowSeconds)
                continue
            }
            var paging = PageStateMachine(pageSize: configuration.pageSize)
            let remaining: ClosedRange<Int>?
            do {
                remaining = try paging.accept(pageNo: 1, info: info)
            } catch {
                throw ForecastClientError(.paging(error), url: lastURL, attempts: first.attempts)
            }
            return OpenedRun(
                product: product, cell: cell, base: base, newestBase: newest, fallbackSteps: step,
                fromCache: false, requests: requests, paging: paging, pages: [first], remaining: remaining
            )
        }
        throw ForecastClientError(.noData(product: product, cell: cell, tried: candidates), url: lastURL, attempts: requests)
    }

    /// A cached entry decoded and checked exactly like pages from KMA; `nil` (and an event)
    /// if it does not hold up.
    private func replay(_ entry: ForecastCache.Entry, key: ForecastCache.Key, path: String) -> (pages: [FetchedPage], paging: PageStateMachine)? {
        var paging = PageStateMachine(pageSize: entry.pageSize)
        var pages: [FetchedPage] = []
        for (index, bytes) in entry.pages.enumerated() {
            let request = PageRequest(product: key.product, cell: key.cell, base: key.base, pageNo: index + 1, numOfRows: entry.pageSize)
            do throws(ForecastClientError) {
                let page = try decode(bytes, for: request)
                do {
                    _ = try paging.accept(pageNo: index + 1, info: page.info)
                } catch {
                    throw ForecastClientError(.paging(error))
                }
                pages.append(FetchedPage(request: request, bytes: bytes, page: page, attempts: 0))
            } catch {
                emit(.cacheIgnored(path: path, reason: error.description))
                return nil
            }
        }
        guard paging.isComplete else {
            emit(.cacheIgnored(path: path, reason: "it holds \(paging.itemCount) items but totalCount is \(paging.totalCount ?? 0)"))
            return nil
        }
        return (pages, paging)
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

    /// Stores a complete run fetched from KMA.
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
