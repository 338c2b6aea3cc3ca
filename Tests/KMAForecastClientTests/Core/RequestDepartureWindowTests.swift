import Testing
@testable import KMAForecastClient

/// KMA's limit on a busy machine (issue 30): a sliding window over departure stamps, and
/// headroom that grows with the delays the limiter sees. On the injected clock (`VirtualClock`).
@Suite("RequestRateLimiter: the departure window and headroom that adapts to load")
struct RequestDepartureWindowTests {
    // Regression: spacing from the last stamp only. A request let go and stamped 50 ms later,
    // after the next one had left, put 31 departures in one second at 30 a second.
    @Test("At most the rate's requests leave in any window, when a request leaves after the one let go after it")
    func slidingWindow() async {
        let clock = VirtualClock()
        let limiter = clock.limiter(rate: 30)
        let operation = "getVilageFcst"
        var stamps: [Duration] = []
        // r0 is let go at 0 and held up; r1 is let go one interval later and leaves at once.
        #expect(await limiter.acquire(operation) == .go)
        #expect(await limiter.acquire(operation) == .go)
        limiter.noteDeparture(operation)
        stamps.append(clock.now)
        // r0 leaves at 50 ms, after r1.
        clock.advance(.milliseconds(50) - clock.now)
        limiter.noteDeparture(operation)
        stamps.append(clock.now)
        // The rest leave as they are let go.
        for _ in 0..<60 {
            #expect(await limiter.acquire(operation) == .go)
            limiter.noteDeparture(operation)
            stamps.append(clock.now)
        }
        #expect(peakPerSecond(stamps) <= 30, "\(stamps)")
        // Not slower than it must be: 62 departures in about two windows.
        #expect(clock.now < .milliseconds(2_150), "\(clock.now)")
    }

    @Test("Waits that wake late widen the spacing by twice the delay over the window; it narrows back once they stop")
    func headroomFromLateWakes() async {
        // Every wait of the first 30 wakes 40 ms late.
        let clock = VirtualClock(oversleeps: Array(repeating: .milliseconds(40), count: 30))
        let limiter = clock.limiter(rate: 30)
        let interval = Duration.seconds(1) / 30
        for _ in 0..<31 { _ = await limiter.acquire("getVilageFcst") }
        // Now on time again (the first wake on time takes back half an interval of the last
        // late one, see `catchUp`): the next spacing holds 2 × 40 ms over 30 requests (2.67 ms more).
        _ = await limiter.acquire("getVilageFcst")
        let a = clock.now
        _ = await limiter.acquire("getVilageFcst")
        let widened = clock.now - a
        #expect(widened >= interval + .microseconds(2_500) && widened <= interval + .microseconds(2_700), "\(widened)")
        // Ten quiet seconds later (five half-lives), nearly back to the interval.
        clock.advance(.seconds(10))
        _ = await limiter.acquire("getVilageFcst")
        let b = clock.now
        _ = await limiter.acquire("getVilageFcst")
        #expect(clock.now - b < interval + .microseconds(150), "\(clock.now - b)")
    }

    @Test("The time from being let go to the stamp widens the spacing too, and the headroom has a ceiling (250 ms)")
    func headroomFromStampLag() async {
        let clock = VirtualClock()
        let limiter = clock.limiter(rate: 30)
        let interval = Duration.seconds(1) / 30
        _ = await limiter.acquire("getVilageFcst")
        let letGo = limiter.instant
        clock.advance(.milliseconds(60))
        limiter.noteDeparture("getVilageFcst", letGoAt: letGo)
        _ = await limiter.acquire("getVilageFcst")
        let a = clock.now
        _ = await limiter.acquire("getVilageFcst")
        // 2 × 60 ms over 30 requests: 4 ms more (a little less: it halves every 2 s).
        #expect(clock.now - a > interval + .microseconds(3_800) && clock.now - a <= interval + .milliseconds(4) + .nanoseconds(10), "\(clock.now - a)")
        // A stall of 5 s adds at most 250 ms over the window.
        let stalled = limiter.instant
        clock.advance(.seconds(5))
        limiter.noteDeparture("getVilageFcst", letGoAt: stalled)
        let b = clock.now
        _ = await limiter.acquire("getVilageFcst")
        #expect(clock.now - b <= interval + .milliseconds(250) / 30 + .nanoseconds(10), "\(clock.now - b)")
    }
}
