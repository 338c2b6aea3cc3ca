import _KMASystem

/// A shared coordinator with this process's own behind it: each call goes to `shared`, and
/// when that throws (Redis down) to `local`, counted in ``ServeMetrics`` and reported by
/// ``isSharedUp`` (`/healthz`, `/metrics`). The instance then has its own cache, locks, window
/// and quota count until the shared one answers again: nothing is served past KMA's freshness
/// rules, but several instances may each fetch once.
final class FallbackCoordinator: ServeCoordinator {
    let shared: any ServeCoordinator
    let local: LocalCoordinator
    let metrics: ServeMetrics
    private let up = Locked(true)

    init(shared: any ServeCoordinator, local: LocalCoordinator, metrics: ServeMetrics) {
        self.shared = shared
        self.local = local
        self.metrics = metrics
    }

    /// Whether the shared coordinator answered its last call.
    var isSharedUp: Bool { up.withLock { $0 } }

    private func either<T>(_ body: (any ServeCoordinator) async throws -> T) async throws -> T {
        do {
            let value = try await body(shared)
            up.withLock { $0 = true }
            return value
        } catch {
            up.withLock { $0 = false }
            metrics.coordinatorFailed()
            return try await body(local)
        }
    }

    func cachedValue(forKey key: String) async throws -> [UInt8]? {
        try await either { try await $0.cachedValue(forKey: key) }
    }

    func storeValue(_ value: [UInt8], forKey key: String, timeToLive: Duration) async throws {
        try await either { try await $0.storeValue(value, forKey: key, timeToLive: timeToLive) }
    }

    func acquireLock(_ key: String, timeToLive: Duration) async throws -> String? {
        try await either { try await $0.acquireLock(key, timeToLive: timeToLive) }
    }

    func releaseLock(_ key: String, token: String) async throws {
        try await either { try await $0.releaseLock(key, token: token) }
    }

    func reserveRequest(operation: String, limitPerSecond: Int) async throws -> Duration? {
        try await either { try await $0.reserveRequest(operation: operation, limitPerSecond: limitPerSecond) }
    }

    func consumeQuota(operation: String, day: String, limit: Int) async throws -> Int? {
        try await either { try await $0.consumeQuota(operation: operation, day: day, limit: limit) }
    }

    func quotaUsed(operation: String, day: String) async throws -> Int {
        try await either { try await $0.quotaUsed(operation: operation, day: day) }
    }
}
