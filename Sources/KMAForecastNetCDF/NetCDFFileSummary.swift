import KMAForecast

/// What a finished NetCDF file holds: returned by
/// ``GridFieldClient/writeNetCDF(_:variables:run:validTimes:to:budget:progress:)``
/// once the file is at its path.
public struct NetCDFFileSummary: Hashable, Sendable {
    /// The file written.
    public var path: String
    /// The product of the fields.
    public var product: ForecastProduct
    /// Their run (the file's `forecast_reference_time`).
    public var run: ForecastBase
    /// The data variables, in the file's order.
    public var variables: [ForecastCategory]
    /// The `time` axis: the valid times, in order, ≥ 1.
    public var validTimes: [KSTDateTime]
    /// Fields fetched (or read from the cache) and written, `1...variables.count × validTimes.count`;
    /// the other places (TMN, TMX at other hours) are `_FillValue`.
    public var fields: Int
    /// Cells holding a code KMA does not document (kept as sent, flagged 1 in the variable's
    /// `<code>_status`), by code variable; empty when every code is documented.
    public var undocumentedCodes: [ForecastCategory: Int]

    /// A summary (for an app's tests and previews; the writer makes its own).
    public init(
        path: String, product: ForecastProduct, run: ForecastBase, variables: [ForecastCategory], validTimes: [KSTDateTime], fields: Int,
        undocumentedCodes: [ForecastCategory: Int] = [:]
    ) {
        self.path = path
        self.product = product
        self.run = run
        self.variables = variables
        self.validTimes = validTimes
        self.fields = fields
        self.undocumentedCodes = undocumentedCodes
    }
}
