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
    /// The warning service root, provider and key (``ClientConfiguration/warningsBaseURL``), set
    /// like ``midEndpoint``.
    var warningsEndpoint: Endpoint?
    /// The UV index service root, provider and key (``ClientConfiguration/uvIndexBaseURL``); set
    /// like ``midEndpoint``.
    var uvEndpoint: Endpoint?

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
    ///
    /// Each turn: ``admission(_:budget:)`` (cancellation, the daily quota, the budget, the
    /// limiter's go), the attempt reported and sent, the answer interpreted; a failure is told
    /// to the limiter (``noteFailure(_:retryAfter:operation:)``), then ends the loop (too long a
    /// `Retry-After`: ``waitRefusal(_:retryAfter:)``; not transient, out of attempts or
    /// cancelled) or waits the policy's backoff and goes round again.
    func retrying<Value: Sendable>(
        _ url: String, shown: String, budget: RequestBudget?,
        sent: (_ attempt: Int) -> ForecastClientEvent,
        retried: (_ failedAttempt: Int, _ delay: Duration, _ error: ForecastClientError) -> ForecastClientEvent,
        interpret: (HTTPResponse) throws(ForecastClientError) -> Value
    ) async -> Attempted<Value> {
        let retry = configuration.retry
        let operation = RequestRateLimiter.operation(of: shown)
        var attempt = 0
        while true {
            // Awaited into a local (see `Result.init(awaiting:)`).
            let refused = await admission(operation, budget: budget)
            if let refused {
                return Attempted(result: .failure(ForecastClientError(refused, url: shown, attempts: attempt)), attempts: attempt)
            }
            attempt += 1
            emit(sent(attempt))
            // Awaited into a local before any value is built from it (see `Result.init(awaiting:)`).
            let answer = await send(url, departure: departureStamp(operation))
            var retryAfter: Int?
            let failure: ForecastClientError
            switch answer {
            case .success(let response):
                retryAfter = response.retryAfterSeconds
                do {
                    let value = try interpret(response)
                    configuration.rateLimiter?.noteAnswer(operation)
                    return Attempted(result: .success(value), attempts: attempt)
                } catch {
                    failure = error
                }
            case .failure(let error):
                failure = error
            }
            noteFailure(failure, retryAfter: retryAfter, operation: operation)
            if let refusal = waitRefusal(failure, retryAfter: retryAfter) {
                return Attempted(result: .failure(refusal.at(shown, attempts: attempt)), attempts: attempt)
            }
            if Task.isCancelled {
                // Cancelled while the attempt was out: the caller gave up, whatever the answer was.
                return Attempted(result: .failure(ForecastClientError(.cancelled, url: shown, attempts: attempt, service: failure.service)), attempts: attempt)
            }
            guard failure.isTransient, attempt < retry.maxAttempts else {
                return Attempted(result: .failure(failure.at(shown, attempts: attempt)), attempts: attempt)
            }
            let delay = retry.delay(afterAttempt: attempt, random: random(), retryAfterSeconds: retryAfter)
            emit(retried(attempt, delay, failure.at(shown, attempts: attempt)))
            // Ends at once when the task is cancelled, whatever the injected sleep does; the
            // admission then says cancelled and nothing more is sent.
            await CancellableWait.wait(delay, using: sleep)
        }
    }

    /// Whether the next attempt may be sent: `nil` to send it, else why not. In order: the task
    /// was cancelled; the daily quota is spent (``RequestRateLimiter/quotaStop``); the budget
    /// has no request left; the rate limiter's go for `operation` (awaited), which gives the
    /// request back to the budget when it refuses.
    func admission(_ operation: String, budget: RequestBudget?) async -> ForecastClientError.Reason? {
        guard !Task.isCancelled else { return .cancelled }
        let limiter = configuration.rateLimiter
        if let stop = limiter?.quotaStop { return .quotaExhausted(resetsAt: stop.resetsAt) }
        if let budget, !budget.take() { return .budgetExhausted(limit: budget.limit) }
        guard let limiter else { return nil }
        // Awaited into a local (see `Result.init(awaiting:)`).
        let permit = await limiter.acquire(operation)
        switch permit {
        case .go:
            return nil
        case .quotaExhausted(let stop):
            budget?.refund()
            return .quotaExhausted(resetsAt: stop.resetsAt)
        case .cancelled:
            budget?.refund()
            return .cancelled
        }
    }

    /// What the client's transport calls the moment a request leaves, so the rate limiter
    /// paces arrivals by it; `nil` without a limiter.
    func departureStamp(_ operation: String) -> (@Sendable () -> Void)? {
        guard let limiter = configuration.rateLimiter else { return nil }
        // Read right after the permit: the time to the stamp is a delay the limiter adapts to.
        let letGo = limiter.instant
        return { @Sendable in limiter.noteDeparture(operation, letGoAt: letGo) }
    }

    /// Tells the rate limiter how a request failed: refused for the rate (HTTP 429 or code
    /// 22's per-second sibling, paused for `Retry-After` up to the policy's ceiling), the daily
    /// quota spent (code 22), or any other answer.
    func noteFailure(_ failure: ForecastClientError, retryAfter: Int?, operation: String) {
        guard let limiter = configuration.rateLimiter else { return }
        let ceiling = configuration.retry.maxDelay.inSeconds
        if failure.reason == .tooManyRequests || failure.resultCode == .perSecondLimitExceeded {
            limiter.noteRefusal(operation, retryAfterSeconds: retryAfter.map { min($0, Int(ceiling.rounded(.down))) })
        } else if failure.resultCode == .quotaExceeded {
            limiter.noteQuotaExhausted(operation, now: configuration.now())
        } else {
            limiter.noteAnswer(operation)
        }
    }

    /// A wait longer than the policy's ceiling is never taken (by the retry or by the
    /// limiter): for a transient failure whose `Retry-After` is over it, the error that says
    /// how long KMA asks to wait
    /// (``ForecastClientError/Reason/waitRequested(seconds:maximumWait:reason:)``); else `nil`.
    func waitRefusal(_ failure: ForecastClientError, retryAfter: Int?) -> ForecastClientError? {
        let retry = configuration.retry
        guard failure.isTransient, let retryAfter, Double(retryAfter) > retry.maxDelay.inSeconds else { return nil }
        return ForecastClientError(.waitRequested(seconds: retryAfter, maximumWait: retry.maxDelay, reason: failure.reason), service: failure.service)
    }
}
