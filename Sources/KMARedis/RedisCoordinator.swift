/// What several `kma-forecast serve` instances share through one Redis: the cache of KMA's
/// answers, a lock per fetch (so concurrent requests for one cell and run cost one KMA call
/// across instances), the 30-requests-a-second budget of each KMA operation, and each
/// operation's daily quota. Every decision is one atomic Redis command or Lua script, so two
/// instances can never both win a lock, overspend a second, or pass a quota.
///
/// Every key starts with ``keyPrefix`` (`kma-forecast:` by default), then names its kind:
/// `cache:<key>`, `lock:<key>`, `rate:<operation>`, `quota:<operation>:<yyyyMMdd>`.
///
/// ```swift
/// let shared = try RedisCoordinator(url: "redis://127.0.0.1:6379", keyPrefix: "kma-forecast:")
/// if let token = try await shared.acquireLock("fetch:60,127:202612020500", timeToLive: .seconds(30)) {
///     defer { Task { try? await shared.releaseLock("fetch:60,127:202612020500", token: token) } }
///     …
/// }
/// ```
///
/// Every method throws ``RedisError`` (``RedisError/isUnavailable``: Redis is down or hangs,
/// and the caller falls back to its own cache and budget); none waits longer than the
/// ``RedisOptions`` timeouts.
public final class RedisCoordinator: Sendable {
    /// What every key starts with.
    public let keyPrefix: String
    /// The client, for other commands.
    public let client: RedisClient

    /// How long a day's quota counter lives after the day's first call: two days, so a day
    /// in KST is still counted whatever the server's time zone, and then the key goes away.
    public static let quotaLifetime: Duration = .seconds(2 * 24 * 3600)

    /// A coordinator on the Redis at `url`; no connection is made until the first call.
    ///
    /// - Parameters:
    ///   - url: `redis://[[user]:password@]host[:port][/db]`.
    ///   - keyPrefix: What every key starts with (default `kma-forecast:`): instances that
    ///     share a budget use the same prefix; unrelated deployments on one Redis use two.
    ///   - options: Timeouts, pool size, reply limits.
    /// - Throws: ``RedisError`` (`.invalidURL`) when the URL does not parse.
    public init(url: String, keyPrefix: String = "kma-forecast:", options: RedisOptions = RedisOptions()) throws {
        client = try RedisClient(url: url, options: options)
        self.keyPrefix = keyPrefix
    }

    /// Returns when Redis answers `PING`; throws ``RedisError`` when it does not (what
    /// `/healthz` reports).
    public func ping() async throws {
        try await client.ping()
    }

    // MARK: - The cache

    /// The bytes stored for `key`, or `nil` when there are none (never stored, or expired).
    public func cachedValue(forKey key: String) async throws -> [UInt8]? {
        try await client.get(keyPrefix + "cache:" + key)
    }

    /// Stores `value` (any bytes) for `key` for `timeToLive` (> 0, rounded up to a whole
    /// millisecond), replacing what was there.
    public func storeValue(_ value: [UInt8], forKey key: String, timeToLive: Duration) async throws {
        try await client.set(value, forKey: keyPrefix + "cache:" + key, expiringAfter: timeToLive)
    }

    // MARK: - Locks

    /// Takes the lock `key` if it is free (`SET NX PX`), for at most `timeToLive` (> 0):
    /// returns an owner token (32 random hexadecimal digits) for ``releaseLock(_:token:)``,
    /// or `nil` when someone else holds it.
    public func acquireLock(_ key: String, timeToLive: Duration) async throws -> String? {
        let token = Self.newToken()
        let taken = try await client.set(Array(token.utf8), forKey: keyPrefix + "lock:" + key, expiringAfter: timeToLive, onlyIfAbsent: true)
        return taken ? token : nil
    }

    /// Releases the lock `key` if `token` still owns it (compare and delete, in one Lua
    /// script); does nothing when it expired or another owner holds it now.
    public func releaseLock(_ key: String, token: String) async throws {
        _ = try await releaseLockReportingRelease(key, token: token)
    }

    /// ``releaseLock(_:token:)``, saying whether the token owned the lock (and released it).
    @discardableResult
    public func releaseLockReportingRelease(_ key: String, token: String) async throws -> Bool {
        let reply = try await client.evaluate(Scripts.releaseLock, keys: [keyPrefix + "lock:" + key], arguments: [token])
        guard case .integer(let released) = reply else { throw client.unexpected("EVALSHA", reply) }
        return released == 1
    }

    // MARK: - The rate budget

    /// One request slot of `operation` in a sliding one-second window of at most
    /// `limitPerSecond` (≥ 1) slots, shared by every instance: `nil` when granted now, else
    /// how long to wait before asking again.
    public func reserveRequest(operation: String, limitPerSecond: Int) async throws -> Duration? {
        switch try await reserve(operation: operation, limitPerSecond: limitPerSecond) {
        case .granted: nil
        case .retry(let after): after
        }
    }

    /// ``reserveRequest(operation:limitPerSecond:)``, with the instant the slot was granted
    /// at by the Redis server's clock (the one clock of every instance).
    ///
    /// Any half-open second [t, t + 1 s) of that clock holds at most `limitPerSecond` grants.
    public func reserve(operation: String, limitPerSecond: Int) async throws -> RequestReservation {
        guard limitPerSecond >= 1 else { throw RedisError(endpoint: client.endpoint, .invalidArgument("limitPerSecond must be at least 1, not \(limitPerSecond)")) }
        try Self.checkOperation(operation, endpoint: client.endpoint)
        let reply = try await client.evaluate(
            Scripts.reserveRequest, keys: [keyPrefix + "rate:" + operation],
            arguments: [limitPerSecond, 1_000_000, Self.newToken()])
        guard case .array(let items) = reply, items.count == 2, case .integer(let granted) = items[0], case .integer(let value) = items[1] else {
            throw client.unexpected("EVALSHA", reply)
        }
        return granted == 1 ? .granted(atMicroseconds: value) : .retry(after: .microseconds(max(1, value)))
    }

    // MARK: - The daily quota

    /// Counts one call of `operation` on `day` (`yyyyMMdd`, KST) against `limit` (≥ 0): the
    /// calls left after it, or `nil` when the quota is spent (the call is not counted: the
    /// count never passes `limit`, however many instances ask at once). The counter expires
    /// ``quotaLifetime`` after the day's first call.
    public func consumeQuota(operation: String, day: String, limit: Int) async throws -> Int? {
        guard limit >= 0 else { throw RedisError(endpoint: client.endpoint, .invalidArgument("the quota limit must not be negative, not \(limit)")) }
        let key = try quotaKey(operation: operation, day: day)
        let lifetime = try RedisClient.milliseconds(Self.quotaLifetime, what: "the quota lifetime")
        let reply = try await client.evaluate(Scripts.consumeQuota, keys: [key], arguments: [limit, lifetime])
        guard case .integer(let left) = reply, let count = Int(exactly: left) else { throw client.unexpected("EVALSHA", reply) }
        return count < 0 ? nil : count
    }

    /// The calls of `operation` counted on `day` (`yyyyMMdd`, KST) so far: 0 when none.
    public func quotaUsed(operation: String, day: String) async throws -> Int {
        let key = try quotaKey(operation: operation, day: day)
        guard let bytes = try await client.get(key) else { return 0 }
        guard let used = RESPValue.bulkString(bytes).integerValue, let count = Int(exactly: used) else {
            throw RedisError(endpoint: client.endpoint, .unexpectedReply(command: "GET", kind: "a string that is not a count"))
        }
        return count
    }

    // MARK: - Helpers

    private func quotaKey(operation: String, day: String) throws(RedisError) -> String {
        try Self.checkOperation(operation, endpoint: client.endpoint)
        guard day.utf8.count == 8, day.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw RedisError(endpoint: client.endpoint, .invalidArgument("the day must be yyyyMMdd (8 digits, KST)"))
        }
        return keyPrefix + "quota:" + operation + ":" + day
    }

    private static func checkOperation(_ operation: String, endpoint: String) throws(RedisError) {
        guard !operation.isEmpty else { throw RedisError(endpoint: endpoint, .invalidArgument("the operation name is empty")) }
    }

    /// 128 random bits as 32 lowercase hexadecimal digits (the system's random source).
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return [generator.next() as UInt64, generator.next() as UInt64].map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}
