import Foundation
import KMAForecast
import _KMASystem

/// The input side of the stdio transport: reads lines until the end of the input and hands
/// each to the server; a line longer than ``maximumLineLength`` is skipped and answered
/// -32700; reading waits while ``maximumCallsInFlight`` calls are in flight.
struct MCPLineReader {
    /// The longest line read; a longer one is skipped to its end and answered -32700.
    static let maximumLineLength = 4 << 20
    /// The most `tools/call` requests in flight; beyond it reading waits.
    static let maximumCallsInFlight = 32

    let server: MCPServer
    private var line: [UInt8] = []
    private var skipping = false

    init(server: MCPServer) { self.server = server }

    /// Reads `input` to its end (on the calling thread: it blocks).
    static func run(_ input: MCPStdioServer.Input, server: MCPServer, log: @Sendable (String) -> Void) {
        var reader = MCPLineReader(server: server)
        switch input {
        case .bytes(let bytes):
            reader.consume(bytes[...])
        case .fileDescriptor(let fd):
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            reading: while true {
                switch chunk.withUnsafeMutableBytes({ SystemCalls.readSome(fd, into: $0) }) {
                case .failure(let error):
                    log("standard input failed: \(error.description); stopping")
                    break reading
                case .success(0):
                    break reading
                case .success(let count):
                    reader.consume(chunk[0..<count])
                }
            }
        }
        reader.finish()
    }

    /// Splits a chunk of input at its newlines.
    mutating func consume(_ chunk: ArraySlice<UInt8>) {
        var rest = chunk
        while let newline = rest.firstIndex(of: 0x0A) {
            handle(rest[rest.startIndex..<newline], complete: true)
            rest = rest[(newline + 1)...]
        }
        if !rest.isEmpty { handle(rest, complete: false) }
    }

    /// A last line without a newline is still a message.
    mutating func finish() {
        if !line.isEmpty, !skipping { server.receive(line) }
    }

    private mutating func handle(_ piece: ArraySlice<UInt8>, complete: Bool) {
        if skipping {
            if complete {
                skipping = false
                tooLong()
            }
            return
        }
        if line.count + piece.count > Self.maximumLineLength {
            line.removeAll(keepingCapacity: false)
            if complete { tooLong() } else { skipping = true }
            return
        }
        line.append(contentsOf: piece)
        guard complete else { return }
        // Calls end (KMA's answers time out); the output never blocks (past its bound it
        // drops), so a client that stops reading cannot stop this loop from seeing the end.
        while server.callsInFlight >= Self.maximumCallsInFlight {
            Thread.sleep(forTimeInterval: 0.002)
        }
        server.receive(line)
        line.removeAll(keepingCapacity: line.count < 1 << 16)
    }

    private func tooLong() {
        server.sendError(id: .null, code: .parseError, message: "Parse error: a line longer than \(Self.maximumLineLength >> 20) MB was skipped; send one JSON-RPC message per line, under that size")
    }
}
