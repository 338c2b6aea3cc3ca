import Foundation
import KMAForecast
import KMAGrid
import _KMASystem

/// Fetches whole-country grid fields from KMA API Hub: one variable of one run at one valid
/// time for all 37,697 cells in one request (`nph-dfs_shrt_grd`, `nph-dfs_vsrt_grd`,
/// `nph-dfs_odam_grd`), checked, retried and cached exactly.
///
/// ```swift
/// let client = try GridFieldClient(configuration: ClientConfiguration(provider: .apiHub, serviceKey: try ServiceKey(key)))
/// let field = try await client.fetch(.shortTerm, variable: .tmp)          // newest run, first hour
/// print(field[try GridCell(nx: 60, ny: 127)] ?? .nan)
/// for await update in try client.fields(.shortTerm, variables: [.tmp, .pop]) {
///     print(update.completed, "of", update.total, update.request)
/// }
/// ```
///
/// **Key.** API Hub's `authKey` (the key of an API Hub account that has applied, 활용신청, for
/// each operation used); the configuration's provider is not used, the key parameter is always
/// `authKey`. The key never appears in errors, events or cache files.
///
/// **Which run.** ``newestRun(of:)``: the newest run the product's grid schedule
/// (``ForecastProduct/gridSchedule``) says is available at the configuration's clock.
///
/// **Requests.** Every request goes through the same path as the point client's: the
/// configuration's retry policy (transient failures, 429, 5xx, bodies cut short), a shared
/// ``RequestBudget`` if given, events (``ForecastClientEvent/fieldRequestSent(_:attempt:url:)``
/// …). The timeouts are ``GridFieldOptions/timeouts`` (60 s of silence, 120 s in all by
/// default), because API Hub takes 15–45 s to answer the first call for a new run.
///
/// **Cache.** The configuration's cache directory holds each field exactly (see
/// ``ForecastCache/directory`` and the `GridFieldCache` notes in the module README): a
/// repeated request for the same product, run, valid time and variable is served with no
/// request.
public struct GridFieldClient: Sendable {
    let core: ClientCore
    /// The grid options (the NetCDF writer reads ``GridFieldOptions/concurrency``).
    package let options: GridFieldOptions
    let cache: GridFieldCache?
    /// The run folders this client (and its copies) has tidied (``GridFieldCache/tidy(_:)``).
    private let tidiedRuns = Locked<Set<String>>([])

    /// A client for a configuration and grid options.
    ///
    /// - Throws: ``ForecastClientError`` (stage `request`) for a service URL that is not an
    ///   http(s) URL with a host, numbers out of range, or an empty cache directory.
    public init(configuration: ClientConfiguration, options: GridFieldOptions = GridFieldOptions()) throws(ForecastClientError) {
        try self.init(
            configuration: configuration, options: options, transport: URLSessionTransport(),
            sleep: { duration in try? await Task.sleep(for: duration) },
            random: { Double.random(in: 0..<1) }
        )
    }

    /// A client with an injected transport, sleep and random source (tests).
    package init(
        configuration: ClientConfiguration,
        options: GridFieldOptions,
        transport: any HTTPTransport,
        sleep: @escaping @Sendable (Duration) async -> Void,
        random: @escaping @Sendable () -> Double
    ) throws(ForecastClientError) {
        var configuration = configuration
        configuration.provider = .apiHub
        configuration.timeouts = options.timeouts
        if let problem = configuration.problem {
            throw ForecastClientError(.invalidConfiguration(problem))
        }
        guard options.concurrency >= 1 else {
            throw ForecastClientError(.invalidConfiguration("GridFieldOptions.concurrency must be at least 1, got \(options.concurrency)"))
        }
        let endpoint = try Endpoint(baseURL: options.baseURL ?? GridFieldOptions.defaultBaseURL, provider: .apiHub, key: configuration.serviceKey)
        let directory: ForecastCache? = switch configuration.cache {
        case .standard: try ForecastCache.defaultDirectory().map { path throws(ForecastClientError) in try ForecastCache(directory: path) }
        case .directory(let path): try ForecastCache(directory: path)
        case .disabled: nil
        }
        core = ClientCore(configuration: configuration, endpoint: endpoint, transport: transport, cache: nil, sleep: sleep, random: random)
        self.options = options
        cache = directory.map { GridFieldCache(directory: $0.directory, root: endpoint.baseURL) }
    }

    /// The service root requests go to, e.g. `https://apihub.kma.go.kr/api/typ01/cgi-bin/url`.
    public var baseURL: String { core.endpoint.baseURL }

    /// Whether the configuration asks for a cache (``ClientConfiguration/cache`` is not
    /// `disabled`): then a field fetched once is not asked for again.
    package var cachesFields: Bool {
        if case .disabled = core.configuration.cache { return false }
        return true
    }

    /// The newest grid run of a product that should be available now, by the client's clock.
    public func newestRun(of product: ForecastProduct) -> ForecastBase {
        product.gridSchedule.latestBase(at: core.configuration.now())
    }

    /// Fetches one field.
    ///
    /// - Parameters:
    ///   - product: The product.
    ///   - variable: One of the product's ``ForecastProduct/gridVariables``.
    ///   - run: The run; `nil` for ``newestRun(of:)``.
    ///   - valid: One of the run's valid times; `nil` for its first (for `TMN`/`TMX`, the
    ///     first 06:00 or 15:00).
    ///   - budget: A request budget to draw from, if any.
    /// - Throws: ``ForecastClientError``: a request that is not valid (stage `request`), the
    ///   network, HTTP statuses, API Hub's refusals and error lines, and bodies that are not a
    ///   whole field (``ForecastClientError/Reason/field(_:)``).
    public func fetch(
        _ product: ForecastProduct, variable: ForecastCategory, run: ForecastBase? = nil, valid: KSTDateTime? = nil,
        budget: RequestBudget? = nil
    ) async throws(ForecastClientError) -> GridField {
        let run = run ?? newestRun(of: product)
        var valid = valid
        if valid == nil, variable == .tmn || variable == .tmx {
            valid = product.gridValidTimes(run: run).first { product.gridHasVariable(variable, at: $0) }
        }
        return try await fetch(GridFieldRequest(product, variable: variable, run: run, valid: valid), budget: budget)
    }

    /// Fetches one field for a request: from the cache when it holds it, else from KMA (and
    /// then stored).
    public func fetch(_ request: GridFieldRequest, budget: RequestBudget? = nil) async throws(ForecastClientError) -> GridField {
        if let cache, tidiedRuns.withLock({ $0.insert(cache.runDirectory(request)).inserted }) {
            for leftAlone in cache.tidy(request) {
                core.emit(.cacheWriteFailed(path: leftAlone.path, reason: "it could not be pruned: " + leftAlone.reason))
            }
        }
        if let cache, let body = cache.body(for: request) {
            if let field = try? core.decodeField(body, for: request) {
                core.emit(.fieldCacheHit(request))
                return field
            }
            core.emit(.cacheIgnored(path: cache.path(request), reason: "it is not a whole field"))
            cache.remove(request)
        }
        let answer = await core.fetchField(request, budget: budget)
        let fetched = try answer.result.get()
        core.emit(.fieldFetched(request, bytes: fetched.body.count, requests: answer.attempts))
        if let cache {
            if core.endpoint.key.occurs(in: fetched.body) {
                core.emit(.cacheWriteFailed(path: cache.path(request), reason: "KMA's answer contains the service key, so it is not stored"))
            } else {
                do {
                    for leftAlone in try cache.store(fetched.body, for: request) {
                        core.emit(.cacheWriteFailed(path: leftAlone.path, reason: "it could not be pruned: " + leftAlone.reason))
                    }
                } catch {
                    core.emit(.cacheWriteFailed(path: error.path, reason: error.reason))
                }
            }
        }
        return fetched.field
    }

    /// The requests of a whole run: every variable at every valid time it has, variables in
    /// the order given, each variable's times in order (`TMN` only at 06:00, `TMX` at 15:00).
    ///
    /// - Parameters:
    ///   - product: The product.
    ///   - variables: Variables, `nil` for all of the product's.
    ///   - run: The run; `nil` for ``newestRun(of:)``.
    /// - Throws: ``ForecastClientError`` (stage `request`) for a variable the product does not
    ///   serve or a run off its schedule.
    public func requests(
        _ product: ForecastProduct, variables: [ForecastCategory]? = nil, run: ForecastBase? = nil
    ) throws(ForecastClientError) -> [GridFieldRequest] {
        let run = run ?? newestRun(of: product)
        let times = product.gridValidTimes(run: run)
        var requests: [GridFieldRequest] = []
        for variable in variables ?? product.gridVariables {
            for time in times where product.gridHasVariable(variable, at: time) {
                requests.append(try GridFieldRequest(product, variable: variable, run: run, valid: time))
            }
        }
        return requests
    }

    /// A whole run's fields (variables × valid times) as they arrive, at most
    /// ``GridFieldOptions/concurrency`` requests in flight; see ``GridFieldStream``.
    ///
    /// - Parameters:
    ///   - product: The product.
    ///   - variables: Variables, `nil` for all of the product's.
    ///   - run: The run; `nil` for ``newestRun(of:)``.
    ///   - budget: A request budget to draw from, if any.
    /// - Throws: ``ForecastClientError`` (stage `request`) for a variable the product does not
    ///   serve or a run off its schedule; failures of single fields come in the stream.
    public func fields(
        _ product: ForecastProduct, variables: [ForecastCategory]? = nil, run: ForecastBase? = nil, budget: RequestBudget? = nil
    ) throws(ForecastClientError) -> GridFieldStream {
        GridFieldStream(client: self, requests: try requests(product, variables: variables, run: run), budget: budget)
    }

    /// Fields for given requests as they arrive; see ``GridFieldStream``.
    public func fields(_ requests: [GridFieldRequest], budget: RequestBudget? = nil) -> GridFieldStream {
        GridFieldStream(client: self, requests: requests, budget: budget)
    }
}
