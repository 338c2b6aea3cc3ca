import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
import _KMASystem
#endif

/// The real transport: `URLSession`; with `SessionDelegate.swift` (the session's delegate, which
/// counts each body against the limit as it arrives), the only file of the toolkit that imports
/// FoundationNetworking.
///
/// The session is private to one client: ephemeral, no cookies, no URL cache (the client keeps
/// its own, exact cache). Every answer is read through the session's delegate, a piece at a
/// time as it arrives (Linux corelibs has no `bytes(for:)`), so that:
///
/// - **a body is never read past ``maximumBodySize``**: an answer that declares or delivers
///   more is cut off there and fails as ``TransportFailure/responseTooLarge(limit:)``, so a
///   hostile or broken server cannot make the client hold more than that (pages are about
///   110 KB for 1000 items, 1.1 MB for 10,000), whatever its framing or encoding. The request
///   asks for `Accept-Encoding: identity`; a body compressed anyway is inflated by the URL
///   loader and counted inflated, piece by piece, so a gzip bomb stops at the limit too. On
///   Linux, corelibs hands each piece to the delegate through its delegate queue as fast as
///   libcurl reads (a 1 GB bomb once queued 1.1 GB of pieces before the first was counted):
///   the transport's delegate queue runs each piece at once, on the queue libcurl reads on
///   (`InlineOperationQueue`), so nothing piles up; `cancel()` waits for that queue and is
///   sent from another, and what libcurl reads in between is dropped as it comes. Measured
///   peak memory: `BoundedMemoryTests` (`Scripts/measure-memory.sh`);
/// - **a redirect is followed only within the request's origin** (the same scheme, host and
///   port, and no user name or password in the target). Any other target (another port or
///   host name, `https` to `http`, a target with userinfo) is not requested: the URL carries
///   the service key, which must only ever go to the configured service root. Such a redirect
///   fails as ``TransportFailure/redirectedElsewhere(location:)``.
public struct URLSessionTransport: HTTPTransport {
    /// The default ``maximumBodySize``: 8 MiB, far above any page (a 10,000-item page is about
    /// 1.1 MB), far below what would strain memory.
    public static let defaultMaximumBodySize = 8 << 20

    /// The most bytes of one answer's body read before the answer is refused, ≥ 1.
    public let maximumBodySize: Int

    private let session: SessionBox

    /// A transport with its own session: ephemeral, no cookies, no URL cache.
    ///
    /// - Parameters:
    ///   - maximumConnectionsPerHost: Connections kept open to one host.
    ///   - maximumBodySize: See ``maximumBodySize``; values below 1 are taken as 1.
    public init(maximumConnectionsPerHost: Int = 8, maximumBodySize: Int = defaultMaximumBodySize) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        self.init(configuration: configuration, maximumBodySize: maximumBodySize)
    }

    /// A transport whose session is made from an app's own configuration: its timeouts,
    /// proxy, extra headers (`httpAdditionalHeaders`), connection limit, `waitsForConnectivity`,
    /// cellular and constrained-network rules, shared container, TLS settings.
    ///
    /// ```swift
    /// let configuration = URLSessionConfiguration.default
    /// configuration.waitsForConnectivity = true
    /// configuration.allowsConstrainedNetworkAccess = false       // Low Data Mode: wait
    /// let client = try ForecastClient(
    ///     configuration: ClientConfiguration(serviceKey: try ServiceKey(key)),
    ///     transport: URLSessionTransport(configuration: configuration)
    /// )
    /// ```
    ///
    /// The transport makes its own `URLSession` from a copy of `configuration` (the caller's
    /// object is not changed) and is that session's delegate, which is how it keeps its two
    /// guarantees whatever the configuration: the body limit (``maximumBodySize``) and redirects
    /// followed only within the request's origin. Two settings of the copy are overridden:
    /// `urlCache` is `nil` and `requestCachePolicy` is `.reloadIgnoringLocalCacheData`, because
    /// every URL carries the service key, which must not be written to URLCache's files (the
    /// client keeps its own exact cache, ``CacheLocation``). Each request sets its own timeout
    /// (``ClientTimeouts/connect``), `Accept` and `User-Agent`.
    ///
    /// A background configuration (`URLSessionConfiguration.background(withIdentifier:)`) gives
    /// no more than a default one here: Apple documents background sessions for upload and
    /// download tasks, and this transport sends data tasks, whose answers it reads as they arrive.
    /// A fetch does not go on after the app is suspended; schedule the next one instead
    /// (``LocalForecast/nextUpdate``).
    ///
    /// - Parameters:
    ///   - configuration: The session configuration to copy.
    ///   - maximumBodySize: See ``maximumBodySize``; values below 1 are taken as 1.
    public init(configuration: URLSessionConfiguration, maximumBodySize: Int = defaultMaximumBodySize) {
        // URLSessionConfiguration is NSCopying on Darwin and in corelibs; the cast cannot fail.
        let own = configuration.copy() as? URLSessionConfiguration ?? configuration
        own.urlCache = nil
        own.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.maximumBodySize = max(1, maximumBodySize)
        let delegate = SessionDelegate()
        #if canImport(FoundationNetworking)
        // corelibs: no credential lookups, which would suspend the task from the delegate
        // queue (see `InlineOperationQueue`); KMA's services use no HTTP authentication.
        own.urlCredentialStorage = nil
        let queue: OperationQueue? = InlineOperationQueue()
        #else
        let queue: OperationQueue? = nil
        #endif
        session = SessionBox(URLSession(configuration: own, delegate: delegate, delegateQueue: queue), delegate: delegate)
    }

    /// The configuration of the transport's own session (a copy, with the overrides above).
    var sessionConfiguration: URLSessionConfiguration { session.session.configuration }

    /// Sends a GET request; see ``HTTPTransport/get(_:connectTimeout:)``.
    public func get(_ url: String, connectTimeout: Duration) async throws(TransportFailure) -> HTTPResponse {
        try await get(url, connectTimeout: connectTimeout, departure: nil)
    }

    /// Sends a GET request, calling `departure` right before it is handed to the URL loader
    /// (the rate limiter paces requests by that moment, ``RequestRateLimiter``).
    func get(_ url: String, connectTimeout: Duration, departure: (@Sendable () -> Void)?) async throws(TransportFailure) -> HTTPResponse {
        guard let target = URL(string: url) else { throw .badURL }
        var request = URLRequest(url: target)
        request.httpMethod = "GET"
        // corelibs truncates to whole seconds; never let that become 0 (an immediate timeout).
        request.timeoutInterval = max(1, connectTimeout.inSeconds.rounded(.up))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("kma-forecast (Swift)", forHTTPHeaderField: "User-Agent")
        // No compression asked for: KMA's pages are small, and a body's size on the wire is
        // then its size in memory. (corelibs still inflates a body a server compresses anyway;
        // the limit counts the inflated bytes, as they come.)
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        if Task.isCancelled { throw .cancelled }
        let task = session.session.dataTask(with: request)
        let delegate = session.delegate
        let limit = maximumBodySize
        let outcome: Result<HTTPResponse, TransportFailure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.register(task, limit: limit, continuation: continuation)
                // The moment the request leaves, for the rate limiter (it paces arrivals).
                departure?()
                task.resume()
            }
        } onCancel: {
            // Never waits here: a cancellation handler runs holding the task's status lock,
            // which resuming the continuation (on the session's work queue, see
            // `InlineOperationQueue`) needs, and `cancel()` waits for that queue.
            cancelSoon(task)
        }
        return try outcome.get()
    }

    /// The same scheme, host (letter case aside) and port (the scheme's default when absent),
    /// and no user name or password in the target.
    static func isSameOrigin(_ target: URL, _ origin: URL) -> Bool {
        guard target.user == nil, target.password == nil,
              let scheme = target.scheme?.lowercased(), scheme == origin.scheme?.lowercased(),
              let host = target.host?.lowercased(), host == origin.host?.lowercased() else { return false }
        return (target.port ?? defaultPort(scheme)) == (origin.port ?? defaultPort(scheme))
    }

    private static func defaultPort(_ scheme: String) -> Int? {
        scheme == "https" ? 443 : scheme == "http" ? 80 : nil
    }

    /// Where a redirect pointed, without its query (the key may be in it) and with any
    /// userinfo replaced by `…@`: `http://…@other.example:8080/path`. The client redacts the
    /// key from the rest too.
    static func shown(_ target: URL) -> String {
        let scheme = target.scheme.map { $0 + "://" } ?? ""
        let userinfo = target.user != nil || target.password != nil ? "…@" : ""
        let host = target.host.map { $0.contains(":") ? "[\($0)]" : $0 } ?? ""
        let port = target.port.map { ":\($0)" } ?? ""
        let query = target.query == nil ? "" : "?…"
        return scheme + userinfo + host + port + target.path + query
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
    /// | `Failed writing header` (corelibs could not parse a status or header line: LF-only line ends, no reason phrase, non-UTF-8 bytes) | ``TransportFailure/unparsableResponse(detail:)`` | no |
    /// | `Illegal or missing hexadecimal sequence in chunked-encoding` (any mention of a chunk) | ``TransportFailure/undecodableBody(detail:)`` | no |
    /// | `Error while processing content unencoding: incorrect header check`, `Unrecognized content encoding type …`, `Unrecognized or bad HTTP Content or Transfer-Encoding` | ``TransportFailure/undecodableBody(detail:)`` | no |
    /// | anything else | ``TransportFailure/other(domain:code:)`` `URLError -1` | yes |
    ///
    /// TLS: a failed or interrupted handshake can be the network's fault and is retried; a
    /// rejected certificate will be rejected again and is not. A redirect loop (-1007) and
    /// bad or unsupported URLs (-1000, -1002) are the service URL's fault and are not retried,
    /// except -1002 with libcurl's `Received HTTP/0.9 when not allowed`: the server answered
    /// without a status line (``TransportFailure/unparsableResponse(detail:)``, not retried).
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
        case .unsupportedURL where error.localizedDescription.contains("HTTP/0.9"):
            // libcurl's CURLE_UNSUPPORTED_PROTOCOL for an answer without a status line.
            return .unparsableResponse(detail: "the answer does not begin with an HTTP status line")
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
        if message.hasPrefix("Failed writing header") {
            // corelibs' header callback refused a line it could not parse.
            return .unparsableResponse(detail: "a status or header line the URL loader cannot read, e.g. lines ending in LF alone, a status line without a reason phrase, or header bytes that are not UTF-8")
        }
        let lower = message.lowercased()
        if lower.contains("chunk") {
            // CURLE_RECV_ERROR: "Illegal or missing hexadecimal sequence in chunked-encoding".
            return .undecodableBody(detail: "its chunked framing is broken: a chunk size that is not a hexadecimal number, or a chunk that does not end where its size says")
        }
        if lower.contains("content unencoding") || lower.contains("content encoding") || lower.contains("content or transfer-encoding") {
            // CURLE_BAD_CONTENT_ENCODING: "Error while processing content unencoding: incorrect
            // header check", "Unrecognized content encoding type …".
            return .undecodableBody(detail: "its Content-Encoding cannot be undone: the body is not the compressed data its header declares, or uses an encoding the URL loader does not know")
        }
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
