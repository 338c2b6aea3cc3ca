import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import KMAForecastClient

@Suite("URLSessionTransport: platform errors in our own words")
struct URLSessionTransportTests {
    /// An error as corelibs makes it: `NSURLErrorDomain`, a code, libcurl's message.
    static func urlError(_ code: Int, _ message: String = "") -> NSError {
        NSError(domain: NSURLErrorDomain, code: code, userInfo: [NSLocalizedDescriptionKey: message])
    }

    // The libcurl messages are the ones Swift 6.3.1's corelibs (OpenSSL 3) reported against
    // local servers: a plain-HTTP server behind https://, a TLS server with a self-signed
    // certificate, a server that resets during the handshake, a redirect loop.
    @Test("Each error maps to the failure that decides retrying and advice", arguments: [
        (urlError(-1, "OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number"), TransportFailure.secureConnectionFailed),
        (urlError(-1, "OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to apis.data.go.kr:443"), .secureConnectionFailed),
        (urlError(-1, "SSL certificate problem: self-signed certificate"), .certificateRejected),
        (urlError(-1, "SSL certificate problem: certificate has expired"), .certificateRejected),
        (urlError(-1, "SSL: no alternative certificate subject name matches target host name 'h'"), .certificateRejected),
        (urlError(-1, "Recv failure: Connection reset by peer"), .connectionLost(detail: "the connection was reset or closed early")),
        (urlError(-1, "transfer closed with 104138 bytes remaining to read"), .connectionLost(detail: "the answer ended before its declared length")),
        (urlError(-1, "Failure when receiving data from the peer"), .other(domain: "URLError", code: -1)),
        (urlError(-1007, "too many HTTP redirects"), .tooManyRedirects),
        (urlError(-1010), .tooManyRedirects),
        (urlError(-1000), .badURL),
        (urlError(-1002, "unsupported URL"), .badURL),
        (urlError(-1200), .secureConnectionFailed),
        (urlError(-1202), .certificateRejected),
        (urlError(-1206), .certificateRejected),
        (urlError(-1004, "Failed to connect"), .unreachable(detail: "the connection was refused")),
        (urlError(-1005), .connectionLost(detail: "the connection was reset or closed early")),
        (urlError(-1001), .timedOut),
        (urlError(-999), .cancelled),
        (urlError(-1008), .other(domain: "URLError", code: -1008)),
        (NSError(domain: NSPOSIXErrorDomain, code: 54), .other(domain: NSPOSIXErrorDomain, code: 54)),
    ] as [(NSError, TransportFailure)])
    func classification(_ error: NSError, _ expected: TransportFailure) {
        #expect(URLSessionTransport.failure(for: error) == expected)
    }

    @Test("Cancellation of the task is cancellation")
    func cancellation() {
        #expect(URLSessionTransport.failure(for: CancellationError()) == .cancelled)
    }
}

@Suite("URLSessionTransport(configuration:): an app's own session settings, the transport's guarantees")
struct URLSessionTransportConfigurationTests {
    @Test("An app's configuration is used (its extra header reaches the server) and left unchanged")
    func appConfiguration() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let configuration = URLSessionConfiguration.default
        configuration.httpAdditionalHeaders = ["X-App": "weather-widget"]
        let cache = URLCache(memoryCapacity: 1 << 20, diskCapacity: 0, diskPath: nil)
        configuration.urlCache = cache
        let transport = URLSessionTransport(configuration: configuration)
        let run = try await makeClient(server, transport: transport).fetch(.shortTerm, cell: shortTermCell)
        #expect(run.itemCount == 809)
        #expect(server.requests.count == 1)
        #expect(server.requests.allSatisfy { $0.headers["x-app"] == "weather-widget" }, "\(server.requests.map(\.headers))")
        // The caller's object keeps its cache; the session's copy has none (URLs carry the key).
        // (corelibs stores nothing in a URLCache either way, so this reads the settings.)
        #expect(configuration.urlCache === cache)
        #expect(transport.sessionConfiguration.urlCache == nil)
        #expect(transport.sessionConfiguration.requestCachePolicy == .reloadIgnoringLocalCacheData)
        #expect(transport.sessionConfiguration.httpAdditionalHeaders?["X-App"] as? String == "weather-widget")
    }

    @Test("With an app's configuration, the body limit and the same-origin rule still hold")
    func guaranteesKept() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let other = try shortTermServer()
        defer { other.stop() }
        server.inject(.redirect(302, toOrigin: "http://127.0.0.1:\(other.port)"), times: 1)
        let transport = URLSessionTransport(configuration: .default, maximumBodySize: 1 << 20)
        let redirected = try #require(await fetchError(try makeClient(server, transport: transport)))
        guard case .redirectedElsewhere = redirected.reason else {
            Issue.record("expected a refused redirect, got \(redirected)")
            return
        }
        #expect(other.requests.isEmpty)
        server.inject(.oversized(bytes: 4 << 20, chunked: false), times: 1)
        let tooLarge = try #require(await fetchError(try makeClient(server, transport: transport)))
        #expect(tooLarge.reason == .responseTooLarge(limit: 1 << 20), "\(tooLarge)")
    }
}
