import _KMASystem

/// Every wait of a fetch (the retry back-off, the rate limiter's spacing): the injected sleep,
/// ended early when the waiting task is cancelled, whatever the sleep does.
///
/// The sleep is injected (`(Duration) async -> Void`, so tests are instant and an app can bring
/// its own clock) and may not end on cancellation: a sleep built on `try? await Task.sleep`
/// swallows the `CancellationError`, and one on another clock may not see the task at all. A
/// cancelled fetch must stop within one scheduling round and send nothing more, so the wait is
/// raced here against the task's cancellation: the sleep runs in a task of its own, cancelled
/// with the waiter, and the waiter resumes at the first of the two.
enum CancellableWait {
    /// Waits `duration` with `sleep`, or until the current task is cancelled (then at once).
    static func wait(_ duration: Duration, using sleep: @escaping @Sendable (Duration) async -> Void) async {
        let gate = Gate()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let sleeper = Task {
                    await sleep(duration)
                    gate.open()
                }
                gate.hold(continuation, sleeper: sleeper)
            }
        } onCancel: {
            gate.open()
        }
    }

    /// Resumes the waiter once: on the sleep's end or on cancellation, whichever comes first.
    private final class Gate: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Void, Never>?
            var sleeper: Task<Void, Never>?
            var opened = false
        }

        private let state = Locked(State())

        /// The waiter, and the sleep it waits for; resumed at once when the gate is already open.
        func hold(_ continuation: CheckedContinuation<Void, Never>, sleeper: Task<Void, Never>) {
            let openedAlready = state.withLock { state -> Bool in
                guard !state.opened else { return true }
                state.continuation = continuation
                state.sleeper = sleeper
                return false
            }
            if openedAlready {
                sleeper.cancel()
                continuation.resume()
            }
        }

        /// Resumes the waiter (once) and cancels the sleep.
        func open() {
            let held = state.withLock { state -> (CheckedContinuation<Void, Never>?, Task<Void, Never>?) in
                guard !state.opened else { return (nil, nil) }
                state.opened = true
                defer { state.continuation = nil; state.sleeper = nil }
                return (state.continuation, state.sleeper)
            }
            held.1?.cancel()
            held.0?.resume()
        }
    }
}
