import Foundation
import KMAForecast

/// Everything a ``ForecastClient`` needs: where to send requests and with which key, the cache,
/// timeouts and retries, the page size, and the clock.
///
/// ```swift
/// var configuration = ClientConfiguration(serviceKey: try ServiceKey(pastedKey))
/// configuration.provider = .apiHub
/// configuration.baseURL = ProcessInfo.processInfo.environment["KMA_BASE_URL"]
/// configuration.cache = .disabled
/// configuration.onEvent = { event in progress.update(event) }
/// let client = try ForecastClient(configuration: configuration)
/// ```
public struct ClientConfiguration: Sendable {
    /// data.go.kr (key parameter `serviceKey`) or the KMA API Hub (`authKey`). Default data.go.kr.
    public var provider: ServiceProvider
    /// The key, in either form the portal shows.
    public var serviceKey: ServiceKey
    /// The service root to which the operation name is appended, e.g.
    /// `http://127.0.0.1:8080/1360000/VilageFcstInfoService_2.0`; `nil` for the provider's
    /// ``ServiceProvider/defaultBaseURL``.
    public var baseURL: String?
    /// The mid-term service root (중기예보, `MidFcstInfoService`) to which the operation name
    /// (`getMidTa`, `getMidLandFcst`, `getMidFcst`) is appended, e.g.
    /// `http://127.0.0.1:8080/1360000/MidFcstInfoService`. `nil`: when ``baseURL`` is set,
    /// that root with its last path component replaced by `MidFcstInfoService` (the same
    /// gateway: a proxy or test server is never bypassed); else the provider's
    /// ``ServiceProvider/defaultMidTermBaseURL``. Used by ``ForecastClient/dailyForecast(for:days:budget:)-(Place,_,_)``.
    public var midBaseURL: String? = nil
    /// The warning service root (기상특보, `WthrWrnInfoService`) to which the operation name
    /// (`getPwnCd`, `getPwnStatus`) is appended. `nil`: when ``baseURL`` is set, that root with
    /// its last path component replaced by `WthrWrnInfoService` (the mid-term rule); else the
    /// provider's ``ServiceProvider/defaultWarningsBaseURL``.
    public var warningsBaseURL: String? = nil
    /// How long fetched zone events are served from the cache with no request (default 5
    /// minutes); after that one small request (`numOfRows=1`) checks whether KMA has new events.
    public var warningsFreshFor: Duration = .seconds(300)
    /// The living-weather index service root (생활기상지수, `LivingWthrIdxServiceV5`) to which
    /// `getUVIdxV5` is appended. `nil`: when ``baseURL`` is set, that root with its last path
    /// component replaced by `LivingWthrIdxServiceV5` (as for ``midBaseURL``); else the
    /// provider's ``ServiceProvider/defaultUVIndexBaseURL``. Used when a forecast asks for the
    /// UV index (``ForecastClient/forecast(for:products:midTermDays:alerts:uvIndex:budget:)``).
    public var uvIndexBaseURL: String? = nil
    /// How long a forecast waits for its side services (the weather warnings, the UV index, the
    /// mid-term days) once its own products are in
    /// (``ForecastClient/forecast(for:products:midTermDays:alerts:uvIndex:budget:)``; they run
    /// alongside from the start): a side service that has not answered by then (a silent or
    /// trickling gateway) is cancelled and the forecast is returned without it, its outcome
    /// failed with ``ForecastClientError/Reason/sideServiceLate(seconds:)``. Real time, not the
    /// injected sleep. Default `nil`: they are waited for as long as their own timeouts allow;
    /// an app that shows the forecast first sets a few seconds. The command line, the MCP server
    /// and serve set 5 seconds, a wait that suits a person at a terminal and an agent
    /// (`KMA_SIDE_SERVICE_DEADLINE`). Positive, at most 1 day.
    public var sideServiceDeadline: Duration? = nil
    /// Where runs are cached. Default ``CacheLocation/standard``.
    public var cache: CacheLocation
    /// Per-attempt timeouts.
    public var timeouts: ClientTimeouts
    /// Retries of transient failures.
    public var retry: RetryPolicy
    /// `numOfRows` for every request, 1...10,000. Default 1000: one or two pages per run.
    public var pageSize: Int
    /// For a single fetch, how many of a run's later pages are requested at once, ≥ 1.
    /// Default 4. (Batches fetch each run's pages one at a time and bound the runs instead.)
    public var pageConcurrency: Int
    /// How many earlier issuances to try when KMA answers NO_DATA (or an empty run) for the
    /// newest one, 0...2. Default 2.
    public var maxFallbackSteps: Int
    /// After KMA answered NO_DATA for the newest run (or served it without categories it
    /// always has: not complete yet), how long to trust that note before asking again;
    /// meanwhile the earlier run is served from the cache with no request for the newest.
    /// Default 10 minutes; any duration ≥ 0 (a very long one means "do not ask again while
    /// the run is among the candidates"). See ``ForecastClient`` for the whole cache policy.
    public var noDataRecheckInterval: Duration
    /// The clock: which run is newest is decided from this instant (KST arithmetic).
    public var now: @Sendable () -> Date
    /// The issuance schedule of each product (KMA's documented delays by default); change it
    /// to use other availability delays.
    public var schedule: @Sendable (ForecastProduct) -> IssuanceSchedule
    /// The most bytes of one answer's body the client reads, 1 KiB...1 GiB. Default 8 MiB
    /// (``defaultMaximumResponseSize``), far above any page (1000 items are about 110 KB,
    /// 10,000 about 1.1 MB). Reading stops there, in bounded memory, and the fetch fails with
    /// ``ForecastClientError/Reason/responseTooLarge(limit:)``.
    public var maximumResponseSize: Int = ClientConfiguration.defaultMaximumResponseSize
    /// 8 MiB: see ``maximumResponseSize``.
    public static let defaultMaximumResponseSize = 8 << 20
    /// Called for progress and diagnostics (requests, retries, fallbacks, cache use), from any
    /// thread. `nil` for none.
    public var onEvent: (@Sendable (ForecastClientEvent) -> Void)?
    /// Paces every request (pages, file versions, retries, fallbacks) under KMA's per-second
    /// limit, one bucket per operation, and stops them all on the daily quota (code 22); see
    /// ``RequestRateLimiter``. Default: a new limiter at 30 requests a second per operation.
    /// Give several clients the same limiter to hold them to one limit together; `nil` for no
    /// pacing at all (the gateway's refusals are then still retried).
    public var rateLimiter: RequestRateLimiter?

    /// A configuration with the defaults.
    public init(
        provider: ServiceProvider = .dataGoKr,
        serviceKey: ServiceKey,
        baseURL: String? = nil,
        cache: CacheLocation = .standard,
        timeouts: ClientTimeouts = ClientTimeouts(),
        retry: RetryPolicy = RetryPolicy(),
        pageSize: Int = 1000,
        pageConcurrency: Int = 4,
        maxFallbackSteps: Int = 2,
        noDataRecheckInterval: Duration = .seconds(600),
        now: @escaping @Sendable () -> Date = { Date() },
        schedule: @escaping @Sendable (ForecastProduct) -> IssuanceSchedule = { $0.schedule },
        onEvent: (@Sendable (ForecastClientEvent) -> Void)? = nil,
        rateLimiter: RequestRateLimiter? = RequestRateLimiter()
    ) {
        self.provider = provider
        self.serviceKey = serviceKey
        self.baseURL = baseURL
        self.cache = cache
        self.timeouts = timeouts
        self.retry = retry
        self.pageSize = pageSize
        self.pageConcurrency = pageConcurrency
        self.maxFallbackSteps = maxFallbackSteps
        self.noDataRecheckInterval = noDataRecheckInterval
        self.now = now
        self.schedule = schedule
        self.onEvent = onEvent
        self.rateLimiter = rateLimiter
    }

    /// The page sizes (`numOfRows`) the client asks for, and accepts from a cache file.
    static let pageSizes = 1...10_000

    /// What is wrong with the numbers, or `nil`.
    var problem: String? {
        if !Self.pageSizes.contains(pageSize) { return "pageSize must be within 1...10000, got \(pageSize)" }
        if pageConcurrency < 1 { return "pageConcurrency must be at least 1, got \(pageConcurrency)" }
        if !(0...2).contains(maxFallbackSteps) { return "maxFallbackSteps must be within 0...2, got \(maxFallbackSteps)" }
        if !(1 << 10...1 << 30).contains(maximumResponseSize) {
            return "maximumResponseSize must be within 1024...1073741824 bytes (1 KiB...1 GiB), got \(maximumResponseSize)"
        }
        if noDataRecheckInterval < .zero { return "noDataRecheckInterval must not be negative" }
        for (name, limit) in [("connect", timeouts.connect), ("overall", timeouts.overall)]
        where !(limit > .zero && limit <= .longestWait) {
            return "timeouts.\(name) must be positive and at most 1 day (86400 s), got \(limit)"
        }
        if let deadline = sideServiceDeadline, !(deadline > .zero && deadline <= .longestWait) {
            return "sideServiceDeadline must be positive and at most 1 day (86400 s), got \(deadline)"
        }
        if let problem = rateLimiter?.problem { return problem }
        return retry.problem
    }
}

/// Where the client caches runs.
public enum CacheLocation: Hashable, Sendable {
    /// `$XDG_CACHE_HOME/kma-forecast`, else `~/.cache/kma-forecast`, read from the process
    /// environment when the client is made (no cache if neither variable is set). A tool that
    /// injects its environment should use ``ForecastCache/defaultDirectory(environment:)`` and
    /// ``directory(_:)``.
    case standard
    /// This directory (created when first written); a relative path is relative to the
    /// current directory when the client is made. Must not be empty.
    case directory(String)
    /// No cache: every fetch asks KMA.
    case disabled
}
