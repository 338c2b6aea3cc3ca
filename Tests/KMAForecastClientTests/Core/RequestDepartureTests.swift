import Foundation
import Testing
@testable import KMAForecastClient
import _KMATestSupport
import _KMASystem

/// Counting by the moment a request leaves (issue 25, item 6; issue 30): a request let go and
/// then held up (a busy CPU, the cooperative pool) counts where it left, and the schedule of
/// starts keeps its pace instead of adding every delay up.
@Suite("RequestRateLimiter: counted by departure, on a schedule that keeps its pace")
struct RequestDepartureTests {
    // Issue 30: a request held up before it left pushed the next start back by its delay, and
    // on a busy machine (a few ms each, 1,000 requests) a run went a fifth slower than KMA's rate.
    @Test("A request held up before it leaves does not push the next start back")
    func heldUpDoesNotPush() async {
        let clock = VirtualClock()
        let limiter = clock.limiter(rate: 30)
        let interval = Duration.seconds(1) / 30
        #expect(await limiter.acquire("getVilageFcst") == .go)
        // Held up 30 ms before it leaves.
        clock.advance(.milliseconds(30))
        limiter.noteDeparture("getVilageFcst")
        #expect(await limiter.acquire("getVilageFcst") == .go)
        #expect(clock.now >= interval && clock.now < interval + .milliseconds(1), "\(clock.now)")
        // Other operations are not held back.
        let before = clock.now
        #expect(await limiter.acquire("getUltraSrtNcst") == .go)
        #expect(clock.now == before)
    }

    // Regression (issue 25): spacing measured only when a request was let go; one that left
    // 30 ms late then left 3 ms before the next, and a busy machine put 31-33 in one second.
    @Test("Requests held up unevenly before they leave: never more than the rate in any second of their departures")
    func heldUpUnevenly() async {
        let clock = VirtualClock()
        let limiter = clock.limiter(rate: 30)
        var generator = SplitMix64(seed: 30)
        // Let go in order; each leaves 0-120 ms later, so later requests often overtake.
        var pending: [(leaves: Duration, letGo: Duration)] = []
        var stamps: [Duration] = []
        // Stamped when the clock has passed their time: several at once, as on a busy machine.
        func depart(upTo time: Duration) {
            for entry in pending.sorted(by: { $0.leaves < $1.leaves }) where entry.leaves <= time {
                limiter.noteDeparture("getVilageFcst", letGoAt: entry.letGo)
                stamps.append(clock.now)
            }
            pending.removeAll { $0.leaves <= time }
        }
        for _ in 0..<300 {
            #expect(await limiter.acquire("getVilageFcst") == .go)
            let letGo = clock.now
            pending.append((letGo + .milliseconds(Int64(generator.next() % 121)), letGo))
            // Departures due before the next start are stamped at their own instants.
            depart(upTo: clock.now)
        }
        clock.advance(.milliseconds(120))
        depart(upTo: clock.now)
        #expect(stamps.count == 300)
        #expect(peakPerSecond(stamps) <= 30, "\(peakPerSecond(stamps)) departures in one second")
    }

    // Issue 30: every wake a few ms late on a busy machine, added up, slowed a run by a fifth.
    @Test("Waits that wake late do not push the schedule back; starts stay at least half an interval apart")
    func lateWakesKeepThePace() async {
        // Every wait wakes 10 ms late.
        let clock = VirtualClock(oversleeps: Array(repeating: .milliseconds(10), count: 100))
        let limiter = clock.limiter(rate: 30)
        let interval = Duration.seconds(1) / 30
        var starts: [Duration] = []
        for _ in 0..<61 {
            #expect(await limiter.acquire("getVilageFcst") == .go)
            starts.append(clock.now)
        }
        // 60 intervals, widened by the headroom (2 × 10 ms over 30 requests: 0.67 ms each),
        // plus one late wake: about 2.05 s, not 60 late wakes added up (2.64 s).
        #expect(clock.now < interval * 60 + .milliseconds(100) && clock.now > interval * 60, "\(clock.now)")
        let gaps = zip(starts.dropFirst(), starts).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 >= interval / 2 }, "\(gaps)")
        #expect(peakPerSecond(starts) <= 30)
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
