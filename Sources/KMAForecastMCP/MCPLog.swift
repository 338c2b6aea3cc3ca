import Foundation
import _KMASystem

/// The MCP server's diagnostics on their way to standard error: a log that never blocks the
/// server. Lines are queued (at most ``capacity``; past it the oldest are dropped and counted)
/// and handed to the sink by a thread of their own, so a client that does not drain standard
/// error stops only that thread, never the reading of requests or the writing of replies.
/// When lines were dropped, the next line written says how many, once.
final class MCPLog: Sendable {
    private struct State {
        var lines: [String] = []
        var dropped = 0
        var finishing = false
    }

    /// The most lines queued; an older line is dropped to make room for a newer one.
    static let capacity = 256

    private let state = Locked(State())
    private let ready = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private let sink: @Sendable (String) -> Void

    /// A log that hands each line (without its newline) to `sink`, from one thread, in order.
    init(sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
        let thread = Thread { [self] in self.writeLoop() }
        thread.name = "kma-forecast mcp log"
        thread.start()
    }

    /// Queues a line; never blocks. Ignored after ``finish(waitingAtMost:)``.
    func write(_ line: String) {
        let queued = state.withLock { state -> Bool in
            guard !state.finishing else { return false }
            state.lines.append(line)
            if state.lines.count > Self.capacity {
                state.lines.removeFirst(state.lines.count - Self.capacity)
                state.dropped += 1
            }
            return true
        }
        if queued { ready.signal() }
    }

    /// Stops taking lines and waits until the queued ones were handed to the sink, or
    /// `seconds` passed (a standard error nobody reads cannot hold the process).
    func finish(waitingAtMost seconds: Double) {
        state.withLock { $0.finishing = true }
        ready.signal()
        _ = done.wait(timeout: .now() + seconds)
    }

    private func writeLoop() {
        while true {
            ready.wait()
            let (lines, dropped, last) = state.withLock { state -> ([String], Int, Bool) in
                defer {
                    state.lines.removeAll(keepingCapacity: true)
                    state.dropped = 0
                }
                return (state.lines, state.dropped, state.finishing)
            }
            if dropped > 0 {
                sink("\(dropped) earlier log line(s) dropped: standard error was not being read")
            }
            for line in lines { sink(line) }
            if last {
                done.signal()
                return
            }
        }
    }
}
