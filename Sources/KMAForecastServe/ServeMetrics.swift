import _KMASystem

/// The counters of a server, for `/metrics` (Prometheus text format 0.0.4) and the tests:
/// requests by route and status, cache hits and misses, coalesced waits, KMA calls by
/// operation, quota refusals, stale answers, and shared-coordinator failures.
///
/// Every name and label value written is the server's own (routes, operations from KMA's
/// URLs' last path component, status numbers), never a request's text, so nothing a client or
/// a gateway sends (a key echoed back) reaches `/metrics`.
public final class ServeMetrics: Sendable {
    /// A snapshot of the counters.
    public struct Counts: Sendable, Hashable {
        /// Requests answered, by `route status` (e.g. `forecast 200`).
        public var requests: [String: Int] = [:]
        /// Answers served from the shared cache.
        public var cacheHits = 0
        /// Answers that were not in the cache (fetched, or waited for).
        public var cacheMisses = 0
        /// Requests that waited for another request's fetch of the same cell and run.
        public var coalescedWaits = 0
        /// KMA requests sent, by operation (`getVilageFcst` …).
        public var kmaCalls: [String: Int] = [:]
        /// KMA requests not sent because the daily quota was spent, by operation.
        public var quotaRefusals: [String: Int] = [:]
        /// Answers served stale (past the quota), with their age.
        public var staleAnswers = 0
        /// Calls to the shared coordinator that failed (the local fallback answered).
        public var coordinatorFailures = 0
    }

    private let counts = Locked(Counts())

    /// Empty counters.
    public init() {}

    /// The counters now.
    public var snapshot: Counts { counts.withLock { $0 } }

    func request(route: String, status: Int) { counts.withLock { $0.requests["\(route) \(status)", default: 0] += 1 } }
    func cacheHit() { counts.withLock { $0.cacheHits += 1 } }
    func cacheMiss() { counts.withLock { $0.cacheMisses += 1 } }
    func coalescedWait() { counts.withLock { $0.coalescedWaits += 1 } }
    func kmaCall(_ operation: String) { counts.withLock { $0.kmaCalls[operation, default: 0] += 1 } }
    func quotaRefused(_ operation: String) { counts.withLock { $0.quotaRefusals[operation, default: 0] += 1 } }
    func staleAnswer() { counts.withLock { $0.staleAnswers += 1 } }
    func coordinatorFailed() { counts.withLock { $0.coordinatorFailures += 1 } }

    /// The Prometheus text of the counters, with the quota left per operation today
    /// (`budgetLeft`, operation → calls left; empty without a daily quota).
    public func prometheusText(budgetLeft: [String: Int], sharedCoordinatorUp: Bool) -> String {
        let now = snapshot
        var out = ""
        func family(_ name: String, _ type: String, _ help: String) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
        }
        family("kma_serve_requests_total", "counter", "HTTP requests answered, by route and status.")
        for (key, count) in now.requests.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: " ")
            out += "kma_serve_requests_total{route=\"\(parts.first ?? "")\",status=\"\(parts.last ?? "")\"} \(count)\n"
        }
        func single(_ name: String, _ type: String, _ help: String, _ value: Int) {
            family(name, type, help)
            out += "\(name) \(value)\n"
        }
        func byOperation(_ name: String, _ type: String, _ help: String, _ values: [String: Int]) {
            family(name, type, help)
            for (operation, value) in values.sorted(by: { $0.key < $1.key }) { out += "\(name){operation=\"\(operation)\"} \(value)\n" }
        }
        single("kma_serve_cache_hits_total", "counter", "Answers served from the cache.", now.cacheHits)
        single("kma_serve_cache_misses_total", "counter", "Answers not in the cache.", now.cacheMisses)
        single("kma_serve_coalesced_waits_total", "counter", "Requests that waited for another request's fetch of the same cell and run.", now.coalescedWaits)
        byOperation("kma_serve_kma_calls_total", "counter", "Requests sent to KMA, by operation.", now.kmaCalls)
        byOperation("kma_serve_quota_refusals_total", "counter", "KMA requests not sent because the daily quota was spent, by operation.", now.quotaRefusals)
        byOperation("kma_serve_budget_left", "gauge", "KMA calls left today (KST) under --daily-quota, by operation.", budgetLeft)
        single("kma_serve_stale_answers_total", "counter", "Answers served stale past the daily quota.", now.staleAnswers)
        single("kma_serve_coordinator_failures_total", "counter", "Shared coordinator calls that failed (answered locally).", now.coordinatorFailures)
        single("kma_serve_shared_coordinator_up", "gauge", "1 when the shared coordinator answered its last call.", sharedCoordinatorUp ? 1 : 0)
        return out
    }
}
