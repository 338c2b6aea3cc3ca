import KMAForecast

/// Sends one GET request and returns the whole answer: the one seam between the client and the
/// network. ``URLSessionTransport`` is the real one; an app can bring its own (a configured
/// `URLSession`, a background session, a proxy) and tests a double:
///
/// ```swift
/// struct CannedTransport: HTTPTransport {
///     var body: [UInt8]
///     func get(_ url: String, connectTimeout: Duration) async throws(TransportFailure) -> HTTPResponse {
///         if Task.isCancelled { throw .cancelled }
///         return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: body)
///     }
/// }
/// let client = try ForecastClient(configuration: configuration, transport: CannedTransport(body: page))
/// ```
///
/// The client validates everything a transport returns (status, envelope, paging, size), so a
/// transport only moves bytes. It must never put the URL (which holds the key) in anything it
/// reports.
public protocol HTTPTransport: Sendable {
    /// Sends a GET request.
    ///
    /// - Parameters:
    ///   - url: The full URL, key included. Never put it in an error or a log line.
    ///   - connectTimeout: See ``ClientTimeouts/connect``.
    /// - Returns: The status, headers and body, whatever the status.
    /// - Throws: ``TransportFailure`` when no complete answer arrived. Must return promptly
    ///   when the calling task is cancelled.
    func get(_ url: String, connectTimeout: Duration) async throws(TransportFailure) -> HTTPResponse
}

/// A complete HTTP answer.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, e.g. 200.
    public var status: Int
    /// Header values by lower-case name.
    public var headers: [String: String]
    /// The body as received.
    public var body: [UInt8]

    /// A complete answer.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// `Retry-After` in whole seconds, when the server sent one (429, 503) as a number of
    /// seconds; a number too large for `Int` is `Int.max` (a wait no policy accepts, not one
    /// ignored). The HTTP-date form is not read (no wait is known from it).
    var retryAfterSeconds: Int? {
        guard let text = headers["retry-after"]?.trimmingASCIIWhitespace(), !text.isEmpty,
              text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text) ?? Int.max
    }
}

/// Why no complete answer arrived. Carries no URL and no text from the underlying library (which
/// may quote the URL, key and all).
public enum TransportFailure: Error, Hashable, Sendable {
    /// No route to the server: no network, the host name did not resolve, or the connection
    /// was refused. `detail` says which, in our own words.
    case unreachable(detail: String)
    /// The server went silent for longer than the connect (inactivity) timeout.
    case timedOut
    /// The connection broke before the whole answer arrived (reset, closed early, body shorter
    /// than its `Content-Length`).
    case connectionLost(detail: String)
    /// The TLS handshake failed or was cut off (a reset, a protocol the two sides do not share,
    /// a plain-HTTP server behind an `https` URL).
    case secureConnectionFailed
    /// The server's TLS certificate was not accepted (untrusted, expired, not yet valid, for
    /// another host name), or the server asked for a client certificate.
    case certificateRejected
    /// The URL cannot be used by the transport (malformed, or a scheme it does not support).
    case badURL
    /// The server redirected too many times (a loop), or to a location that does not exist.
    case tooManyRedirects
    /// The server redirected to another origin than the request's (another scheme, host or
    /// port, or a target with a user name or password), which is not followed: the request
    /// carries the key. `location` is where it pointed, without its query.
    case redirectedElsewhere(location: String)
    /// The answer's body is (or declares itself) longer than `limit` bytes; reading stopped there.
    case responseTooLarge(limit: Int)
    /// The server's answer is not HTTP the transport can read (no status line, a malformed
    /// status or header line); `detail` says what, in our own words.
    case unparsableResponse(detail: String)
    /// The answer's body could not be decoded from its framing or encoding: a broken chunked
    /// framing (a chunk size that is not hexadecimal), or a `Content-Encoding` that cannot be
    /// undone (a "gzip" body that is not gzip); `detail` says which, in our own words.
    case undecodableBody(detail: String)
    /// The request was cancelled.
    case cancelled
    /// Anything else: the error's domain (``ForecastClientError/urlErrorDomain`` for
    /// URLSession's own codes, else e.g. `NSPOSIXErrorDomain`) and code.
    case other(domain: String, code: Int)
}
