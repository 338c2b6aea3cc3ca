import Foundation
import KMAForecast
import Testing
@testable import KMAForecastClient
import _KMATestSupport

/// A redirect to another origin, a huge or endless answer, framing the URL loader cannot read:
/// the key never leaves for another host, nothing is read without bound, nothing that cannot
/// succeed is retried (issue 16, items 1, 5 and 16).
@Suite("Hostile network: redirects elsewhere, oversized answers, unreadable framing")
struct HostileNetworkTests {
    struct RedirectCase: Sendable, CustomTestStringConvertible {
        let status: Int
        let provider: ServiceProvider
        /// The target's origin, from the first server's port and the other server's.
        let origin: @Sendable (_ own: UInt16, _ other: UInt16) -> String
        let label: String
        var testDescription: String { "\(status) to \(label) (\(provider))" }
    }

    static let redirectCases: [RedirectCase] = {
        let targets: [(String, @Sendable (UInt16, UInt16) -> String)] = [
            ("another port", { _, other in "http://127.0.0.1:\(other)" }),
            ("another host name", { _, other in "http://localhost:\(other)" }),
            ("the same port under another host name", { own, _ in "http://localhost:\(own)" }),
            ("a target with userinfo", { _, other in "http://TESTKEY:secret@127.0.0.1:\(other)" }),
        ]
        var cases: [RedirectCase] = []
        for status in [301, 302, 303, 307, 308] {
            for (label, origin) in targets {
                cases.append(RedirectCase(status: status, provider: .dataGoKr, origin: origin, label: label))
            }
        }
        // API Hub's authKey= is protected the same way.
        for (label, origin) in targets {
            cases.append(RedirectCase(status: 302, provider: .apiHub, origin: origin, label: label))
        }
        return cases
    }()

    // Regression: URLSession followed every redirect, sent the key to the other server and
    // used its answer as KMA data.
    @Test("A redirect to another origin is never followed: the other server gets nothing", arguments: redirectCases)
    func redirectElsewhere(_ c: RedirectCase) async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let other = try shortTermServer()
        defer { other.stop() }
        let target = c.origin(server.port, other.port)
        server.inject(.redirect(c.status, toOrigin: target), times: 10)
        let recorder = Recorder()
        let error = try #require(await fetchError(try makeClient(server, provider: c.provider, recorder: recorder)))
        guard case .redirectedElsewhere(let host, let location) = error.reason else {
            Issue.record("expected a refused redirect, got \(error)")
            return
        }
        #expect(host == "127.0.0.1:\(server.port)")
        let port = target.hasSuffix(":\(server.port)") ? server.port : other.port
        #expect(location.contains(":\(port)/") && location.hasSuffix("?…"), "\(location)")
        #expect(error.stage == .transport && !error.isTransient && error.attempts == 1, "\(error)")
        #expect(error.description.contains("redirected the request to another server"), "\(error)")
        #expect(other.requests.isEmpty, "the other server received \(other.requests.count) requests")
        #expect(server.requests.count == 1, "the same server under another name, or a retry")
        for text in texts(of: error) + recorder.eventTexts {
            #expect(!text.contains("TESTKEY") && !text.contains("secret"), "\(text)")
        }
    }

    @Test("A redirect within the same origin is followed")
    func redirectSameOrigin() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.redirect(307, toOrigin: "http://127.0.0.1:\(server.port)"), times: 1)
        let run = try await makeClient(server).fetch(.shortTerm, cell: shortTermCell)
        #expect(run.itemCount == 809)
        #expect(server.requests.count == 2)
    }

    @Test("Origins: scheme, host and port must match; https to http never; userinfo never", arguments: [
        ("http://a.example/x", "http://a.example:80/y", true),
        ("https://a.example/x", "https://A.EXAMPLE:443/y", true),
        ("http://a.example:8080/x", "http://a.example:8080/y?q", true),
        ("https://a.example/x", "http://a.example/x", false),
        ("http://a.example/x", "https://a.example/x", false),
        ("http://a.example:8080/x", "http://a.example:8081/x", false),
        ("http://a.example/x", "http://b.example/x", false),
        ("http://a.example/x", "http://u:p@a.example/x", false),
        ("http://a.example/x", "http://u@a.example/x", false),
    ])
    func origins(_ origin: String, _ target: String, _ same: Bool) throws {
        #expect(URLSessionTransport.isSameOrigin(try #require(URL(string: target)), try #require(URL(string: origin))) == same)
    }

    @Test("Where a redirect pointed is shown without its query or userinfo")
    func shownLocation() throws {
        let url = try #require(URL(string: "http://u:p@other.example:8080/a/b?serviceKey=SECRET"))
        #expect(URLSessionTransport.shown(url) == "http://…@other.example:8080/a/b?…")
    }

    // Regression: a 1 GB body was read whole (4.1 GB of memory) before failing.
    @Test("An oversized or endless answer stops early with a typed error, not retried", arguments: [
        (200_000_000, false), (200_000_000, true), (Int.max, true),
    ])
    func oversized(_ bytes: Int, _ chunked: Bool) async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.oversized(bytes: bytes, chunked: chunked), times: 3)
        let recorder = Recorder()
        let limit = 1 << 20
        let client = try makeClient(
            server, recorder: recorder,
            transport: URLSessionTransport(maximumBodySize: limit)
        )
        let error = try #require(await fetchError(client))
        #expect(error.reason == .responseTooLarge(limit: limit), "\(error)")
        #expect(error.attempts == 1 && !error.isTransient)
        #expect(error.description.contains("larger than 1 MiB"), "\(error)")
        // The server stops when the client closes; wait for its thread to record that (every
        // 10 ms, at most 30,000 times: a hang guard, not a deadline).
        var sent = server.oversizedBytesSent
        for _ in 0..<30_000 where sent.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
            sent = server.oversizedBytesSent
        }
        let got = try #require(sent.first)
        // Socket buffers hold a few MB at most; the client never read on to the end.
        #expect(got < 64 << 20, "the server sent \(got) bytes before the client closed")
    }

    @Test("A Content-Length above the limit is refused before the body is read")
    func declaredTooLarge() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.oversized(bytes: 2 << 20, chunked: false))
        let error = try #require(await fetchError(try makeClient(server, transport: URLSessionTransport(maximumBodySize: 1 << 20))))
        #expect(error.reason == .responseTooLarge(limit: 1 << 20), "\(error)")
    }

    @Test("The configured maximum response size is checked and used by every transport")
    func configuredLimit() async throws {
        var configuration = ClientConfiguration(serviceKey: try ServiceKey(testKey), cache: .disabled)
        #expect(configuration.maximumResponseSize == 8 << 20)
        configuration.maximumResponseSize = 100
        #expect(throws: ForecastClientError.self) { try ForecastClient(configuration: configuration) }
        // A transport with a larger limit of its own: the client's check still applies.
        let server = try shortTermServer()
        defer { server.stop() }
        configuration.maximumResponseSize = 50_000
        configuration.baseURL = server.baseURL
        configuration.now = { duringRecordedRun }
        let client = try ForecastClient(configuration: configuration, transport: URLSessionTransport(maximumBodySize: 1 << 30), sleep: { _ in }, random: { 0.5 })
        let error = try #require(await fetchError(client))
        #expect(error.reason == .responseTooLarge(limit: 50_000), "\(error)")
    }

    static let framingCases: [(String, [UInt8], String)] = [
        ("LF-only header lines",
         Array("HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: 2\nConnection: close\n\n{}".utf8),
         "lines ending in LF alone"),
        ("a status line without a reason phrase",
         Array("HTTP/1.1 200\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8),
         "without a reason phrase"),
        ("a header with bytes that are not UTF-8",
         Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Note: ".utf8) + [0xFF, 0xFE, 0xC3]
             + Array("\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8),
         "not UTF-8"),
        ("a garbage status line", Array("GARBAGE NONSENSE\r\n\r\n{}".utf8), "does not begin with an HTTP status line"),
    ]

    // Regression: reported as "a network failure … check the network connection" after 3
    // attempts, or (the garbage status line) as a malformed service URL.
    @Test("Framing the URL loader cannot read: said so, once, not retried", arguments: framingCases)
    func framing(_ label: String, _ bytes: [UInt8], _ says: String) async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.raw(bytes), times: 3)
        let recorder = Recorder()
        let error = try #require(await fetchError(try makeClient(server, recorder: recorder)))
        #expect(error.reason == .unparsableResponse(host: "127.0.0.1:\(server.port)", detail: try #require(Self.detail(error))), "\(error)")
        #expect(error.description.hasPrefix("The server's HTTP response could not be parsed ("), "\(error)")
        #expect(error.description.contains(says), "\(error)")
        #expect(!error.description.contains("network connection") && !error.description.contains("service URL cannot be used"))
        #expect(error.attempts == 1 && recorder.sleeps.isEmpty && server.requests.count == 1, "\(error)")
    }

    static let undecodableCases: [(String, [UInt8], String)] = [
        ("a chunk size that is not hexadecimal",
         Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nZZZ\r\n{}\r\n0\r\n\r\n".utf8),
         "chunked framing is broken"),
        ("a chunk longer than its size",
         Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{\"response\":1}\r\n0\r\n\r\n".utf8),
         "chunked framing is broken"),
        ("Content-Encoding: gzip on a body that is not gzip",
         Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 20\r\nConnection: close\r\n\r\n{\"response\":12345678}".utf8),
         "Content-Encoding cannot be undone"),
        ("Content-Encoding: deflate on a body that is not deflate",
         Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: deflate\r\nContent-Length: 20\r\nConnection: close\r\n\r\n{\"response\":12345678}".utf8),
         "Content-Encoding cannot be undone"),
        ("an unknown Content-Encoding",
         Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: compress\r\nContent-Length: 20\r\nConnection: close\r\n\r\n{\"response\":12345678}".utf8),
         "Content-Encoding cannot be undone"),
    ]

    // Regression: read "a network failure … check the network connection" after 3 attempts.
    @Test("A broken chunked framing or an encoding that cannot be undone: the answer could not be decoded, once, not retried",
          arguments: undecodableCases)
    func undecodable(_ label: String, _ bytes: [UInt8], _ says: String) async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.raw(bytes), times: 3)
        let recorder = Recorder()
        let error = try #require(await fetchError(try makeClient(server, recorder: recorder)))
        guard case .undecodableResponse(let host, let detail) = error.reason else {
            Issue.record("\(label): expected an undecodable answer, got \(error)")
            return
        }
        #expect(host == "127.0.0.1:\(server.port)" && detail.contains(says), "\(label): \(detail)")
        #expect(error.description.hasPrefix("The answer from 127.0.0.1:\(server.port) could not be decoded ("), "\(error)")
        #expect(!error.description.contains("network connection") && !error.isTransient && error.stage == .decode, "\(error)")
        #expect(error.attempts == 1 && recorder.sleeps.isEmpty && server.requests.count == 1, "\(label): \(error)")
    }

    @Test("Every request asks for no compression (Accept-Encoding: identity)")
    func asksForIdentity() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        _ = try await makeClient(server).fetch(.shortTerm, cell: shortTermCell)
        #expect(server.requests.first?.headers["accept-encoding"] == "identity", "\(server.requests.first?.headers ?? [:])")
    }

    @Test("A gzip bomb (64 MiB inflated from about 400 KB): the body limit, counted inflated; not retried")
    func gzipBomb() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.gzipBomb(inflatedBytes: 64 << 20, chunked: true), times: 3)
        let error = try #require(await fetchError(try makeClient(server, transport: URLSessionTransport(maximumBodySize: 1 << 20))))
        #expect(error.reason == .responseTooLarge(limit: 1 << 20) && error.attempts == 1, "\(error)")
    }

    @Test("A request cancelled at any moment ends, as cancelled or answered, never hangs", .timeLimit(.minutes(10)))
    func cancelledAtAnyMoment() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let transport = URLSessionTransport()
        let url = server.baseURL + "/getVilageFcst?serviceKey=x&base_date=20221120&base_time=0500&nx=60&ny=120"
        for round in 0..<200 {
            let task = Task { () async -> Bool in
                do throws(TransportFailure) {
                    // A hang guard: an answered or cancelled request never gets near it.
                    _ = try await transport.get(url, connectTimeout: .seconds(120))
                    return true
                } catch {
                    return error == .cancelled
                }
            }
            if round % 2 == 1 { await Task.yield() }
            task.cancel()
            #expect(await task.value)
        }
    }

    static func detail(_ error: ForecastClientError) -> String? {
        if case .unparsableResponse(_, let detail) = error.reason { return detail }
        return nil
    }
}
