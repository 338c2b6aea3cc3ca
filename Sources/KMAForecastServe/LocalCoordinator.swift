import _KMASystem

/// The ``ServeCoordinator`` of one process: the cache, the locks, the request windows and the
/// daily counts in memory, behind the package's lock (``Locked``, not `Mutex`: iOS 16).
///
/// ```swift
/// let coordinator = LocalCoordinator()
/// let server = try ServeServer(configuration: configuration, client: client, coordinator: coordinator)
/// ```
///
/// Time-to-live and the 1-second windows are read from `clock` (a monotonic reading; default
/// `ContinuousClock`), which a test replaces with its own. Expired entries are dropped when
/// they are next read, and every 1,024 stores a sweep drops them all, so memory stays bounded
/// by what is live.
public final class LocalCoordinator: ServeCoordinator {
    /// A monotonic instant: the time since an arbitrary start.
    public typealias Clock = @Sendable () -> Duration

    struct State {
        var values: [String: (bytes: [UInt8], expires: Duration)] = [:]
        var locks: [String: (token: String, expires: Duration)] = [:]
        var windows: [String: [Duration]] = [:]
        var quotas: [String: Int] = [:]
        var stores = 0
        var tokens: UInt64 = 0
    }

    private let state = Locked(State())
    private let clock: Clock

    /// A coordinator on the machine's monotonic clock, or on `clock`.
    public init(clock: Clock? = nil) {
        if let clock {
            self.clock = clock
        } else {
            let start = ContinuousClock.now
            self.clock = { ContinuousClock.now - start }
        }
    }

    public func cachedValue(forKey key: String) async throws -> [UInt8]? {
        let now = clock()
        return state.withLock { state in
            guard let entry = state.values[key] else { return nil }
            guard entry.expires > now else {
                state.values[key] = nil
                return nil
            }
            return entry.bytes
        }
    }

    public func storeValue(_ value: [UInt8], forKey key: String, timeToLive: Duration) async throws {
        let now = clock()
        state.withLock { state in
            state.values[key] = (value, now + timeToLive)
            state.stores += 1
            if state.stores % 1_024 == 0 {
                state.values = state.values.filter { $0.value.expires > now }
                state.locks = state.locks.filter { $0.value.expires > now }
            }
        }
    }

    public func acquireLock(_ key: String, timeToLive: Duration) async throws -> String? {
        let now = clock()
        return state.withLock { state in
            if let held = state.locks[key], held.expires > now { return nil }
            state.tokens += 1
            let token = "local-\(state.tokens)"
            state.locks[key] = (token, now + timeToLive)
            return token
        }
    }

    public func releaseLock(_ key: String, token: String) async throws {
        state.withLock { state in
            if state.locks[key]?.token == token { state.locks[key] = nil }
        }
    }

    public func reserveRequest(operation: String, limitPerSecond: Int) async throws -> Duration? {
        let now = clock()
        let window = Duration.seconds(1)
        return state.withLock { state in
            var stamps = state.windows[operation, default: []]
            stamps.removeAll { $0 <= now - window }
            defer { state.windows[operation] = stamps }
            guard stamps.count >= max(1, limitPerSecond) else {
                stamps.append(now)
                return nil
            }
            // The oldest stamp leaves the window after this long.
            return stamps[stamps.count - max(1, limitPerSecond)] + window - now
        }
    }

    public func consumeQuota(operation: String, day: String, limit: Int) async throws -> Int? {
        state.withLock { state in
            let key = operation + "|" + day
            let used = state.quotas[key, default: 0]
            guard used < limit else { return nil }
            state.quotas[key] = used + 1
            return limit - used - 1
        }
    }

    public func quotaUsed(operation: String, day: String) async throws -> Int {
        state.withLock { $0.quotas[operation + "|" + day, default: 0] }
    }
}
