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
    /// The settings of the environment (the same list the command line reads).
    let settings: ClientSettings
    /// The first numeric setting of the environment that is not one it takes
    /// (`KMA_MAX_REQUESTS=abc`), or `nil`: then every tool call answers this error
    /// (``checkSettings()``), never a run without the budget asked for.
    let settingsError: SettingsError?

    /// The next step for a missing key, as every tool says it.
    static let keyStep = "set KMA_SERVICE_KEY in the client's env for this server (the \"env\" of its entry in the MCP client's configuration) to a data.go.kr key for 기상청_단기예보 조회서비스 (https://www.data.go.kr/data/15084084/openapi.do), then restart the server"

    init(environment: [String: String], now: @escaping @Sendable () -> Date, retrySleep: (@Sendable (Duration) async -> Void)? = nil) {
        self.environment = environment
        self.now = now
        self.settings = ClientSettings(environment: environment, now: now, retrySleep: retrySleep)
        self.key = settings.keyText
        do throws(SettingsError) {
            try settings.checkNumbers()
            self.budget = try settings.budget()
            self.settingsError = nil
        } catch {
            self.budget = nil
            self.settingsError = error
        }
        self.rateLimiter = RequestRateLimiter(requestsPerSecond: 30)
        self.retrySleep = retrySleep
    }

    /// How the server says to set a missing key, after ``SettingsError/missingKey(gridOperation:)``'s words.
    static let keyFix = "Then set KMA_SERVICE_KEY in the client's env for this server (the \"env\" of its entry in the MCP client's configuration), and restart the server."

    /// A settings error as a tool says it: the settings' words, and where to change them here.
    static func inputError(_ error: SettingsError) -> MCPToolInputError {
        switch error {
        case .missingKey: MCPToolInputError(message: "\(error) \(keyFix)")
        case .client(let cause): MCPToolInputError(message: "\(cause). Check KMA_BASE_URL / KMA_PROVIDER in the client's env for this server.")
        default: MCPToolInputError(message: "\(error). Fix it in the client's env for this server and restart the server.")
        }
    }

    /// Refuses every call while a numeric setting of the environment is bad
    /// (``settingsError``), with the setting's name, the value and the accepted form.
    func checkSettings() throws(MCPToolInputError) {
        if let settingsError { throw Self.inputError(settingsError) }
    }

    /// The shared client, made on first use.
    func forecastClient() throws(MCPToolInputError) -> ForecastClient {
        if let made = client.withLock({ $0 }) { return made }
        let made: ForecastClient
        do throws(SettingsError) {
            made = try settings.forecastClient(try configuration())
        } catch {
            throw Self.inputError(error)
        }
        return client.withLock { existing in
            if let existing { return existing }
            existing = made
            return made
        }
    }

    /// The client configuration from the environment, as the CLI reads it, with the shared
    /// rate limiter. `gridOperation`: the API Hub operation a field needs (for a missing key).
    func configuration(gridOperation: String? = nil) throws(SettingsError) -> ClientConfiguration {
        try settings.configuration(gridOperation: gridOperation, rateLimiter: rateLimiter)
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
