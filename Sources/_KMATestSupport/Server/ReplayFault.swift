/// Something a ``ReplayServer`` does instead of (or to) its normal answer, for testing how a
/// client copes with KMA's and the network's failures.
public enum ReplayFault: Sendable, Hashable {
    /// Waits this many milliseconds, then answers normally (past the client's timeout, the
    /// client has gone by then).
    case delay(milliseconds: Int)
    /// Sends the normal answer (head and body) `bytesPerSecond` bytes at a time, one burst a
    /// second, until it is all out or the client goes away: a gateway that trickles, never
    /// silent long enough for a per-read timeout.
    case trickle(bytesPerSecond: Int)
    /// Reads the request, then resets the connection (TCP RST) without answering.
    case reset
    /// Sends the status line, headers with the full `Content-Length`, and only the first
    /// `keepingBytes` bytes of the body, then closes the connection.
    case truncate(keepingBytes: Int)
    /// Answers with this HTTP status and body (e.g. 500, 429, 403), and extra headers such as
    /// `Retry-After`.
    case status(Int, body: String, contentType: String, headers: [String: String])
    /// Answers HTTP 200 with this body (the gateway's XML envelope, an HTML page, a hand-made
    /// KMA error).
    case body(String, contentType: String)
    /// Answers HTTP 200 with KMA's NO_DATA (`03`) header and no body, as if the run were not
    /// published.
    case noData
    /// Serves the page with its last `count` items left out (`totalCount` unchanged).
    case dropItems(Int)
    /// Serves the page with `totalCount` changed by `offset`, as if the run changed.
    case totalCountOffset(Int)
    /// Serves the page with every item claiming another cell.
    case relabelItems(nx: Int, ny: Int)
    /// Serves the page with every item claiming another run: its `baseDate` and/or `baseTime`
    /// rewritten (`nil` keeps the recorded one). With `baseTime: "1500"` for a request for
    /// 1530, the ultra-short answer KMA was recorded giving in 2026.
    case relabelBase(baseDate: String? = nil, baseTime: String? = nil)
    /// Answers with this redirect status (301, 302, 303, 307, 308) and a `Location` of
    /// `origin` followed by the request's own path and query, key and all, as a gateway or
    /// proxy moving the service elsewhere would: e.g. `http://127.0.0.1:<other port>`, or
    /// `http://user:pass@localhost:<port>`.
    case redirect(Int, toOrigin: String)
    /// Sends these bytes as the whole answer, exactly (status line, headers, framing and
    /// body), then closes the connection: for framing a client may or may not parse.
    case raw([UInt8])
    /// Answers HTTP 200 with a body of `bytes` bytes (`{"response":` then spaces), framed with
    /// its `Content-Length` or, when `chunked`, in 64 KiB chunks with no length declared
    /// (`Int.max` with `chunked`: endless), at most about 128 MB/s (a fast real link). The server stops when the client closes the
    /// connection, and records how many body bytes it got out (``ReplayServer/oversizedBytesSent``).
    case oversized(bytes: Int, chunked: Bool)
    /// Answers HTTP 200 with `Content-Encoding: gzip` whatever the request asked for, and a
    /// gzip bomb as the body (``GzipBomb``): a few MB on the wire inflating to `inflatedBytes`,
    /// framed with its `Content-Length` or, when `chunked`, in 64 KiB chunks. Sent as fast as
    /// the client reads; the compressed bytes that went out are recorded like
    /// ``oversized(bytes:chunked:)``'s.
    case gzipBomb(inflatedBytes: Int, chunked: Bool)

    /// A status answer with an empty body.
    public static func status(_ code: Int, headers: [String: String] = [:]) -> ReplayFault {
        .status(code, body: "", contentType: "text/plain", headers: headers)
    }
}

/// Which requests a fault applies to; `nil` fields match anything.
public struct ReplayMatch: Sendable, Hashable {
    /// The operation, e.g. `getVilageFcst`.
    public var operation: String?
    /// `pageNo` as sent (1 when absent).
    public var pageNo: Int?
    /// `base_time` as sent.
    public var baseTime: String?
    /// `nx` as sent.
    public var nx: Int?

    /// A match on the given fields.
    public init(operation: String? = nil, pageNo: Int? = nil, baseTime: String? = nil, nx: Int? = nil) {
        self.operation = operation
        self.pageNo = pageNo
        self.baseTime = baseTime
        self.nx = nx
    }

    /// Every request.
    public static let any = ReplayMatch()

    /// Whether a request matches.
    func matches(_ request: RecordedRequest) -> Bool {
        (operation == nil || operation == request.operation)
            && (pageNo == nil || pageNo == (request.parameters["pageNo"].flatMap { Int($0) } ?? 1))
            && (baseTime == nil || baseTime == request.parameters["base_time"])
            && (nx == nil || nx == request.parameters["nx"].flatMap { Int($0) })
    }
}
