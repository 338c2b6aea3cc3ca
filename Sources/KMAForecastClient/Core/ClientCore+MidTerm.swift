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
        do {
            return try Endpoint(
                baseURL: midTermBaseURL(configuration),
                provider: configuration.provider, key: configuration.serviceKey
            )
        } catch {
            var error = error
            error.service = .midTerm
            throw error
        }
    }

    /// The mid-term service root: ``ClientConfiguration/midBaseURL``; else, when
    /// ``ClientConfiguration/baseURL`` is set (a proxy, a test server), the same root with its
    /// last path component replaced by `MidFcstInfoService` (`…/1360000/VilageFcstInfoService_2.0`
    /// → `…/1360000/MidFcstInfoService`), so that requests never go to another host than the
    /// one configured; else the provider's default.
    static func midTermBaseURL(_ configuration: ClientConfiguration) -> String {
        if let mid = configuration.midBaseURL { return mid }
        guard var root = configuration.baseURL?.trimmingASCIIWhitespace() else { return configuration.provider.defaultMidTermBaseURL }
        while root.hasSuffix("/") { root.removeLast() }
        guard let slash = root.lastIndex(of: "/"), root[..<slash].contains("//"), root[..<slash].last != "/" else {
            return root + "/MidFcstInfoService"
        }
        return root[...slash] + "MidFcstInfoService"
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
            if let cache {
                switch cache.midTermBody(for: key) {
                case .hit(let body, _):
                    do throws(ForecastResponseError) {
                        let value = try decode(body, issue)
                        let said = regionOf(value)
                        // A body stored for another region or station (an older version kept
                        // whatever KMA sent) is not this one's.
                        guard said.isEmpty || said == regionID else {
                            throw .unexpectedShape("the stored answer is for \(operation == .outlook ? "station" : "region") \(endpoint.key.redact(said)), not \(regionID)")
                        }
                        emit(.midTermCacheHit(operation: operation, regionID: regionID, tmFc: issue.tmFc))
                        return .success(MidTermFetched(value: value, issue: issue, fromCache: true, requests: requests))
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
                if let checked = cache.midTermNoDataCheckedAt(key), nowSeconds >= checked,
                   Duration.seconds(nowSeconds - checked) < configuration.noDataRecheckInterval {
                    continue
                }
            }
            let request = MidTermRequest(operation: operation, regionID: regionID, issue: issue)
            let shown = endpoint.displayURL(for: request)
            lastURL = shown
            let answer = await retrying(
                endpoint.url(for: request), shown: shown, budget: budget, product: .shortTerm, cell: cell,
                sent: { attempt in .midTermRequestSent(operation: operation, regionID: regionID, tmFc: issue.tmFc, attempt: attempt, url: shown) },
                retried: { attempt, delay, error in
                    .midTermRetryScheduled(operation: operation, regionID: regionID, failedAttempt: attempt, delay: delay, error: Self.midTerm(error, host: endpoint.host))
                },
                interpret: { response throws(ForecastClientError) in
                    let value = try interpretMidTerm(response, endpoint: endpoint, issue: issue, decode: decode)
                    let said = regionOf(value)
                    guard said.isEmpty || said == regionID else {
                        throw ForecastClientError(.foreignItem(expected: "\(operation.name) \(regionID)", found: "\(operation == .outlook ? "station" : "region") \(endpoint.key.redact(said))"))
                    }
                    return (value: value, body: response.body)
                }
            )
            requests += answer.attempts
            switch answer.result {
            case .success(let delivered):
                if let cache {
                    if endpoint.key.occurs(in: delivered.body) {
                        emit(.cacheWriteFailed(path: cache.midTermBodyPath(key), reason: "KMA's answer contains the service key, so it is not stored"))
                    } else {
                        do {
                            try cache.storeMidTerm(delivered.body, fetchedAt: nowSeconds, for: key)
                        } catch {
                            emit(.cacheWriteFailed(path: error.path, reason: error.reason))
                        }
                    }
                }
                return .success(MidTermFetched(value: delivered.value, issue: issue, fromCache: false, requests: requests))
            case .failure(let error) where error.resultCode == .noData || error.reason == .response(.emptyRun):
                if let cache {
                    do {
                        try cache.noteMidTermNoData(key, at: nowSeconds)
                    } catch {
                        emit(.cacheWriteFailed(path: error.path, reason: error.reason))
                    }
                }
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
