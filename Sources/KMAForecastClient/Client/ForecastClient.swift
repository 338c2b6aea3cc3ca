import Foundation
import KMAForecast
import KMAGrid

/// Fetches forecast runs from KMA over HTTP: the newest run of a product at a grid cell, every
/// page of it, checked, cached, as rows or as a stream of items; and many cells at once.
///
/// ```swift
/// let client = try ForecastClient(configuration: ClientConfiguration(serviceKey: try ServiceKey(key)))
/// let run = try await client.fetch(.shortTerm, cell: try GridCell(nx: 60, ny: 127))
/// print(run.base, run.rows.count)                  // the run delivered, and its hours
/// async let now = client.fetch(.nowcast, cell: cell)
/// async let soon = client.fetch(.ultraShort, cell: cell)
/// ```
///
/// **Which run.** The newest run the product's schedule says is available at the injected
/// clock's instant. When KMA answers NO_DATA (`03`) or an empty run for it (KMA sometimes
/// publishes late), the previous issuance is tried, at most
/// ``ClientConfiguration/maxFallbackSteps`` (2) steps back; ``ForecastRun/base`` says which
/// run was delivered and ``ForecastRun/newestBase`` which was wanted.
///
/// **Pages.** Requests ask for ``ClientConfiguration/pageSize`` (1000) items and follow
/// `totalCount` until every item is in; later pages of a run are fetched concurrently. A short
/// page, a `totalCount` that changes between pages, or an item for another cell or run is an
/// error, never a partial result. (One label is not another run: an ultra-short run asked as
/// HH30 that KMA labels HH00 of the same hour is the run asked for; see
/// ``ForecastRun/labelledBase``.)
///
/// **Faults.** Each request has a connect (inactivity) and an overall timeout
/// (``ClientTimeouts``) and is retried with exponential backoff and jitter
/// (``RetryPolicy``) when the failure is transient; errors (``ForecastClientError``) record the
/// stage, the redacted URL and the attempts, and say what to do.
///
/// **Cache.** A short-term run is not known to change once published, so a cached one is
/// served until the clock says a newer run is available — no fixed lifetime, and no request at
/// all for a repeat call within the same run. The nowcast and the ultra-short forecast are
/// regenerated every 10 minutes under the same run (KMA: "10분마다 최신 정보로 업데이트"), so a
/// cached one is served with no request only until KMA's next update after it was fetched, on
/// the KST wall clock at HH:00, HH:10, HH:20 … (fetched at 14:12 → served until 14:19:59; at
/// 14:20:00 it is due). After that it is revalidated: one `getFcstVersion` request (at most
/// 353 bytes, instead of every page) — the same file version as cached, and the cached run is
/// served and counts as fetched now; another version, no version on record, or no answer, and
/// the run is fetched again. A run that may have changed is never served as current.
///
/// To have a version to compare, a nowcast or ultra-short run fetched with the cache on asks
/// for its file version first, then its pages (first, so a stored version is never newer than
/// the stored pages): one request more per fetch, shared by every cell of the run for the rest
/// of that 10-minute update (a batch of 100 cells asks once), and skipped when a budget has
/// fewer than 2 requests left. A key refused `getFcstVersion` itself (HTTP 403/404) is not
/// asked again by this client; its runs are simply refetched after each update.
/// ``ForecastRun/fetchedAt`` and ``ForecastRun/fileVersion`` say what was delivered.
///
/// When the newest run had no data and an earlier one was delivered, that NO_DATA answer is
/// noted in the cache too: for ``ClientConfiguration/noDataRecheckInterval`` (10 minutes)
/// repeat calls are served the earlier run with no request for the newest; after that one
/// request checks whether KMA has published the newest run meanwhile (late runs usually
/// appear within minutes, and waiting for the next issuance would serve a stale run for
/// hours). See ``ForecastCache`` for the files.
///
/// **Incomplete runs.** Right after a run is due KMA can serve it for a few minutes with
/// categories missing. A run whose first forecast hour lacks a category its product always
/// has (``ForecastProduct/requiredCategories``) is never cached nor returned: for the newest
/// run it is treated like one KMA has not published yet — noted like NO_DATA, and the previous
/// run is delivered as a fallback (``ForecastRun/isFallback``), so the caller gets a complete
/// forecast that says which run it is; a later call tries the newest run again. A run asked
/// for explicitly (`base:`) fails with ``ForecastClientError/Reason/incompleteRun(product:base:missing:)``.
///
/// No singletons: every client has its own URL session, cache handle and configuration.
public struct ForecastClient: Sendable {
    let core: ClientCore

    /// A client for a configuration.
    ///
    /// - Throws: ``ForecastClientError`` (stage `request`) for a service URL that is not an
    ///   http(s) URL with a host, configuration numbers out of range, or a cache directory
    ///   that is empty (see ``ForecastCache/init(directory:)``).
    public init(configuration: ClientConfiguration) throws(ForecastClientError) {
        try self.init(
            configuration: configuration,
            transport: URLSessionTransport(maximumBodySize: configuration.maximumResponseSize),
            sleep: { duration in try? await Task.sleep(for: duration) },
            random: { Double.random(in: 0..<1) }
        )
    }

    /// A client that sends its requests through a transport of your own: a `URLSession` set
    /// up your way, a background session, or a test double (see ``HTTPTransport``).
    ///
    /// - Throws: As ``init(configuration:)``.
    public init(configuration: ClientConfiguration, transport: any HTTPTransport) throws(ForecastClientError) {
        try self.init(
            configuration: configuration,
            transport: transport,
            sleep: { duration in try? await Task.sleep(for: duration) },
            random: { Double.random(in: 0..<1) }
        )
    }

    /// A client with an injected transport, sleep and random source (tests, and the CLI's
    /// `--demo`, which serves recorded pages through the same client).
    package init(
        configuration: ClientConfiguration,
        transport: any HTTPTransport,
        sleep: @escaping @Sendable (Duration) async -> Void,
        random: @escaping @Sendable () -> Double
    ) throws(ForecastClientError) {
        if let problem = configuration.problem {
            throw ForecastClientError(.invalidConfiguration(problem))
        }
        let endpoint = try Endpoint(
            baseURL: configuration.baseURL ?? configuration.provider.defaultBaseURL,
            provider: configuration.provider,
            key: configuration.serviceKey
        )
        // A recording is never cached: it would be served as the service root's live answer.
        let cache: ForecastCache? = switch transport is RecordedRunTransport ? .disabled : configuration.cache {
        case .standard: try ForecastCache.defaultDirectory().map { path throws(ForecastClientError) in try ForecastCache(directory: path) }
        case .directory(let path): try ForecastCache(directory: path)
        case .disabled: nil
        }
        var core = ClientCore(
            configuration: configuration, endpoint: endpoint, transport: transport,
            cache: cache, sleep: sleep, random: random
        )
        try core.checkServiceEndpoints()
        self.core = core
    }

    /// The service root requests go to, e.g. `https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0`.
    public var baseURL: String { core.endpoint.baseURL }

    /// The cache in use, or `nil` when caching is off (or no cache directory could be found).
    public var cache: ForecastCache? { core.cache }

    /// The configuration the client was made with (its clock, its warnings' freshness), for
    /// the server that answers with it (`kma-forecast serve`).
    package var configuration: ClientConfiguration { core.configuration }

    /// The newest run of a product that should be available now, by the client's clock.
    public func newestBase(of product: ForecastProduct) -> ForecastBase {
        core.configuration.schedule(product).latestBase(at: core.configuration.now())
    }

    // MARK: - One cell

    /// Fetches a whole run of a product at a cell, as rows.
    ///
    /// - Parameters:
    ///   - product: `nowcast`, `ultra-short` or `short-term`.
    ///   - cell: The grid cell.
    ///   - base: A specific run (no fallback); `nil` for the newest, with fallback.
    ///   - budget: A request budget to draw from, if any.
    /// - Returns: The complete run.
    /// - Throws: ``ForecastClientError``.
    public func fetch(
        _ product: ForecastProduct, cell: GridCell, base: ForecastBase? = nil, budget: RequestBudget? = nil
    ) async throws(ForecastClientError) -> ForecastRun {
        try await fetch(product, cell: cell, base: base, budget: budget, pageConcurrency: core.configuration.pageConcurrency)
    }

    /// The items of a run as they arrive; see ``ForecastItemStream``.
    ///
    /// - Parameters:
    ///   - product: The product.
    ///   - cell: The grid cell.
    ///   - base: A specific run (no fallback); `nil` for the newest, with fallback.
    ///   - budget: A request budget to draw from, if any.
    public func items(
        _ product: ForecastProduct, cell: GridCell, base: ForecastBase? = nil, budget: RequestBudget? = nil
    ) -> ForecastItemStream {
        ForecastItemStream(core: core, product: product, cell: cell, base: base, budget: budget)
    }

    /// Fetches a run with a given page concurrency and pivots it into rows. A newest run that
    /// KMA serves without categories it always has is passed over for the next earlier one,
    /// as when KMA has not published it (``RunPages/restarted(after:)``).
    func fetch(
        _ product: ForecastProduct, cell: GridCell, base: ForecastBase?, budget: RequestBudget?, pageConcurrency: Int
    ) async throws(ForecastClientError) -> ForecastRun {
        var pages = RunPages(core: core, product: product, cell: cell, base: base, budget: budget, concurrency: pageConcurrency)
        while true {
            do {
                while try await pages.next() != nil {}
                break
            } catch {
                guard let next = pages.restarted(after: error) else { throw error }
                pages = next
            }
        }
        // RunPages ends only after a complete run (or throws); this guard only unwraps.
        guard let run = pages.run, case .complete(let count) = run.rows.completeness else {
            let received = pages.run?.rows.itemCount ?? 0
            throw ForecastClientError(.paging(.incomplete(received: received, expected: pages.run?.paging.totalCount ?? 0)))
        }
        return ForecastRun(
            product: product, cell: cell, base: run.base, newestBase: run.newestBase, fallbackSteps: run.fallbackSteps,
            rows: run.rows.rows(), itemCount: count, pageCount: run.paging.pageCount ?? 0,
            fromCache: run.fromCache, requests: pages.earlierRequests + run.requests, labelledBase: run.baseLabel,
            fetchedAt: Date(timeIntervalSince1970: TimeInterval(run.fetchedAt)), fileVersion: run.fileVersion, recording: pages.recording
        )
    }
}
