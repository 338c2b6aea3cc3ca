/// One answer: status, headers, body, and whether the connection closes after it.
struct ServeResponse: Sendable, Hashable {
    var status: Int
    /// Headers in the order written; names as written.
    var headers: [(String, String)] = []
    var body: [UInt8] = []
    /// Close the connection after this answer.
    var closes = false

    static func == (lhs: ServeResponse, rhs: ServeResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body && lhs.closes == rhs.closes
            && lhs.headers.map { $0.0 + ":" + $0.1 } == rhs.headers.map { $0.0 + ":" + $0.1 }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(body)
    }

    /// A JSON answer.
    static func json(_ status: Int, _ body: [UInt8]) -> ServeResponse {
        ServeResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: body)
    }

    /// A JSON error answer (``ServeFailure``).
    static func failure(_ failure: ServeFailure, language: String? = nil) -> ServeResponse {
        var response = json(failure.status, ServeFailure.body(failure, korean: language == "ko"))
        if let seconds = failure.retryAfterSeconds { response.headers.append(("Retry-After", String(seconds))) }
        if failure.status == 401 { response.headers.append(("WWW-Authenticate", "Bearer realm=\"kma-forecast\"")) }
        return response
    }

    /// The bytes on the wire. A HEAD answer has the GET answer's headers and no body.
    func serialized(head: Bool, keepAlive: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if status != 304 { text += "Content-Length: \(body.count)\r\n" }
        text += keepAlive && !closes ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        var bytes = Array(text.utf8)
        if !head && status != 304 { bytes += body }
        return bytes
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 414: "URI Too Long"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}
