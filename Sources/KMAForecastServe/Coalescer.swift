/// Any number of concurrent requests for one cell and run cost one fetch, across every
/// instance sharing the coordinator: the first takes the cell's lock and fetches; the others
/// wait, polling the cache until the holder stores the answer, or the lock is free again (the
/// holder failed, died, or fetched another place in the cell), and then one of them takes over.
struct Coalescer: Sendable {
    /// What a fetch gave.
    enum Fetched: Sendable {
        /// A complete answer, cached until `entry.nextUpdate`.
        case fresh(ServedEntry, timeToLive: Duration)
        /// An answer to give this request only (a product failed: not cached).
        case once(ServedEntry)
        /// The daily quota is spent.
        case quotaSpent
        /// The request cannot be answered: why.
        case failed(ServeFailure)
    }

    /// What a request gets.
    enum Outcome: Sendable {
        case hit(ServedEntry)
        case fetched(Fetched)
    }

    let coordinator: any ServeCoordinator
    let metrics: ServeMetrics
    /// How long a lock is held at most (a holder that dies frees it after this).
    var lockTimeToLive: Duration = .seconds(90)
    /// How often a waiter looks at the cache.
    var pollInterval: Duration = .milliseconds(25)
    /// How long a stale copy is kept, for answers past the quota.
    var staleTimeToLive: Duration = .seconds(48 * 3600)

    /// The cached answer under `key`, or the one fetched under the lock `lock`.
    ///
    /// - Parameters:
    ///   - key: The answer's cache key (its location, options and run).
    ///   - staleKey: Where a copy is kept past its freshness, for answers past the quota.
    ///   - lock: The lock of the cell and run.
    ///   - fetch: Fetches the answer (called by at most one request per lock at a time).
    func value(key: String, staleKey: String, lock: String, fetch: @Sendable () async -> Fetched) async -> Outcome {
        if let hit = await cached(key) {
            metrics.cacheHit()
            return .hit(hit)
        }
        metrics.cacheMiss()
        var waited = false
        while !Task.isCancelled {
            let token: String?
            do {
                token = try await coordinator.acquireLock(lock, timeToLive: lockTimeToLive)
            } catch {
                token = nil
                return .fetched(await fetchAndStore(key: key, staleKey: staleKey, fetch: fetch))
            }
            if let token {
                // Someone may have stored it between the miss and the lock.
                if let hit = await cached(key) {
                    try? await coordinator.releaseLock(lock, token: token)
                    return .hit(hit)
                }
                let fetched = await fetchAndStore(key: key, staleKey: staleKey, fetch: fetch)
                try? await coordinator.releaseLock(lock, token: token)
                return .fetched(fetched)
            }
            if !waited {
                waited = true
                metrics.coalescedWait()
            }
            try? await Task.sleep(for: pollInterval)
            if let hit = await cached(key) { return .hit(hit) }
        }
        return .fetched(.failed(.unavailable("the request was cancelled")))
    }

    /// The stale copy under `staleKey`, if any.
    func stale(_ staleKey: String) async -> ServedEntry? {
        await cached(staleKey)
    }

    private func cached(_ key: String) async -> ServedEntry? {
        guard let bytes = try? await coordinator.cachedValue(forKey: key) else { return nil }
        return ServedEntry(bytes: bytes)
    }

    private func fetchAndStore(key: String, staleKey: String, fetch: @Sendable () async -> Fetched) async -> Fetched {
        let fetched = await fetch()
        if case .fresh(let entry, let timeToLive) = fetched {
            try? await coordinator.storeValue(entry.bytes, forKey: key, timeToLive: timeToLive)
            try? await coordinator.storeValue(entry.bytes, forKey: staleKey, timeToLive: staleTimeToLive)
        }
        return fetched
    }
}
