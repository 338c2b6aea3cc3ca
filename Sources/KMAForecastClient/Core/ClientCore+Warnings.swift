import KMAForecast
import KMAGrid

/// Zone events as delivered: every event of the period, and how they were had.
struct WarningsFetched: Sendable {
    var events: [WarningEvent]
    var window: WarningsWindow
    var fromCache: Bool
    /// HTTP requests made.
    var requests: Int
    /// When the events were fetched from KMA (Unix seconds; a revalidated file's renewed time).
    var fetchedAt: Int64
}

extension ClientCore {
    /// The warning endpoint of a configuration, checked like the others.
    ///
    /// - Throws: ``ForecastClientError/Reason/invalidBaseURL(_:)`` (service warnings).
    static func warningsEndpoint(_ configuration: ClientConfiguration) throws(ForecastClientError) -> Endpoint {
        try serviceEndpoint(warningsBaseURL(configuration), service: .warnings, configuration)
    }

    /// The warning service root: ``ClientConfiguration/warningsBaseURL``; else, when
    /// ``ClientConfiguration/baseURL`` is set, the same root with its last path component
    /// replaced by `WthrWrnInfoService` (the mid-term rule, ``siblingServiceRoot(_:named:)``); else the
    /// provider's default.
    static func warningsBaseURL(_ configuration: ClientConfiguration) -> String {
        configuration.warningsBaseURL ?? siblingServiceRoot(configuration.baseURL, named: "WthrWrnInfoService")
            ?? configuration.provider.defaultWarningsBaseURL
    }

    /// Every zone event of the window ending today (KST, by the client's clock): from the cache
    /// while fresh (``ClientConfiguration/warningsFreshFor``), then revalidated with one request
    /// of one row (same `totalCount`: the file is served), else every page fetched (1000 rows a
    /// page, each page checked for the count of the first; a count that changes while paging
    /// starts the period over once). Never throws: the error is the result.
    func fetchWarningEvents(budget: RequestBudget?) async -> Result<WarningsFetched, ForecastClientError> {
        guard let endpoint = warningsEndpoint else {
            return .failure(ForecastClientError(.invalidConfiguration("no warning service URL"), service: .warnings))
        }
        let now = KSTDateTime.unixSeconds(of: configuration.now())
        let window = WarningsWindow(endingAt: KSTDateTime(unixSeconds: now))
        let key = ForecastCache.WarningsKey(provider: endpoint.provider, root: endpoint.baseURL, window: window)
        var requests = 0
        if let served = await warningsFromCache(key, endpoint: endpoint, now: now, budget: budget, requests: &requests) { return served }
        return await fetchWarningPages(key, endpoint: endpoint, now: now, budget: budget, requests: requests)
    }

    /// The cached events of a window: served while fresh; then, after one request of one row,
    /// served again when KMA's count is the same (`nil`: fetch the period anew).
    private func warningsFromCache(
        _ key: ForecastCache.WarningsKey, endpoint: Endpoint, now: Int64, budget: RequestBudget?, requests: inout Int
    ) async -> Result<WarningsFetched, ForecastClientError>? {
        guard let cache, let found = cache.warnings(for: key) else { return nil }
        let stored: ForecastCache.StoredWarnings
        switch found {
        case .success(let value): stored = value
        case .failure(let failure):
            cache.remove(failure.path)
            emit(.cacheIgnored(path: failure.path, reason: failure.reason))
            return nil
        }
        guard let events = try? Self.events(of: stored.pages, key: endpoint) else { return nil }
        let age = now - stored.fetchedAt
        if age >= 0, Duration.seconds(age) < configuration.warningsFreshFor {
            emit(.warningsCacheHit(window: key.window.text, revalidated: false))
            return .success(WarningsFetched(events: events, window: key.window, fromCache: true, requests: 0, fetchedAt: stored.fetchedAt))
        }
        let probe = await warningsPage(endpoint: endpoint, window: key.window, pageNo: 1, numOfRows: 1, budget: budget)
        requests += probe.attempts
        switch probe.result {
        case .success(let page) where page.page.totalCount == stored.totalCount:
            var renewed = stored
            renewed.fetchedAt = now
            storeWarnings(renewed, key: key, endpoint: endpoint)
            emit(.warningsCacheHit(window: key.window.text, revalidated: true))
            return .success(WarningsFetched(events: events, window: key.window, fromCache: true, requests: requests, fetchedAt: now))
        case .success:
            return nil
        case .failure(let error):
            return .failure(Self.warnings(error, host: endpoint.host, attempts: requests))
        }
    }

    /// Every page of a window from KMA, each checked for the first page's count; a count that
    /// changes while paging starts the period over once. The answer is cached.
    private func fetchWarningPages(
        _ key: ForecastCache.WarningsKey, endpoint: Endpoint, now: Int64, budget: RequestBudget?, requests: Int
    ) async -> Result<WarningsFetched, ForecastClientError> {
        var requests = requests
        for _ in 0..<2 {
            var pages: [[UInt8]] = []
            var events: [WarningEvent] = []
            var total = 0
            var changed = false
            for pageNo in 1...100 {
                let answer = await warningsPage(endpoint: endpoint, window: key.window, pageNo: pageNo, numOfRows: 1000, budget: budget)
                requests += answer.attempts
                let fetched: (page: WarningEventPage, body: [UInt8])
                switch answer.result {
                case .failure(let error): return .failure(Self.warnings(error, host: endpoint.host, attempts: requests))
                case .success(let value): fetched = value
                }
                if pageNo == 1 { total = fetched.page.totalCount }
                guard fetched.page.totalCount == total else {
                    changed = true
                    break
                }
                pages.append(fetched.body)
                events += Self.redacted(fetched.page.events, endpoint: endpoint)
                if events.count >= total || fetched.page.events.isEmpty { break }
            }
            if changed { continue }
            // Pages that end before KMA's count are a cut-short answer: using it would read the
            // missing events' warnings as released.
            guard events.count >= total else {
                return .failure(ForecastClientError(.paging(.incomplete(received: events.count, expected: total)), attempts: requests, service: .warnings))
            }
            storeWarnings(ForecastCache.StoredWarnings(pages: pages, totalCount: total, fetchedAt: now), key: key, endpoint: endpoint)
            return .success(WarningsFetched(events: events, window: key.window, fromCache: false, requests: requests, fetchedAt: now))
        }
        return .failure(ForecastClientError(
            .invalidConfiguration("KMA's count of zone events changed twice while its pages were read; try again"), attempts: requests, service: .warnings
        ))
    }

    /// The newest bulletin (`getPwnStatus`), not cached (one small request).
    func fetchWarningBulletin(budget: RequestBudget?) async -> Result<WarningBulletin?, ForecastClientError> {
        guard let endpoint = warningsEndpoint else {
            return .failure(ForecastClientError(.invalidConfiguration("no warning service URL"), service: .warnings))
        }
        let request = WarningsRequest(operation: WarningsRequest.status, window: nil, pageNo: 1, numOfRows: 10)
        let shown = endpoint.displayURL(for: request)
        let answer = await retrying(
            endpoint.url(for: request), shown: shown, budget: budget,
            sent: { attempt in .warningsRequestSent(operation: request.operation, pageNo: 1, attempt: attempt, url: shown) },
            retried: { attempt, delay, error in .warningsRetryScheduled(operation: request.operation, failedAttempt: attempt, delay: delay, error: error) },
            interpret: { response throws(ForecastClientError) in
                try interpretWarnings(response, endpoint: endpoint) { body throws(ForecastResponseError) in try WarningDecoder.bulletin(body) }
            }
        )
        return answer.result.mapError { Self.warnings($0, host: endpoint.host, attempts: answer.attempts) }
    }

    /// One `getPwnCd` page through the shared request path (budget, limiter, retries, events).
    private func warningsPage(endpoint: Endpoint, window: WarningsWindow, pageNo: Int, numOfRows: Int, budget: RequestBudget?) async
        -> Attempted<(page: WarningEventPage, body: [UInt8])> {
        let request = WarningsRequest(operation: WarningsRequest.events, window: window, pageNo: pageNo, numOfRows: numOfRows)
        let shown = endpoint.displayURL(for: request)
        return await retrying(
            endpoint.url(for: request), shown: shown, budget: budget,
            sent: { attempt in .warningsRequestSent(operation: request.operation, pageNo: pageNo, attempt: attempt, url: shown) },
            retried: { attempt, delay, error in .warningsRetryScheduled(operation: request.operation, failedAttempt: attempt, delay: delay, error: error) },
            interpret: { response throws(ForecastClientError) in
                let page = try interpretWarnings(response, endpoint: endpoint) { body throws(ForecastResponseError) in try WarningDecoder.events(body) }
                return (page: page, body: response.body)
            }
        )
    }

    /// The events of stored pages, the key redacted from their texts.
    static func events(of pages: [[UInt8]], key endpoint: Endpoint) throws(ForecastResponseError) -> [WarningEvent] {
        var events: [WarningEvent] = []
        for page in pages { events += try WarningDecoder.events(page).events }
        return redacted(events, endpoint: endpoint)
    }

    /// Events with the key redacted from their texts (KMA's text may quote it).
    static func redacted(_ events: [WarningEvent], endpoint: Endpoint) -> [WarningEvent] {
        events.map { event in
            var copy = event
            copy.zoneName = endpoint.key.redact(event.zoneName)
            copy.zoneID = endpoint.key.redact(event.zoneID)
            return copy
        }
    }

    /// Stores an answer unless it holds the key; a failed write is reported, never thrown.
    private func storeWarnings(_ stored: ForecastCache.StoredWarnings, key: ForecastCache.WarningsKey, endpoint: Endpoint) {
        guard let cache else { return }
        if stored.pages.contains(where: { endpoint.key.occurs(in: $0) }) {
            emit(.cacheWriteFailed(path: cache.warningsPath(key), reason: "KMA's answer contains the service key, so it is not stored"))
            return
        }
        do {
            try cache.storeWarnings(stored, for: key)
        } catch {
            emit(.cacheWriteFailed(path: error.path, reason: error.reason))
        }
    }

    /// The error as one of the warning service (naming its host), with the attempts made.
    static func warnings(_ error: ForecastClientError, host: String, attempts: Int) -> ForecastClientError {
        var copy = midTerm(error, host: host)
        copy.service = .warnings
        copy.attempts = max(copy.attempts, attempts)
        return copy
    }

    /// The value in an answer: the status first (a 401 or 403 is read for the gateway's
    /// envelope or an API Hub refusal before it is judged), then the body.
    private func interpretWarnings<Value>(
        _ response: HTTPResponse, endpoint: Endpoint, decode: ([UInt8]) throws(ForecastResponseError) -> Value
    ) throws(ForecastClientError) -> Value {
        switch response.status {
        case 200...299:
            break
        case 401, 403:
            do throws(ForecastResponseError) {
                _ = try decode(response.body)
            } catch {
                switch error {
                case .gateway, .apiHubRefusal, .resultCode: throw ForecastClientError(.response(sanitized(error)), service: .warnings)
                default: break
                }
            }
            throw ForecastClientError(response.status == 403 ? .forbidden(endpoint.provider) : .httpStatus(401), service: .warnings)
        case 429: throw ForecastClientError(.tooManyRequests, service: .warnings)
        default: throw ForecastClientError(.httpStatus(response.status), service: .warnings)
        }
        do throws(ForecastResponseError) {
            return try decode(response.body)
        } catch {
            throw ForecastClientError(.response(sanitized(error)), service: .warnings)
        }
    }
}
