import Dispatch
import _KMASystem

/// One client connection, on its own thread: reads request heads (several, kept alive or
/// pipelined), answers each through the service, and closes on `Connection: close`, an error,
/// a limit, idleness or draining.
struct ServeConnection {
    let server: ServeServer
    let service: ServeService
    let fd: Int32
    let peer: String

    private var configuration: ServeConfiguration { server.configuration }

    func run() {
        SocketCalls.noSignalOnWrite(fd)
        SocketCalls.noDelay(fd)
        defer { _ = SystemCalls.closeDescriptor(fd) }
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let limits = ServeRequest.Limits(
            maximumURLLength: configuration.maximumURLLength, maximumHeaderBytes: configuration.maximumHeaderBytes,
            maximumHeaderCount: configuration.maximumHeaderCount
        )
        var idleSince = server.monotonic()
        while true {
            // The head: until the blank line, within the limits of size and time.
            var firstByteAt: Duration? = buffer.isEmpty ? nil : server.monotonic()
            var end: Int?
            while true {
                end = Self.headEnd(buffer)
                if end != nil { break }
                if buffer.count > configuration.maximumHeaderBytes {
                    return refuse(ServeRequest.Refusal(status: 431, message: "the request head is larger than \(configuration.maximumHeaderBytes) bytes"))
                }
                let now = server.monotonic()
                if let firstByteAt {
                    if now - firstByteAt > configuration.requestTimeout {
                        return refuse(ServeRequest.Refusal(status: 408, message: "the request head did not arrive within \(configuration.requestTimeout)"))
                    }
                } else if now - idleSince > configuration.idleTimeout || server.state.withLock({ $0.draining }) {
                    return
                }
                guard SocketCalls.waitReadable(fd, milliseconds: 100) else { continue }
                let count = chunk.withUnsafeMutableBytes { SystemCalls.readSome(fd, into: $0) }
                guard case .success(let read) = count, read > 0 else { return }
                if firstByteAt == nil { firstByteAt = server.monotonic() }
                buffer += chunk[0..<read]
            }
            guard let end else { return }
            let started = server.monotonic()
            var request: ServeRequest
            do throws(ServeRequest.Refusal) {
                request = try ServeRequest.parse(buffer[0..<end], limits: limits)
            } catch {
                return refuse(error)
            }
            buffer.removeFirst(min(buffer.count, end + 4))
            request.peer = peer
            let service = self.service
            let sendable = request
            let answered = Self.blocking { await service.respond(to: sendable) }
            guard let (route, response) = answered else { return }
            let keepAlive = request.keepAlive && !server.state.withLock { $0.draining }
            server.send(fd, response.serialized(head: request.method == "HEAD", keepAlive: keepAlive))
            let elapsed = server.monotonic() - started
            server.log.event("request", [
                ("method", request.method), ("path", request.path), ("route", route), ("status", String(response.status)),
                ("ms", String(elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000)), ("client", peer),
            ])
            guard keepAlive, !response.closes else { return }
            idleSince = server.monotonic()
        }
    }

    /// Answers a refused head with its status and a JSON error, and closes.
    private func refuse(_ refusal: ServeRequest.Refusal) {
        var response = ServeResponse.failure(.badRequest(refusal.message))
        response.status = refusal.status
        server.metrics.request(route: "malformed", status: refusal.status)
        server.log.event("refused", [("status", String(refusal.status)), ("reason", refusal.message), ("client", peer)])
        server.send(fd, response.serialized(head: false, keepAlive: false))
    }

    /// The index of the blank line ending a head (`\r\n\r\n`), or `nil`.
    static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Runs async work from this connection's thread and waits for it.
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T? {
        let result = Locked<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await body()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 }
    }
}
