import Foundation
import _KMASystem

/// Standard output of the MCP server: one message a line, written by one thread of its own
/// in the order sent, from a queue bounded in bytes. A client that stops reading fills the
/// pipe and then the queue; past ``limit`` further messages are dropped (with a line on
/// standard error) rather than held without bound. Sending never blocks, so the reader of
/// standard input always sees its end. Nothing but whole messages ever reaches standard output.
final class MCPOutput: Sendable {
    private struct State {
        var queue: [[UInt8]] = []
        var head = 0
        var bytes = 0
        var writing = false
        var dropped = 0
        var failed = false
    }

    /// The most bytes queued; beyond it messages are dropped.
    let limit: Int
    private let target: MCPStdioServer.Output
    private let state = Locked(State())
    private let ready = DispatchSemaphore(value: 0)
    private let log: @Sendable (String) -> Void

    init(target: MCPStdioServer.Output, limit: Int = 64 << 20, log: @escaping @Sendable (String) -> Void) {
        self.target = target
        self.limit = limit
        self.log = log
        let thread = Thread { [self] in self.writeLoop() }
        thread.name = "kma-forecast mcp output"
        thread.start()
    }

    /// Queues one message (a line without its newline).
    func send(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        let accepted = state.withLock { state -> Bool in
            guard !state.failed else { return false }
            guard state.bytes + bytes.count <= limit else {
                state.dropped += 1
                return false
            }
            state.queue.append(bytes)
            state.bytes += bytes.count
            return true
        }
        if accepted {
            ready.signal()
        } else {
            let dropped = state.withLock { $0.dropped }
            if dropped == 1 || dropped % 1000 == 0 {
                log("the client is not reading standard output: \(dropped) message(s) dropped so far (the queue holds \(limit >> 20) MB)")
            }
        }
    }

    /// Whether everything queued was written.
    var isIdle: Bool { state.withLock { $0.bytes == 0 && !$0.writing } }

    /// Waits until everything queued was written, or `seconds` passed (a client that does not
    /// read cannot hold the process).
    func drain(seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while !isIdle, Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
    }

    private func writeLoop() {
        while true {
            ready.wait()
            let next = state.withLock { state -> [UInt8]? in
                guard state.head < state.queue.count else { return nil }
                let line = state.queue[state.head]
                state.head += 1
                if state.head > 64, state.head * 2 > state.queue.count {
                    state.queue.removeFirst(state.head)
                    state.head = 0
                }
                state.writing = true
                return line
            }
            guard let next else { continue }
            let failure: Int32?
            switch target {
            case .fileDescriptor(let fd):
                failure = next.withUnsafeBytes { SystemCalls.writeAll(fd, $0) }
            case .lines(let write):
                write(next)
                failure = nil
            }
            state.withLock { state in
                state.bytes -= next.count
                state.writing = false
                if failure != nil {
                    state.failed = true
                    state.bytes = 0
                    state.queue.removeAll()
                    state.head = 0
                }
            }
            if let failure { log("standard output refused the reply (\(SystemCalls.errorText(failure))); later replies are dropped") }
        }
    }
}
