import KMAForecast
import KMAGrid

/// Progress and diagnostics from a ``ForecastClient``, for a progress line or a log. URLs in
/// events have the key redacted; events never carry the key.
public enum ForecastClientEvent: Sendable {
    /// A request is being sent (`attempt` counts from 1 for each page).
    case requestSent(product: ForecastProduct, cell: GridCell, base: ForecastBase, pageNo: Int, attempt: Int, url: String)
    /// An attempt failed transiently; the next one follows after `delay`.
    case retryScheduled(product: ForecastProduct, cell: GridCell, failedAttempt: Int, delay: Duration, error: ForecastClientError)
    /// KMA had no data for run `from` (or it is noted as not published yet); trying `to`.
    case fallback(product: ForecastProduct, cell: GridCell, from: ForecastBase, to: ForecastBase)
    /// A run was served from the cache.
    case cacheHit(product: ForecastProduct, cell: GridCell, base: ForecastBase)
    /// A cache file could not be used (corrupt, foreign, or its pages do not make a complete
    /// run); it was removed and the run is fetched from KMA instead.
    case cacheIgnored(path: String, reason: String)
    /// A cache file could not be written; the fetch itself succeeded.
    case cacheWriteFailed(path: String, reason: String)
    /// A run was fetched from KMA: its item and page counts and the HTTP requests it took
    /// (retries and NO_DATA answers for newer runs included).
    case runFetched(product: ForecastProduct, cell: GridCell, base: ForecastBase, items: Int, pages: Int, requests: Int)
    /// A batch finished `completed` of its `total` distinct cells.
    case batchProgress(product: ForecastProduct, completed: Int, total: Int)
}
