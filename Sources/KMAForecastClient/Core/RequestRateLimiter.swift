import Foundation
import KMAForecast
import _KMASystem

/// Paces requests under KMA's limit of 30 requests a second per operation, and stops them all
/// when the daily quota is used up.
///
/// ```swift
/// let limiter = RequestRateLimiter(requestsPerSecond: 30)
/// var configuration = ClientConfiguration(serviceKey: try ServiceKey(pastedKey))
/// configuration.rateLimiter = limiter          // share one limiter between clients, if several
/// let client = try ForecastClient(configuration: configuration)
/// ```
///
/// **One bucket per operation**, keyed by the operation's name (the last path component of the
/// request URL: `getVilageFcst`, `getUltraSrtFcst`, `getUltraSrtNcst`, `getFcstVersion`, and
/// any other a client sends), because KMA counts each operation separately. Every HTTP request
/// of a client goes through its limiter (``ClientCore`` asks it before each attempt): pages,
/// file versions, retries and fallbacks alike. Cache hits send nothing and take nothing.
///
/// **Exact, not a burst allowance.** KMA_SPEC §8 reads the limit strictly: at most 30 requests
/// of one operation in *any* one-second window. A classic token bucket that holds 30 tokens
/// lets 30 go at once and 30 more a second later, and can put 31 or more in a window at the
/// edge. This one holds one token: requests of an operation are let go on a schedule of one
/// start every `(1 s + margin) / requestsPerSecond`, so the requests of a batch are spread
/// evenly rather than in bursts.
///
/// **A schedule that keeps its pace on a busy machine.** A task that wakes late for its start
/// does not push the schedule back by its lateness (on a busy machine every wake is a few
/// milliseconds late, and a run that added them all up went a fifth slower than KMA's rate):
/// a request that waited for its start counts from the start it waited for, up to half an
/// interval before it really went; the next start is one interval after that. Two requests
/// never go less than half an interval apart, and a request that did not have to wait counts
/// from the moment it went.
///
/// **A sliding window over departure stamps.** What KMA counts is arrivals, so what is
/// counted is the moment each request leaves, not the moment it is let go: the client's own
/// transport (``URLSessionTransport``) stamps each request right before it hands it to the URL
/// loader (``noteDeparture(_:letGoAt:)``). At most `requestsPerSecond` (rounded down, 1 to
/// 1,000) requests of an operation leave in any window of that many intervals: the request
/// after them waits until the oldest of the last `requestsPerSecond` departure stamps is a
/// whole window old. A request let go and then held up before it leaves (a busy CPU, the
/// cooperative pool) is counted where it left, so however unevenly requests are held up, no
/// window of `1 s + margin` (plus the headroom below) holds more than `requestsPerSecond`
/// departures. Other transports do not stamp: their requests count from the moment they are
/// let go.
///
/// **Headroom that adapts to the machine's load.** What happens after the stamp (the URL
/// loader's own queues, the kernel, the gateway's edge) cannot be stamped, and on a busy
/// machine it delays some requests more than others: several stamped 35 ms apart reach the
/// gateway in the same few milliseconds. The limiter measures how late the machine runs where
/// it can: how much later than asked its own waits wake up, and how long each request takes
/// from being let go to its stamp. Twice the largest such delay seen lately (halving every
/// 2 s, at most 250 ms) is added to the window, spread over its requests: on an idle machine
/// nothing changes; on a busy one, a run slows by the delays it sees, so the bunching after the
/// stamp falls within the headroom instead of over KMA's limit (issue 30: 0 refusals with two
/// burners keeping both cores of a 2-core machine busy).
///
/// **The margin** (default 50 ms) covers the time between a request being let go here and
/// its arrival being counted at the gateway, which varies (task scheduling, the URL loader's
/// own threads, the network): starts spaced exactly 33.3 ms apart arrived up to two in one
/// second too many at a stand-in gateway on a busy machine, and were refused with code 23.
/// With 50 ms, 30 a second becomes 35 ms apart (28.6 a second, 5 % under the limit); no
/// arrival then lands in the wrong second unless it is delayed 50 ms more than its neighbour.
///
/// **Refusals slow the bucket.** A per-second refusal (gateway code 23, or HTTP 429) pauses
/// the operation for the server's `Retry-After` (at least one interval) and widens its
/// interval by half (down to 1 request a second at most); each run of `requestsPerSecond`
/// answers without a refusal narrows it back by a fifth. From the first refusal on, it narrows
/// back only to the configured interval plus a twentieth per refusal (a quarter at most): a
/// refusal says the sends bunch up more than the margin allows, so the rest of the run keeps
/// more headroom.
///
/// **The daily quota stops everything.** After gateway code 22 (LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR)
/// no new request of any operation is let go: the requests already sent finish, and every
/// later one fails at once with ``ForecastClientError/Reason/quotaExhausted(resetsAt:)``
/// naming the next midnight KST, when KMA resets the quota. ``quotaStop`` says when that
/// happened.
///
/// A reference type by nature: copies share the buckets. Safe to use from any task.
public final class RequestRateLimiter: Sendable {
    /// The rate each operation is held to, requests per second (> 0). Default 30, KMA's limit.
    public let requestsPerSecond: Double
    /// Added to the one-second window the rate is counted over, for the variable delay
    /// between letting a request go and its arrival at the gateway. Default 50 ms.
    public let margin: Duration

    /// The quota stop: which operation got code 22, and when KMA resets the quota.
    public struct QuotaStop: Hashable, Sendable {
        /// The operation whose request was answered with code 22.
        public var operation: String
        /// The next midnight KST after the code 22 answer, when KMA resets daily quotas.
        public var resetsAt: Date
    }

    /// What ``acquire(_:)`` came to.
    enum Permit: Hashable, Sendable {
        /// Send the request now.
        case go
        /// The daily quota is used up: send nothing.
        case quotaExhausted(QuotaStop)
        /// The task was cancelled while waiting.
        case cancelled
    }

    private struct Bucket {
        /// The current spacing: the configured one, or wider after refusals.
        var interval: Duration
        /// The start the last request waited for (at most half an interval before it really
        /// went; see ``catchUp``), or when it went if it did not wait.
        var lastPermit: Duration?
        /// The narrowest the interval goes back to after refusals: the configured one, raised
        /// by a twentieth with each refusal (to a quarter more at most), so that a machine whose
        /// sends bunch up gets more headroom for the rest of the run.
        var floor: Duration
        /// The next start not yet promised to a waiting request.
        var nextFree: Duration = .zero
        /// No request before this instant (after a refusal's `Retry-After`).
        var pausedUntil: Duration = .zero
        /// Answers without a refusal since the interval was last changed.
        var cleanAnswers = 0
        /// The last requests' departures, at most `windowCount`: a stamp, or the instant the
        /// request was let go until its stamp comes (for transports that never stamp, for good).
        var departures: [Departure] = []
        /// The largest scheduling delay seen lately, and when it was seen (see ``headroom(_:at:)``).
        var lateness: Duration = .zero
        var latenessAt: Duration = .zero
    }

    /// One request's place in the departure window.
    private struct Departure {
        var time: Duration
        var stamped: Bool
    }

    private struct State {
        var buckets: [String: Bucket] = [:]
        var quotaStop: QuotaStop?
        var permitted = 0
        var refusals = 0
    }

    private let interval: Duration
    /// Requests allowed in one window: `requestsPerSecond` rounded down, 1...1000.
    private let windowCount: Int
    private let now: @Sendable () -> Duration
    private let sleep: @Sendable (Duration) async -> Void
    private let sleepEndsOnCancellation: Bool
    private let state = Locked(State())

    /// A limiter on the continuous clock.
    ///
    /// - Parameters:
    ///   - requestsPerSecond: Requests a second per operation; must be finite and > 0 (a
    ///     ``ForecastClient`` refuses a configuration whose limiter is not). Default 30.
    ///   - margin: Added to the one-second window, 0 s...1 s (values outside are clamped).
    ///     Default 50 ms.
    public convenience init(requestsPerSecond: Double = 30, margin: Duration = .milliseconds(50)) {
        let clock = ContinuousClock()
        let start = clock.now
        self.init(
            requestsPerSecond: requestsPerSecond, margin: margin,
            now: { clock.now - start },
            sleep: { duration in try? await Task.sleep(for: duration) },
            sleepEndsOnCancellation: true
        )
    }

    /// A limiter on an injected clock (tests): `now` is the time since any fixed origin, and
    /// `sleep` waits that long on the same clock. `sleepEndsOnCancellation`: `sleep` returns at
    /// once when the waiting task is cancelled (`Task.sleep` does), so a wait needs no race
    /// against cancellation (``CancellableWait``), and no second task whose wake-up adds to
    /// the lateness on a busy machine.
    package init(
        requestsPerSecond: Double, margin: Duration,
        now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async -> Void,
        sleepEndsOnCancellation: Bool = false
    ) {
        self.sleepEndsOnCancellation = sleepEndsOnCancellation
        self.requestsPerSecond = requestsPerSecond
        self.margin = min(max(margin, .zero), .seconds(1))
        // Rounded up to the nanosecond: 1/30 s rounded to nearest (33,333,333 ns) would put
        // 31 starts in 30 × 33,333,333 ns < 1 s.
        let window = 1e9 + self.margin.inSeconds * 1e9
        self.interval = requestsPerSecond > 0 && requestsPerSecond.isFinite
            ? .nanoseconds(Int64(min((window / requestsPerSecond).rounded(.up), 1e12))) : .seconds(1)
        // At most 1,000 stamps kept: above 1,000 a second the window spans 1,000 intervals.
        self.windowCount = requestsPerSecond >= 2 && requestsPerSecond.isFinite ? Int(min(requestsPerSecond, 1_000).rounded(.down)) : 1
        self.now = now
        self.sleep = sleep
    }

    /// How much of a late start the schedule takes back: after a request that waited for its
    /// start and woke late, the next start is due one interval after the start it waited for,
    /// but no sooner than `1 - catchUp` intervals after it really went (half an interval).
    static let catchUp = 0.5

    /// The most headroom load can add to a window: 250 ms.
    static let maximumHeadroom = Duration.milliseconds(250)
    /// How fast the headroom shrinks once the delays stop: by half every 2 s.
    static let headroomHalfLife = 2.0

    /// The time on the limiter's clock: what a departure stamp is measured against.
    var instant: Duration { now() }

    /// What is wrong with the rate, or `nil`.
    var problem: String? {
        requestsPerSecond > 0 && requestsPerSecond.isFinite && requestsPerSecond <= 1_000_000
            ? nil : "the rate limit must be a number of requests per second in (0, 1000000], got \(requestsPerSecond)"
    }

    /// Requests let go so far, every operation together.
    public var requestsPermitted: Int { state.withLock { $0.permitted } }

    /// Per-second refusals (code 23, HTTP 429) reported so far.
    public var refusals: Int { state.withLock { $0.refusals } }

    /// Set once a request was answered with code 22: no request is sent after it.
    public var quotaStop: QuotaStop? { state.withLock { $0.quotaStop } }

    /// Waits until a request of `operation` may start, and takes its place.
    func acquire(_ operation: String) async -> Permit {
        var reserved = false
        // When the last wait should have ended: waking later than that is load, measured.
        var wakeAt: Duration?
        while true {
            let decision: (permit: Permit?, wait: Duration) = state.withLock { state in
                if let stop = state.quotaStop { return (.quotaExhausted(stop), .zero) }
                let now = self.now()
                var bucket = state.buckets[operation] ?? Bucket(interval: interval, floor: interval)
                defer { state.buckets[operation] = bucket }
                if let wakeAt, now > wakeAt { Self.observe(now - wakeAt, at: now, in: &bucket) }
                let spacing = spacing(bucket, at: now)
                var earliest = max(bucket.lastPermit.map { $0 + spacing } ?? now, bucket.pausedUntil)
                if bucket.departures.count >= windowCount {
                    // The sliding window: the oldest of the last `windowCount` departures must be
                    // a whole window old.
                    let times = bucket.departures.map(\.time).sorted()
                    earliest = max(earliest, times[times.count - windowCount] + spacing * windowCount)
                }
                if !reserved {
                    // A place in line: the waits of concurrent requests are spread one interval
                    // apart, so they do not all wake for the same start.
                    reserved = true
                    let slot = max(now, earliest, bucket.nextFree)
                    bucket.nextFree = slot + spacing
                    if slot > now { return (nil, slot - now) }
                }
                guard now >= earliest else { return (nil, earliest - now) }
                // On the schedule: a request that waited for its start and woke late counts from
                // the start it waited for, up to half an interval back (see `catchUp`); one that
                // did not wait, from now.
                bucket.lastPermit = wakeAt.map { max(min($0, now), now - spacing * Self.catchUp) } ?? now
                bucket.departures.append(Departure(time: now, stamped: false))
                if bucket.departures.count > windowCount, let oldest = bucket.departures.indices.min(by: { bucket.departures[$0].time < bucket.departures[$1].time }) {
                    bucket.departures.remove(at: oldest)
                }
                state.permitted += 1
                return (.go, .zero)
            }
            if let permit = decision.permit { return permit }
            wakeAt = now() + decision.wait
            if sleepEndsOnCancellation {
                await sleep(decision.wait)
            } else {
                await CancellableWait.wait(decision.wait, using: sleep)
            }
            if Task.isCancelled { return .cancelled }
        }
    }

    /// The spacing of an operation's requests at `now`: its interval, plus the headroom
    /// (``headroom(_:at:)``) spread over the window's requests.
    private func spacing(_ bucket: Bucket, at now: Duration) -> Duration {
        bucket.interval + Self.headroom(bucket, at: now) / windowCount
    }

    /// Twice the largest delay seen lately, halving every ``headroomHalfLife`` seconds since it
    /// was seen, at most ``maximumHeadroom``.
    private static func headroom(_ bucket: Bucket, at now: Duration) -> Duration {
        guard bucket.lateness > .zero else { return .zero }
        let age = max(0, (now - bucket.latenessAt).inSeconds)
        return min(maximumHeadroom, bucket.lateness * (2 * exp2(-age / headroomHalfLife)))
    }

    /// A scheduling delay seen at `now`: the headroom grows to twice it, if that is more than
    /// what is left of the last.
    private static func observe(_ delay: Duration, at now: Duration, in bucket: inout Bucket) {
        if delay * 2 >= headroom(bucket, at: now) {
            bucket.lateness = min(delay, maximumHeadroom)
            bucket.latenessAt = now
        }
    }

    /// A request of `operation` is leaving now: the stamp takes the request's place in the
    /// departure window (a request let go and then held up on a busy machine counts where it
    /// left). The schedule of starts is not pushed back: the window is what keeps the count.
    ///
    /// - Parameter letGoAt: When the request was let go (``instant``, read right after its
    ///   permit): the time from there to here is a delay the headroom adapts to.
    func noteDeparture(_ operation: String, letGoAt: Duration? = nil) {
        state.withLock { state in
            guard var bucket = state.buckets[operation] else { return }
            let now = self.now()
            if let letGoAt, now > letGoAt { Self.observe(now - letGoAt, at: now, in: &bucket) }
            // The request's own entry: the latest not yet stamped that was let go by then.
            let limit = letGoAt ?? now
            let entry = bucket.departures.indices
                .filter { !bucket.departures[$0].stamped && bucket.departures[$0].time <= limit }
                .max { bucket.departures[$0].time < bucket.departures[$1].time }
            if let entry {
                bucket.departures[entry] = Departure(time: max(bucket.departures[entry].time, now), stamped: true)
            } else {
                bucket.departures.append(Departure(time: now, stamped: true))
                if bucket.departures.count > windowCount, let oldest = bucket.departures.indices.min(by: { bucket.departures[$0].time < bucket.departures[$1].time }) {
                    bucket.departures.remove(at: oldest)
                }
            }
            state.buckets[operation] = bucket
        }
    }

    /// An answer without a per-second refusal: after `requestsPerSecond` of them, a widened
    /// interval narrows back by a fifth, to the configured rate.
    func noteAnswer(_ operation: String) {
        state.withLock { state in
            guard var bucket = state.buckets[operation], bucket.interval > bucket.floor else { return }
            bucket.cleanAnswers += 1
            if Double(bucket.cleanAnswers) >= requestsPerSecond {
                bucket.interval = max(bucket.floor, bucket.interval * 0.8)
                bucket.cleanAnswers = 0
                if let last = bucket.lastPermit { bucket.nextFree = min(bucket.nextFree, last + bucket.interval) }
            }
            state.buckets[operation] = bucket
        }
    }

    /// A per-second refusal (code 23 or HTTP 429): the operation pauses for `retryAfter` (at
    /// least one interval) and its interval widens by half, to one second at most.
    func noteRefusal(_ operation: String, retryAfterSeconds: Int?) {
        state.withLock { state in
            state.refusals += 1
            let now = self.now()
            var bucket = state.buckets[operation] ?? Bucket(interval: interval, floor: interval)
            bucket.floor = min(bucket.floor * 1.05, interval * 1.25)
            bucket.interval = min(max(bucket.interval * 1.5, bucket.floor), max(bucket.floor, .seconds(1)))
            bucket.cleanAnswers = 0
            let pause = max(bucket.interval, Duration(clampingSeconds: Double(min(retryAfterSeconds ?? 0, 86_400))))
            bucket.pausedUntil = max(bucket.pausedUntil, now + pause)
            bucket.nextFree = max(bucket.nextFree, bucket.pausedUntil)
            state.buckets[operation] = bucket
        }
    }

    /// Code 22: no new request from now on, until the next midnight KST after `now`.
    func noteQuotaExhausted(_ operation: String, now: Date) {
        state.withLock { state in
            guard state.quotaStop == nil else { return }
            state.quotaStop = QuotaStop(operation: operation, resetsAt: Self.nextMidnightKST(after: now))
        }
    }

    /// The first instant of the next KST day after `date`: when KMA resets daily quotas.
    package static func nextMidnightKST(after date: Date) -> Date {
        let wall = KSTDateTime.unixSeconds(of: date) + KSTDateTime.utcOffset
        let day = wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400
        return Date(timeIntervalSince1970: TimeInterval((day + 1) * 86_400 - KSTDateTime.utcOffset))
    }

    /// The operation of a request URL: its last path component, e.g. `getVilageFcst`.
    package static func operation(of url: String) -> String {
        let path = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return path.split(separator: "/").last.map(String.init) ?? ""
    }
}
