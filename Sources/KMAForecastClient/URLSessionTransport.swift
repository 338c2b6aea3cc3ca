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
package struct URLSessionTransport: HTTPTransport {
    private let session: SessionBox

    /// A transport with its own session.
    ///
    /// - Parameter maximumConnectionsPerHost: Connections kept open to one host.
    package init(maximumConnectionsPerHost: Int = 8) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        session = SessionBox(URLSession(configuration: configuration))
    }

    package func get(_ url: String, connectTimeout: Duration) async throws(TransportFailure) -> HTTPResponse {
        guard let target = URL(string: url) else { throw .other(code: URLError.badURL.rawValue) }
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
        guard let http = response as? HTTPURLResponse else { throw .other(code: URLError.badServerResponse.rawValue) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: [UInt8](data))
    }

    /// Our own words for a URLSession error: its description may quote the URL, key and all.
    static func failure(for error: any Error) -> TransportFailure {
        if error is CancellationError { return .cancelled }
        guard let urlError = error as? URLError else { return .other(code: (error as NSError).code) }
        switch urlError.code {
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
            return .connectionLost(detail: "the answer was cut short or garbled, URLError \(urlError.code.rawValue)")
        case .unknown where (urlError as NSError).localizedDescription.hasPrefix("transfer closed with"):
            // libcurl's CURLE_PARTIAL_FILE (a body shorter than its Content-Length), which
            // corelibs reports as an unknown error with curl's text.
            return .connectionLost(detail: "the answer ended before its declared length")
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
             .clientCertificateRequired:
            return .secureConnectionFailed
        default:
            return .other(code: urlError.code.rawValue)
        }
    }
}

/// Owns a session and invalidates it when the last transport copy goes away.
private final class SessionBox: Sendable {
    let session: URLSession

    init(_ session: URLSession) { self.session = session }

    deinit { session.finishTasksAndInvalidate() }
}
