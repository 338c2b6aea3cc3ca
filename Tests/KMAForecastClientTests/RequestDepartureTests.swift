import Foundation
import Testing
@testable import KMAForecastClient
import _KMATestSupport

/// Pacing by the moment a request leaves (issue 25, item 6): a request let go and then held up
/// (a busy CPU, the cooperative pool) pushes the next one back instead of leaving with it.
@Suite("RequestRateLimiter: paced by departure")
struct RequestDepartureTests {
    // Regression: the spacing was measured when a request was let go; one that left 30 ms
    // late then left 5 ms before the next, and a busy machine put 31-33 in one second.
    @Test("The next request goes one interval after the previous left, and not before it left")
    func pacedByDeparture() async {
        let clock = VirtualClock()
        let limiter = clock.limiter(rate: 30)
        let interval = Duration.seconds(1) / 30
        let first = await limiter.acquireTicket("getVilageFcst", awaitsDeparture: true)
        #expect(first.permit == .go && clock.now == .zero)
        // Held up 30 ms before it leaves: the second waits for that, then one interval more.
        async let second = limiter.acquireTicket("getVilageFcst", awaitsDeparture: true)
        clock.advance(.milliseconds(30))
        limiter.noteDeparture("getVilageFcst", ticket: first.ticket)
        let next = await second
        #expect(next.permit == .go)
        #expect(clock.now >= .milliseconds(30) + interval, "\(clock.now)")
    }

    @Test("A request that never left (failed before sending) is settled: the next does not wait for it")
    func settled() async {
        let clock = VirtualClock()
        let limiter = clock.limiter(rate: 30)
        let first = await limiter.acquireTicket("getVilageFcst", awaitsDeparture: true)
        limiter.settle("getVilageFcst", ticket: first.ticket)
        _ = await limiter.acquireTicket("getVilageFcst", awaitsDeparture: true)
        #expect(clock.now < .milliseconds(40))
        // Never stamped nor settled: the grace of one second bounds the wait.
        _ = await limiter.acquireTicket("getVilageFcst", awaitsDeparture: true)
        #expect(clock.now >= RequestRateLimiter.departureGrace && clock.now < RequestRateLimiter.departureGrace + .milliseconds(40))
    }

    @Test("The client's transport stamps each request as it leaves; a client with a limiter fetches through it")
    func transportStamps() async throws {
        let server = try ReplayServer(runs: [try RecordedRun(.shortTerm, fixture: shortTermFixture)], expectedKey: testKey)
        defer { server.stop() }
        let stamped = LockedCount()
        let transport = URLSessionTransport()
        let answer = try await RequestRateLimiter.$departure.withValue({ stamped.increment() }) {
            try await transport.get(server.baseURL + "/getVilageFcst?serviceKey=x", connectTimeout: .seconds(2))
        }
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
