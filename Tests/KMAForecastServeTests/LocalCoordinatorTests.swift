import Foundation
@testable import KMAForecastServe
import Testing
import _KMASystem

@Suite("serve: LocalCoordinator — the cache's lifetime, locks, the 1-second window, the daily quota (an injected clock)")
struct LocalCoordinatorTests {
    final class ManualClock: Sendable {
        let now = Locked(Duration.zero)
        func advance(_ by: Duration) { now.withLock { $0 += by } }
    }

    @Test("A value lives for its time to live; a lock is exclusive until released or expired")
    func cacheAndLocks() async throws {
        let clock = ManualClock()
        let coordinator = LocalCoordinator { clock.now.withLock { $0 } }
        try await coordinator.storeValue([1, 2], forKey: "a", timeToLive: .seconds(10))
        #expect(try await coordinator.cachedValue(forKey: "a") == [1, 2])
        clock.advance(.seconds(10))
        #expect(try await coordinator.cachedValue(forKey: "a") == nil)
        let token = try #require(try await coordinator.acquireLock("l", timeToLive: .seconds(5)))
        #expect(try await coordinator.acquireLock("l", timeToLive: .seconds(5)) == nil)
        try await coordinator.releaseLock("l", token: "someone else's")
        #expect(try await coordinator.acquireLock("l", timeToLive: .seconds(5)) == nil)
        try await coordinator.releaseLock("l", token: token)
        let second = try await coordinator.acquireLock("l", timeToLive: .seconds(5))
        #expect(second != nil && second != token)
        clock.advance(.seconds(5))
        #expect(try await coordinator.acquireLock("l", timeToLive: .seconds(5)) != nil)
    }

    @Test("At most 30 slots of an operation in any 1-second window; the wait says when the next one frees")
    func slidingWindow() async throws {
        let clock = ManualClock()
        let coordinator = LocalCoordinator { clock.now.withLock { $0 } }
        for index in 0..<30 {
            #expect(try await coordinator.reserveRequest(operation: "getVilageFcst", limitPerSecond: 30) == nil)
            clock.advance(.milliseconds(index == 0 ? 100 : 10))
        }
        // 390 ms have passed: the first slot (at 0) frees at 1 s.
        let wait = try #require(try await coordinator.reserveRequest(operation: "getVilageFcst", limitPerSecond: 30))
        #expect(wait == .milliseconds(610))
        #expect(try await coordinator.reserveRequest(operation: "getUltraSrtNcst", limitPerSecond: 30) == nil)
        clock.advance(wait)
        #expect(try await coordinator.reserveRequest(operation: "getVilageFcst", limitPerSecond: 30) == nil)
        #expect(try await coordinator.reserveRequest(operation: "getVilageFcst", limitPerSecond: 30) != nil)
    }

    @Test("The quota counts per operation and day, and refuses past its limit")
    func quota() async throws {
        let coordinator = LocalCoordinator()
        #expect(try await coordinator.consumeQuota(operation: "getVilageFcst", day: "20261121", limit: 2) == 1)
        #expect(try await coordinator.consumeQuota(operation: "getVilageFcst", day: "20261121", limit: 2) == 0)
        #expect(try await coordinator.consumeQuota(operation: "getVilageFcst", day: "20261121", limit: 2) == nil)
        #expect(try await coordinator.consumeQuota(operation: "getVilageFcst", day: "20261122", limit: 2) == 1)
        #expect(try await coordinator.quotaUsed(operation: "getVilageFcst", day: "20261121") == 2)
        #expect(try await coordinator.quotaUsed(operation: "getUltraSrtFcst", day: "20261121") == 0)
    }
}
