import KMAForecast

/// A `getFcstVersion` request: which data file's version to ask for. The version belongs to
/// KMA's national file of a product's run, so it has no cell.
struct FileVersionRequest: Hashable, Sendable {
    /// The product (its ``ForecastProduct/fileType`` is `ftype`).
    var product: ForecastProduct
    /// The run (`basedatetime` = `base_date` + `base_time`, 12 digits).
    var base: ForecastBase

    /// The operation, the last path component of the request URL.
    static let operation = "getFcstVersion"

    /// `basedatetime`: `YYYYMMDDHHMM`.
    var baseDateTime: String { base.baseDate + base.baseTime }
}
