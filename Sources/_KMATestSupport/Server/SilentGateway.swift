import Foundation
import _KMASystem

/// A gateway that accepts every connection on 127.0.0.1 and never answers: each connection
/// is held open, unread, until ``stop()``, as a gateway that hangs does. For testing what a
/// client (or the MCP server) does while its requests wait: ``connections`` counts what
/// arrived, and ``waitForConnections(_:seconds:)`` waits for it.
public final class SilentGateway: Sendable {
    /// The port it listens on, on 127.0.0.1.
    public let port: UInt16
    private let listener: Int32
    private let state = Locked((held: [Int32](), stopped: false))
    private let arrived = DispatchSemaphore(value: 0)

    /// Starts listening at a free port.
    public init() throws(ReplayServerError) {
        let (fd, port) = try ReplayServerError.loopbackListener(backlog: 256)
        self.port = port
        listener = fd
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// A data.go.kr-style service root on this port.
    public var baseURL: String { "http://127.0.0.1:\(port)/1360000/VilageFcstInfoService_2.0" }

    /// An API Hub grid-field service root on this port.
    public var apiHubFieldBaseURL: String { "http://127.0.0.1:\(port)/api/typ01/cgi-bin/url" }

    /// The connections accepted so far.
    public var connections: Int { state.withLock { $0.held.count } }

    /// Waits until at least `count` connections arrived, at most `seconds`: whether they did.
    public func waitForConnections(_ count: Int, seconds: Double) -> Bool {
        let deadline = DispatchTime.now() + seconds
        while connections < count {
            if arrived.wait(timeout: deadline) == .timedOut { return connections >= count }
        }
        return true
    }

    /// Stops accepting and closes every held connection (the clients then see it closed).
    public func stop() {
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
                arrived.signal()
            case .failure(let failure):
                if stopped { return }
                if failure.code != SystemCalls.interrupted { SocketCalls.sleep(microseconds: 10_000) }
            }
        }
    }
}
