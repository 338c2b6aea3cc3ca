import KMAForecast
import KMAGrid

/// One page of one run at one cell: everything a request needs besides the service root and
/// the key.
struct PageRequest: Hashable, Sendable {
    /// The product (its operation is the last path component).
    var product: ForecastProduct
    /// The grid cell (`nx`, `ny`).
    var cell: GridCell
    /// The run (`base_date`, `base_time`).
    var base: ForecastBase
    /// `pageNo`, from 1.
    var pageNo: Int
    /// `numOfRows`, the page size.
    var numOfRows: Int
}
