import Foundation
import Testing
@testable import KMAForecastClient
import _KMATestSupport
import _KMASystem

/// Pacing by the moment a request leaves (issue 25, item 6): a request let go and then held up
/// (a busy CPU, the cooperative pool) pushes the next one back instead of leaving with it.
@Suite("RequestRateLimiter: paced by departure")
struct RequestDepartureTests {
    // Regression: the spacing was measured when a request was let go; one that left 30 ms
    // late then left 3 ms before the next, and a busy machine put 31-33 in one second.
    @Test("The next request goes one interval after the previous left")
    func pacedByDeparture() async {
        let clock = VirtualClock()
        let limiter = clock.limiter(rate: 30)
        let interval = Duration.seconds(1) / 30
        #expect(await limiter.acquire("getVilageFcst") == .go)
        // Held up 30 ms before it leaves.
        clock.advance(.milliseconds(30))
        limiter.noteDeparture("getVilageFcst")
        #expect(await limiter.acquire("getVilageFcst") == .go)
        #expect(clock.now >= .milliseconds(30) + interval, "\(clock.now)")
        // Other operations are not held back.
        let before = clock.now
        #expect(await limiter.acquire("getUltraSrtNcst") == .go)
        #expect(clock.now == before)
    }

    // "Back off on the first refusal": the headroom it shows was missing stays.
    @Test("After a refusal the interval narrows back only to the configured one plus a twentieth per refusal")
    func headroomAfterRefusal() async {
        let clock = VirtualClock()
        let limiter = clock.limiter(rate: 30)
        let interval = Duration.seconds(1) / 30
        _ = await limiter.acquire("getVilageFcst")
        limiter.noteRefusal("getVilageFcst", retryAfterSeconds: nil)
        _ = await limiter.acquire("getVilageFcst")
        for _ in 0..<300 { limiter.noteAnswer("getVilageFcst") }
        let a = clock.now
        _ = await limiter.acquire("getVilageFcst")
        #expect(clock.now - a >= interval * 1.05 && clock.now - a < interval * 1.06, "\(clock.now - a)")
        for _ in 0..<20 { limiter.noteRefusal("getVilageFcst", retryAfterSeconds: nil) }
        for _ in 0..<3000 { limiter.noteAnswer("getVilageFcst") }
        _ = await limiter.acquire("getVilageFcst")   // after the refusals' pause
        let b = clock.now
        _ = await limiter.acquire("getVilageFcst")
        #expect(clock.now - b >= interval * 1.24 && clock.now - b <= interval * 1.25 + .nanoseconds(10), "\(clock.now - b)")
    }

    @Test("The client's transport stamps each request as it leaves; a client with a limiter fetches through it")
    func transportStamps() async throws {
        let server = try ReplayServer(runs: [try RecordedRun(.shortTerm, fixture: shortTermFixture)], expectedKey: testKey)
        defer { server.stop() }
        let stamped = LockedCount()
        let transport = URLSessionTransport()
        let answer = try await transport.get(server.baseURL + "/getVilageFcst?serviceKey=x", connectTimeout: .seconds(120), departure: { stamped.increment() })
        #expect(answer.status > 0 && stamped.value == 1)
        let limiter = RequestRateLimiter(requestsPerSecond: 30)
        let client = try makeClient(server, rateLimiter: limiter)
        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(!run.rows.isEmpty && limiter.requestsPermitted >= 1)
    }
}

/// A count shared with a `@Sendable` closure.
final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
