@testable import KMAForecastClient
import _KMASystem

/// The real transport with a probe around it: it counts the requests in flight as the client
/// sees them (from the call to its return) and records how each ended, and it can hold the
/// first requests back until a number of them are in flight at once, so a concurrency limit
/// is reached deterministically rather than by luck of timing.
final class ProbeTransport: HTTPTransport, Sendable {
    /// How one request ended.
    struct Outcome: Sendable, Hashable {
        /// `pageNo` of the request.
        var pageNo: Int
        /// Whether the calling task was cancelled by the time the request returned.
        var sawCancellation: Bool
        /// The failure, if the request failed.
        var failure: TransportFailure?
    }

    struct State: Sendable {
        /// `pageNo` of each request, in the order they started.
        var started: [Int] = []
        var finished: [Outcome] = []
        var inFlight = 0
        var maxInFlight = 0
        /// Requests wait until this many are in flight; `nil` once reached (or given up).
        var gate: Int?
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let inner: any HTTPTransport
    private let state: Locked<State>

    /// A probe around `inner`.
    ///
    /// - Parameter holdUntilInFlight: Hold requests until this many are in flight at once
    ///   (released after 5 minutes at the latest, a hang guard: a client that never gets there
    ///   fails the test instead of hanging it, and no busy machine takes that long); `nil` to
    ///   hold none.
    init(_ inner: any HTTPTransport = URLSessionTransport(), holdUntilInFlight: Int? = nil) {
        self.inner = inner
        self.state = Locked(State(gate: holdUntilInFlight))
        if holdUntilInFlight != nil {
            Task { [weak self] in
                try? await Task.sleep(for: .seconds(300))
                guard let self else { return }
                for waiter in state.withLock({ Self.open(&$0) }) { waiter.resume() }
            }
        }
    }

    /// What happened so far.
    var snapshot: State { state.withLock { $0 } }

    /// Waits until `condition` holds (checked every 10 ms; at most 30,000 times, about 5 minutes,
    /// a hang guard); whether it did.
    func wait(until condition: (State) -> Bool) async -> Bool {
        for _ in 0..<30_000 {
            if condition(snapshot) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(snapshot)
    }

    func get(_ url: String, connectTimeout: Duration) async throws(TransportFailure) -> HTTPResponse {
        let pageNo = url.split(separator: "&").first { $0.hasPrefix("pageNo=") }.flatMap { Int($0.dropFirst(7)) } ?? 0
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.started.append(pageNo)
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
            if let gate = state.gate, state.inFlight >= gate { return Self.open(&state) }
            return []
        }
        for waiter in released { waiter.resume() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let held = state.withLock { state -> Bool in
                guard state.gate != nil else { return false }
                state.waiting.append(continuation)
                return true
            }
            if !held { continuation.resume() }
        }
        let result: Result<HTTPResponse, TransportFailure>
        do throws(TransportFailure) {
            let response = try await inner.get(url, connectTimeout: connectTimeout)
            result = .success(response)
        } catch {
            result = .failure(error)
        }
        state.withLock { state in
            state.inFlight -= 1
            let failure: TransportFailure? = if case .failure(let error) = result { error } else { nil }
            state.finished.append(Outcome(pageNo: pageNo, sawCancellation: Task.isCancelled, failure: failure))
        }
        return try result.get()
    }

    /// Opens the gate; the requests to release.
    private static func open(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        state.gate = nil
        defer { state.waiting = [] }
        return state.waiting
    }
}
