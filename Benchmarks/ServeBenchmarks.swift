// serve: `kma-forecast serve`'s cache hits (the library's ServeServer in this process, against a
// stand-in KMA on 127.0.0.1), loaded by wrk (Debian's), beside nginx serving the same JSON as a
// static file in the same run: requests per second and p99 latency of each, and their ratio.
// Without wrk or nginx the timed part is skipped and said so; smoke mode checks the server's
// answers and its cache (one KMA fetch for many requests) and needs neither.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KMAForecast
import KMAForecastClient
import KMAForecastServe
import _KMATestSupport

@MainActor
func addServeBenchmarks(_ suite: BenchmarkSuite) {
    suite.addMeasurement("serve") { smoke in
        let kma = try ReplayServer(expectedKey: Scenario.key)
        defer { kma.stop() }
        kma.synthesize(try Scenario.nowcast())
        kma.synthesize(try Scenario.ultraShort())
        kma.synthesize(try Scenario.shortTerm())
        var configuration = ServeConfiguration()
        configuration.port = 0
        configuration.clientRequestsPerSecond = 0  // one client (wrk) asks far more than an app would
        let server = ServeServer(configuration: configuration, log: ServeLog(format: .text) { _ in }, now: { Scenario.now })
        defer { server.stop() }
        var flags = ClientSettings.Flags()
        flags.baseURL = kma.baseURL
        flags.midBaseURL = kma.midTermBaseURL
        flags.warningsBaseURL = kma.warningsBaseURL
        flags.uvBaseURL = kma.uvIndexBaseURL
        flags.noCache = true
        let settings = ClientSettings(flags: flags, environment: Scenario.environment, now: { Scenario.now }, retrySleep: { _ in })
        let port = try server.start(client: try settings.forecastClient(try settings.configuration(), wrapping: server.transport(around:)))
        let url = "http://127.0.0.1:\(port)/v1/forecast?nx=60&ny=127"
        // The check: the answer, then many more from the cache with no request to KMA.
        let (status, body) = try await ServeBench.get(url)
        try expect(status == 200 && body.count > 1_000, "serve answered \(status) with \(body.count) bytes")
        let asked = kma.requests.count
        for _ in 0..<20 {
            let (again, same) = try await ServeBench.get(url)
            try expect(again == 200 && same == body, "a cached answer differs")
        }
        try expect(kma.requests.count == asked, "cache hits asked KMA \(kma.requests.count - asked) times")
        guard let wrk = ServeBench.which("wrk"), let nginx = ServeBench.which("nginx") else {
            return smoke ? [] : [Figure(metric: "skipped: wrk and nginx are needed (apt-get install wrk nginx)", value: 0, unit: "", goal: nil, met: nil)]
        }
        let duration = smoke ? 1 : Int(ProcessInfo.processInfo.environment["SERVE_BENCH_SECONDS"] ?? "") ?? 10
        let connections = Int(ProcessInfo.processInfo.environment["SERVE_BENCH_CONNECTIONS"] ?? "") ?? 32
        let site = try ServeBench.Nginx(executable: nginx, body: body)
        defer { site.stop() }
        try await site.waitUntilUp()
        let served = try ServeBench.wrk(wrk, url: url, seconds: duration, connections: connections)
        let stat = try ServeBench.wrk(wrk, url: site.url, seconds: duration, connections: connections)
        try expect(served.requestsPerSecond > 0 && stat.requestsPerSecond > 0, "wrk measured nothing")
        try expect(kma.requests.count == asked, "wrk's cache hits asked KMA \(kma.requests.count - asked) times")
        if smoke { return [] }
        let ratio = served.requestsPerSecond / stat.requestsPerSecond
        return [
            Figure(metric: "serve cache hits", value: served.requestsPerSecond, unit: "requests/s", goal: nil, met: nil),
            Figure(metric: "serve p99", value: served.p99Milliseconds, unit: "ms", goal: nil, met: nil),
            Figure(metric: "nginx static file", value: stat.requestsPerSecond, unit: "requests/s", goal: nil, met: nil),
            Figure(metric: "nginx p99", value: stat.p99Milliseconds, unit: "ms", goal: nil, met: nil),
            Figure(metric: "serve/nginx requests/s (\(connections) connections, \(duration) s each, \(body.count)-byte JSON)", value: ratio, unit: "ratio", goal: "≥ 0.5", met: ratio >= 0.5),
        ]
    }
}

/// The serve benchmark's tools: a GET, wrk, nginx.
enum ServeBench {
    struct Load { var requestsPerSecond: Double; var p99Milliseconds: Double }

    static func get(_ url: String) async throws -> (Int, [UInt8]) {
        guard let target = URL(string: url) else { throw CheckFailure("not a URL: \(url)") }
        let (data, response) = try await URLSession.shared.data(from: target)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, Array(data))
    }

    /// The path of an executable on `PATH` (or /usr/sbin), or `nil`.
    static func which(_ name: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin") + ":/usr/sbin:/sbin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `wrk -t2 -c<connections> -d<seconds>s --latency <url>`: requests/s and the 99th percentile.
    static func wrk(_ wrk: String, url: String, seconds: Int, connections: Int) throws -> Load {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrk)
        process.arguments = ["-t2", "-c\(connections)", "-d\(seconds)s", "--latency", url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let rate = lines.first { $0.hasPrefix("Requests/sec:") }.flatMap { Double($0.dropFirst(13).trimmingCharacters(in: .whitespaces)) }
        let p99 = lines.first { $0.hasPrefix("99%") }.flatMap { milliseconds(String($0.dropFirst(3)).trimmingCharacters(in: .whitespaces)) }
        guard let rate, let p99 else { throw CheckFailure("wrk's output could not be read: \(text.prefix(300))") }
        return Load(requestsPerSecond: rate, p99Milliseconds: p99)
    }

    /// wrk's `1.23ms`, `850.00us`, `1.02s` in milliseconds.
    static func milliseconds(_ text: String) -> Double? {
        for (suffix, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).map { $0 * scale }
        }
        return nil
    }

    /// nginx serving `body` as a static file on a free port, one worker per core, in the foreground.
    final class Nginx {
        let process = Process()
        let folder: String
        let port: Int

        init(executable: String, body: [UInt8]) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-bench-nginx-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder + "/logs", withIntermediateDirectories: true)
            try Data(body).write(to: URL(fileURLWithPath: folder + "/forecast.json"))
            port = 20_000 + Int.random(in: 0..<20_000)
            let conf = """
                worker_processes auto; daemon off; pid \(folder)/nginx.pid; error_log \(folder)/logs/error.log;
                events { worker_connections 1024; }
                http { access_log off; keepalive_requests 1000000; default_type application/json;
                  client_body_temp_path \(folder); proxy_temp_path \(folder); fastcgi_temp_path \(folder); uwsgi_temp_path \(folder); scgi_temp_path \(folder);
                  server { listen 127.0.0.1:\(port); root \(folder); location / { etag on; } } }
                """
            try conf.write(toFile: folder + "/nginx.conf", atomically: true, encoding: .utf8)
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-p", folder, "-c", folder + "/nginx.conf"]
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        var url: String { "http://127.0.0.1:\(port)/forecast.json" }

        func waitUntilUp() async throws {
            for _ in 0..<100 {
                if let (status, _) = try? await ServeBench.get(url), status == 200 { return }
                try await Task.sleep(for: .milliseconds(50))
            }
            throw CheckFailure("nginx did not start (see \(folder)/logs/error.log)")
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: folder)
        }
    }
}
