import _KMASystem

/// The per-client limit: a token bucket per client (its token name, else its address) of
/// `burst` requests refilled at `perSecond`; a request finding it empty gets 429 with the
/// seconds until the next token (`Retry-After`). Monotonic time, injectable for the tests.
final class ClientRateLimit: Sendable {
    let perSecond: Double
    let burst: Double
    private let clock: @Sendable () -> Duration
    private let buckets = Locked([String: (tokens: Double, at: Duration)]())

    init(perSecond: Double, burst: Int, clock: @escaping @Sendable () -> Duration) {
        self.perSecond = perSecond
        self.burst = Double(max(1, burst))
        self.clock = clock
    }

    /// `nil` when `client` may go now (a token taken), else the seconds to wait (≥ 1).
    func take(_ client: String) -> Int? {
        let now = clock()
        return buckets.withLock { buckets in
            if buckets.count > 100_000 { buckets = buckets.filter { now - $0.value.at < .seconds(60) } }
            var bucket = buckets[client] ?? (burst, now)
            let elapsed = Double((now - bucket.at).components.seconds) + Double((now - bucket.at).components.attoseconds) / 1e18
            bucket.tokens = min(burst, bucket.tokens + elapsed * perSecond)
            bucket.at = now
            defer { buckets[client] = bucket }
            guard bucket.tokens >= 1 else { return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up))) }
            bucket.tokens -= 1
            return nil
        }
    }
}
