import Foundation
import KMAForecast
import KMAGrid

/// The client's machinery, shared by every fetch of a ``ForecastClient``: one page with
/// retries (here), and choosing the run with fallback and cache (`ClientCore+Open.swift`).
struct ClientCore: Sendable {
    let configuration: ClientConfiguration
    let endpoint: Endpoint
    let transport: any HTTPTransport
    let cache: ForecastCache?
    /// Waits between attempts (injected so tests are instant).
    let sleep: @Sendable (Duration) async -> Void
    /// A number in `0..<1` for the retry jitter (injected so tests are deterministic).
    let random: @Sendable () -> Double
    /// The file versions KMA gave this client (shared by its copies and fetches).
    let versions = FileVersionMemo()

    func emit(_ event: ForecastClientEvent) {
        configuration.onEvent?(event)
    }

    /// Fetches, decodes and checks one page, retrying transient failures.
    ///
    /// - Throws: ``ForecastClientError`` with the redacted URL and the attempts made.
    func fetchPage(_ request: PageRequest, budget: RequestBudget?) async throws(ForecastClientError) -> FetchedPage {
        let url = endpoint.url(for: request)
        let shown = endpoint.displayURL(for: request)
        let retry = configuration.retry
        var attempt = 0
        while true {
            guard !Task.isCancelled else { throw ForecastClientError(.cancelled, url: shown, attempts: attempt) }
            if let budget, !budget.take() {
                throw ForecastClientError(.budgetExhausted(limit: budget.limit), url: shown, attempts: attempt)
            }
            attempt += 1
            emit(.requestSent(product: request.product, cell: request.cell, base: request.base, pageNo: request.pageNo, attempt: attempt, url: shown))
            var retryAfter: Int?
            let failure: ForecastClientError
            switch await send(url) {
            case .success(let response):
                retryAfter = response.retryAfterSeconds
                do {
                    let page = try interpret(response, for: request)
                    return FetchedPage(request: request, bytes: response.body, page: page, attempts: attempt)
                } catch {
                    failure = error
                }
            case .failure(let error):
                failure = error
            }
            guard failure.isTransient, attempt < retry.maxAttempts, !Task.isCancelled else {
                throw failure.at(shown, attempts: attempt)
            }
            let delay = retry.delay(afterAttempt: attempt, random: random(), retryAfterSeconds: retryAfter)
            emit(.retryScheduled(product: request.product, cell: request.cell, failedAttempt: attempt, delay: delay, error: failure.at(shown, attempts: attempt)))
            await sleep(delay)
        }
    }

    /// One attempt, raced against the overall timeout (corelibs ignores
    /// `timeoutIntervalForResource`, so the client enforces it by cancelling the request).
    func send(_ url: String) async -> Result<HTTPResponse, ForecastClientError> {
        let transport = self.transport
        let connect = configuration.timeouts.connect
        let overall = configuration.timeouts.overall
        let outcome: Result<HTTPResponse, TransportFailure>? = await withTaskGroup(
            of: Result<HTTPResponse, TransportFailure>?.self
        ) { group in
            group.addTask {
                do throws(TransportFailure) {
                    return .success(try await transport.get(url, connectTimeout: connect))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: overall)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        if Task.isCancelled { return .failure(ForecastClientError(.cancelled)) }
        switch outcome {
        case nil:
            return .failure(ForecastClientError(.timedOut(seconds: overall.inSeconds)))
        case .success(let response)?:
            return .success(response)
        case .failure(let failure)?:
            return .failure(ForecastClientError(reason(for: failure)))
        }
    }

    private func reason(for failure: TransportFailure) -> ForecastClientError.Reason {
        switch failure {
        case .unreachable(let detail): .unreachable(host: endpoint.host, detail: detail)
        case .timedOut: .timedOut(seconds: max(1, configuration.timeouts.connect.inSeconds.rounded(.up)))
        case .connectionLost(let detail): .connectionLost(detail: detail)
        case .secureConnectionFailed: .secureConnectionFailed(host: endpoint.host)
        case .certificateRejected: .certificateRejected(host: endpoint.host)
        case .badURL: .invalidBaseURL("the URL loader refused the request URL built from it as malformed or unsupported; it should look like \(endpoint.provider.defaultBaseURL)")
        case .tooManyRedirects: .tooManyRedirects(host: endpoint.host)
        case .cancelled: .cancelled
        case .other(let domain, let code): .transport(domain: domain, code: code)
        }
    }

    /// The page in an answer: the status first (403, 429, 5xx never reach the decoder), then
    /// the body.
    func interpret(_ response: HTTPResponse, for request: PageRequest) throws(ForecastClientError) -> ForecastPage {
        switch response.status {
        case 200...299: break
        case 403: throw ForecastClientError(.forbidden(endpoint.provider))
        case 429: throw ForecastClientError(.tooManyRequests)
        default: throw ForecastClientError(.httpStatus(response.status))
        }
        return try decode(response.body, for: request)
    }

    /// Decodes a page (from KMA or the cache) and checks that every item is for the requested
    /// cell and run.
    func decode(_ bytes: [UInt8], for request: PageRequest) throws(ForecastClientError) -> ForecastPage {
        let page: ForecastPage
        do {
            page = try ForecastPageDecoder.decode(bytes)
        } catch {
            throw ForecastClientError(.response(sanitized(error)))
        }
        for item in page.items where item.nx != request.cell.nx || item.ny != request.cell.ny || item.base != request.base {
            throw ForecastClientError(.foreignItem(
                expected: "nx \(request.cell.nx), ny \(request.cell.ny), run \(request.base)",
                found: "nx \(item.nx), ny \(item.ny), run \(item.base)"
            ))
        }
        return page
    }

    /// Adds a page's items and facts to the rows of its run.
    ///
    /// - Throws: ``ForecastClientError/Reason/rows(_:)`` for an item the rows already have (the
    ///   pages overlap or repeat) or with numbers outside any real range.
    func addRows(of page: FetchedPage, to rows: inout ForecastRowBuilder) throws(ForecastClientError) {
        for item in page.page.items {
            do {
                try rows.add(item)
            } catch {
                throw ForecastClientError(.rows(error), url: endpoint.displayURL(for: page.request), attempts: page.attempts)
            }
        }
        rows.add(page: page.page.info)
    }

    /// The decoder's error with every text KMA supplied stripped of the key (KMA could echo it).
    func sanitized(_ error: ForecastResponseError) -> ForecastResponseError {
        let key = endpoint.key
        switch error {
        case .resultCode(let code, let message):
            return .resultCode(code, message: key.redact(message))
        case .gateway(let code, let authMessage, let errorMessage):
            return .gateway(reasonCode: code, authMessage: key.redact(authMessage), errorMessage: key.redact(errorMessage))
        case .legacyFormat(let detail):
            return .legacyFormat(key.redact(detail))
        case .html(let title):
            return .html(title: title.map(key.redact))
        case .malformedJSON(let offset, let reason):
            return .malformedJSON(offset: offset, reason: key.redact(reason))
        case .unexpectedShape(let detail):
            return .unexpectedShape(key.redact(detail))
        case .xmlNotSupported, .empty, .truncated:
            return error
        }
    }
}

/// One page as fetched: the request, the bytes (kept for the cache), the decoded page and the
/// attempts it took.
struct FetchedPage: Sendable {
    var request: PageRequest
    var bytes: [UInt8]
    var page: ForecastPage
    var attempts: Int
}
