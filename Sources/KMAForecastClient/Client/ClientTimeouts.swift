/// How long one attempt may take.
///
/// | limit | enforced by | covers |
/// |---|---|---|
/// | ``connect`` | `URLRequest.timeoutInterval` | connecting, the TLS handshake, waiting for the first byte, and any silence mid-answer |
/// | ``overall`` | the client itself | the whole attempt, from sending to the last byte |
///
/// What each maps to in URLSession on Linux (swift-corelibs-foundation, which runs libcurl):
/// - `URLRequest.timeoutInterval` (and `URLSessionConfiguration.timeoutIntervalForRequest`)
///   arms a timer when the transfer starts and re-arms it on every header or body chunk: an
///   *inactivity* timeout. It is truncated to whole seconds (`Int(interval) * 1000` ms), so the
///   client rounds ``connect`` up to at least 1 s. corelibs sets no `CURLOPT_CONNECTTIMEOUT`, so
///   there is no separate connect-only limit; this timer is what bounds a connect that hangs.
/// - `URLSessionConfiguration.timeoutIntervalForResource` is stored but never read by corelibs,
///   so an answer that trickles in slowly would never time out. ``overall`` is therefore
///   enforced by the client: it races each attempt against a timer and cancels the data task.
///
/// Both behaviours were checked against a local server with Swift 6.3.1 on Linux: an answer
/// delayed 2.5 s failed after 1.0 s with `timeoutInterval` 1, and completed after 2.5 s with
/// `timeoutIntervalForResource` 1.
///
/// A timed-out attempt counts as a transient failure and is retried (``RetryPolicy``).
public struct ClientTimeouts: Hashable, Sendable {
    /// The inactivity limit: connecting, waiting for the first byte, and any gap between
    /// chunks. Default 10 s; at least 1 s (whole seconds on Linux, rounded up), at most 1 day.
    public var connect: Duration
    /// The limit for a whole attempt. Default 30 s; positive, at most 1 day.
    public var overall: Duration

    /// Timeouts for each attempt.
    ///
    /// - Parameters:
    ///   - connect: Inactivity limit, default 10 s.
    ///   - overall: Whole-attempt limit, default 30 s.
    public init(connect: Duration = .seconds(10), overall: Duration = .seconds(30)) {
        self.connect = connect
        self.overall = overall
    }
}
