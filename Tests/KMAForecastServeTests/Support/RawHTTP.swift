import Foundation
import _KMASystem

/// An answer read off a raw connection.
struct RawResponse: Sendable {
    var status: Int
    /// Header values by lower-case name.
    var headers: [String: String]
    var body: [UInt8]
    /// The whole head as received.
    var head: String
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A raw HTTP/1.1 connection to the server under test, so a test controls every byte: keep-
/// alive, pipelining, malformed heads, slow clients.
final class RawConnection: @unchecked Sendable {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: UInt16) throws {
        fd = try SocketCalls.connectLoopback(port: port).get()
    }

    deinit { _ = SystemCalls.closeDescriptor(fd) }

    func send(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { SocketCalls.sendAll(fd, $0) }
    }

    /// `GET path` with headers, HTTP/1.1.
    func get(_ path: String, headers: [String: String] = [:], method: String = "GET") {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        send(text + "\r\n")
    }

    /// Reads more bytes; `false` at the end of the stream (or after a 120 s hang guard).
    private func fill() -> Bool {
        guard SocketCalls.waitReadable(fd, milliseconds: 600_000) else { return false }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        guard case .success(let count) = chunk.withUnsafeMutableBytes({ SystemCalls.readSome(fd, into: $0) }), count > 0 else { return false }
        buffer += chunk[0..<count]
        return true
    }

    /// Whether the server closed the connection (end of stream with nothing more sent).
    func isClosedByServer() -> Bool {
        buffer.isEmpty && !fill()
    }

    /// The next answer, or `nil` when the connection ended first.
    func response(head: Bool = false) -> RawResponse? {
        var end: Int?
        while true {
            if buffer.count >= 4 {
                end = (0...(buffer.count - 4)).first { buffer[$0] == 13 && buffer[$0 + 1] == 10 && buffer[$0 + 2] == 13 && buffer[$0 + 3] == 10 }
            }
            if end != nil { break }
            guard fill() else { return nil }
        }
        guard let end else { return nil }
        let headText = String(decoding: buffer[0..<end], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let status = Int(lines.removeFirst().split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        buffer.removeFirst(end + 4)
        let length = head || status == 304 ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < length {
            guard fill() else { return nil }
        }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return RawResponse(status: status, headers: headers, body: body, head: headText)
    }
}

/// One request on a fresh connection.
func fetch(_ port: UInt16, _ path: String, headers: [String: String] = [:]) throws -> RawResponse {
    let connection = try RawConnection(port: port)
    connection.get(path, headers: headers.merging(["Connection": "close"]) { a, _ in a })
    guard let response = connection.response() else { throw RawHTTPError.noAnswer(path) }
    return response
}

enum RawHTTPError: Error { case noAnswer(String) }

extension RawConnection {
    /// ``response(head:)`` off the cooperative pool.
    func answer(head: Bool = false) async throws -> RawResponse? {
        try await offPool { self.response(head: head) }
    }

    /// ``isClosedByServer()`` off the cooperative pool.
    func closed() async throws -> Bool {
        try await offPool { self.isClosedByServer() }
    }
}
