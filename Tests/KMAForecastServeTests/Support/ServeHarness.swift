import Foundation
import KMAForecast
import KMAForecastClient
@testable import KMAForecastServe
import _KMATestSupport
import _KMASystem

/// A server under test: a stand-in KMA (the scenario's three products for any cell), a client
/// built by the one builder (`ClientSettings`) at the scenario's instant with a cache of its
/// own, and a `ServeServer` on a free port of 127.0.0.1, its log kept.
final class ServeHarness: @unchecked Sendable {
    let kma: ReplayServer
    let server: ServeServer
    let port: UInt16
    let cacheDirectory: String
    let clock: Locked<Date>
    let logLines = Locked([String]())

    init(
        configuration: ServeConfiguration = ServeConfiguration(), coordinator: (any ServeCoordinator)? = nil,
        kma existing: ReplayServer? = nil, expectedKey: String? = Scenario.key
    ) throws {
        let kma = try existing ?? Self.standIn(expectedKey: expectedKey)
        self.kma = kma
        cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("kma-serve-tests-\(UUID().uuidString)").path
        let clock = Locked(Scenario.now)
        self.clock = clock
        let now: @Sendable () -> Date = { clock.withLock { $0 } }
        var configuration = configuration
        configuration.port = 0
        // A bounded wait, not a speed verdict: the request in flight at a drain may take long
        // on a busy machine (the whole suite on 2 cores).
        configuration.drainTimeout = .seconds(600)
        let lines = logLines
        let server = ServeServer(configuration: configuration, coordinator: coordinator, log: ServeLog(format: .json, now: now) { line in
            lines.withLock { $0.append(line) }
        }, now: now)
        self.server = server
        var flags = ClientSettings.Flags()
        flags.baseURL = kma.baseURL
        flags.midBaseURL = kma.midTermBaseURL
        flags.warningsBaseURL = kma.warningsBaseURL
        flags.uvBaseURL = kma.uvIndexBaseURL
        flags.cacheDirectory = cacheDirectory
        // A bounded wait for the side services on a busy machine (the deadline is real time).
        let environment = Scenario.environment.merging(["KMA_SIDE_SERVICE_DEADLINE": "600"]) { given, _ in given }
        let settings = ClientSettings(flags: flags, environment: environment, now: now, retrySleep: { _ in })
        let client = try settings.forecastClient(try settings.configuration(), wrapping: server.transport(around:))
        port = try server.start(client: client)
    }

    deinit {
        server.stop()
        kma.stop()
        try? FileManager.default.removeItem(atPath: cacheDirectory)
    }

    /// The scenario's runs, served for every cell.
    static func standIn(expectedKey: String? = Scenario.key) throws -> ReplayServer {
        let kma = try ReplayServer(expectedKey: expectedKey)
        kma.synthesize(try Scenario.nowcast())
        kma.synthesize(try Scenario.ultraShort())
        kma.synthesize(try Scenario.shortTerm())
        return kma
    }

    /// The requests of an operation the stand-in received.
    func kmaRequests(_ operation: String) -> Int {
        kma.requests.filter { $0.operation == operation }.count
    }

    var log: String { logLines.withLock { $0.joined() } }

    /// One request on a fresh connection, off the cooperative pool.
    func get(_ path: String, headers: [String: String] = [:]) async throws -> RawResponse {
        let port = self.port
        return try await offPool { try fetch(port, path, headers: headers) }
    }
}
