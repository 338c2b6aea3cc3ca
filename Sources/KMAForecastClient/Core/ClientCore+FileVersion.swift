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

    /// One `getFcstVersion` request with retries of transient failures, as for a page
    /// (``retrying(_:shown:budget:product:cell:sent:interpret:)``).
    private func fetchVersion(_ request: FileVersionRequest, cell: GridCell, budget: RequestBudget?, now: Int64) async -> VersionCheck {
        let shown = endpoint.displayURL(for: request)
        let answer = await retrying(
            endpoint.url(for: request), shown: shown, budget: budget, product: request.product, cell: cell,
            sent: { attempt in .fileVersionRequestSent(product: request.product, base: request.base, attempt: attempt, url: shown) },
            interpret: { response throws(ForecastClientError) in try interpretVersion(response, for: request).get() }
        )
        return VersionCheck(result: answer.result.map { FileVersionMemo.Known(version: $0, checkedAt: now) }, attempts: answer.attempts)
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
