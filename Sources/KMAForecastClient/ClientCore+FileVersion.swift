import KMAForecast
import KMAGrid

/// What asking for a run's file version came to, and the HTTP requests it took (0 when the
/// client already knew it).
struct VersionCheck: Sendable {
    var result: Result<FileVersionMemo.Known, ForecastClientError>
    var attempts: Int
}

extension ClientCore {
    /// KMA's current version of a run's file: remembered from earlier in the same 10-minute
    /// update (no request), else asked with `getFcstVersion` (retried like a page).
    ///
    /// - Parameters:
    ///   - product: The product.
    ///   - base: The run.
    ///   - cell: The cell being fetched (for retry events only: the version has no cell).
    ///   - budget: Each attempt takes one request.
    ///   - now: The instant of the fetch, Unix seconds: the version is known as of then.
    func currentVersion(
        _ product: ForecastProduct, base: ForecastBase, cell: GridCell, budget: RequestBudget?, now: Int64
    ) async -> VersionCheck {
        if let known = versions.version(of: product, base: base, at: now) {
            return VersionCheck(result: .success(known), attempts: 0)
        }
        if let refusal = versions.refusal {
            return VersionCheck(result: .failure(refusal), attempts: 0)
        }
        let check = await fetchVersion(FileVersionRequest(product: product, base: base), cell: cell, budget: budget, now: now)
        switch check.result {
        case .success(let known):
            versions.record(known, of: product, base: base, at: now)
        case .failure(let error):
            versions.noteFailure(error)
            emit(.fileVersionUnavailable(product: product, base: base, error: error))
        }
        return check
    }

    /// One `getFcstVersion` request with retries of transient failures, like ``fetchPage(_:budget:)``.
    private func fetchVersion(_ request: FileVersionRequest, cell: GridCell, budget: RequestBudget?, now: Int64) async -> VersionCheck {
        let url = endpoint.url(for: request)
        let shown = endpoint.displayURL(for: request)
        let retry = configuration.retry
        var attempt = 0
        while true {
            guard !Task.isCancelled else {
                return VersionCheck(result: .failure(ForecastClientError(.cancelled, url: shown, attempts: attempt)), attempts: attempt)
            }
            if let budget, !budget.take() {
                return VersionCheck(result: .failure(ForecastClientError(.budgetExhausted(limit: budget.limit), url: shown, attempts: attempt)), attempts: attempt)
            }
            attempt += 1
            emit(.fileVersionRequestSent(product: request.product, base: request.base, attempt: attempt, url: shown))
            // Awaited into a local before any value is built from it (see `Result.init(awaiting:)`).
            let sent = await send(url)
            var retryAfter: Int?
            let failure: ForecastClientError
            switch sent {
            case .success(let response):
                retryAfter = response.retryAfterSeconds
                switch interpretVersion(response, for: request) {
                case .success(let version):
                    let known = FileVersionMemo.Known(version: version, checkedAt: now)
                    return VersionCheck(result: .success(known), attempts: attempt)
                case .failure(let error):
                    failure = error
                }
            case .failure(let error):
                failure = error
            }
            guard failure.isTransient, attempt < retry.maxAttempts, !Task.isCancelled else {
                return VersionCheck(result: .failure(failure.at(shown, attempts: attempt)), attempts: attempt)
            }
            let delay = retry.delay(afterAttempt: attempt, random: random(), retryAfterSeconds: retryAfter)
            emit(.retryScheduled(product: request.product, cell: cell, failedAttempt: attempt, delay: delay, error: failure.at(shown, attempts: attempt)))
            await sleep(delay)
        }
    }

    /// The version in an answer: the status as for pages (403, 429, other non-2xx never reach
    /// the decoder), then ``FileVersionDecoder``, with KMA's texts stripped of the key.
    private func interpretVersion(_ response: HTTPResponse, for request: FileVersionRequest) -> Result<ForecastFileVersion, ForecastClientError> {
        switch response.status {
        case 200...299: break
        case 403: return .failure(ForecastClientError(.forbidden(endpoint.provider)))
        case 429: return .failure(ForecastClientError(.tooManyRequests))
        default: return .failure(ForecastClientError(.httpStatus(response.status)))
        }
        do throws(ForecastResponseError) {
            return .success(try FileVersionDecoder.decode(response.body, fileType: request.product.fileType))
        } catch {
            return .failure(ForecastClientError(.response(sanitized(error))))
        }
    }
}
