import KMAForecast

extension MCPServer {
    /// The input ended: each call in flight gets `grace` more to finish (as does a call
    /// started later from a request held back by backpressure), then it is stopped and
    /// answered with an error result that says why; `nil` waits for every call (the whole
    /// input given at once, in tests). Every request still gets its one reply.
    func inputEnded(grace: Duration?) {
        let keys = state.withLock { state -> [String] in
            state.endOfInput = .some(grace)
            return Array(state.calls.keys)
        }
        guard let grace else { return }
        for key in keys { startDeadline(key, after: grace) }
    }

    /// Stops the call `key` after `grace`, unless it ended before.
    func startDeadline(_ key: String, after grace: Duration) {
        let server = self
        let deadline = Task {
            try? await Task.sleep(for: grace)
            guard !Task.isCancelled else { return }
            server.stopAtEndOfInput(key, grace: grace)
        }
        let armed = state.withLock { state -> Bool in
            guard state.calls[key] != nil, state.calls[key]?.deadline == nil else { return false }
            state.calls[key]?.deadline = deadline
            return true
        }
        if !armed { deadline.cancel() }
    }

    private func stopAtEndOfInput(_ key: String, grace: Duration) {
        guard let call = claim(key) else { return }
        call.task?.cancel()
        let seconds = grace.components.seconds
        let text = "Stopped: the client closed the server's standard input and this call had not finished \(seconds) s later (KMA had not answered yet), so the server stopped it before exiting. Nothing else was sent for it; start the server again and repeat the call if its answer is still wanted."
        sendResult(id: call.id, MCPResults.call(.error(text), era: call.era))
        callEnded()
    }

    /// Takes the call `key` out of the calls in flight, to answer (or drop, when the client
    /// cancelled it) exactly once: `nil` when another path took it first. Every call taken is
    /// followed by ``callEnded()`` once its reply is handed to the output.
    func claim(_ key: String) -> Call? {
        state.withLock { state -> Call? in
            guard let call = state.calls.removeValue(forKey: key) else { return nil }
            state.ending += 1
            return call
        }
    }

    /// A call taken by ``claim(_:)`` is done (its reply handed to the output); wakes who waits
    /// for the last call once none is in flight or ending.
    func callEnded() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.ending -= 1
            guard state.calls.isEmpty, state.ending == 0 else { return [] }
            defer { state.idleWaiters.removeAll() }
            return state.idleWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once no call is in flight: each was answered, cancelled by the client, or
    /// stopped at its end-of-input deadline.
    func waitUntilNoCalls() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard !state.calls.isEmpty || state.ending > 0 else { return true }
                state.idleWaiters.append(waiter)
                return false
            }
            if now { waiter.resume() }
        }
    }
}
