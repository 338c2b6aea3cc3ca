/// How a ``GridFieldClient`` talks to KMA API Hub's grid-field service, beyond the
/// ``ClientConfiguration`` it shares with the point client (key, cache, retries, clock, events).
///
/// ```swift
/// var options = GridFieldOptions()
/// options.baseURL = "http://127.0.0.1:8080/api/typ01/cgi-bin/url"
/// options.concurrency = 2
/// ```
public struct GridFieldOptions: Hashable, Sendable {
    /// API Hub's service root for the grid fields, to which the operation name is appended.
    public static let defaultBaseURL = "https://apihub.kma.go.kr/api/typ01/cgi-bin/url"

    /// The service root; `nil` for ``defaultBaseURL``.
    public var baseURL: String?
    /// Per-attempt timeouts. The first call for a new run takes 15–45 s at API Hub (the field
    /// is made then, and cached there: later calls take under 1 s), silent until the first
    /// byte, so the defaults are 60 s of silence and 120 s in all.
    public var timeouts: ClientTimeouts
    /// How many fields a stream (``GridFieldClient/fields(_:variables:run:budget:)``) asks for
    /// at once, ≥ 1. Default 4.
    public var concurrency: Int

    /// Options with the defaults.
    ///
    /// - Parameters:
    ///   - baseURL: The service root, `nil` for ``defaultBaseURL``.
    ///   - timeouts: Per-attempt timeouts; default 60 s inactivity, 120 s overall.
    ///   - concurrency: Fields in flight at once in a stream, ≥ 1; default 4.
    public init(baseURL: String? = nil, timeouts: ClientTimeouts = ClientTimeouts(connect: .seconds(60), overall: .seconds(120)), concurrency: Int = 4) {
        self.baseURL = baseURL
        self.timeouts = timeouts
        self.concurrency = concurrency
    }
}
