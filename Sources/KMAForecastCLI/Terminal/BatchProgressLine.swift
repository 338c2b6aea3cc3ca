import KMAForecast
import KMAForecastClient
import _KMASystem

/// The progress of a many-places forecast on standard error, redrawn in place, only when
/// standard error is a terminal: inputs done of the total, requests spent, the request rate,
/// the time left, and errors so far.
///
/// `12/3834 done · 15 requests · 29.8/s · ETA 2m07s · 0 errors`
final class BatchProgressLine: Sendable {
    let enabled: Bool
    private let sink: TextSink
    private let total: Int
    private let now: @Sendable () -> Duration
    private let start: Duration
    private struct State {
        var done = 0
        var requests = 0
        var errors = 0
        var drawnAt: Duration?
    }
    private let state = Locked(State())

    /// A progress line.
    ///
    /// - Parameters:
    ///   - now: The time since any fixed origin (injected in tests); default the continuous clock.
    init(sink: TextSink, enabled: Bool, total: Int, now: (@Sendable () -> Duration)? = nil) {
        self.sink = sink
        self.enabled = enabled
        self.total = total
        if let now {
            self.now = now
        } else {
            let clock = ContinuousClock()
            let origin = clock.now
            self.now = { clock.now - origin }
        }
        self.start = self.now()
    }

    /// Counts requests from the client's events.
    func observe(_ event: ForecastClientEvent) {
        guard enabled else { return }
        switch event {
        case .requestSent, .fileVersionRequestSent:
            state.withLock { $0.requests += 1 }
            redraw(force: false)
        default:
            break
        }
    }

    /// An input was written: `failed` when it (or a product of it) failed.
    func inputDone(failed: Bool) {
        guard enabled else { return }
        state.withLock { state in
            state.done += 1
            if failed { state.errors += 1 }
        }
        redraw(force: false)
    }

    /// Writes a line of diagnostics above the progress line.
    func print(_ text: String) {
        guard enabled else {
            sink.write(text)
            return
        }
        sink.write("\r\u{1B}[K" + text)
        redraw(force: true)
    }

    /// The line's text now.
    func text() -> String {
        let (done, requests, errors) = state.withLock { ($0.done, $0.requests, $0.errors) }
        let elapsed = max((now() - start) / .seconds(1), 0)
        let rate = elapsed > 0 ? Double(requests) / elapsed : 0
        var eta = "--"
        if done > 0, elapsed > 0 {
            let left = Int((elapsed / Double(done) * Double(total - done)).rounded())
            eta = left >= 60 ? "\(left / 60)m\((left % 60).zeroPadded(toWidth: 2))s" : "\(left)s"
        }
        let rateText = String(Double(Int(rate * 10)) / 10)
        return "\(done)/\(total) done · \(requests) requests · \(rateText)/s · ETA \(eta) · \(errors) error\(errors == 1 ? "" : "s")"
    }

    /// Redraws at most ten times a second (always when `force`).
    private func redraw(force: Bool) {
        let time = now()
        let draw = state.withLock { state -> Bool in
            if !force, let drawn = state.drawnAt, time - drawn < .milliseconds(100) { return false }
            state.drawnAt = time
            return true
        }
        guard draw else { return }
        sink.write("\r\u{1B}[K" + text())
        sink.flush()
    }

    /// Clears the line.
    func finish() {
        guard enabled, state.withLock({ $0.drawnAt != nil }) else { return }
        sink.write("\r\u{1B}[K")
        sink.flush()
    }
}
