import Foundation
import Testing
@testable import KMAForecastClient
import _KMASystem

/// A virtual clock for the limiter: `sleep` moves time on by what was asked, plus a scripted
/// oversleep (a task that wakes late), and returns at once.
final class VirtualClock: Sendable {
    private let state = Locked<(now: Duration, oversleeps: [Duration], sleeps: [Duration])>((.zero, [], []))

    init(oversleeps: [Duration] = []) {
        state.withLock { $0.oversleeps = oversleeps }
    }

    var now: Duration { state.withLock { $0.now } }
    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func advance(_ duration: Duration) { state.withLock { $0.now += duration } }

    func sleep(_ duration: Duration) {
        state.withLock { state in
            state.sleeps.append(duration)
            let extra = state.oversleeps.isEmpty ? .zero : state.oversleeps.removeFirst()
            state.now += duration + extra
        }
    }

    func limiter(rate: Double, margin: Duration = .zero) -> RequestRateLimiter {
        RequestRateLimiter(requestsPerSecond: rate, margin: margin, now: { self.now }, sleep: { self.sleep($0) })
    }
}

/// The most instants of `times` in any half-open window `(t − 1 s, t]`.
func peakPerSecond(_ times: [Duration]) -> Int {
    let sorted = times.sorted()
    var peak = 0
    var start = 0
    for (end, time) in sorted.enumerated() {
        while sorted[start] <= time - .seconds(1) { start += 1 }
        peak = max(peak, end - start + 1)
    }
    return peak
}

@Suite("RequestRateLimiter: exact pacing per operation, refusals, the daily quota")
struct RequestRateLimiterTests {
    @Test("Requests of one operation start 1/rate apart: never more than the rate in any second")
    func exactSpacing() async {
        let clock = VirtualClock()
        let limiter = clock.limiter(rate: 30)
        var starts: [Duration] = []
        for _ in 0..<100 {
            #expect(await limiter.acquire("getVilageFcst") == .go)
            starts.append(clock.now)
        }
        let interval = Duration.seconds(1) / 30
        for (a, b) in zip(starts, starts.dropFirst()) { #expect(b - a >= interval) }
        #expect(peakPerSecond(starts) == 30)
        // 99 intervals, not bursts: 3.3 s for 100 requests.
        #expect(starts.last.map { $0 >= interval * 99 && $0 < interval * 100 } == true)
        #expect(limiter.requestsPermitted == 100)
    }

    @Test("The margin widens the window: 30 a second with 50 ms start 35 ms apart, at most 30 in any 1.05 s")
    func margin() async {
        let clock = VirtualClock()
        let limiter = clock.limiter(rate: 30, margin: .milliseconds(50))
        var starts: [Duration] = []
        for _ in 0..<61 {
            _ = await limiter.acquire("getVilageFcst")
            starts.append(clock.now)
        }
        for (a, b) in zip(starts, starts.dropFirst()) { #expect(b - a >= .milliseconds(35)) }
        #expect(starts[60] - starts[30] >= .milliseconds(1050))
        #expect(RequestRateLimiter().margin == .milliseconds(50))
    }

    @Test("A task that wakes late does not bunch up with the next: the next goes at least half an interval after it")
    func lateWakeKeepsSpacing() async {
        // The second request's wait oversleeps by 27 ms: it goes at 60 ms. The schedule takes
        // back half an interval of that (issue 30: adding every late wake up slowed a busy run
        // by a fifth), so the third goes at 60 + 16.7 ms, not with the second (66.7 ms, its
        // place in line) and not a whole interval later.
        let clock = VirtualClock(oversleeps: [.milliseconds(27)])
        let limiter = clock.limiter(rate: 30)
        var starts: [Duration] = []
        for _ in 0..<3 {
            _ = await limiter.acquire("getUltraSrtNcst")
            starts.append(clock.now)
        }
        let interval = Duration.seconds(1) / 30
        #expect(starts[1] >= interval + .milliseconds(27) && starts[1] < interval + .milliseconds(28))
        // Half an interval, widened by the headroom the late wake adds (2 × 27 ms over 30).
        let gap = starts[2] - starts[1]
        #expect(gap >= interval / 2 && gap < interval / 2 + .milliseconds(3), "\(gap)")
    }

    @Test("Each operation has its own bucket")
    func operationsAreIndependent() async {
        let clock = VirtualClock()
        let limiter = clock.limiter(rate: 30)
        var starts: [String: [Duration]] = [:]
        for index in 0..<60 {
            let operation = index % 2 == 0 ? "getVilageFcst" : "getFcstVersion"
            _ = await limiter.acquire(operation)
            starts[operation, default: []].append(clock.now)
        }
        // 30 of each in about one second together, not two.
        #expect(clock.now < .seconds(1))
        #expect(starts.values.allSatisfy { peakPerSecond($0) == 30 })
    }

    @Test("Concurrent requests share the bucket: 90 at once take 89 intervals, not one burst")
    func concurrentRequests() async {
        let clock = VirtualClock()
        let limiter = clock.limiter(rate: 30)
        await withTaskGroup(of: RequestRateLimiter.Permit.self) { group in
            for _ in 0..<90 { group.addTask { await limiter.acquire("getVilageFcst") } }
            for await permit in group { #expect(permit == .go) }
        }
        #expect(limiter.requestsPermitted == 90)
        #expect(clock.now >= Duration.seconds(1) / 30 * 89)
    }

    @Test("A refusal pauses the operation for Retry-After and slows it; clean answers speed it up again")
    func refusalSlowsTheBucket() async {
        let clock = VirtualClock()
        let limiter = clock.limiter(rate: 30)
        _ = await limiter.acquire("getVilageFcst")
        let refusedAt = clock.now
        limiter.noteRefusal("getVilageFcst", retryAfterSeconds: 2)
        _ = await limiter.acquire("getVilageFcst")
        #expect(clock.now - refusedAt >= .seconds(2))
        let a = clock.now
        _ = await limiter.acquire("getVilageFcst")
        // Widened by half: 50 ms instead of 33.3.
        #expect(clock.now - a >= .milliseconds(50))
        // Other operations are not slowed.
        let b = clock.now
        _ = await limiter.acquire("getUltraSrtFcst")
        #expect(clock.now == b)
        for _ in 0..<30 { limiter.noteAnswer("getVilageFcst") }
        let c = clock.now
        _ = await limiter.acquire("getVilageFcst")
        #expect(clock.now - c < .milliseconds(50) && clock.now - c >= .seconds(1) / 30)
        #expect(limiter.refusals == 1)
    }

    @Test("Code 22 stops every operation at once, until the next midnight KST", arguments: [
        ("2026-11-24T15:00:00Z", "2026-11-24T15:00:00Z"),   // 00:00 KST exactly: the next midnight is a day on
        ("2026-11-24T14:59:59Z", "2026-11-24T15:00:00Z"),   // 23:59:59 KST
        ("2026-11-24T03:00:00Z", "2026-11-24T15:00:00Z"),   // 12:00 KST
    ])
    func quotaStopsEverything(_ at: String, _ midnightUTC: String) async throws {
        let formatter = ISO8601DateFormatter()
        let now = try #require(formatter.date(from: at))
        var expected = try #require(formatter.date(from: midnightUTC))
        if expected <= now { expected = expected.addingTimeInterval(86_400) }
        let clock = VirtualClock()
        let limiter = clock.limiter(rate: 30)
        #expect(await limiter.acquire("getVilageFcst") == .go)
        limiter.noteQuotaExhausted("getVilageFcst", now: now)
        let stop = RequestRateLimiter.QuotaStop(operation: "getVilageFcst", resetsAt: expected)
        #expect(await limiter.acquire("getVilageFcst") == .quotaExhausted(stop))
        #expect(await limiter.acquire("getFcstVersion") == .quotaExhausted(stop))
        #expect(limiter.quotaStop == stop)
    }

    @Test("The operation is the URL's last path component", arguments: [
        ("http://127.0.0.1:9/1360000/VilageFcstInfoService_2.0/getVilageFcst?serviceKey=REDACTED&pageNo=1", "getVilageFcst"),
        ("https://apihub.kma.go.kr/api/typ02/openApi/VilageFcstInfoService_2.0/getFcstVersion?authKey=REDACTED", "getFcstVersion"),
        ("https://apihub.kma.go.kr/api/typ01/cgi-bin/url/nph-dfs_shrt_grd?tmfc=2026112405", "nph-dfs_shrt_grd"),
    ])
    func operationOfURL(_ url: String, _ operation: String) {
        #expect(RequestRateLimiter.operation(of: url) == operation)
    }

    @Test("A rate that is not a positive finite number is a configuration error", arguments: [0, -1, Double.nan, Double.infinity])
    func invalidRate(_ rate: Double) throws {
        var configuration = ClientConfiguration(serviceKey: try ServiceKey("TESTKEY"), cache: .disabled)
        configuration.rateLimiter = RequestRateLimiter(requestsPerSecond: rate)
        #expect(throws: ForecastClientError.self) { try ForecastClient(configuration: configuration) }
    }
}
