import Foundation
import KMAForecast

/// Flags and environment turned into a configured client: the key, the provider, the service
/// roots (forecast, mid-term, API Hub field), the request budget, the rate, the cache, the
/// instant, the transport and the retry sleep. The one client builder of the command line and
/// the MCP server (`package` access).
///
/// Each setting is read by one function (``serviceKey()``, ``provider()``, ``budget()``,
/// ``rate()``, ``cache()`` …): a flag, when given, wins over its ``EnvironmentVariable``; an
/// empty variable counts as unset. Settings are read when asked for, so a face reads only what
/// its command needs (the sample needs no key, no provider).
package struct ClientSettings: Sendable {
    /// The command-line options of the settings, as given (`nil`: not given).
    package struct Flags: Sendable, Hashable {
        package var serviceKey: String?
        package var provider: String?
        package var baseURL: String?
        package var midBaseURL: String?
        package var warningsBaseURL: String?
        package var uvBaseURL: String?
        package var fieldBaseURL: String?
        package var maxRequests: String?
        package var rate: String?
        package var cacheDirectory: String?
        package var noCache = false

        /// No flags (the MCP server: the environment only).
        package init() {}
    }

    /// The flags given.
    package var flags: Flags
    /// The environment.
    package var environment: [String: String]
    /// Now: the instant base times are computed for (`--at`, or the clock).
    package var now: @Sendable () -> Date
    /// How the client waits between retries; `nil` for real time (tests make it instant).
    package var retrySleep: (@Sendable (Duration) async -> Void)?

    /// Settings from flags and an environment.
    package init(flags: Flags = Flags(), environment: [String: String], now: @escaping @Sendable () -> Date, retrySleep: (@Sendable (Duration) async -> Void)? = nil) {
        self.flags = flags
        self.environment = environment
        self.now = now
        self.retrySleep = retrySleep
    }

    /// KMA's limit, requests per second per operation: the default rate.
    package static let defaultRate: Double = 30

    /// A setting's text and where it came from: the flag, else the variable; `nil` when neither.
    func setting(_ flag: String?, _ name: String, _ variable: EnvironmentVariable) -> (text: String, source: SettingsError.Source)? {
        if let flag { return (flag, .flag(name)) }
        return variable.value(in: environment).map { ($0, .environment(variable)) }
    }

    /// The key's text, `nil` when none is given (`--service-key`, `KMA_SERVICE_KEY`).
    package var keyText: String? { setting(flags.serviceKey, "--service-key <key>", .serviceKey)?.text }

    /// The service key. `gridOperation`: the API Hub operation a field needs, for the message.
    package func serviceKey(gridOperation: String? = nil) throws(SettingsError) -> ServiceKey {
        guard let (text, source) = setting(flags.serviceKey, "--service-key <key>", .serviceKey) else {
            throw .missingKey(gridOperation: gridOperation)
        }
        do {
            return try ServiceKey(text)
        } catch {
            throw .invalidKey(source, reason: error.description)
        }
    }

    /// The provider: `data.go.kr` (default) or `apihub`.
    package func provider() throws(SettingsError) -> ServiceProvider {
        guard let (text, source) = setting(flags.provider, "--provider <provider>", .provider) else { return .dataGoKr }
        guard let provider = ServiceProvider(rawValue: text) else { throw .invalidProvider(text, source) }
        return provider
    }

    /// The values `--max-requests` and `KMA_MAX_REQUESTS` take: 0...2147483647.
    package static let budgetRange = 0...Int(Int32.max)

    /// The request budget, `nil` for none: `--max-requests`, else `KMA_MAX_REQUESTS`, a whole
    /// number in 0...2147483647 (``SettingNumber/whole(_:_:in:meaning:)``: `abc`, `1,000`,
    /// `1e3`, `2 ` and `-5` are refused by name, never read as no budget or as 0).
    package func budget() throws(SettingsError) -> RequestBudget? {
        guard let (text, source) = setting(flags.maxRequests, "--max-requests <n>", .maxRequests) else { return nil }
        return RequestBudget(limit: try SettingNumber.whole(text, source, in: Self.budgetRange, meaning: "a number of requests"))
    }

    /// How long the faces wait for the side services once the forecast is in
    /// (`KMA_SIDE_SERVICE_DEADLINE`, whole seconds 1...86400): default 5 s, what a person at a
    /// terminal or an agent waits (issue 38).
    package func sideServiceDeadline() throws(SettingsError) -> Duration {
        guard let (text, source) = setting(nil, "KMA_SIDE_SERVICE_DEADLINE", .sideServiceDeadline) else { return .seconds(5) }
        return .seconds(try SettingNumber.whole(text, source, in: 1...86_400, meaning: "seconds to wait for the warnings, UV and mid-term services"))
    }

    /// Requests per second per operation: `--rate`, above 0 and at most 1000; default 30.
    package func rate() throws(SettingsError) -> Double {
        guard let text = flags.rate else { return Self.defaultRate }
        return try SettingNumber.decimal(text, .flag("--rate <n>"), in: 0...1_000, aboveLowerBound: true, meaning: "requests per second (KMA allows 30)")
    }

    /// Reads every numeric setting (``budget()``, ``rate()``) and refuses the first bad one:
    /// a face calls it before any work, so a bad value stops the run however far the run
    /// would have got without it (the sample, a cached answer).
    package func checkNumbers() throws(SettingsError) {
        _ = try budget()
        _ = try rate()
        _ = try sideServiceDeadline()
    }

    /// The cache: off (`--no-cache`), `--cache-dir`, `KMA_CACHE_DIR`, else the default folder
    /// (``ForecastCache/defaultDirectory(environment:)``; off when there is none).
    package func cache() throws(SettingsError) -> CacheLocation {
        if flags.noCache, flags.cacheDirectory != nil { throw .conflicting("--no-cache", "--cache-dir <dir>") }
        if flags.noCache { return .disabled }
        if let (directory, _) = setting(flags.cacheDirectory, "--cache-dir <dir>", .cacheDirectory) { return .directory(directory) }
        return ForecastCache.defaultDirectory(environment: environment).map { .directory($0) } ?? .disabled
    }

    /// The API Hub grid-field service root: `--base-url` of `field`, else `KMA_FIELD_BASE_URL`.
    package var fieldBaseURL: String? { setting(flags.fieldBaseURL, "--base-url <url>", .fieldBaseURL)?.text }

    /// The client configuration: key, provider, service roots, cache, clock, and the rate
    /// limiter and event observer given.
    package func configuration(
        gridOperation: String? = nil, rateLimiter: RequestRateLimiter? = nil, onEvent: (@Sendable (ForecastClientEvent) -> Void)? = nil
    ) throws(SettingsError) -> ClientConfiguration {
        let key = try serviceKey(gridOperation: gridOperation)
        var configuration = ClientConfiguration(
            provider: try provider(), serviceKey: key,
            baseURL: setting(flags.baseURL, "--base-url <url>", .baseURL)?.text,
            cache: try cache(), now: now
        )
        configuration.midBaseURL = setting(flags.midBaseURL, "--mid-base-url <url>", .midBaseURL)?.text
        configuration.warningsBaseURL = setting(flags.warningsBaseURL, "--warnings-base-url <url>", .warningsBaseURL)?.text
        configuration.uvIndexBaseURL = setting(flags.uvBaseURL, "--uv-base-url <url>", .uvBaseURL)?.text
        configuration.rateLimiter = rateLimiter
        configuration.onEvent = onEvent
        configuration.sideServiceDeadline = try sideServiceDeadline()
        return configuration
    }
}
