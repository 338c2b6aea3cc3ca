import Foundation
import _KMASystem

/// Standard output of the MCP server: one message a line, written whole by one thread of its
/// own in the order sent. Nothing is ever dropped while the output works: a client that reads
/// slowly fills the pipe and then the queue, and the queue tells the intake when it holds
/// ``highWater`` bytes or more (``hasRoom()``), so no new request is served until it is back
/// under half of that (backpressure; the replies of calls already in flight still join it).
/// A write that fills the pipe waits for the client, so only whole lines ever leave.
///
/// When standard output fails (the client closed it: `EPIPE`), the server says so once on
/// its log, and every message queued then or sent later is discarded without a word more.
final class MCPOutput: Sendable {
    private struct State {
        var queue: [[UInt8]] = []
        var head = 0
        /// Bytes queued and not yet written, the line being written included.
        var bytes = 0
        /// Whether ``hasRoom()`` said no since the room handler was last called.
        var full = false
        var failed = false
        var closed = false
        var roomHandler: (@Sendable () -> Void)?
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// The bytes queued past which no new request is served (4 MB); serving resumes below
    /// half of it.
    static let highWater = 4 << 20

    private let target: MCPStdioServer.Output
    private let state = Locked(State())
    private let ready = DispatchSemaphore(value: 0)
    private let log: @Sendable (String) -> Void

    init(target: MCPStdioServer.Output, log: @escaping @Sendable (String) -> Void) {
        self.target = target
        self.log = log
        let thread = Thread { [self] in self.writeLoop() }
        thread.name = "kma-forecast mcp output"
        thread.start()
    }

    /// Sets what is called (on the output's thread) when the queue, after ``hasRoom()`` said
    /// no, is back under half of ``highWater``, or standard output failed.
    func onRoom(_ handler: @escaping @Sendable () -> Void) {
        state.withLock { $0.roomHandler = handler }
    }

    /// Queues one message (a line without its newline); never blocks, never drops while
    /// standard output works.
    func send(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        let queued = state.withLock { state -> Bool in
            guard !state.failed, !state.closed else { return false }
            state.queue.append(bytes)
            state.bytes += bytes.count
            return true
        }
        if queued { ready.signal() }
    }

    /// Whether a new request may be served: fewer than ``highWater`` bytes wait to be written
    /// (or standard output failed, and replies are discarded). When not, the room handler is
    /// called once there is room again.
    func hasRoom() -> Bool {
        state.withLock { state in
            if state.failed || state.bytes < Self.highWater { return true }
            state.full = true
            return false
        }
    }

    /// Whether standard output failed (replies are discarded).
    var hasFailed: Bool { state.withLock { $0.failed } }

    /// Returns once everything queued was written, or standard output failed. It waits as
    /// long as the client keeps standard output open without reading it: a message is never
    /// cut, and the client ends a session by closing or killing, as the protocol says.
    func waitUntilWritten() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard state.bytes > 0, !state.failed else { return true }
                state.waiters.append(waiter)
                return false
            }
            if now { waiter.resume() }
        }
    }

    /// Ends the output's thread once the queue is empty; later messages are discarded.
    func close() {
        state.withLock { $0.closed = true }
        ready.signal()
    }

    private func writeLoop() {
        while true {
            ready.wait()
            let next = state.withLock { state -> [UInt8]?? in
                guard state.head < state.queue.count else { return state.closed ? .some(nil) : nil }
                let line = state.queue[state.head]
                state.head += 1
                if state.head > 64, state.head * 2 > state.queue.count {
                    state.queue.removeFirst(state.head)
                    state.head = 0
                }
                return line
            }
            guard let next else { continue }
            guard let next else { return }
            let failure: Int32?
            switch target {
            case .fileDescriptor(let fd):
                failure = next.withUnsafeBytes { SystemCalls.writeAll(fd, $0) }
            case .lines(let write):
                write(next)
                failure = nil
            }
            let (firstFailure, room, waiters) = state.withLock { state -> (Int?, (@Sendable () -> Void)?, [CheckedContinuation<Void, Never>]) in
                state.bytes -= next.count
                var firstFailure: Int?
                if failure != nil, !state.failed {
                    state.failed = true
                    firstFailure = state.queue.count - state.head
                    state.bytes = 0
                    state.queue.removeAll()
                    state.head = 0
                }
                var room: (@Sendable () -> Void)?
                if state.full, state.failed || state.bytes < Self.highWater / 2 {
                    state.full = false
                    room = state.roomHandler
                }
                var waiters: [CheckedContinuation<Void, Never>] = []
                if state.bytes == 0 || state.failed { swap(&waiters, &state.waiters) }
                return (firstFailure, room, waiters)
            }
            if let firstFailure, let failure {
                log("standard output failed (\(SystemCalls.errorText(failure))): the client stopped taking replies; this one, the \(firstFailure) queued behind it and every later one are discarded")
            }
            room?()
            for waiter in waiters { waiter.resume() }
        }
    }
}
