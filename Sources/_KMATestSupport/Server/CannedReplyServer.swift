import Foundation
import _KMASystem

/// A stand-in for a server that answers every request with the same bytes, whatever was
/// asked: a broken or hostile Redis (garbage, a length of 4 GB, a reply cut short), or
/// something that is not Redis at all. Listens on 127.0.0.1 at a free port; on each
/// connection it waits for the first bytes of a request, sends ``reply``, then closes the
/// connection or holds it open (so a client that waits for more than was sent waits for
/// ever, and only its own limits or timeout end the wait).
package final class CannedReplyServer: Sendable {
    /// The port it listens on, on 127.0.0.1.
    package let port: UInt16
    /// What it sends on every connection.
    package let reply: [UInt8]
    private let closesAfterReply: Bool
    private let listener: Int32
    private let state = Locked((held: [Int32](), stopped: false))

    /// Starts listening at a free port.
    package init(reply: [UInt8], closesAfterReply: Bool = false) throws {
        self.reply = reply
        self.closesAfterReply = closesAfterReply
        (listener, port) = try ReplayServerError.loopbackListener(backlog: 64)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// `redis://127.0.0.1:<port>`.
    package var url: String { "redis://127.0.0.1:\(port)" }

    /// Stops accepting and closes every connection.
    package func stop() {
        let held = state.withLock { state -> [Int32] in
            guard !state.stopped else { return [] }
            state.stopped = true
            defer { state.held.removeAll() }
            return state.held
        }
        SocketCalls.shutdown(listener)
        for fd in held { SystemCalls.closeDescriptor(fd) }
    }

    private func acceptLoop() {
        defer { SystemCalls.closeDescriptor(listener) }
        while true {
            let accepted = SocketCalls.accept(listener)
            let stopped = state.withLock { $0.stopped }
            switch accepted {
            case .success(let connection):
                if stopped {
                    SystemCalls.closeDescriptor(connection)
                    return
                }
                state.withLock { $0.held.append(connection) }
                Thread.detachNewThread { [self] in answer(connection) }
            case .failure(let failure):
                if stopped { return }
                if failure.code != SystemCalls.interrupted { SocketCalls.sleep(microseconds: 10_000) }
            }
        }
    }

    private func answer(_ connection: Int32) {
        SocketCalls.noSignalOnWrite(connection)
        var buffer = [UInt8](repeating: 0, count: 4096)
        let read = buffer.withUnsafeMutableBytes { SystemCalls.readSome(connection, into: $0) }
        guard case .success(let count) = read, count > 0 else { return }
        _ = reply.withUnsafeBytes { SocketCalls.sendAll(connection, $0) }
        if closesAfterReply {
            let owned = state.withLock { state -> Bool in
                guard let index = state.held.firstIndex(of: connection) else { return false }
                state.held.remove(at: index)
                return true
            }
            if owned { SystemCalls.closeDescriptor(connection) }
        }
    }
}
