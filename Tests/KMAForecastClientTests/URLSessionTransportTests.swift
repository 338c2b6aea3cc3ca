import Foundation
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
