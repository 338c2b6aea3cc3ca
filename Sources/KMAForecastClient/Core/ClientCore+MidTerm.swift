import KMAForecast
import KMAGrid

/// A mid-term answer as delivered: the decoded value, the run it is for, and how it was had.
struct MidTermFetched<Value: Sendable>: Sendable {
    var value: Value
    var issue: MidTermIssue
    var fromCache: Bool
    /// HTTP requests made (NO_DATA answers for newer runs included).
    var requests: Int
}

extension ClientCore {
    /// The mid-term endpoint of a configuration, checked like the short-term one.
    ///
    /// - Throws: ``ForecastClientError/Reason/invalidBaseURL(_:)`` (service mid-term).
    static func midTermEndpoint(_ configuration: ClientConfiguration) throws(ForecastClientError) -> Endpoint {
        try serviceEndpoint(midTermBaseURL(configuration), service: .midTerm, configuration)
    }

    /// The endpoint of another of KMA's services on a configuration's provider and key,
    /// checked like the short-term one; an error names the service.
    static func serviceEndpoint(_ root: String, service: ForecastClientError.Service, _ configuration: ClientConfiguration) throws(ForecastClientError) -> Endpoint {
        do {
            return try Endpoint(baseURL: root, provider: configuration.provider, key: configuration.serviceKey)
        } catch {
            var error = error
            error.service = service
            throw error
        }
    }

    /// The mid-term service root: ``ClientConfiguration/midBaseURL``; else, when
    /// ``ClientConfiguration/baseURL`` is set (a proxy, a test server), the same root with its
    /// last path component replaced by `MidFcstInfoService` (`…/1360000/VilageFcstInfoService_2.0`
    /// → `…/1360000/MidFcstInfoService`), so that requests never go to another host than the
    /// one configured; else the provider's default.
    static func midTermBaseURL(_ configuration: ClientConfiguration) -> String {
        configuration.midBaseURL ?? siblingServiceRoot(configuration.baseURL, named: "MidFcstInfoService") ?? configuration.provider.defaultMidTermBaseURL
    }

    /// One mid-term answer with cache and fallback: for each run of `candidates` (newest
    /// first) a cached answer is served with no request; a run noted NO_DATA less than
    /// ``ClientConfiguration/noDataRecheckInterval`` ago is passed over; otherwise KMA is asked
    /// (retried like a page, through the same request path, budget and events). NO_DATA or an
    /// answer without an item is noted and the next run tried; any other failure is the answer.
    ///
    /// - Parameters:
    ///   - cell: The cell of the forecast being assembled (for the shared request path only).
    ///   - decode: Reads a body for a run (``MidTermDecoder``). Every text of what it returns
    ///     is passed through the key redaction (``KeyRedactable``) before anything sees it.
    ///   - regionOf: The region the decoded answer says it is for (`""` if it does not say);
    ///     an answer for another region is refused.
    func fetchMidTerm<Value: KeyRedactable>(
        _ operation: MidTermOperation, regionID: String, candidates: [MidTermIssue], cell: GridCell, budget: RequestBudget?,
        decode decodeText: ([UInt8], MidTermIssue) throws(ForecastResponseError) -> Value,
        regionOf: (Value) -> String
    ) async -> Result<MidTermFetched<Value>, ForecastClientError> {
        guard let endpoint = midEndpoint else {
            return .failure(ForecastClientError(.invalidConfiguration("no mid-term service URL"), service: .midTerm))
        }
        // Text from the network (a weather phrase, an outlook) may quote the key: it leaves
        // here only redacted, whether it came from KMA or from the cache.
        func decode(_ body: [UInt8], _ issue: MidTermIssue) throws(ForecastResponseError) -> Value {
            try decodeText(body, issue).redactingKey(with: endpoint.key.redact)
        }
        guard MidTermRequest.isValidRegionID(regionID) else {
            return .failure(ForecastClientError(.invalidConfiguration("region code '\(regionID.prefix(20))' is not 1–16 capital letters and digits"), service: .midTerm))
        }
        let nowSeconds = KSTDateTime.unixSeconds(of: configuration.now())
        var requests = 0
        var lastURL: String?
        for (step, issue) in candidates.enumerated() {
            if step > 0 {
                emit(.midTermFallback(operation: operation, regionID: regionID, from: candidates[step - 1].tmFc, to: issue.tmFc))
            }
            let key = ForecastCache.MidTermKey(provider: endpoint.provider, root: endpoint.baseURL, operation: operation, regionID: regionID, issue: issue)
            switch midTermFromCache(key, endpoint: endpoint, now: nowSeconds, regionID: regionID, decode: decode, regionOf: regionOf) {
            case .hit(let value): return .success(MidTermFetched(value: value, issue: issue, fromCache: true, requests: requests))
            case .skip: continue
            case .ask: break
            }
            let request = MidTermRequest(operation: operation, regionID: regionID, issue: issue)
            let shown = endpoint.displayURL(for: request)
            lastURL = shown
            // Awaited into a local (see `Result.init(awaiting:)`).
            let answer = await askMidTerm(request, shown: shown, endpoint: endpoint, cell: cell, budget: budget, decode: decode, regionOf: regionOf)
            requests += answer.attempts
            switch answer.result {
            case .success(let delivered):
                storeMidTerm(delivered.body, key: key, endpoint: endpoint, now: nowSeconds)
                return .success(MidTermFetched(value: delivered.value, issue: issue, fromCache: false, requests: requests))
            case .failure(let error) where error.resultCode == .noData || error.reason == .response(.emptyRun):
                noteMidTermNoData(key, now: nowSeconds)
                continue
            case .failure(let error):
                return .failure(Self.midTerm(error, host: endpoint.host))
            }
        }
        return .failure(ForecastClientError(
            .midTermNoData(operation: operation.name, regionID: regionID, tried: candidates.map(\.tmFc)),
            url: lastURL, attempts: requests, service: .midTerm
        ))
    }

    /// Asks KMA for one mid-term run through the request path of pages (retries, budget,
    /// rate limiter, events): the decoded answer, refused when it says it is for another
    /// region or station, and its body (for the cache).
    func askMidTerm<Value: KeyRedactable>(
        _ request: MidTermRequest, shown: String, endpoint: Endpoint, cell: GridCell, budget: RequestBudget?,
        decode: ([UInt8], MidTermIssue) throws(ForecastResponseError) -> Value,
        regionOf: (Value) -> String
    ) async -> Attempted<(value: Value, body: [UInt8])> {
        await retrying(
            endpoint.url(for: request), shown: shown, budget: budget, product: .shortTerm, cell: cell,
            sent: { attempt in .midTermRequestSent(operation: request.operation, regionID: request.regionID, tmFc: request.issue.tmFc, attempt: attempt, url: shown) },
            retried: { attempt, delay, error in
                .midTermRetryScheduled(operation: request.operation, regionID: request.regionID, failedAttempt: attempt, delay: delay, error: Self.midTerm(error, host: endpoint.host))
            },
            interpret: { response throws(ForecastClientError) in
                let value = try interpretMidTerm(response, endpoint: endpoint, issue: request.issue, decode: decode)
                let said = regionOf(value)
                guard said.isEmpty || said == request.regionID else {
                    throw ForecastClientError(.foreignItem(expected: "\(request.operation.name) \(request.regionID)", found: "\(request.operation == .outlook ? "station" : "region") \(endpoint.key.redact(said))"))
                }
                return (value: value, body: response.body)
            }
        )
    }

    /// What the cache says about one mid-term run: a stored answer for the region, served
    /// with no request; a NO_DATA note younger than
    /// ``ClientConfiguration/noDataRecheckInterval``, passed over; else ask KMA.
    enum MidTermCacheStep<Value: Sendable> {
        case hit(Value)
        case skip
        case ask
    }

    /// The cache's answer for one mid-term run (``MidTermCacheStep``). A stored body that does
    /// not decode, or is for another region or station (an older version kept whatever KMA
    /// sent), is removed and reported (``ForecastClientEvent/cacheIgnored(path:reason:)``).
    func midTermFromCache<Value: KeyRedactable>(
        _ key: ForecastCache.MidTermKey, endpoint: Endpoint, now: Int64, regionID: String,
        decode: ([UInt8], MidTermIssue) throws(ForecastResponseError) -> Value,
        regionOf: (Value) -> String
    ) -> MidTermCacheStep<Value> {
        guard let cache else { return .ask }
        switch cache.midTermBody(for: key) {
        case .hit(let body, _):
            do throws(ForecastResponseError) {
                let value = try decode(body, key.issue)
                let said = regionOf(value)
                guard said.isEmpty || said == regionID else {
                    throw .unexpectedShape("the stored answer is for \(key.operation == .outlook ? "station" : "region") \(endpoint.key.redact(said)), not \(regionID)")
                }
                emit(.midTermCacheHit(operation: key.operation, regionID: regionID, tmFc: key.issue.tmFc))
                return .hit(value)
            } catch {
                cache.remove(cache.midTermBodyPath(key))
                emit(.cacheIgnored(path: cache.midTermBodyPath(key), reason: error.description))
            }
        case .unusable(let path, let reason):
            cache.remove(path)
            emit(.cacheIgnored(path: path, reason: reason))
        case .miss:
            break
        }
        if let checked = cache.midTermNoDataCheckedAt(key), now >= checked,
           Duration.seconds(now - checked) < configuration.noDataRecheckInterval {
            return .skip
        }
        return .ask
    }

    /// Stores KMA's mid-term answer, unless it contains the service key (then says so); a
    /// failed write is reported, never thrown.
    func storeMidTerm(_ body: [UInt8], key: ForecastCache.MidTermKey, endpoint: Endpoint, now: Int64) {
        guard let cache else { return }
        if endpoint.key.occurs(in: body) {
            emit(.cacheWriteFailed(path: cache.midTermBodyPath(key), reason: "KMA's answer contains the service key, so it is not stored"))
            return
        }
        do {
            try cache.storeMidTerm(body, fetchedAt: now, for: key)
        } catch {
            emit(.cacheWriteFailed(path: error.path, reason: error.reason))
        }
    }

    /// Notes that KMA has no such mid-term run (NO_DATA, or no item), so it is not asked again
    /// for a while; a failed write is reported.
    func noteMidTermNoData(_ key: ForecastCache.MidTermKey, now: Int64) {
        guard let cache else { return }
        do {
            try cache.noteMidTermNoData(key, at: now)
        } catch {
            emit(.cacheWriteFailed(path: error.path, reason: error.reason))
        }
    }

    /// The error as one of the mid-term service, naming the mid-term host where the request
    /// path named the short-term one.
    static func midTerm(_ error: ForecastClientError, host: String) -> ForecastClientError {
        var copy = error
        copy.service = .midTerm
        switch copy.reason {
        case .unreachable(_, let detail): copy.reason = .unreachable(host: host, detail: detail)
        case .secureConnectionFailed: copy.reason = .secureConnectionFailed(host: host)
        case .certificateRejected: copy.reason = .certificateRejected(host: host)
        case .tooManyRedirects: copy.reason = .tooManyRedirects(host: host)
        default: break
        }
        return copy
    }

    /// The value in a mid-term answer: the status first, as for pages (a 401 or 403 is read
    /// for the gateway's envelope or an API Hub refusal before it is judged), then the body.
    private func interpretMidTerm<Value>(
        _ response: HTTPResponse, endpoint: Endpoint, issue: MidTermIssue,
        decode: ([UInt8], MidTermIssue) throws(ForecastResponseError) -> Value
    ) throws(ForecastClientError) -> Value {
        switch response.status {
        case 200...299:
            break
        case 401, 403:
            do throws(ForecastResponseError) {
                _ = try decode(response.body, issue)
            } catch {
                switch error {
                case .gateway, .apiHubRefusal, .resultCode: throw ForecastClientError(.response(sanitized(error)), service: .midTerm)
                default: break
                }
            }
            throw ForecastClientError(response.status == 403 ? .forbidden(endpoint.provider) : .httpStatus(401), service: .midTerm)
        case 429: throw ForecastClientError(.tooManyRequests, service: .midTerm)
        default: throw ForecastClientError(.httpStatus(response.status), service: .midTerm)
        }
        do throws(ForecastResponseError) {
            return try decode(response.body, issue)
        } catch {
            throw ForecastClientError(.response(sanitized(error)), service: .midTerm)
        }
    }
}
