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
    /// A `getFcstVersion` request is being sent for a run's data file (`attempt` counts from
    /// 1). It is shared by every cell of the run, so it names no cell.
    case fileVersionRequestSent(product: ForecastProduct, base: ForecastBase, attempt: Int, url: String)
    /// KMA's file version could not be had (an error, an unknown answer, the budget); the run
    /// is fetched instead of trusting a cached copy, and stored without a version.
    case fileVersionUnavailable(product: ForecastProduct, base: ForecastBase, error: ForecastClientError)
    /// A cached nowcast or ultra-short run was past KMA's 10-minute update, but KMA's file
    /// version is the one cached: the cached run was served and its fetch time renewed.
    case cacheRevalidated(product: ForecastProduct, cell: GridCell, base: ForecastBase, version: ForecastFileVersion)
    /// A cached run is past KMA's 10-minute update and KMA changed it, or that could not be
    /// ruled out (`reason` says which); it is fetched again, never served as current.
    case cacheOutdated(product: ForecastProduct, cell: GridCell, base: ForecastBase, reason: String)
    /// A cache file could not be used (corrupt, foreign, or its pages do not make a complete
    /// run); it was removed and the run is fetched from KMA instead.
    case cacheIgnored(path: String, reason: String)
    /// A cache file could not be written; the fetch itself succeeded.
    case cacheWriteFailed(path: String, reason: String)
    /// A run was fetched from KMA: its item and page counts and the HTTP requests it took
    /// (retries and NO_DATA answers for newer runs included).
    case runFetched(product: ForecastProduct, cell: GridCell, base: ForecastBase, items: Int, pages: Int, requests: Int)
    /// A batch finished `completed` of its `total` distinct cells (for the ordered batch,
    /// ``ForecastClient/fetch(_:cells:concurrency:window:budget:inOrder:)``: handed over
    /// `completed` of its `total` inputs).
    case batchProgress(product: ForecastProduct, completed: Int, total: Int)
    /// A mid-term request is being sent (`attempt` counts from 1).
    case midTermRequestSent(operation: MidTermOperation, regionID: String, tmFc: String, attempt: Int, url: String)
    /// A mid-term request failed transiently; the next attempt follows after `delay`.
    case midTermRetryScheduled(operation: MidTermOperation, regionID: String, failedAttempt: Int, delay: Duration, error: ForecastClientError)
    /// KMA had no data for mid-term run `from` (or it is noted as not published yet); trying `to`.
    case midTermFallback(operation: MidTermOperation, regionID: String, from: String, to: String)
    /// A mid-term answer was served from the cache.
    case midTermCacheHit(operation: MidTermOperation, regionID: String, tmFc: String)
    /// A request of the warning service is being sent (`attempt` counts from 1).
    case warningsRequestSent(operation: String, pageNo: Int, attempt: Int, url: String)
    /// A request of the warning service failed transiently; the next attempt follows after `delay`.
    case warningsRetryScheduled(operation: String, failedAttempt: Int, delay: Duration, error: ForecastClientError)
    /// Zone events were served from the cache (`revalidated`: after one small request found no new event).
    case warningsCacheHit(window: String, revalidated: Bool)
    /// A UV index request (`getUVIdxV5`) is being sent for an area and issue time (`YYYYMMDDHH`).
    case uvIndexRequestSent(areaNo: String, time: String, attempt: Int, url: String)
    /// A UV index request failed and will be retried after `delay`.
    case uvIndexRetryScheduled(areaNo: String, failedAttempt: Int, delay: Duration, error: ForecastClientError)
    /// A UV index answer was served from the cache, with no request.
    case uvIndexCacheHit(areaNo: String, time: String)
    /// A grid-field request is being sent (`attempt` counts from 1).
    case fieldRequestSent(GridFieldRequest, attempt: Int, url: String)
    /// A grid-field attempt failed transiently; the next one follows after `delay`.
    case fieldRetryScheduled(GridFieldRequest, failedAttempt: Int, delay: Duration, error: ForecastClientError)
    /// A grid field was served from the cache, with no request.
    case fieldCacheHit(GridFieldRequest)
    /// A grid field was fetched from KMA: its body's size in bytes and the HTTP requests it took.
    case fieldFetched(GridFieldRequest, bytes: Int, requests: Int)
}
