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

    /// The other label KMA may put on this request's run: for the ultra-short product asked as
    /// HH30, HH00 of the same date and hour (recorded in 2026; see ``ForecastRun/labelledBase``).
    /// `nil` for any other product or base.
    var hourLabel: ForecastBase? {
        guard product == .ultraShort, base.baseTimeNumber % 100 == 30 else { return nil }
        return ForecastBase(base.dateTime.adding(seconds: -1800))
    }
}
