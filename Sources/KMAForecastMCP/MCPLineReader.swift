import Foundation
import KMAForecast
import _KMASystem

/// The input side of the stdio transport: reads lines until the end of the input and hands
/// each to the intake; a line longer than ``maximumLineLength`` is skipped and answered
/// -32700. It never stops for calls in flight (the server refuses a call past its limit at
/// once): only when the intake holds too many requests for a client that does not read its
/// replies (``MCPIntake/heldLimit``).
struct MCPLineReader {
    /// The longest line read; a longer one is skipped to its end and answered -32700.
    static let maximumLineLength = 4 << 20

    let intake: MCPIntake
    private var line: [UInt8] = []
    private var skipping = false

    init(intake: MCPIntake) { self.intake = intake }

    /// Reads `input` to its end (on the calling thread: it blocks), then tells the intake.
    static func run(_ input: MCPStdioServer.Input, intake: MCPIntake, log: @Sendable (String) -> Void) {
        var reader = MCPLineReader(intake: intake)
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
        intake.end()
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
        if !line.isEmpty, !skipping { intake.accept(line) }
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
        intake.accept(line)
        line.removeAll(keepingCapacity: line.count < 1 << 16)
    }

    /// The -32700 for a skipped line goes through the intake, in its place among the replies.
    private func tooLong() {
        intake.acceptTooLong()
    }
}
