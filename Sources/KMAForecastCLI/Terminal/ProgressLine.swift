import KMAForecast
import KMAForecastClient
import _KMASystem

/// A one-line progress display on standard error while fetching, redrawn in place; shown only
/// when standard error is a terminal, and cleared before the result is printed.
final class ProgressLine: Sendable {
    let enabled: Bool
    private let sink: TextSink
    private let language: DisplayLanguage
    private let state = Locked((requests: 0, finished: Set<String>(), drawn: false))

    init(sink: TextSink, enabled: Bool, language: DisplayLanguage) {
        self.sink = sink
        self.enabled = enabled
        self.language = language
    }

    /// Redraws the line for a client event.
    func observe(_ event: ForecastClientEvent) {
        guard enabled else { return }
        let line: String? = state.withLock { state in
            switch event {
            case .requestSent(let product, _, let base, let pageNo, let attempt, _):
                state.requests += 1
                let retry = attempt > 1 ? (language == .ko ? ", 재시도 \(attempt - 1)" : ", retry \(attempt - 1)") : ""
                return (language == .ko ? "기상청에서 받는 중: " : "Fetching from KMA: ") + "\(product.rawValue) \(base) p.\(pageNo)\(retry)"
            case .fileVersionRequestSent(let product, let base, let attempt, _):
                state.requests += 1
                let retry = attempt > 1 ? (language == .ko ? ", 재시도 \(attempt - 1)" : ", retry \(attempt - 1)") : ""
                return (language == .ko ? "기상청 자료 버전 확인 중: " : "Checking KMA's file version: ") + "\(product.rawValue) \(base)\(retry)"
            case .fallback(let product, _, let from, let to):
                return (language == .ko ? "\(product.rawValue) \(from) 자료 없음, \(to) 시도" : "\(product.rawValue) \(from) not published yet, trying \(to)")
            case .runFetched(let product, _, _, _, _, _), .cacheHit(let product, _, _):
                state.finished.insert(product.rawValue)
                return (language == .ko ? "받음: " : "Done: ") + state.finished.sorted().joined(separator: ", ")
            case .retryScheduled(let product, _, _, let delay, _):
                return (language == .ko ? "\(product.rawValue): 다시 시도 (\(delay) 후)" : "\(product.rawValue): retrying in \(delay)")
            default:
                return nil
            }
        }
        guard let line else { return }
        state.withLock { $0.drawn = true }
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
