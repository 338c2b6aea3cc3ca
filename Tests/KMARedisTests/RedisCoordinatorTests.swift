import Testing
import _KMATestSupport
@testable import KMARedis

/// Two coordinators on one real redis-server, as two `serve` instances share one: the lock,
/// the cache, the rate budget and the quota. Each test runs its own server (a free port, a
/// temporary folder, no persistence); a missing redis-server fails the test with how to
/// install it.
@Suite struct RedisCoordinatorTests {
    /// A lock taken by one instance is refused to the other, and only its token releases it.
    @Test func aLockIsHeldByOneInstanceAndReleasedByItsTokenOnly() async throws {
        let server = try RedisServerProcess()
        defer { server.stop() }
        let (first, second) = (try RedisCoordinator(url: server.url, options: .forTests), try RedisCoordinator(url: server.url, options: .forTests))
        let key = "fetch:60,127:202612020500"
        let token = try #require(try await first.acquireLock(key, timeToLive: .seconds(600)))
        #expect(token.count == 32)
        #expect(try await second.acquireLock(key, timeToLive: .seconds(600)) == nil)
        #expect(try await first.acquireLock(key, timeToLive: .seconds(600)) == nil)
        // A wrong token (another instance's guess, or a lock that expired and was retaken)
        // releases nothing.
        #expect(try await second.releaseLockReportingRelease(key, token: String(repeating: "0", count: 32)) == false)
        try await second.releaseLock(key, token: "not-the-token")
        #expect(try await second.acquireLock(key, timeToLive: .seconds(600)) == nil)
        // The owner's token does.
        #expect(try await first.releaseLockReportingRelease(key, token: token) == true)
        let other = try #require(try await second.acquireLock(key, timeToLive: .seconds(600)))
        #expect(other != token)
        // It expires: its time to live is set, never longer than asked.
        let ttl = try await first.client.send(RedisCommand("PTTL", "kma-forecast:lock:" + key)).integerValue ?? -1
        #expect(ttl > 0 && ttl <= 600_000)
    }

    /// Many concurrent takers on two instances: exactly one wins.
    @Test func concurrentTakersGetOneLock() async throws {
        let server = try RedisServerProcess()
        defer { server.stop() }
        let coordinators = [try RedisCoordinator(url: server.url, options: .forTests), try RedisCoordinator(url: server.url, options: .forTests)]
        let tokens = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<60 {
                group.addTask { try await coordinators[index % 2].acquireLock("one", timeToLive: .seconds(600)) }
            }
            return try await group.reduce(into: [String]()) { if let token = $1 { $0.append(token) } }
        }
        #expect(tokens.count == 1)
    }

    /// 200 requests from two instances, each asking again after the wait it is told: every
    /// one is granted in the end, and no 1-second window of the server's clock holds more
    /// than 30 grants (checked on the granted stamps, not on how fast anything ran).
    @Test func theRateBudgetGrantsAtMost30InAnySecond() async throws {
        let server = try RedisServerProcess()
        defer { server.stop() }
        let coordinators = [try RedisCoordinator(url: server.url, options: .forTests), try RedisCoordinator(url: server.url, options: .forTests)]
        let results = try await withThrowingTaskGroup(of: (stamp: Int64, refusals: Int).self) { group in
            for index in 0..<200 {
                group.addTask {
                    var refusals = 0
                    while true {
                        switch try await coordinators[index % 2].reserve(operation: "getVilageFcst", limitPerSecond: 30) {
                        case .granted(let stamp): return (stamp, refusals)
                        case .retry(let after):
                            #expect(after > .zero && after <= .seconds(1))
                            refusals += 1
                            try await Task.sleep(for: after)
                        }
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let stamps = results.map(\.stamp).sorted()
        #expect(stamps.count == 200)
        #expect(Set(stamps).count <= 200)
        var crowded: [(Int64, Int64)] = []
        for index in 0..<(stamps.count - 30) where stamps[index + 30] - stamps[index] < 1_000_000 {
            crowded.append((stamps[index], stamps[index + 30]))
        }
        #expect(crowded.isEmpty, "31 grants within one second: \(crowded.prefix(3))")
        // Another operation has its own budget.
        #expect(try await coordinators[0].reserveRequest(operation: "getUltraSrtNcst", limitPerSecond: 30) == nil)
    }

    /// The protocol's form: nil when granted, the wait when not. Asked until a refusal comes
    /// (it does once two grants fall within a second); every grant before it is checked to
    /// leave room, whatever the machine's speed.
    @Test func reserveRequestSaysHowLongToWait() async throws {
        let server = try RedisServerProcess()
        defer { server.stop() }
        let coordinator = try RedisCoordinator(url: server.url, options: .forTests)
        var stamps: [Int64] = []
        var wait: Duration?
        while wait == nil, stamps.count < 50 {
            switch try await coordinator.reserve(operation: "op", limitPerSecond: 2) {
            case .granted(let stamp):
                if stamps.count >= 2 { #expect(stamp - stamps[stamps.count - 2] >= 1_000_000) }
                stamps.append(stamp)
            case .retry(let after):
                wait = after
            }
        }
        let told = try #require(wait)
        #expect(told > .zero && told <= .seconds(1))
        await #expect(throws: RedisError.self) { try await coordinator.reserveRequest(operation: "op", limitPerSecond: 0) }
        await #expect(throws: RedisError.self) { try await coordinator.reserveRequest(operation: "", limitPerSecond: 30) }
    }

    /// 300 concurrent calls from two instances against a quota of 120: exactly 120 are
    /// counted, each told a different number left, and the counter never passes the limit.
    @Test func theQuotaIsNeverExceeded() async throws {
        let server = try RedisServerProcess()
        defer { server.stop() }
        let coordinators = [try RedisCoordinator(url: server.url, options: .forTests), try RedisCoordinator(url: server.url, options: .forTests)]
        let answers = try await withThrowingTaskGroup(of: Int?.self) { group in
            for index in 0..<300 {
                group.addTask { try await coordinators[index % 2].consumeQuota(operation: "getVilageFcst", day: "20261202", limit: 120) }
            }
            return try await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        let left = answers.compactMap { $0 }
        #expect(left.count == 120)
        #expect(left.sorted() == Array(0..<120))
        #expect(try await coordinators[1].quotaUsed(operation: "getVilageFcst", day: "20261202") == 120)
        #expect(try await coordinators[0].consumeQuota(operation: "getVilageFcst", day: "20261202", limit: 120) == nil)
        #expect(try await coordinators[0].quotaUsed(operation: "getVilageFcst", day: "20261202") == 120)
        // Another day, another operation: their own counts.
        #expect(try await coordinators[0].quotaUsed(operation: "getVilageFcst", day: "20261203") == 0)
        #expect(try await coordinators[0].consumeQuota(operation: "getUltraSrtFcst", day: "20261202", limit: 10) == 9)
        // The counter expires about two days after the day's first call.
        let ttl = try await coordinators[0].client.send(RedisCommand("PTTL", "kma-forecast:quota:getVilageFcst:20261202")).integerValue ?? -1
        #expect(ttl > 47 * 3_600_000 && ttl <= 48 * 3_600_000)
        await #expect(throws: RedisError.self) { try await coordinators[0].quotaUsed(operation: "x", day: "2026-12-02") }
    }

    /// Values are bytes: every byte value, CRLFs, a megabyte, the empty value, all round-trip;
    /// a missing key is nil; the time to live is set.
    @Test func valuesRoundTripAsBytes() async throws {
        let server = try RedisServerProcess()
        defer { server.stop() }
        let (writer, reader) = (try RedisCoordinator(url: server.url, options: .forTests), try RedisCoordinator(url: server.url, options: .forTests))
        let megabyte = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
        for (key, value) in [("big", megabyte), ("empty", []), ("crlf", Array("$5\r\n*1\r\n\r\n".utf8) + [0, 255])] {
            try await writer.storeValue(value, forKey: key, timeToLive: .seconds(600))
            #expect(try await reader.cachedValue(forKey: key) == value, "\(key)")
        }
        #expect(try await reader.cachedValue(forKey: "never-stored") == nil)
        let ttl = try await reader.client.send(RedisCommand("PTTL", "kma-forecast:cache:big")).integerValue ?? -1
        #expect(ttl > 0 && ttl <= 600_000)
        // The prefix namespaces: another prefix sees nothing.
        #expect(try await RedisCoordinator(url: server.url, keyPrefix: "other:", options: .forTests).cachedValue(forKey: "big") == nil)
        await #expect(throws: RedisError.self) { try await writer.storeValue([1], forKey: "k", timeToLive: .zero) }
        let small = try RedisCoordinator(url: server.url, options: RedisOptions(connectTimeout: .seconds(180), commandTimeout: .seconds(180), limits: RESPLimits(maximumBulkLength: 1000)))
        await #expect(throws: RedisError(endpoint: small.client.endpoint, .valueTooLong(length: 1001, limit: 1000))) {
            try await small.storeValue([UInt8](repeating: 1, count: 1001), forKey: "k", timeToLive: .seconds(1))
        }
    }

    /// A server that lost its scripts (restarted, or `SCRIPT FLUSH`) answers EVALSHA with
    /// NOSCRIPT; the client sends the script's text, and the server then knows it by the
    /// SHA-1 the client computed.
    @Test func scriptsAreSentAgainWhenTheServerForgotThem() async throws {
        let server = try RedisServerProcess()
        defer { server.stop() }
        let coordinator = try RedisCoordinator(url: server.url, options: .forTests)
        try await coordinator.client.send(RedisCommand("SCRIPT", "FLUSH"))
        #expect(try await coordinator.consumeQuota(operation: "op", day: "20261202", limit: 5) == 4)
        let exists = try await coordinator.client.send(RedisCommand("SCRIPT", "EXISTS", RedisCoordinator.Scripts.consumeQuota.sha1))
        #expect(exists == .array([.integer(1)]))
        #expect(try await coordinator.consumeQuota(operation: "op", day: "20261202", limit: 5) == 3)
    }
}
