import _KMASystem

/// A limit on the number of HTTP requests, shared by every fetch it is passed to (for example
/// the three products of one command). Each attempt, retries included, takes one request;
/// cache hits take none. When the budget is used up, fetches fail with
/// ``ForecastClientError/Reason/budgetExhausted(limit:)`` without sending anything.
///
/// A development key allows 10,000 calls a day, so `RequestBudget(limit: 10_000)` is the most
/// a day's work can use.
///
/// A reference type by nature: copies share one count. Safe to use from any task.
public final class RequestBudget: Sendable {
    /// The most requests allowed, ≥ 0.
    public let limit: Int
    private let used: Locked<Int>

    /// A budget of `limit` requests (negative limits count as 0).
    public init(limit: Int) {
        self.limit = max(0, limit)
        self.used = Locked(0)
    }

    /// The requests taken so far.
    public var requestsUsed: Int { used.withLock { $0 } }

    /// The requests still allowed.
    public var remaining: Int { limit - requestsUsed }

    /// Takes one request; `false` (and nothing taken) when none is left.
    func take() -> Bool {
        used.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    /// Gives back a request taken with ``take()`` that was never sent (the rate limiter
    /// stopped it).
    func refund() {
        used.withLock { count in count = max(0, count - 1) }
    }
}
