import _KMASystem

/// A side service of a forecast (the weather warnings, the UV index, the mid-term days) running
/// beside its products, which the forecast waits for only until a deadline: a silent or
/// trickling gateway must not hold a forecast that is ready
/// (``ClientConfiguration/sideServiceDeadline``).
///
/// The work runs in a task of its own from ``start(_:)``; ``outcome(within:sleep:)`` waits for
/// its value or for the time left, whichever ends first. A value already delivered always wins,
/// whatever the time left (even none), so the verdict never depends on which of two ready tasks
/// is scheduled first. When the time runs out the work is cancelled and never waited for: a
/// connection that ignores cancellation holds nothing.
final class SideServiceTask<Value: Sendable>: Sendable {
    /// What the wait gave.
    enum Outcome {
        /// The service's value, in time.
        case delivered(Value)
        /// The time ran out first (or the waiting task was cancelled).
        case late
    }

    private struct State {
        var value: Value?
        var isDelivered = false
        var isLate = false
        var waiter: CheckedContinuation<Outcome, Never>?
        var work: Task<Void, Never>?
        var timer: Task<Void, Never>?
    }

    private let state = Locked(State())

    private init() {}

    /// Starts `work` at once, in a task of its own (cancelled by ``outcome(within:sleep:)`` when
    /// it is late, or by ``cancel()``).
    static func start(_ work: @escaping @Sendable () async -> Value) -> SideServiceTask {
        let service = SideServiceTask()
        let task = Task { service.deliver(await work()) }
        service.state.withLock { state in
            state.work = task
            if state.isLate { task.cancel() }
        }
        return service
    }

    /// The value, if it comes within `remaining` (`nil`: as long as it takes); else ``Outcome/late``
    /// at once when the time is up, the work cancelled. Waits with `sleep` (the client's, so
    /// that tests inject the clock).
    func outcome(within remaining: Duration?, sleep: @escaping @Sendable (Duration) async -> Void) async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let ready: Outcome? = state.withLock { state in
                    if state.isDelivered, let value = state.value { return .delivered(value) }
                    if state.isLate { return .late }
                    state.waiter = continuation
                    return nil
                }
                if let ready { return continuation.resume(returning: ready) }
                guard let remaining else { return }
                guard remaining > .zero else { return expire() }
                let timer = Task {
                    await sleep(remaining)
                    self.expire()
                }
                state.withLock { $0.timer = timer }
            }
        } onCancel: {
            expire()
        }
    }

    /// Cancels the work (the forecast was cancelled, or is returned without this service).
    func cancel() { expire() }

    private func deliver(_ value: Value) {
        let (waiter, timer): (CheckedContinuation<Outcome, Never>?, Task<Void, Never>?) = state.withLock { state in
            guard !state.isLate else { return (nil, nil) }
            state.value = value
            state.isDelivered = true
            defer { state.waiter = nil }
            return (state.waiter, state.timer)
        }
        timer?.cancel()
        waiter?.resume(returning: .delivered(value))
    }

    private func expire() {
        let (waiter, work): (CheckedContinuation<Outcome, Never>?, Task<Void, Never>?) = state.withLock { state in
            guard !state.isDelivered, !state.isLate else { return (nil, nil) }
            state.isLate = true
            defer { state.waiter = nil }
            return (state.waiter, state.work)
        }
        work?.cancel()
        waiter?.resume(returning: .late)
    }
}
