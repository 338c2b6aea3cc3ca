import KMAForecast

/// A side service's answer found in the cache: its value (the first page's), every page's, and
/// the stored file's numbers.
struct SideCached<Value: Sendable>: Sendable {
    var value: Value
    var pages: [Value]
    var stored: ForecastCache.StoredAnswer
}

/// What the cache says about one issue of a side service.
enum SideCacheStep<Value: Sendable>: Sendable {
    /// A stored answer to serve with no request.
    case fresh(SideCached<Value>)
    /// A stored answer past its ``SideFreshness/revalidated(freshFor:)`` time: ask KMA's count first.
    case stale(SideCached<Value>)
    /// NO_DATA was noted for the issue less than ``ClientConfiguration/noDataRecheckInterval`` ago: pass over it.
    case skip
    /// Nothing usable: ask KMA.
    case ask
}

extension ClientCore {
    /// The cache's answer for one issue (``SideCacheStep``). A stored file that is unusable,
    /// does not decode, or is for another subject (an older version kept whatever KMA sent) is
    /// removed and reported (``ForecastClientEvent/cacheIgnored(path:reason:)``).
    func cached<Service: SideService>(
        _ service: Service, issue: Service.Issue, entry: ForecastCache.ServiceEntry, endpoint: Endpoint, now: Int64
    ) -> SideCacheStep<Service.Value> {
        guard let cache else { return .ask }
        switch cache.serviceAnswer(entry) {
        case .hit(let stored):
            do throws(ForecastResponseError) {
                var pages: [Service.Value] = []
                for body in stored.bodies {
                    let value = try decoded(body, service, issue, endpoint: endpoint)
                    let said = service.subject(of: value)
                    guard said.isEmpty || said == service.subject else {
                        throw .unexpectedShape("the stored answer is for \(service.subjectNoun) \(said), not \(service.subject)")
                    }
                    pages.append(value)
                }
                guard let first = pages.first else { throw .unexpectedShape("the stored answer has no body") }
                let found = SideCached(value: first, pages: pages, stored: stored)
                if case .revalidated(let freshFor) = service.freshness {
                    let age = now - stored.fetchedAt
                    guard age >= 0, Duration.seconds(age) < freshFor(configuration) else { return .stale(found) }
                }
                emit(service.cacheHit(issue, revalidated: false))
                return .fresh(found)
            } catch {
                cache.remove(cache.path(entry))
                emit(.cacheIgnored(path: cache.path(entry), reason: error.description))
            }
        case .unusable(let path, let reason):
            cache.remove(path)
            emit(.cacheIgnored(path: path, reason: reason))
        case .miss:
            break
        }
        if let checked = cache.noDataCheckedAt(entry), now >= checked,
           Duration.seconds(now - checked) < configuration.noDataRecheckInterval {
            return .skip
        }
        return .ask
    }

    /// Stores KMA's answer, unless a body contains the service key (then says so), and tidies
    /// the folder by the service's freshness rule; a failed write is reported, never thrown.
    func store(_ stored: ForecastCache.StoredAnswer, entry: ForecastCache.ServiceEntry, endpoint: Endpoint) {
        guard let cache else { return }
        if stored.bodies.contains(where: { endpoint.key.occurs(in: $0) }) {
            emit(.cacheWriteFailed(path: cache.path(entry), reason: "KMA's answer contains the service key, so it is not stored"))
            return
        }
        do {
            try cache.store(stored, entry: entry)
        } catch {
            emit(.cacheWriteFailed(path: error.path, reason: error.reason))
        }
    }

    /// Notes that KMA has no answer for an issue (NO_DATA, or no item), so it is not asked
    /// again for a while; a failed write is reported.
    func noteNoData(_ entry: ForecastCache.ServiceEntry, now: Int64) {
        guard let cache else { return }
        do {
            try cache.noteNoData(entry, at: now)
        } catch {
            emit(.cacheWriteFailed(path: error.path, reason: error.reason))
        }
    }

    /// Every page of a growing answer (``SideFreshness/revalidated(freshFor:)``): from the cache
    /// while fresh, then revalidated with one request of one row (the same count: the file is
    /// served, its fetch time renewed), else every page fetched (1000 rows a page, each checked
    /// for the count of the first; a count that changes while paging starts over once). Never
    /// throws: the error is the result.
    func fetchRevalidated<Service: SideService>(
        _ service: Service, issue: Service.Issue, budget: RequestBudget?
    ) async -> Result<SideFetched<Service>, ForecastClientError> {
        guard let endpoint = Service.endpoint(in: self) else {
            return .failure(ForecastClientError(.invalidConfiguration("no \(Service.root.label) URL"), service: Service.root.service))
        }
        let now = KSTDateTime.unixSeconds(of: configuration.now())
        let entry = ForecastCache.ServiceEntry(service, issue: issue, endpoint: endpoint)
        var requests = 0
        switch cached(service, issue: issue, entry: entry, endpoint: endpoint, now: now) {
        case .fresh(let found):
            return .success(SideFetched(value: found.value, pages: found.pages, issue: issue, fromCache: true, requests: 0, fetchedAt: found.stored.fetchedAt))
        case .stale(let found):
            let probe = await ask(service, issue, page: SidePage(pageNo: 1, numOfRows: 1), endpoint: endpoint, budget: budget)
            requests += probe.attempts
            switch probe.result {
            case .success(let page) where service.count(of: page.value)?.total == found.stored.total:
                var renewed = found.stored
                renewed.fetchedAt = now
                store(renewed, entry: entry, endpoint: endpoint)
                emit(service.cacheHit(issue, revalidated: true))
                return .success(SideFetched(value: found.value, pages: found.pages, issue: issue, fromCache: true, requests: requests, fetchedAt: now))
            case .success:
                break
            case .failure(let error):
                return .failure(Self.serviceError(error, Service.root.service, host: endpoint.host, attempts: requests))
            }
        case .skip, .ask:
            break
        }
        return await fetchPages(service, issue: issue, entry: entry, endpoint: endpoint, now: now, budget: budget, requests: requests)
    }

    /// Every page of an issue from KMA, each checked for the first page's count; a count that
    /// changes while paging starts over once. The answer is cached.
    private func fetchPages<Service: SideService>(
        _ service: Service, issue: Service.Issue, entry: ForecastCache.ServiceEntry, endpoint: Endpoint, now: Int64, budget: RequestBudget?, requests: Int
    ) async -> Result<SideFetched<Service>, ForecastClientError> {
        var requests = requests
        for _ in 0..<2 {
            var bodies: [[UInt8]] = []
            var pages: [Service.Value] = []
            var total = 0
            var items = 0
            var changed = false
            for pageNo in 1...100 {
                let answer = await ask(service, issue, page: SidePage(pageNo: pageNo, numOfRows: 1000), endpoint: endpoint, budget: budget)
                requests += answer.attempts
                let fetched: (value: Service.Value, body: [UInt8])
                switch answer.result {
                case .failure(let error): return .failure(Self.serviceError(error, Service.root.service, host: endpoint.host, attempts: requests))
                case .success(let value): fetched = value
                }
                let count = service.count(of: fetched.value) ?? (total: 1, items: 1)
                if pageNo == 1 { total = count.total }
                guard count.total == total else {
                    changed = true
                    break
                }
                bodies.append(fetched.body)
                pages.append(fetched.value)
                items += count.items
                if items >= total || count.items == 0 { break }
            }
            guard !changed, let first = pages.first else { continue }
            // Pages that end before KMA's count are a cut-short answer: using it would read the
            // missing items as gone (for the warnings, their warnings as released).
            guard items >= total else {
                return .failure(ForecastClientError(.paging(.incomplete(received: items, expected: total)), attempts: requests, service: Service.root.service))
            }
            store(ForecastCache.StoredAnswer(bodies: bodies, fetchedAt: now, total: total), entry: entry, endpoint: endpoint)
            return .success(SideFetched(value: first, pages: pages, issue: issue, fromCache: false, requests: requests, fetchedAt: now))
        }
        return .failure(ForecastClientError(
            .invalidConfiguration("KMA's count of \(Service.root.itemsName) changed twice while its pages were read; try again"), attempts: requests, service: Service.root.service
        ))
    }
}
