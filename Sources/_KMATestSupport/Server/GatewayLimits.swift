/// What the stand-in gateway of a ``ReplayServer`` enforces and adds, as KMA's does: a limit
/// of requests per second per operation, a refusal above it, and a latency per operation.
///
/// ```swift
/// let server = try ReplayServer()
/// server.synthesize(try RecordedRun(.shortTerm, fixture: "api/getVilageFcst_20221120_0500_nx60_ny120.json"))
/// server.enforce(.kma)                     // 30 a second per operation, code 23 above it
/// // … run a client …
/// server.gatewayCounts.refused            // requests refused by the limit
/// ```
///
/// The limit is read strictly (KMA_SPEC §8): a request is refused when, counting it, more than
/// ``requestsPerSecond`` requests of its operation arrived in the last second (a sliding
/// window of 1 s, refused requests included, as a gateway counts what it receives). Arrival is
/// when the connection is accepted (each request has its own connection). A refused request is answered at once, without the
/// latency.
public struct GatewayLimits: Sendable, Hashable {
    /// How a request above the limit is refused.
    public enum Refusal: Sendable, Hashable {
        /// HTTP 200 with the gateway's XML envelope, code 23
        /// (LIMITED_NUMBER_OF_SERVICE_REQUESTS_PER_SECOND_EXCEEDS_ERROR).
        case code23
        /// HTTP 429 Too Many Requests with `Retry-After: 1`.
        case http429
    }

    /// Requests allowed per operation in any one-second window, ≥ 1.
    public var requestsPerSecond: Int
    /// The answer above the limit.
    public var refusal: Refusal
    /// Milliseconds every accepted request of an operation waits before it is answered; an
    /// operation not listed answers at once.
    public var latencyMilliseconds: [String: Int]

    /// Limits.
    public init(requestsPerSecond: Int = 30, refusal: Refusal = .code23, latencyMilliseconds: [String: Int] = [:]) {
        self.requestsPerSecond = requestsPerSecond
        self.refusal = refusal
        self.latencyMilliseconds = latencyMilliseconds
    }

    /// KMA's declared limit, 30 requests a second per operation, refused with code 23, and the
    /// guide's average latencies: 100 ms for the nowcast, the ultra-short forecast and
    /// `getFcstVersion` (353 bytes at most), 600 ms for the short-term forecast.
    public static let kma = GatewayLimits(
        requestsPerSecond: 30, refusal: .code23,
        latencyMilliseconds: ["getUltraSrtNcst": 100, "getUltraSrtFcst": 100, "getVilageFcst": 600, "getFcstVersion": 100]
    )
}

/// What the stand-in gateway has counted since it was set (``ReplayServer/enforce(_:)``).
public struct GatewayCounts: Sendable, Hashable {
    /// Requests answered normally.
    public var accepted = 0
    /// Requests refused by the limit (code 23 or HTTP 429).
    public var refused = 0
    /// The most requests of one operation that arrived in any one-second window, by operation.
    public var peakPerSecond: [String: Int] = [:]

    public init() {}
}
