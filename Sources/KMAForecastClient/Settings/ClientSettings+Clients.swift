import Foundation

extension ClientSettings {
    /// The forecast client of a configuration (``configuration(gridOperation:rateLimiter:onEvent:)``),
    /// over URLSession with the settings' retry sleep.
    ///
    /// - Parameters:
    ///   - connections: Connections per host (many places: their concurrency); default 8.
    ///   - wrapping: A transport around the URLSession one (`kma-forecast serve`: the shared
    ///     rate window and daily quota), or `nil`.
    package func forecastClient(
        _ configuration: ClientConfiguration, connections: Int? = nil, wrapping: ((any HTTPTransport) -> any HTTPTransport)? = nil
    ) throws(SettingsError) -> ForecastClient {
        let session = URLSessionTransport(maximumConnectionsPerHost: connections ?? 8, maximumBodySize: configuration.maximumResponseSize)
        let transport = wrapping.map { $0(session) } ?? session
        do {
            return try ForecastClient(configuration: configuration, transport: transport, sleep: sleep, random: { Double.random(in: 0..<1) })
        } catch {
            throw .client(error)
        }
    }

    /// The API Hub grid-field client of a configuration, with the field service root of the
    /// settings (``fieldBaseURL``).
    package func gridFieldClient(_ configuration: ClientConfiguration) throws(SettingsError) -> GridFieldClient {
        do {
            return try GridFieldClient(
                configuration: configuration, options: GridFieldOptions(baseURL: fieldBaseURL), transport: URLSessionTransport(),
                sleep: sleep, random: { Double.random(in: 0..<1) }
            )
        } catch {
            throw .client(error)
        }
    }

    /// A client that answers from the bundled recordings (``RecordedRunTransport/sample``) at
    /// the instant a recording became available: no key (a placeholder), no cache, no network.
    package static func sampleClient(at instant: Date) throws(ForecastClientError) -> ForecastClient {
        let configuration = ClientConfiguration(serviceKey: try ServiceKey("SAMPLE"), cache: .disabled, now: { instant })
        return try ForecastClient(configuration: configuration, transport: RecordedRunTransport.sample)
    }

    /// The retry sleep: the settings' own, else real time.
    private var sleep: @Sendable (Duration) async -> Void {
        retrySleep ?? { duration in try? await Task.sleep(for: duration) }
    }
}
