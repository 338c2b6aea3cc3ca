import Foundation
import KMAForecast
import KMAForecastClient
import _KMASystem

/// What the tools of one `kma-forecast mcp` process share for its whole life: the key (from
/// the environment only), one forecast client (so one cache, one rate limiter at KMA's 30
/// requests a second per operation, one request budget for every call), and the clock.
final class MCPService: Sendable {
    /// The environment the server was started with.
    let environment: [String: String]
    /// Now. The server's own clock, unless `--at` fixed it.
    let now: @Sendable () -> Date
    /// The key from `KMA_SERVICE_KEY`, or `nil`: then the forecast tools answer with the
    /// recorded sample, marked as such.
    let key: String?
    /// The requests every call may still send, from `KMA_MAX_REQUESTS` (a development key
    /// allows 10,000 a day); `nil` for no limit.
    let budget: RequestBudget?
    /// The rate limiter every call shares.
    let rateLimiter: RequestRateLimiter
    /// How the client waits between retries (tests make it instant).
    let retrySleep: (@Sendable (Duration) async -> Void)?
    private let client = Locked<ForecastClient?>(nil)

    /// The next step for a missing key, as every tool says it.
    static let keyStep = "set KMA_SERVICE_KEY in the client's env for this server (the \"env\" of its entry in the MCP client's configuration) to a data.go.kr key for 기상청_단기예보 조회서비스 (https://www.data.go.kr/data/15084084/openapi.do), then restart the server"

    init(environment: [String: String], now: @escaping @Sendable () -> Date, retrySleep: (@Sendable (Duration) async -> Void)? = nil) {
        self.environment = environment
        self.now = now
        self.key = environment["KMA_SERVICE_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        self.budget = environment["KMA_MAX_REQUESTS"].flatMap { Int($0) }.map { RequestBudget(limit: $0) }
        self.rateLimiter = RequestRateLimiter(requestsPerSecond: 30)
        self.retrySleep = retrySleep
    }

    /// The shared client, made on first use.
    func forecastClient() throws(MCPToolInputError) -> ForecastClient {
        if let made = client.withLock({ $0 }) { return made }
        let configuration = try configuration()
        let made: ForecastClient
        do {
            if let retrySleep {
                made = try ForecastClient(configuration: configuration, transport: URLSessionTransport(maximumBodySize: configuration.maximumResponseSize), sleep: retrySleep, random: { Double.random(in: 0..<1) })
            } else {
                made = try ForecastClient(configuration: configuration)
            }
        } catch {
            throw MCPToolInputError(message: "the forecast client could not start: \(error.description). Check KMA_BASE_URL / KMA_PROVIDER in the client's env for this server.")
        }
        return client.withLock { existing in
            if let existing { return existing }
            existing = made
            return made
        }
    }

    /// The client configuration from the environment, as the CLI reads it.
    func configuration() throws(MCPToolInputError) -> ClientConfiguration {
        guard let key else { throw MCPToolInputError(message: "No KMA service key: " + Self.keyStep + ".") }
        let serviceKey: ServiceKey
        do {
            serviceKey = try ServiceKey(key)
        } catch {
            throw MCPToolInputError(message: "KMA_SERVICE_KEY is not a usable key: \(error.description). Fix it in the client's env for this server and restart the server.")
        }
        var provider = ServiceProvider.dataGoKr
        if let text = environment["KMA_PROVIDER"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard let parsed = ServiceProvider(rawValue: text) else {
                throw MCPToolInputError(message: "KMA_PROVIDER is '\(text)'; set it to data.go.kr or apihub in the client's env for this server")
            }
            provider = parsed
        }
        let cache: CacheLocation = (environment["KMA_CACHE_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ForecastCache.defaultDirectory(environment: environment)).map { .directory($0) } ?? .disabled
        var configuration = ClientConfiguration(
            provider: provider, serviceKey: serviceKey,
            baseURL: environment["KMA_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 },
            cache: cache, now: now
        )
        configuration.midBaseURL = environment["KMA_MID_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        configuration.rateLimiter = rateLimiter
        return configuration
    }

    /// `outcome` with the key (in any form) removed from its text and structured result.
    func redacted(_ outcome: MCPTools.Outcome) -> MCPTools.Outcome {
        guard let key else { return outcome }
        var out = outcome
        out.text = KeyRedaction.redact(outcome.text, keys: [key])
        if let structured = outcome.structured {
            let text = structured.text
            let clean = KeyRedaction.redact(text, keys: [key])
            if clean != text, let parsed = try? JSONValue.read(Array(clean.utf8)) { out.structured = parsed }
        }
        return out
    }
}
