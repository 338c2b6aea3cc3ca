import Foundation

/// One HTTP/1.1 request head as the server read it: the method, the path, the query
/// parameters (decoded), the headers (names in lower case), and whether the connection stays
/// open after the answer.
struct ServeRequest: Sendable, Hashable {
    var method: String
    /// The path, percent-decoded, without the query.
    var path: String
    /// The query parameters, decoded as a form (`+` a space, `%XX` a UTF-8 byte); the last
    /// value of a repeated name wins.
    var query: [String: String]
    /// Header values by lower-case name (repeated headers joined with `, `).
    var headers: [String: String]
    /// The connection stays open after the answer (HTTP/1.1 without `Connection: close`, or
    /// HTTP/1.0 with `Connection: keep-alive`).
    var keepAlive: Bool
    /// The client's address (a dotted quad), for the per-client limit.
    var peer: String = ""

    /// Why a head is refused: the status and what to say.
    struct Refusal: Error, Hashable, Sendable {
        var status: Int
        var message: String
    }

    /// Limits on what a client may send.
    struct Limits: Sendable, Hashable {
        /// The request line's target, at most (bytes); above it, 414.
        var maximumURLLength = 2_048
        /// The whole head, at most (bytes); above it, 431.
        var maximumHeaderBytes = 16_384
        /// Header lines, at most; above it, 431.
        var maximumHeaderCount = 64
    }

    /// Parses a head (the bytes before the blank line, without it).
    ///
    /// - Throws: ``Refusal``: 400 for anything that is not an HTTP/1.x head, 414 for a long
    ///   target, 431 for too many headers, 501 for a method not known, 505 for another version,
    ///   400 for a body (only GET and HEAD are served, and they have none).
    static func parse(_ head: ArraySlice<UInt8>, limits: Limits) throws(Refusal) -> ServeRequest {
        guard head.allSatisfy({ $0 == 9 || $0 == 10 || $0 == 13 || (32...126).contains($0) || $0 >= 128 }) else {
            throw Refusal(status: 400, message: "the request head holds control characters")
        }
        let text = String(decoding: head, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst()
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            throw Refusal(status: 400, message: "the request line is not 'METHOD /path HTTP/1.1'")
        }
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            throw Refusal(status: parts[2].hasPrefix("HTTP/") ? 505 : 400, message: "only HTTP/1.1 and HTTP/1.0 are served")
        }
        guard parts[1].utf8.count <= limits.maximumURLLength else {
            throw Refusal(status: 414, message: "the URL is longer than \(limits.maximumURLLength) bytes")
        }
        guard parts[1].hasPrefix("/") else { throw Refusal(status: 400, message: "the target is not a path starting with '/'") }
        guard lines.count <= limits.maximumHeaderCount else {
            throw Refusal(status: 431, message: "more than \(limits.maximumHeaderCount) header lines")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(where: { $0 == " " || $0 == "\t" }), !line.hasPrefix(" "), !line.hasPrefix("\t") else {
                throw Refusal(status: 400, message: "a header line is not 'Name: value'")
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        let method = String(parts[0])
        guard ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT"].contains(method) else {
            throw Refusal(status: 501, message: "method \(method) is not known")
        }
        if headers["transfer-encoding"] != nil || (headers["content-length"].map { $0 != "0" } ?? false) {
            throw Refusal(status: 400, message: "requests with a body are not served (GET and HEAD only)")
        }
        let target = parts[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let path = String(target[0]).removingPercentEncoding else {
            throw Refusal(status: 400, message: "the path is not valid percent-encoded UTF-8")
        }
        var query: [String: String] = [:]
        if target.count == 2 {
            for pair in target[1].split(separator: "&") where !pair.isEmpty {
                let field = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = formDecoded(field[0]), let value = formDecoded(field.count == 2 ? field[1] : "") else {
                    throw Refusal(status: 400, message: "a query parameter is not valid percent-encoded UTF-8")
                }
                query[name] = value
            }
        }
        let connection = headers["connection"]?.lowercased() ?? ""
        let keepAlive = parts[2] == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
        return ServeRequest(method: method, path: path, query: query, headers: headers, keepAlive: keepAlive)
    }

    /// A query component decoded as a form: `+` is a space, `%XX` a byte of UTF-8.
    private static func formDecoded(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
