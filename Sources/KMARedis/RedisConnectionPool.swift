import Dispatch
import _KMASystem

/// A few connections to one Redis server, shared by every caller: a call borrows an idle one
/// (or opens one, up to ``RedisOptions/maximumConnections``; past that it waits its turn) and
/// gives it back.
///
/// **Reconnecting.** Nothing is kept of a failed connection: one that failed is closed, and
/// one that sat idle is checked before it is lent (`poll(2)` without waiting: a server that
/// restarted closed it, so it reads as ended) and replaced if it went stale. So the first call
/// after a restart of the server gets a new connection, and no command is ever sent twice.
///
/// **Off the cooperative pool.** The socket work blocks its thread in `poll(2)` (bounded by the
/// timeouts), so it runs on a Dispatch queue, never on a Swift concurrency thread.
final class RedisConnectionPool: Sendable {
    let url: RedisURL
    let options: RedisOptions
    private let state = Locked(State())
    private let queue = DispatchQueue(label: "KMARedis.connections", attributes: .concurrent)

    private struct State: Sendable {
        var idle: [RedisConnection] = []
        /// Connections lent or idle (≤ `maximumConnections`).
        var open = 0
        /// Callers waiting for a connection, first come first served.
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    init(url: RedisURL, options: RedisOptions) {
        self.url = url
        self.options = options
    }

    /// Runs `body` with a connection, on the pool's queue; the connection goes back to the
    /// pool afterwards unless it broke. (`body` throws untyped: a value of a typed-throws
    /// function type needs the Swift 6 runtime's metadata, which iOS 16 lacks.)
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (RedisConnection) throws -> T) async throws -> T {
        while true {
            switch take() {
            case .connection(let connection):
                if connection.isStale {
                    connection.close()
                    giveBack(nil)
                    continue
                }
                return try await run(body, on: connection)
            case .open:
                return try await run(body, on: nil)
            case .wait:
                await withCheckedContinuation { continuation in
                    let ready = state.withLock { state -> Bool in
                        if !state.idle.isEmpty || state.open < options.maximumConnections { return true }
                        state.waiting.append(continuation)
                        return false
                    }
                    if ready { continuation.resume() }
                }
            }
        }
    }

    private enum Turn { case connection(RedisConnection), open, wait }

    private func take() -> Turn {
        state.withLock { state in
            if let connection = state.idle.popLast() { return .connection(connection) }
            if state.open < options.maximumConnections {
                state.open += 1
                return .open
            }
            return .wait
        }
    }

    /// Returns a connection to the pool (`nil`: the one lent is gone), waking a waiter.
    private func giveBack(_ connection: RedisConnection?) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let connection, !connection.broken {
                state.idle.append(connection)
            } else {
                state.open -= 1
            }
            return state.waiting.isEmpty ? nil : state.waiting.removeFirst()
        }
        waiter?.resume()
    }

    /// Runs `body` on the queue with `connection`, or a new one when it is `nil`.
    private func run<T: Sendable>(_ body: @escaping @Sendable (RedisConnection) throws -> T, on connection: RedisConnection?) async throws -> T {
        let (url, options) = (url, options)
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            queue.async {
                var used: RedisConnection?
                do {
                    let lent = try connection ?? RedisConnection(url: url, options: options)
                    used = lent
                    let result = try body(lent)
                    self.giveBack(lent)
                    continuation.resume(returning: result)
                } catch {
                    // A connection still in step (an error reply, a reply of the wrong kind)
                    // goes back; a broken one is closed and its place freed.
                    if let used, used.broken { used.close() }
                    self.giveBack(used)
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Closes every idle connection (lent ones close when they come back broken, or stay
    /// until the pool is gone).
    func closeIdle() {
        let idle = state.withLock { state -> [RedisConnection] in
            defer { state.open -= state.idle.count; state.idle.removeAll() }
            return state.idle
        }
        for connection in idle { connection.close() }
    }
}
