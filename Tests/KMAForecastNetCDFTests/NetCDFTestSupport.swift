import Foundation
import KMAForecast
import KMAForecastClient
import Testing
import _KMASystem
import _KMATestSupport

/// A stand-in API Hub on 127.0.0.1 serving built runs (``BuiltGridRun``, not KMA data), a grid
/// client pointed at it, and a fresh directory for the files.
enum NetCDFTestSupport {
    /// 2026-11-21T06:00:00+09:00: short-term run 2026112105, ultra-short run 202611210540.
    static let now = Date(timeIntervalSince1970: 1_795_186_800 + 6 * 3600)
    static let key = "TESTKEY+abc/def=="

    /// A client of the stand-in, its clock at ``now``, no waiting between retries.
    static func client(
        _ server: ReplayServer, cache: String? = nil, transport: any HTTPTransport = URLSessionTransport(),
        onEvent: (@Sendable (ForecastClientEvent) -> Void)? = nil
    ) throws -> GridFieldClient {
        var configuration = ClientConfiguration(
            provider: .apiHub, serviceKey: try ServiceKey(key), cache: cache.map { .directory($0) } ?? .disabled, now: { now }
        )
        configuration.onEvent = onEvent
        return try GridFieldClient(
            configuration: configuration, options: GridFieldOptions(baseURL: server.apiHubFieldBaseURL),
            transport: transport, sleep: { _ in }, random: { 0.5 }
        )
    }

    static func directory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kma-netcdf-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    static func built(_ product: ForecastProduct, _ variables: [String], seed: Int = 0) throws -> BuiltGridRun {
        try BuiltGridRun(product: product, run: product.gridSchedule.latestBase(at: now), variables: variables, seed: seed)
    }

    /// Whether a data variable holds a built field exactly: KMA's numbers, -99 where missing.
    static func holds(_ reader: NetCDFReader, _ run: BuiltGridRun, _ variable: String, record: Int, time: Int) throws -> Bool {
        let expected = run.rawValues(variable, time: time)
        if variable == "SKY" || variable == "PTY" {
            return try reader.int16s(variable, record: record) == expected.map { Int16($0) }
        }
        return try reader.doubles(variable, record: record) == expected
    }

    /// The progress values a callback saw, in order.
    final class Seen: Sendable {
        private let values = Locked<[Int]>([])
        func add(_ value: Int) { values.withLock { $0.append(value) } }
        var all: [Int] { values.withLock { $0 } }
    }

    /// A transport that holds every answer for 300 ms but those whose URL has all of `fast`
    /// (answered at once), and counts the requests started and those that came back.
    struct SlowTransport: HTTPTransport {
        struct Counts: Sendable {
            var started = 0
            var completed = 0
        }
        let fast: [String]
        let counts = Locked(Counts())
        private let inner = URLSessionTransport()

        init(fast: [String]) { self.fast = fast }

        func get(_ url: String, connectTimeout: Duration) async throws(TransportFailure) -> HTTPResponse {
            counts.withLock { $0.started += 1 }
            if !fast.allSatisfy({ url.contains($0) }) { try? await Task.sleep(for: .milliseconds(300)) }
            let response = try await inner.get(url, connectTimeout: connectTimeout)
            counts.withLock { $0.completed += 1 }
            return response
        }
    }
}
