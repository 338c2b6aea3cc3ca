import Foundation
import KMAForecast
import _KMASystem

/// Between the reader of standard input and the server: every line, in order, on one serial
/// queue. A notification (`notifications/cancelled`) is applied at once. A request is served
/// at once while the output has room (``MCPOutput/hasRoom()``); when the client does not read
/// its replies, requests are held, in order, and served as the output drains (backpressure),
/// so no reply is dropped and the queue of replies stays bounded.
///
/// The reader keeps reading while held requests come to less than ``heldLimit`` bytes, so a
/// cancellation or the end of input behind them is still seen; past it the reader waits for
/// the held requests to be served (and the client, beyond the pipe, waits for the reader).
/// Memory for input is thus at most ``heldLimit`` plus one line (4 MB) plus the line being
/// assembled (4 MB).
final class MCPIntake: Sendable {
    /// The most bytes of requests held back (each counted with 64 bytes of overhead), 8 MB.
    static let heldLimit = 8 << 20

    /// A line as read, or the mark of a line skipped for its length.
    private enum Piece {
        case line([UInt8])
        case tooLong
    }

    private struct Held {
        var piece: Piece
        var callKey: String?
        var size: Int
    }

    private struct State {
        var held: [Held] = []
        var head = 0
        /// Bytes of lines given to the intake and not yet served or dropped (queued or held).
        var pending = 0
        var readerWaiting = false
        var ended = false
        var endWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let server: MCPServer
    private let output: MCPOutput
    private let grace: Duration?
    private let state = Locked(State())
    private let queue = DispatchQueue(label: "kma-forecast mcp intake")
    private let room = DispatchSemaphore(value: 0)

    /// An intake serving `server`, held back by `output`; at the end of input each call in
    /// flight gets `grace` to finish (`nil`: no limit).
    init(server: MCPServer, output: MCPOutput, grace: Duration?) {
        self.server = server
        self.output = output
        self.grace = grace
        output.onRoom { [self] in queue.async { self.serveHeld() } }
    }

    // MARK: The reader's side

    /// Takes one complete line (without its newline); returns at once unless ``heldLimit``
    /// bytes wait, then once they are under it.
    func accept(_ line: [UInt8]) {
        accept(.line(line), size: line.count + 64)
    }

    /// Takes the mark of a line skipped for its length (answered -32700 in its turn).
    func acceptTooLong() {
        accept(.tooLong, size: 64)
    }

    private func accept(_ piece: Piece, size: Int) {
        state.withLock { $0.pending += size }
        queue.async { self.take(piece, size: size) }
        while state.withLock({ state -> Bool in
            state.readerWaiting = state.pending > Self.heldLimit
            return state.readerWaiting
        }) {
            room.wait()
        }
    }

    /// The input ended: after the lines already taken, the server is told (its calls get
    /// their grace) and held requests are served as the output drains.
    func end() {
        queue.async { [self] in
            state.withLock { $0.ended = true }
            let (calls, held) = (server.callsInFlight, state.withLock { $0.held.count - $0.head })
            server.inputEnded(grace: grace)
            if calls + held > 0 {
                let limit = grace.map { "up to \($0.components.seconds) s to finish" } ?? "until they finish"
                server.log("standard input ended: \(calls) call(s) in flight get \(limit); \(held) request(s) wait for standard output to be read")
            }
            serveHeld()
        }
    }

    /// Returns once the input ended and every request read was served (their replies are
    /// queued or written; calls may still run).
    func waitUntilServed() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard !state.ended || state.head < state.held.count else { return true }
                state.endWaiters.append(waiter)
                return false
            }
            if now { waiter.resume() }
        }
    }

    // MARK: On the queue

    private static func read(_ piece: Piece) -> MCPIncoming {
        switch piece {
        case .line(let line): MCPIncoming.read(line)
        case .tooLong: MCPIncoming.tooLong
        }
    }

    private func take(_ piece: Piece, size: Int) {
        if output.hasFailed {
            // Nobody can read a reply any more: no request is worth serving.
            release(size)
            return
        }
        let incoming = Self.read(piece)
        guard incoming.isAnswered else {
            if case .notification(let method, let params) = incoming,
               method == MCPNotification.cancelled.rawValue, let requestID = params?["requestId"], dropHeld(requestID.text) {
                server.logCancelled(requestID, params: params, before: true)
            } else {
                server.handle(incoming)
            }
            release(size)
            return
        }
        let holding = state.withLock { $0.head < $0.held.count }
        if holding || !output.hasRoom() {
            state.withLock { $0.held.append(Held(piece: piece, callKey: incoming.callKey, size: size)) }
            return
        }
        server.handle(incoming)
        release(size)
    }

    /// Serves held requests, oldest first, while the output has room.
    private func serveHeld() {
        while output.hasRoom(), let next = nextHeld() {
            if !output.hasFailed { server.handle(Self.read(next.piece)) }
            release(next.size)
        }
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard state.ended, state.head == state.held.count else { return [] }
            defer { state.endWaiters.removeAll() }
            return state.endWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    private func nextHeld() -> Held? {
        state.withLock { state -> Held? in
            guard state.head < state.held.count else { return nil }
            let next = state.held[state.head]
            state.head += 1
            if state.head == state.held.count {
                state.held.removeAll(keepingCapacity: false)
                state.head = 0
            } else if state.head > 1024, state.head * 2 > state.held.count {
                state.held.removeFirst(state.head)
                state.head = 0
            }
            return next
        }
    }

    /// Drops the held `tools/call` whose id has the text `key` (cancelled before it started):
    /// whether there was one.
    private func dropHeld(_ key: String) -> Bool {
        let size = state.withLock { state -> Int? in
            guard let index = state.held[state.head...].firstIndex(where: { $0.callKey == key }) else { return nil }
            return state.held.remove(at: index).size
        }
        guard let size else { return false }
        release(size)
        return true
    }

    private func release(_ size: Int) {
        let wake = state.withLock { state -> Bool in
            state.pending -= size
            guard state.readerWaiting, state.pending <= Self.heldLimit else { return false }
            state.readerWaiting = false
            return true
        }
        if wake { room.signal() }
    }
}
