import KMAForecast

/// How far a NetCDF file of many fields has come, for a progress line: handed to the
/// `progress` callback of
/// ``GridFieldClient/writeNetCDF(_:variables:run:validTimes:to:budget:progress:)``
/// once the file is started (``written`` 0) and after each field written.
///
/// Requests sent and cache hits are the client's events
/// (``ClientConfiguration/onEvent``: `fieldRequestSent`, `fieldCacheHit`).
public struct NetCDFProgress: Hashable, Sendable {
    /// The product of the run.
    public var product: ForecastProduct
    /// The run being written.
    public var run: ForecastBase
    /// Fields written so far, `0...total`.
    public var written: Int
    /// Fields the file needs (one request each), ≥ 1.
    public var total: Int

    /// A progress value (for an app's tests and previews; the writer makes its own).
    public init(product: ForecastProduct, run: ForecastBase, written: Int, total: Int) {
        self.product = product
        self.run = run
        self.written = written
        self.total = total
    }
}
