import Testing
@testable import KMAForecastClient
import _KMATestSupport

@Suite("ReplayServer: the test server itself")
struct ReplayServerTests {
    /// Whether a GET to the port is refused (nothing listening) rather than answered.
    static func refused(_ port: UInt16) async -> Bool {
        do throws(TransportFailure) {
            _ = try await URLSessionTransport().get("http://127.0.0.1:\(port)/x", connectTimeout: .seconds(5))
            return false
        } catch {
            return error == .unreachable(detail: "the connection was refused")
        }
    }

    @Test("A server that is let go stops listening, without stop()")
    func releasedServerStops() async throws {
        // Regression: the accept thread held the server, so its deinit never ran and a server
        // without stop() listened (and held a thread and a descriptor) until the process ended.
        var server: ReplayServer? = try shortTermServer()
        let port = try #require(server).port
        #expect(await !Self.refused(port))
        server = nil
        var stopped = false
        for _ in 0..<500 where !stopped {
            stopped = await Self.refused(port)
            if !stopped { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(stopped)
    }

    @Test("stop() stops listening, and may be called twice")
    func stopTwice() async throws {
        let server = try shortTermServer()
        server.stop()
        server.stop()
        var stopped = false
        for _ in 0..<500 where !stopped {
            stopped = await Self.refused(server.port)
            if !stopped { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(stopped)
    }
}
