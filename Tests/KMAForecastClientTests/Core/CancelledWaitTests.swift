import Foundation
import Testing
import KMAForecast
@testable import KMAForecastClient
import KMAGrid
import _KMASystem
import _KMATestSupport

/// A sleep that ends only when the test opens it, whatever happens to the task waiting on it
/// (as an app's own clock, or a `try? await Task.sleep`, that does not stop on cancellation).
private final class HeldSleep: Sendable {
    private let state = Locked<(entered: [Duration], opened: Bool, waiters: [CheckedContinuation<Void, Never>], watchers: [CheckedContinuation<Void, Never>])>(([], false, [], []))

    /// The sleep to inject: records the duration, then waits for ``open()``.
    func sleep(_ duration: Duration) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (opened, watchers) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                state.entered.append(duration)
                let watchers = state.watchers
                state.watchers = []
                if !state.opened { state.waiters.append(continuation) }
                return (state.opened, watchers)
            }
            for watcher in watchers { watcher.resume() }
            if opened { continuation.resume() }
        }
    }

    /// Returns once a sleep has begun.
    func entered() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let already = state.withLock { state -> Bool in
                if state.entered.isEmpty { state.watchers.append(continuation); return false }
                return true
            }
            if already { continuation.resume() }
        }
    }

    var durations: [Duration] { state.withLock { $0.entered } }
    var isOpen: Bool { state.withLock { $0.opened } }

    /// Ends every sleep, now and later.
    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.opened = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// A cancelled fetch stops within one scheduling round, sends nothing more, and says it was
/// cancelled: the retry back-off and the rate limiter's wait end with the task, whatever the
/// injected sleep does.
@Suite("A cancelled fetch stops at once, in the back-off and in the limiter's wait")
struct CancelledWaitTests {
    @Test("A call cancelled during a 30 s back-off returns at once as cancelled; the server sees no later request", .timeLimit(.minutes(10)))
    func backoff() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.status(503), times: 10)
        let held = HeldSleep()
        // A hang guard only: without the fix the fetch waits for this, and the verdict says so.
        let guardTask = Task {
            try? await Task.sleep(for: .seconds(120))
            held.open()
        }
        defer { guardTask.cancel(); held.open() }
        let configuration = ClientConfiguration(
            serviceKey: try ServiceKey(testKey), baseURL: server.baseURL, cache: .disabled,
            timeouts: ClientTimeouts(connect: .seconds(120), overall: .seconds(240)),
            retry: RetryPolicy(maxAttempts: 5, initialDelay: .seconds(30), maxDelay: .seconds(60), jitter: 0),
            now: { duringRecordedRun }, rateLimiter: nil
        )
        let client = try ForecastClient(configuration: configuration, transport: URLSessionTransport(), sleep: { await held.sleep($0) }, random: { 0.5 })
        let fetch = Task { () async -> Result<ForecastRun, ForecastClientError> in
            func run() async throws(ForecastClientError) -> ForecastRun { try await client.fetch(.shortTerm, cell: shortTermCell) }
            return await Result(awaiting: run)
        }
        await held.entered()
        #expect(held.durations == [.seconds(30)])
        fetch.cancel()
        let result = await fetch.value
        let openedFirst = held.isOpen
        #expect(!openedFirst, "the fetch returned only when its 30 s back-off ended")
        guard case .failure(let error) = result else {
            Issue.record("a cancelled fetch returned a run")
            return
        }
        #expect(error.reason == .cancelled, "\(error)")
        held.open()
        await Task.yield()
        #expect(server.requests.count == 1, "\(server.requests.count) requests")
    }

    @Test("A request waiting for the rate limiter's go is let out at once as cancelled", .timeLimit(.minutes(10)))
    func limiterWait() async throws {
        let held = HeldSleep()
        let guardTask = Task {
            try? await Task.sleep(for: .seconds(120))
            held.open()
        }
        defer { guardTask.cancel(); held.open() }
        // A frozen clock: the second request must wait a whole second for its go.
        let limiter = RequestRateLimiter(requestsPerSecond: 1, margin: .zero, now: { .zero }, sleep: { await held.sleep($0) })
        #expect(await limiter.acquire("getVilageFcst") == .go)
        let waiting = Task { await limiter.acquire("getVilageFcst") }
        await held.entered()
        waiting.cancel()
        let permit = await waiting.value
        #expect(!held.isOpen, "the wait ended only when the sleep did")
        #expect(permit == .cancelled)
        #expect(limiter.requestsPermitted == 1)
    }
}
