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
    /// The mid-term service root, provider and key (``ClientConfiguration/midBaseURL``); set by
    /// ``ForecastClient/init(configuration:transport:sleep:random:)`` after checking it.
    var midEndpoint: Endpoint?

    func emit(_ event: ForecastClientEvent) {
        configuration.onEvent?(event)
    }

    /// Fetches, decodes and checks one page, retrying transient failures.
    ///
    /// - Throws: ``ForecastClientError`` with the redacted URL and the attempts made.
    func fetchPage(_ request: PageRequest, budget: RequestBudget?) async throws(ForecastClientError) -> FetchedPage {
        let shown = endpoint.displayURL(for: request)
        let answer = await retrying(
            endpoint.url(for: request), shown: shown, budget: budget, product: request.product, cell: request.cell,
            sent: { attempt in
                .requestSent(product: request.product, cell: request.cell, base: request.base, pageNo: request.pageNo, attempt: attempt, url: shown)
            },
            interpret: { response throws(ForecastClientError) in
                let checked = try interpret(response, for: request)
                return FetchedPage(request: request, bytes: response.body, checked: checked, attempts: 0)
            }
        )
        var page = try answer.result.get()
        page.attempts = answer.attempts
        return page
    }

    /// What ``retrying(_:shown:budget:product:cell:sent:interpret:)`` came to, and the HTTP
    /// requests it made.
    struct Attempted<Value: Sendable>: Sendable {
        /// The interpreted answer, or the last failure with the redacted URL and the attempts.
        var result: Result<Value, ForecastClientError>
        var attempts: Int
    }

    /// One request with its retries, for every operation (pages and file versions): each
    /// attempt draws from the budget, waits for the rate limiter's go for its operation (the
    /// URL's last path component; ``RequestRateLimiter``), and is reported (`sent`); after a
    /// code 22 answer nothing more is sent. The answer is sent through
    /// `interpret`, and a transient failure (``ForecastClientError/isTransient``) is retried
    /// after the policy's backoff (honouring `Retry-After`) until it succeeds, fails for good,
    /// runs out of attempts or is cancelled. A `Retry-After` longer than the policy's ceiling
    /// (``RetryPolicy/maxDelay``) is not waited for: the request fails at once with
    /// ``ForecastClientError/Reason/waitRequested(seconds:maximumWait:reason:)``, and the
    /// limiter pauses the operation for the ceiling at most. `retried` makes the retry event for requests that
    /// are not for a product and cell (the mid-term service); by default it is
    /// ``ForecastClientEvent/retryScheduled(product:cell:failedAttempt:delay:error:)``.
    func retrying<Value: Sendable>(
        _ url: String, shown: String, budget: RequestBudget?, product: ForecastProduct, cell: GridCell,
        sent: (_ attempt: Int) -> ForecastClientEvent,
        retried: ((_ failedAttempt: Int, _ delay: Duration, _ error: ForecastClientError) -> ForecastClientEvent)? = nil,
        interpret: (HTTPResponse) throws(ForecastClientError) -> Value
    ) async -> Attempted<Value> {
        await retrying(
            url, shown: shown, budget: budget, sent: sent,
            retried: { attempt, delay, error in
                retried?(attempt, delay, error) ?? .retryScheduled(product: product, cell: cell, failedAttempt: attempt, delay: delay, error: error)
            },
            interpret: interpret
        )
    }

    /// The same loop for a request that is not about one cell (a grid field): `retried` makes
    /// the event reported before each wait.
    func retrying<Value: Sendable>(
        _ url: String, shown: String, budget: RequestBudget?,
        sent: (_ attempt: Int) -> ForecastClientEvent,
        retried: (_ failedAttempt: Int, _ delay: Duration, _ error: ForecastClientError) -> ForecastClientEvent,
        interpret: (HTTPResponse) throws(ForecastClientError) -> Value
    ) async -> Attempted<Value> {
        let retry = configuration.retry
        let limiter = configuration.rateLimiter
        let operation = RequestRateLimiter.operation(of: shown)
        var attempt = 0
        while true {
            guard !Task.isCancelled else {
                return Attempted(result: .failure(ForecastClientError(.cancelled, url: shown, attempts: attempt)), attempts: attempt)
            }
            if let stop = limiter?.quotaStop {
                return Attempted(result: .failure(ForecastClientError(.quotaExhausted(resetsAt: stop.resetsAt), url: shown, attempts: attempt)), attempts: attempt)
            }
            if let budget, !budget.take() {
                return Attempted(result: .failure(ForecastClientError(.budgetExhausted(limit: budget.limit), url: shown, attempts: attempt)), attempts: attempt)
            }
            if let limiter {
                // Awaited into a local (see `Result.init(awaiting:)`).
                let permit = await limiter.acquire(operation)
                switch permit {
                case .go:
                    break
                case .quotaExhausted(let stop):
                    budget?.refund()
                    return Attempted(result: .failure(ForecastClientError(.quotaExhausted(resetsAt: stop.resetsAt), url: shown, attempts: attempt)), attempts: attempt)
                case .cancelled:
                    budget?.refund()
                    return Attempted(result: .failure(ForecastClientError(.cancelled, url: shown, attempts: attempt)), attempts: attempt)
                }
            }
            attempt += 1
            emit(sent(attempt))
            // Awaited into a local before any value is built from it (see `Result.init(awaiting:)`).
            // The client's transport stamps the moment the request leaves (the limiter paces
            // arrivals by it).
            var stamp: (@Sendable () -> Void)?
            if let limiter {
                stamp = { @Sendable in limiter.noteDeparture(operation) }
            }
            let answer = await send(url, departure: stamp)
            var retryAfter: Int?
            let failure: ForecastClientError
            switch answer {
            case .success(let response):
                retryAfter = response.retryAfterSeconds
                do {
                    let value = try interpret(response)
                    limiter?.noteAnswer(operation)
                    return Attempted(result: .success(value), attempts: attempt)
                } catch {
                    failure = error
                }
            case .failure(let error):
                failure = error
            }
            // A wait longer than the policy's ceiling is never taken (by the retry or by the
            // limiter): the request fails at once, saying how long KMA asks to wait.
            let ceiling = retry.maxDelay.inSeconds
            let waitTooLong = retryAfter.map { Double($0) > ceiling } ?? false
            if let limiter {
                if failure.reason == .tooManyRequests || failure.resultCode == .perSecondLimitExceeded {
                    limiter.noteRefusal(operation, retryAfterSeconds: retryAfter.map { min($0, Int(ceiling.rounded(.down))) })
                } else if failure.resultCode == .quotaExceeded {
                    limiter.noteQuotaExhausted(operation, now: configuration.now())
                } else {
                    limiter.noteAnswer(operation)
                }
            }
            if failure.isTransient, waitTooLong, let retryAfter {
                let refusal = ForecastClientError(.waitRequested(seconds: retryAfter, maximumWait: retry.maxDelay, reason: failure.reason), service: failure.service)
                return Attempted(result: .failure(refusal.at(shown, attempts: attempt)), attempts: attempt)
            }
            guard failure.isTransient, attempt < retry.maxAttempts, !Task.isCancelled else {
                return Attempted(result: .failure(failure.at(shown, attempts: attempt)), attempts: attempt)
            }
            let delay = retry.delay(afterAttempt: attempt, random: random(), retryAfterSeconds: retryAfter)
            emit(retried(attempt, delay, failure.at(shown, attempts: attempt)))
            await sleep(delay)
        }
    }

    /// One attempt, raced against the overall timeout (corelibs ignores
    /// `timeoutIntervalForResource`, so the client enforces it by cancelling the request).
    ///
    /// - Parameter departure: Called right before the request leaves, by the client's own
    ///   transport (``URLSessionTransport``); other transports do not call it.
    func send(_ url: String, departure: (@Sendable () -> Void)? = nil) async -> Result<HTTPResponse, ForecastClientError> {
        let transport = self.transport
        let connect = configuration.timeouts.connect
        let overall = configuration.timeouts.overall
        let outcome: Result<HTTPResponse, TransportFailure>? = await withTaskGroup(
            of: Result<HTTPResponse, TransportFailure>?.self
        ) { group in
            group.addTask {
                // Awaited before the result is built (see `Result.init(awaiting:)`).
                func get() async throws(TransportFailure) -> HTTPResponse {
                    if let departure, let own = transport as? URLSessionTransport {
                        return try await own.get(url, connectTimeout: connect, departure: departure)
                    }
                    return try await transport.get(url, connectTimeout: connect)
                }
                return await Result(awaiting: get)
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
        case .success(let response)? where response.body.count > configuration.maximumResponseSize:
            // Any transport: ``URLSessionTransport`` itself stops reading at the limit.
            return .failure(ForecastClientError(.responseTooLarge(limit: configuration.maximumResponseSize)))
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
        case .redirectedElsewhere(let location): .redirectedElsewhere(host: endpoint.host, location: endpoint.key.redact(location))
        case .responseTooLarge(let limit): .responseTooLarge(limit: limit)
        case .unparsableResponse(let detail): .unparsableResponse(host: endpoint.host, detail: detail)
        case .undecodableBody(let detail): .undecodableResponse(host: endpoint.host, detail: detail)
        case .cancelled: .cancelled
        case .other(let domain, let code): .transport(domain: domain, code: code)
        }
    }

    /// The page in an answer: the status first (429, 5xx … never reach the decoder), then the
    /// body.
    ///
    /// A 401 or 403 is read before it is judged: the gateway's JSON envelope (`returnReasonCode`
    /// 30 …) and API Hub's JSON refusals come with those statuses and say why. Only a bare one
    /// (empty, or a body that says nothing) is ``ForecastClientError/Reason/forbidden(_:)`` or
    /// HTTP 401.
    func interpret(_ response: HTTPResponse, for request: PageRequest) throws(ForecastClientError) -> CheckedPage {
        switch response.status {
        case 200...299: break
        case 401, 403:
            if let refusal = refusal(in: response.body) { throw ForecastClientError(.response(sanitized(refusal))) }
            throw ForecastClientError(response.status == 403 ? .forbidden(endpoint.provider) : .httpStatus(401))
        case 429: throw ForecastClientError(.tooManyRequests)
        default: throw ForecastClientError(.httpStatus(response.status))
        }
        return try decode(response.body, for: request)
    }

    /// The gateway's envelope (XML or JSON) or API Hub's refusal in a body, if that is what it is.
    private func refusal(in body: [UInt8]) -> ForecastResponseError? {
        do {
            _ = try ForecastPageDecoder.decode(body)
            return nil
        } catch {
            switch error {
            case .gateway, .apiHubRefusal: return error
            default: return nil
            }
        }
    }

    /// Decodes a page (from KMA or the cache) straight into its rows, checking that every item
    /// is for the requested cell and run.
    ///
    /// One pass, no item array (``ForecastPageDecoder``'s fused path, which the benchmarks call
    /// `decode-pivot.page`): each item is checked as it is read and pivoted into the page's
    /// rows. The page is decoded whole before any check is reported, so the errors are those of
    /// decoding first, then the first foreign item in page order, then mixed labels, then an
    /// item the rows refuse.
    ///
    /// One label other than the requested base is accepted: for the ultra-short product asked
    /// as HH30, items labelled HH00 of the same date and hour. KMA has answered so (data.go.kr
    /// in production on 2026-10-04, and API Hub recordings: asked as 0030, answered under 0000).
    /// Such items are the requested run: their rows carry the requested base, and the label
    /// KMA used is returned. A page whose items carry both labels mixes runs and is refused, as
    /// are items for any other run or cell.
    ///
    /// A page that contains the service key (a gateway echoing it) has it removed from the
    /// values and the message (such a page is not cached either: see `store`).
    func decode(_ bytes: [UInt8], for request: PageRequest) throws(ForecastClientError) -> CheckedPage {
        let hourLabel = request.hourLabel
        var page: ExpectedPage
        do {
            page = try ForecastPageDecoder.decode(bytes, expecting: PageExpectation(cell: request.cell, base: request.base, alias: hourLabel))
        } catch {
            throw ForecastClientError(.response(sanitized(error)))
        }
        if let item = page.foreignItem {
            throw ForecastClientError(.foreignItem(
                expected: "nx \(request.cell.nx), ny \(request.cell.ny), run \(request.base)",
                found: "nx \(item.nx), ny \(item.ny), run \(item.base)"
            ))
        }
        if page.sawBase, page.sawAlias, let hourLabel {
            throw ForecastClientError(.mixedBaseLabels(run: request.base, labels: [request.base, hourLabel]))
        }
        let key = endpoint.key
        let echoesKey = key.occurs(in: bytes)
        if echoesKey {
            page.info.resultMessage = key.redact(page.info.resultMessage)
            page.rows.rewriteValues(key.redact)
        }
        return CheckedPage(
            info: page.info, rows: page.rows,
            rowError: page.rowError.map { echoesKey ? redacted($0) : $0 },
            baseLabel: page.sawAlias ? hourLabel : nil, echoesKey: echoesKey
        )
    }

    /// The items of a page already checked by ``decode(_:for:)``, in the order KMA sent them,
    /// labelled and redacted as its rows are: for ``ForecastItemStream``, which hands out items
    /// rather than rows.
    func items(of page: FetchedPage) throws(ForecastClientError) -> [ForecastItem] {
        var items: [ForecastItem]
        do {
            items = try ForecastPageDecoder.decode(page.bytes).items
        } catch {
            throw ForecastClientError(.response(sanitized(error)), url: endpoint.displayURL(for: page.request), attempts: page.attempts)
        }
        for index in items.indices {
            if page.baseLabel != nil { items[index].base = page.request.base }
            if page.echoesKey { items[index] = redacted(items[index]) }
        }
        return items
    }

    /// An item with the key removed from its value.
    func redacted(_ item: ForecastItem) -> ForecastItem {
        let value = endpoint.key.redact(item.value)
        guard value != item.value else { return item }
        return ForecastItem(
            base: item.base, category: item.category, forecastDate: item.forecastDate, forecastTime: item.forecastTime,
            value: value, isObservation: item.isObservation, nx: item.nx, ny: item.ny
        )
    }

    /// A row error with the key removed from the values it quotes.
    private func redacted(_ error: RowBuilderError) -> RowBuilderError {
        let key = endpoint.key
        switch error {
        case .duplicate(let item, let existing): return .duplicate(redacted(item), existing: key.redact(existing))
        case .mixedRuns(let item, let rowBase): return .mixedRuns(redacted(item), rowBase: rowBase)
        case .outOfRange(let item): return .outOfRange(redacted(item))
        case .tooManyCategories(let item, let limit): return .tooManyCategories(redacted(item), limit: limit)
        }
    }

    /// Adds a page's rows and facts to the rows of its run.
    ///
    /// - Parameter runLabel: The label KMA put on the run's first page (``FetchedPage/baseLabel``);
    ///   every page of a run must carry the same.
    /// - Throws: ``ForecastClientError/Reason/mixedBaseLabels(run:labels:)`` for a page labelled
    ///   otherwise than the run's first, ``ForecastClientError/Reason/rows(_:)`` for an item the
    ///   rows already have (the pages overlap or repeat) or with numbers outside any real range.
    func addRows(of page: FetchedPage, to rows: inout ForecastRowBuilder, runLabel: ForecastBase?) throws(ForecastClientError) {
        guard page.baseLabel == runLabel else {
            let labels = [runLabel ?? page.request.base, page.baseLabel ?? page.request.base]
            throw ForecastClientError(
                .mixedBaseLabels(run: page.request.base, labels: labels),
                url: endpoint.displayURL(for: page.request), attempts: page.attempts
            )
        }
        do throws(RowBuilderError) {
            if let error = page.rowError { throw error }
            try rows.add(contentsOf: page.rows)
        } catch {
            throw ForecastClientError(.rows(page.echoesKey ? redacted(error) : error), url: endpoint.displayURL(for: page.request), attempts: page.attempts)
        }
    }

    /// The decoder's error with every text KMA supplied stripped of the key (KMA could echo it).
    func sanitized(_ error: ForecastResponseError) -> ForecastResponseError {
        let key = endpoint.key
        switch error {
        case .resultCode(let code, let message):
            return .resultCode(code, message: key.redact(message))
        case .gateway(let code, let authMessage, let errorMessage):
            return .gateway(reasonCode: code, authMessage: key.redact(authMessage), errorMessage: key.redact(errorMessage))
        case .apiHubRefusal(let status, let message):
            return .apiHubRefusal(status: status, message: key.redact(message))
        case .legacyFormat(let detail):
            return .legacyFormat(key.redact(detail))
        case .html(let title):
            return .html(title: title.map(key.redact))
        case .malformedJSON(let offset, let reason):
            return .malformedJSON(offset: offset, reason: key.redact(reason))
        case .unexpectedShape(let detail):
            return .unexpectedShape(key.redact(detail))
        case .xmlNotSupported, .empty, .truncated, .emptyRun:
            return error
        }
    }
}

/// A page decoded into rows whose items are all for the requested cell and run (see
/// ``ClientCore/decode(_:for:)``).
struct CheckedPage: Sendable {
    /// The page's facts.
    var info: PageInfo
    /// The page's rows, labelled with the requested base; its facts added.
    var rows: ForecastRowBuilder
    /// The first item the page's rows refused (it repeats one of the page), reported when
    /// the page is added to its run's rows, after the run's label check.
    var rowError: RowBuilderError?
    /// The base KMA wrote on the items when it was not the requested one (HH00 for an
    /// ultra-short run asked as HH30); `nil` when the items carried the requested base.
    var baseLabel: ForecastBase?
    /// Whether the bytes contain the service key in some form (so the page must not be
    /// cached): scanned once, here.
    var echoesKey: Bool
}

/// One page as fetched: the request, the bytes (kept for the cache, and for the item stream),
/// the page as ``ClientCore/decode(_:for:)`` checked it, and the attempts it took.
struct FetchedPage: Sendable {
    var request: PageRequest
    var bytes: [UInt8]
    var checked: CheckedPage
    var attempts: Int

    /// The page's facts.
    var info: PageInfo { checked.info }
    /// The page's rows (``CheckedPage/rows``).
    var rows: ForecastRowBuilder { checked.rows }
    /// The first item the rows refused (``CheckedPage/rowError``).
    var rowError: RowBuilderError? { checked.rowError }
    /// The label KMA put on the items if not the requested base (``CheckedPage/baseLabel``).
    var baseLabel: ForecastBase? { checked.baseLabel }
    /// Whether ``bytes`` contain the service key (``CheckedPage/echoesKey``).
    var echoesKey: Bool { checked.echoesKey }
}
