/// An HTTP/1.1 answer: the head (status line and headers) and the body.
struct HTTPAnswer {
    var head: [UInt8]
    var body: [UInt8]

    init(status: Int, contentType: String, body: [UInt8], headers: [String: String] = [:]) {
        self.init(head: Self.head(status: status, contentType: contentType, length: body.count, headers: headers), body: body)
    }

    /// An answer whose head may declare a different length than the body has (truncation).
    init(head: [UInt8], body: [UInt8]) {
        self.head = head
        self.body = body
    }

    static func head(status: Int, contentType: String, length: Int, headers: [String: String]) -> [UInt8] {
        let reason: String = switch status {
        case 200: "OK"
        case 302: "Found"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
        var text = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(contentType)\r\nContent-Length: \(length)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }
}
