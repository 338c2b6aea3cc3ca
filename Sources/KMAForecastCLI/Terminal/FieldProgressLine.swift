import KMAForecastClient
import _KMASystem

/// The progress of fetching many grid fields on standard error, redrawn in place, only when
/// standard error is a terminal: fields written of the total, how many came from the cache,
/// requests sent.
///
/// `Fields of the short-term run 20261121 0500: 41/201 · 30 from the cache · 12 requests`
final class FieldProgressLine: Sendable {
    let enabled: Bool
    private let sink: TextSink
    private struct State {
        var run = ""
        var total = 0
        var done = 0
        var cached = 0
        var requests = 0
        var drawn = false
    }
    private let state = Locked(State())

    init(sink: TextSink, enabled: Bool) {
        self.sink = sink
        self.enabled = enabled
    }

    /// Starts counting `total` fields of a run.
    func start(total: Int, run: String) {
        state.withLock {
            $0.total = total
            $0.run = run
        }
        redraw()
    }

    /// Counts requests and cache hits from the client's events.
    func observe(_ event: ForecastClientEvent) {
        switch event {
        case .fieldRequestSent: state.withLock { $0.requests += 1 }
        case .fieldCacheHit: state.withLock { $0.cached += 1 }
        default: return
        }
        redraw()
    }

    /// A field was written.
    func fieldDone() {
        state.withLock { $0.done += 1 }
        redraw()
    }

    /// `201 fields: 150 from the cache, 51 requests`.
    var summary: String {
        state.withLock { "\($0.done) field\($0.done == 1 ? "" : "s"): \($0.cached) from the cache, \($0.requests) request\($0.requests == 1 ? "" : "s")" }
    }

    private func redraw() {
        guard enabled else { return }
        let line = state.withLock { state -> String in
            state.drawn = true
            return "Fields of the \(state.run): \(state.done)/\(state.total) · \(state.cached) from the cache · \(state.requests) request\(state.requests == 1 ? "" : "s")"
        }
        sink.write("\r\u{1B}[K" + line)
        sink.flush()
    }

    /// Clears the line.
    func finish() {
        guard enabled, state.withLock({ $0.drawn }) else { return }
        sink.write("\r\u{1B}[K")
        sink.flush()
    }
}
