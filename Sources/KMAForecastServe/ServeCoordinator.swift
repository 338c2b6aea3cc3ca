/// What the instances of `kma-forecast serve` share: the cached answers, the locks that make
/// concurrent requests for one cell and run cost one fetch, KMA's 30 requests a second per
/// operation and its daily quota. One process uses ``LocalCoordinator``; many instances behind a
/// load balancer share one over Redis (module `KMARedis`, `RedisCoordinator`), so that ten
/// instances make no more KMA calls than one.
///
/// Every method may throw when the shared store cannot be reached; the server then answers from
/// what it has (and says so in `/healthz`), never past KMA's freshness rules.
public protocol ServeCoordinator: Sendable {
    /// The value stored under `key`, or `nil` when there is none or it has expired.
    func cachedValue(forKey key: String) async throws -> [UInt8]?
    /// Stores `value` under `key` for `timeToLive` (> 0), replacing any earlier value.
    func storeValue(_ value: [UInt8], forKey key: String, timeToLive: Duration) async throws
    /// Takes the lock if free: returns an owner token, or nil if someone else holds it.
    func acquireLock(_ key: String, timeToLive: Duration) async throws -> String?
    /// Releases a lock taken with `token`; a lock since expired or taken by another owner is left alone.
    func releaseLock(_ key: String, token: String) async throws
    /// One request slot of `operation` in a sliding 1-second window of at most `limitPerSecond`:
    /// nil when granted now, else how long to wait before asking again.
    func reserveRequest(operation: String, limitPerSecond: Int) async throws -> Duration?
    /// Counts one call on `day` (yyyyMMdd KST): the calls left after it, or nil when the quota is spent.
    func consumeQuota(operation: String, day: String, limit: Int) async throws -> Int?
    /// The calls of `operation` counted on `day` (yyyyMMdd KST), 0 when none.
    func quotaUsed(operation: String, day: String) async throws -> Int
}
