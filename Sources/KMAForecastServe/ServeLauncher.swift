import Foundation
import KMAForecastClient
import KMARedis

/// What `kma-forecast serve` runs: the server from the options' texts and the one client
/// builder's settings, until SIGTERM or SIGINT has drained it.
package enum ServeLauncher {
    /// Why the server did not start.
    package enum Failure: Error, Sendable {
        /// A client setting (key, provider, roots, cache, rate) cannot be used.
        case settings(SettingsError)
        /// A serve option cannot be used, or the address cannot be listened on.
        case option(ServeOptionError)
    }

    /// Starts the server and returns when it has stopped and drained.
    ///
    /// - Parameters:
    ///   - settings: The client settings (the one builder's).
    ///   - options: The serve options' texts by name (`listen`, `daily-quota`, `tokens`, `cors`, `log-format`, `redis`).
    ///   - log: Where log lines go (standard error).
    package static func run(settings: ClientSettings, options: [String: String], log write: @escaping @Sendable (String) -> Void) async throws(Failure) {
        let server: ServeServer
        do throws(ServeOptionError) {
            let configuration = try ServeConfiguration(
                listen: options["listen"], dailyQuota: options["daily-quota"], tokensFile: options["tokens"], cors: options["cors"]
            )
            let text = options["log-format"] ?? "text"
            guard let format = ServeLog.Format(rawValue: text) else { throw .logFormat(text) }
            var shared: (any ServeCoordinator)?
            if let url = options["redis"] {
                do { shared = try RedisCoordinator(url: url) } catch { throw .redis(String(describing: error)) }
            }
            server = ServeServer(
                configuration: configuration, coordinator: shared, log: ServeLog(format: format, now: settings.now, write: write), now: settings.now
            )
        } catch {
            throw .option(error)
        }
        let client: ForecastClient
        do throws(SettingsError) {
            var configuration = try settings.configuration()
            configuration.rateLimiter = RequestRateLimiter(requestsPerSecond: try settings.rate())
            client = try settings.forecastClient(configuration, wrapping: server.transport(around:))
        } catch {
            throw .settings(error)
        }
        do throws(ServeOptionError) {
            try server.start(client: client)
        } catch {
            throw .option(error)
        }
        server.stopOnTerminationSignals()
        await server.run()
    }
}
