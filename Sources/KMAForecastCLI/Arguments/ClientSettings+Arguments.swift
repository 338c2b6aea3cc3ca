import Foundation
import KMAForecast
import KMAForecastClient
import KMAForecastText

extension ClientSettings {
    /// The settings of a command: its options (`--service-key`, `--provider`, `--base-url`,
    /// `--mid-base-url`, `--uv-base-url`, `--max-requests`, `--rate`, `--cache-dir`, `--no-cache`) over the
    /// context's environment, at an instant (`--at`, else the context's clock), with the
    /// context's retry sleep. `field` reads `--base-url` as the grid-field service root.
    ///
    /// - Throws: ``CLIError/usage(_:)`` when a numeric setting (`--max-requests`,
    ///   `KMA_MAX_REQUESTS`, `--rate`) is not one the setting takes
    ///   (``ClientSettings/checkNumbers()``): refused before any work, never ignored.
    init(_ arguments: ParsedArguments, _ context: CommandContext, at instant: Int64, field: Bool = false) throws(CLIError) {
        var flags = Flags()
        flags.serviceKey = arguments.string("service-key")
        flags.provider = arguments.string("provider")
        if field { flags.fieldBaseURL = arguments.string("base-url") } else { flags.baseURL = arguments.string("base-url") }
        flags.midBaseURL = arguments.string("mid-base-url")
        flags.warningsBaseURL = arguments.string("warnings-base-url")
        flags.uvBaseURL = arguments.string("uv-base-url")
        flags.maxRequests = arguments.string("max-requests")
        flags.rate = arguments.string("rate")
        flags.cacheDirectory = arguments.string("cache-dir")
        flags.noCache = arguments.has("no-cache")
        let date = KSTDateTime(unixSeconds: instant).date
        self.init(flags: flags, environment: context.environment, now: { date }, retrySleep: context.retrySleep)
        do throws(SettingsError) { try checkNumbers() } catch { throw CLIError(error) }
    }

    /// How the command line says to set a missing key, after ``SettingsError/missingKey(gridOperation:)``'s words.
    static let keyStep = "Then: export KMA_SERVICE_KEY='<your key>' (either form the portal shows), or pass --service-key."
}

extension CLIError {
    /// A settings error as the command line reports it: a value typed on the command line is
    /// a usage error (64), the environment's or a missing key a run-time error (1); a missing
    /// key adds how to set one here.
    init(_ error: SettingsError) {
        if case .missingKey(let operation) = error {
            let korean = operation.map { KoreanMessages.text("fieldMissingKey", $0) } ?? KoreanMessages.translate(error.description)
            self = .failed(error.description + " " + ClientSettings.keyStep, korean: korean + " " + KoreanMessages.translate(ClientSettings.keyStep))
        } else if case .client(let client) = error, !error.isUsage {
            self = .failed(error.description, korean: client.koreanDescription)
        } else {
            self = error.isUsage ? .usage(error.description) : .runtime(error.description)
        }
    }

    /// A location the command line could not read: a usage error (64).
    init(_ error: LocationInputError) {
        self = .misused(error.description, korean: error.koreanDescription)
    }
}
