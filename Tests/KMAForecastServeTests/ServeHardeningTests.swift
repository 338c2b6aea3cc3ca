import Foundation
@testable import KMAForecastServe
import Testing
import _KMATestSupport

@Suite("serve: hardened — malformed requests, limits on URL, head, time and connections; keep-alive; drain")
struct ServeHardeningTests {
    @Test("Malformed requests get 400 (or 414, 431, 505) with a JSON error")
    func malformed() async throws {
        let harness = try ServeHarness()
        let cases: [(String, Int)] = [
            ("GARBAGE\r\n\r\n", 400),
            ("GET /healthz HTTP/2.0\r\n\r\n", 505),
            ("GET /\(String(repeating: "a", count: 3_000)) HTTP/1.1\r\n\r\n", 414),
            ("GET /healthz HTTP/1.1\r\nNo colon here\r\n\r\n", 400),
            ("GET /healthz HTTP/1.1\r\nX: \u{1}\r\n\r\n", 400),
            ("GET /healthz HTTP/1.1\r\n" + (0..<70).map { "X-\($0): y\r\n" }.joined() + "\r\n", 431),
            ("GET /healthz HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello", 400),
        ]
        for (request, status) in cases {
            let connection = try RawConnection(port: harness.port)
            connection.send(request)
            let response = try #require(try await connection.answer())
            #expect(response.status == status, "\(request.prefix(40))")
            #expect(response.headers["content-type"] == "application/json; charset=utf-8")
            #expect(response.text.hasPrefix("{\"error\":{"))
            #expect(try await connection.closed())
        }
        let big = try RawConnection(port: harness.port)
        big.send("GET /healthz HTTP/1.1\r\nX: " + String(repeating: "y", count: 20_000))
        #expect(try await big.answer()?.status == 431)
        #expect(try await harness.get("/v1/forecast?nx=60").status == 400)
        #expect(try await harness.get("/v1/forecast?nx=60&ny=127&lat=37").status == 400)
        #expect(try await harness.get("/v1/forecast?lat=91&lon=127").text.contains("badLocation"))
        #expect(try await harness.get("/v1/forecast?nx=60&ny=127&days=12").status == 400)
        #expect(try await harness.get("/v1/forecast?nx=60&ny=127&key=x").status == 400)
        #expect(try await harness.get("/nowhere").status == 404)
    }

    @Test("Keep-alive: several requests on one connection, pipelined too; HEAD has no body")
    func keepAlive() async throws {
        let harness = try ServeHarness()
        let connection = try RawConnection(port: harness.port)
        connection.get("/healthz")
        #expect(try await connection.answer()?.status == 200)
        connection.send("GET /v1/places?q=%EB%B6%80%EC%82%B0 HTTP/1.1\r\n\r\nHEAD /healthz HTTP/1.1\r\n\r\n")
        let places = try #require(try await connection.answer())
        #expect(places.status == 200 && places.text.contains("부산"))
        let head = try #require(try await connection.answer(head: true))
        #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] != "0")
    }

    @Test("A slow client is cut off with 408; a connection beyond the limit gets 503")
    func slowClientsAndConnections() async throws {
        var configuration = ServeConfiguration()
        configuration.requestTimeout = .milliseconds(300)
        configuration.maximumConnections = 2
        let harness = try ServeHarness(configuration: configuration)
        let slow = try RawConnection(port: harness.port)
        slow.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")  // and never the blank line
        #expect(try await slow.answer()?.status == 408)
        let first = try RawConnection(port: harness.port)
        let second = try RawConnection(port: harness.port)
        first.get("/healthz")
        second.get("/healthz")
        let firstAnswer = try await first.answer()
        let secondAnswer = try await second.answer()
        #expect(firstAnswer?.status == 200 && secondAnswer?.status == 200)
        let third = try RawConnection(port: harness.port)
        #expect(try await third.answer()?.status == 503)
    }

    @Test("stop() (SIGTERM) lets the request in flight finish, closes the listener, and run() returns")
    func drain() async throws {
        let kma = try ServeHarness.standIn()
        kma.setLatency(milliseconds: 1_000, for: "getVilageFcst")
        let harness = try ServeHarness(kma: kma)
        let port = harness.port
        let inFlight = Thread.detachedResult { try? fetch(port, "/v1/forecast?nx=60&ny=127&days=0") }
        while harness.kmaRequests("getVilageFcst") == 0 { try await Task.sleep(for: .milliseconds(10)) }
        harness.server.stop()
        await harness.server.run()
        #expect((try await offPool { inFlight.value ?? nil })?.status == 200)
        #expect((try? await offPool { try fetch(port, "/healthz") }) == nil)
        #expect(harness.log.contains("\"event\":\"draining\"") && harness.log.contains("\"event\":\"stopped\""))
    }
}

extension Thread {
    /// Runs `body` on a new thread; `value` waits for it.
    static func detachedResult<T: Sendable>(_ body: @escaping @Sendable () -> T) -> DetachedResult<T> {
        let result = DetachedResult<T>()
        Thread.detachNewThread { result.set(body()) }
        return result
    }
}

final class DetachedResult<T: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var stored: T?
    private var done = false
    func set(_ value: T) { condition.lock(); stored = value; done = true; condition.broadcast(); condition.unlock() }
    var value: T? { condition.lock(); defer { condition.unlock() }; while !done { condition.wait() }; return stored }
}
