import KMAForecast
import KMAGrid

/// A UV index answer as delivered: the decoded value, and how it was had.
struct UVIndexFetched: Sendable {
    var value: UVIndexForecast
    var fromCache: Bool
    /// HTTP requests made (NO_DATA answers for newer issue times included).
    var requests: Int
}

extension ClientCore {
    /// The UV index endpoint of a configuration, checked like the short-term one.
    ///
    /// - Throws: ``ForecastClientError/Reason/invalidBaseURL(_:)`` (service uv-index).
    static func uvIndexEndpoint(_ configuration: ClientConfiguration) throws(ForecastClientError) -> Endpoint {
        let root = configuration.uvIndexBaseURL
            ?? siblingServiceRoot(configuration.baseURL, named: "LivingWthrIdxServiceV5")
            ?? configuration.provider.defaultUVIndexBaseURL
        return try serviceEndpoint(root, service: .uvIndex, configuration)
    }

    /// One UV index answer with cache and fallback, as ``fetchMidTerm(_:regionID:candidates:cell:budget:decode:regionOf:)``
    /// does for the mid-term service: for each issue time of `candidates` (newest first) a
    /// cached answer is served with no request; a time noted NO_DATA less than
    /// ``ClientConfiguration/noDataRecheckInterval`` ago is passed over; otherwise KMA is asked
    /// (retried, budgeted, rate-limited and reported like a page). NO_DATA or no item is noted
    /// and the next time tried; any other failure is the answer (service uv-index).
    func fetchUVIndex(areaNo: String, candidates: [KSTDateTime], budget: RequestBudget?) async -> Result<UVIndexFetched, ForecastClientError> {
        guard let endpoint = uvEndpoint else {
            return .failure(ForecastClientError(.invalidConfiguration("no UV index service URL"), service: .uvIndex))
        }
        guard UVIndexRequest.isValidAreaNo(areaNo) else {
            return .failure(ForecastClientError(.invalidConfiguration("area code '\(areaNo.prefix(20))' is not 10 digits"), service: .uvIndex))
        }
        let now = KSTDateTime.unixSeconds(of: configuration.now())
        var requests = 0
        var lastNoData: ForecastClientError?
        for time in candidates {
            let key = ForecastCache.UVIndexKey(provider: endpoint.provider, root: endpoint.baseURL, areaNo: areaNo, time: time)
            if let cache {
                switch cache.uvIndexBody(for: key) {
                case .hit(let body, _):
                    if let value = try? UVIndexDecoder.decode(body, areaNo: areaNo), value.areaNo.isEmpty || value.areaNo == areaNo {
                        emit(.uvIndexCacheHit(areaNo: areaNo, time: key.stamp))
                        return .success(UVIndexFetched(value: value, fromCache: true, requests: requests))
                    }
                    cache.remove(cache.uvIndexBodyPath(key))
                    emit(.cacheIgnored(path: cache.uvIndexBodyPath(key), reason: "the stored answer does not decode for area \(areaNo)"))
                case .unusable(let path, let reason):
                    cache.remove(path)
                    emit(.cacheIgnored(path: path, reason: reason))
                case .miss:
                    break
                }
                if let checked = cache.uvIndexNoDataCheckedAt(key), now >= checked,
                   Duration.seconds(now - checked) < configuration.noDataRecheckInterval { continue }
            }
            let request = UVIndexRequest(areaNo: areaNo, time: time)
            let shown = endpoint.displayURL(for: request)
            // Awaited into a local (see `Result.init(awaiting:)`).
            let answer = await askUVIndex(request, shown: shown, endpoint: endpoint, budget: budget)
            requests += answer.attempts
            switch answer.result {
            case .success(let delivered):
                storeUVIndex(delivered.body, key: key, endpoint: endpoint, now: now)
                return .success(UVIndexFetched(value: delivered.value, fromCache: false, requests: requests))
            case .failure(let error) where error.resultCode == .noData || error.reason == .response(.emptyRun):
                lastNoData = error
                if let cache {
                    do { try cache.noteUVIndexNoData(key, at: now) } catch { emit(.cacheWriteFailed(path: error.path, reason: error.reason)) }
                }
            case .failure(let error):
                return .failure(Self.uvIndex(error, host: endpoint.host))
            }
        }
        var error = lastNoData ?? ForecastClientError(.response(.emptyRun), service: .uvIndex)
        error.attempts = requests
        return .failure(Self.uvIndex(error, host: endpoint.host))
    }

    /// Asks KMA for one issue time through the shared request path: the decoded answer
    /// (refused when it is for another area) and its body.
    private func askUVIndex(_ request: UVIndexRequest, shown: String, endpoint: Endpoint, budget: RequestBudget?) async -> Attempted<(value: UVIndexForecast, body: [UInt8])> {
        await retrying(
            endpoint.url(for: request), shown: shown, budget: budget,
            sent: { attempt in .uvIndexRequestSent(areaNo: request.areaNo, time: request.stamp, attempt: attempt, url: shown) },
            retried: { attempt, delay, error in
                .uvIndexRetryScheduled(areaNo: request.areaNo, failedAttempt: attempt, delay: delay, error: Self.uvIndex(error, host: endpoint.host))
            },
            interpret: { response throws(ForecastClientError) in
                let value = try interpretUVIndex(response, endpoint: endpoint, areaNo: request.areaNo)
                guard value.areaNo.isEmpty || value.areaNo == request.areaNo else {
                    throw ForecastClientError(.foreignItem(expected: "getUVIdxV5 area \(request.areaNo)", found: "area \(endpoint.key.redact(value.areaNo))"), service: .uvIndex)
                }
                return (value: value, body: response.body)
            }
        )
    }

    /// The answer: the status first (a 401 or 403 is read for the gateway's envelope or an API
    /// Hub refusal before it is judged), then the body.
    private func interpretUVIndex(_ response: HTTPResponse, endpoint: Endpoint, areaNo: String) throws(ForecastClientError) -> UVIndexForecast {
        switch response.status {
        case 200...299:
            break
        case 401, 403:
            do throws(ForecastResponseError) {
                _ = try UVIndexDecoder.decode(response.body, areaNo: areaNo)
            } catch {
                switch error {
                case .gateway, .apiHubRefusal, .resultCode: throw ForecastClientError(.response(sanitized(error)), service: .uvIndex)
                default: break
                }
            }
            throw ForecastClientError(response.status == 403 ? .forbidden(endpoint.provider) : .httpStatus(401), service: .uvIndex)
        case 429: throw ForecastClientError(.tooManyRequests, service: .uvIndex)
        default: throw ForecastClientError(.httpStatus(response.status), service: .uvIndex)
        }
        do throws(ForecastResponseError) {
            return try UVIndexDecoder.decode(response.body, areaNo: areaNo)
        } catch {
            throw ForecastClientError(.response(sanitized(error)), service: .uvIndex)
        }
    }

    /// Stores KMA's answer unless it contains the service key; a failed write is reported.
    private func storeUVIndex(_ body: [UInt8], key: ForecastCache.UVIndexKey, endpoint: Endpoint, now: Int64) {
        guard let cache else { return }
        if endpoint.key.occurs(in: body) {
            emit(.cacheWriteFailed(path: cache.uvIndexBodyPath(key), reason: "KMA's answer contains the service key, so it is not stored"))
            return
        }
        do {
            try cache.storeUVIndex(body, fetchedAt: now, for: key)
        } catch {
            emit(.cacheWriteFailed(path: error.path, reason: error.reason))
        }
    }

    /// The error as one of the UV index service, naming its host.
    static func uvIndex(_ error: ForecastClientError, host: String) -> ForecastClientError {
        var copy = midTerm(error, host: host)
        copy.service = .uvIndex
        return copy
    }
}
