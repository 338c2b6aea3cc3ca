import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transport: `URLSession`, the only file of the toolkit that imports
/// FoundationNetworking.
///
/// The session is private to one client: ephemeral, no cookies, no URL cache (the client keeps
/// its own, exact cache), no redirects to other schemes than corelibs allows (http/https).
/// Linux corelibs has no `bytes(for:)`, so a page is read whole (`data(for:)`); pages are small
/// (about 110 KB for 1000 items) and the client streams page by page.
public struct URLSessionTransport: HTTPTransport {
    private let session: SessionBox

    /// A transport with its own session.
    ///
    /// - Parameter maximumConnectionsPerHost: Connections kept open to one host.
    public init(maximumConnectionsPerHost: Int = 8) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        session = SessionBox(URLSession(configuration: configuration))
    }

    /// Sends a GET request; see ``HTTPTransport/get(_:connectTimeout:)``.
    public func get(_ url: String, connectTimeout: Duration) async throws(TransportFailure) -> HTTPResponse {
        guard let target = URL(string: url) else { throw .badURL }
        var request = URLRequest(url: target)
        request.httpMethod = "GET"
        // corelibs truncates to whole seconds; never let that become 0 (an immediate timeout).
        request.timeoutInterval = max(1, connectTimeout.inSeconds.rounded(.up))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("kma-forecast (Swift)", forHTTPHeaderField: "User-Agent")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.session.data(for: request)
        } catch {
            throw Self.failure(for: error)
        }
        guard let http = response as? HTTPURLResponse else { throw .other(domain: ForecastClientError.urlErrorDomain, code: URLError.badServerResponse.rawValue) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: [UInt8](data))
    }

    /// Our own words for a URLSession error: its description may quote the URL, key and all,
    /// so it is only ever read to classify, never passed on.
    ///
    /// On Linux, corelibs maps only a few libcurl results to URLError codes (connection
    /// refused, host not found, timeouts, bad or unsupported URLs, a reset over plain HTTP) and
    /// reports every other as `URLError.unknown` (-1) with libcurl's message; TLS failures are
    /// among those. So for -1 the message is read, as measured with Swift 6.3.1 (corelibs with
    /// OpenSSL 3) against local servers:
    ///
    /// | libcurl's message | failure | retried |
    /// |---|---|---|
    /// | `SSL certificate problem: self-signed certificate` (any mention of a certificate) | ``TransportFailure/certificateRejected`` | no |
    /// | `OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number` (any other SSL/TLS) | ``TransportFailure/secureConnectionFailed`` | yes |
    /// | `Recv failure: Connection reset by peer` (an `https` handshake cut off) | ``TransportFailure/connectionLost(detail:)`` | yes |
    /// | `transfer closed with 104138 bytes remaining to read` | ``TransportFailure/connectionLost(detail:)`` | yes |
    /// | anything else | ``TransportFailure/other(domain:code:)`` `URLError -1` | yes |
    ///
    /// TLS: a failed or interrupted handshake can be the network's fault and is retried; a
    /// rejected certificate will be rejected again and is not. A redirect loop (-1007) and
    /// bad or unsupported URLs (-1000, -1002) are the service URL's fault and are not retried.
    static func failure(for error: any Error) -> TransportFailure {
        if error is CancellationError { return .cancelled }
        // As NSError, a URLError and the NSError corelibs builds for it read the same.
        let error = error as NSError
        guard error.domain == NSURLErrorDomain else { return .other(domain: error.domain, code: error.code) }
        switch URLError.Code(rawValue: error.code) {
        case .cancelled:
            return .cancelled
        case .timedOut:
            return .timedOut
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff:
            return .unreachable(detail: "no network connection")
        case .cannotFindHost, .dnsLookupFailed:
            return .unreachable(detail: "the host name did not resolve")
        case .cannotConnectToHost:
            return .unreachable(detail: "the connection was refused")
        case .networkConnectionLost:
            return .connectionLost(detail: "the connection was reset or closed early")
        case .cannotParseResponse, .badServerResponse, .zeroByteResource, .cannotDecodeRawData, .cannotDecodeContentData:
            return .connectionLost(detail: "the answer was cut short or garbled, URLError \(error.code)")
        case .unknown:
            return libcurlFailure(error.localizedDescription)
        case .secureConnectionFailed:
            return .secureConnectionFailed
        case .serverCertificateHasBadDate, .serverCertificateUntrusted, .serverCertificateHasUnknownRoot,
             .serverCertificateNotYetValid, .clientCertificateRejected, .clientCertificateRequired:
            return .certificateRejected
        case .badURL, .unsupportedURL:
            return .badURL
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return .tooManyRedirects
        default:
            return .other(domain: ForecastClientError.urlErrorDomain, code: error.code)
        }
    }

    /// A libcurl failure that corelibs reports as `URLError.unknown`, by libcurl's message
    /// (see the table at ``failure(for:)``).
    private static func libcurlFailure(_ message: String) -> TransportFailure {
        if message.hasPrefix("transfer closed with") {
            // CURLE_PARTIAL_FILE: a body shorter than its Content-Length.
            return .connectionLost(detail: "the answer ended before its declared length")
        }
        if message.lowercased().contains("certificate") {
            return .certificateRejected
        }
        if message.contains("Connection reset by peer") {
            return .connectionLost(detail: "the connection was reset or closed early")
        }
        if message.contains("SSL") || message.contains("TLS") {
            return .secureConnectionFailed
        }
        return .other(domain: ForecastClientError.urlErrorDomain, code: URLError.unknown.rawValue)
    }
}

/// Owns a session and invalidates it when the last transport copy goes away.
private final class SessionBox: Sendable {
    let session: URLSession

    init(_ session: URLSession) { self.session = session }

    deinit { session.finishTasksAndInvalidate() }
}
