import KMAForecast

/// The mid-term runs fetched for a place (``ForecastClient/midTermRuns(for:cell:budget:)``).
public struct MidTermRuns: Sendable {
    /// The runs with at least one answer, newest first.
    public var runs: [MidTermRun]
    /// The error of an operation none of whose runs came (service mid-term), if any.
    public var error: ForecastClientError?
    /// HTTP requests made (0 when everything came from the cache).
    public var requests: Int
    /// Whether every answer delivered came from the on-disk cache.
    public var fromCache: Bool
}
