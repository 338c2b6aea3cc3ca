import Foundation
import KMAForecast
import KMAGrid

/// A complete run of one product at one cell: every item KMA has for it, pivoted into per-hour
/// rows, and how it was obtained.
///
/// A run is only ever returned whole: every page arrived, the item count matches
/// `totalCount`, and every item is for this cell and this run (labelled with ``base``, or, for
/// an ultra-short run, with HH00 of its hour: see ``labelledBase``).
public struct ForecastRun: Sendable {
    /// The product.
    public var product: ForecastProduct
    /// The grid cell.
    public var cell: GridCell
    /// The run delivered.
    public var base: ForecastBase
    /// The newest run the clock said should be available. Differs from ``base`` when KMA had
    /// not published it and an earlier run was used.
    public var newestBase: ForecastBase
    /// How many issuances before ``newestBase`` the delivered run is (0, 1 or 2).
    public var fallbackSteps: Int
    /// The rows, one per forecast hour, sorted by date and time.
    public var rows: [ForecastRow]
    /// The number of items (`totalCount`).
    public var itemCount: Int
    /// The number of pages the run came in.
    public var pageCount: Int
    /// Whether the run's pages came from the cache rather than from KMA.
    public var fromCache: Bool
    /// HTTP requests made for this run: 0 for a pure cache hit; retries, `getFcstVersion`
    /// requests, NO_DATA answers and incomplete answers for newer runs included.
    public var requests: Int
    /// The base KMA wrote on the items, when it was not ``base``; `nil` when the items carried
    /// ``base`` itself.
    ///
    /// KMA has answered ultra-short requests for base_time HH30 with items labelled HH00 of the
    /// same date and hour (data.go.kr in production on 2026-10-04, and API Hub recordings:
    /// asked as 0030, answered under 0000). Such an answer is taken as the run asked for: the
    /// rows carry ``base`` (HH30), and this says `HH00` was KMA's label. Only that label is
    /// accepted, only for ``ForecastProduct/ultraShort``, and only when every item of the run
    /// carries it.
    public var labelledBase: ForecastBase? = nil
    /// When this content was fetched from KMA, or last confirmed by KMA's file version to be
    /// unchanged: the instant (from the client's clock, ``ClientConfiguration/now``, to the
    /// whole second) as of which it is KMA's current content. For a run served from the
    /// cache, the time recorded in the cache. (A `Date` is an absolute instant: show it in KST
    /// with `KSTDateTime(fetchedAt)`.)
    ///
    /// The nowcast and the ultra-short forecast change every 10 minutes under the same run, so
    /// they are current until KMA's next update after this instant
    /// (``ForecastProduct/nextContentUpdate(after:)``).
    public var fetchedAt: Date
    /// KMA's version of this run's data file (`getFcstVersion`: the file's creation time,
    /// `YYYYMMDDHHMMSS` KST), asked for before the pages, so never newer than them. Known for
    /// nowcast and ultra-short runs fetched with the cache on; `nil` for short-term runs (not
    /// known to change after issue), with the cache disabled, and when KMA's answer could not
    /// be had.
    public var fileVersion: ForecastFileVersion?
    /// Set when a recording answered (a client over a ``RecordedRunTransport``): what it is,
    /// so that it never passes for a live run; `nil` for a run from KMA.
    public var recording: LocalForecast.Recording? = nil

    /// Whether an earlier run than the newest was delivered.
    public var isFallback: Bool { fallbackSteps > 0 }
}
