import KMAForecastClient
import _KMASystem

/// Where the tool writes: standard output, standard error, or memory (for tests).
///
/// Writes are buffered and thread-safe; call ``flush()`` before the process exits (the
/// tool's entry point does). Output for programs goes to stdout, diagnostics to stderr.
public final class TextSink: Sendable {
    private enum Target: Sendable {
        case fileDescriptor(Int32)
        /// A standard descriptor that was closed when the process started (`>&-`): nothing
        /// can be written, and the first output records `EBADF`.
        case closed
        case memory
    }

    private struct State {
        var buffer: [UInt8] = []
        var memory: [UInt8] = []
        /// The `errno` of the first write the descriptor refused; later output is dropped.
        var failure: Int32?
        /// Bytes to write before the first output, if any comes (``prefixFirstOutput(_:)``).
        var prefix: [UInt8] = []
    }

    private let target: Target
    private let state = Locked(State())
    /// Whether the sink is a terminal (colour and progress are only shown on one).
    public let isTerminal: Bool

    private static let flushThreshold = 1 << 16

    private init(target: Target, isTerminal: Bool) {
        self.target = target
        self.isTerminal = isTerminal
    }

    /// The process's standard output (file descriptor 1). Call it before the process opens
    /// any file: when descriptor 1 is closed (`>&-`), `/dev/null` takes its place so no later
    /// file gets it, and the sink's first output fails with "Bad file descriptor".
    public static func standardOutput() -> TextSink {
        standard(1)
    }

    /// The process's standard error (file descriptor 2); closed, as ``standardOutput()``.
    public static func standardError() -> TextSink {
        standard(2)
    }

    private static func standard(_ fd: Int32) -> TextSink {
        Platform.reserveIfClosed(fd)
            ? TextSink(target: .closed, isTerminal: false)
            : TextSink(target: .fileDescriptor(fd), isTerminal: Platform.isTerminal(fd))
    }

    /// A sink that keeps everything in memory; read it back with ``text`` or ``bytes``.
    ///
    /// - Parameter isTerminal: Pretend to be a terminal (to test colour and progress).
    public static func memory(isTerminal: Bool = false) -> TextSink {
        TextSink(target: .memory, isTerminal: isTerminal)
    }

    /// Puts `bytes` before the first output (a CSV's byte order mark): nothing when nothing is written.
    public func prefixFirstOutput(_ bytes: [UInt8]) {
        state.withLock { $0.prefix = bytes }
    }

    /// Writes text as UTF-8.
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Writes bytes. A write of ``flushThreshold`` bytes or more goes on at once after what
    /// is buffered, without a copy into the buffer: a many-megabyte line (an echoed input
    /// field) is never held twice, and the buffer stays small.
    public func write(bytes: UnsafeRawBufferPointer) {
        state.withLock { state in
            if !state.prefix.isEmpty, bytes.count > 0 { state.buffer += state.prefix; state.prefix = [] }
            guard bytes.count >= Self.flushThreshold else {
                state.buffer.append(contentsOf: bytes)
                if state.buffer.count >= Self.flushThreshold { drain(&state) }
                return
            }
            drain(&state)
            send(bytes, &state)
        }
    }

    /// Writes bytes.
    public func write(bytes: [UInt8]) {
        bytes.withUnsafeBytes { write(bytes: $0) }
    }

    /// Sends buffered bytes on to the file descriptor.
    public func flush() {
        state.withLock { drain(&$0) }
    }

    private func drain(_ state: inout State) {
        guard !state.buffer.isEmpty else { return }
        var buffer: [UInt8] = []
        swap(&buffer, &state.buffer)
        buffer.withUnsafeBytes { send($0, &state) }
        buffer.removeAll(keepingCapacity: true)
        state.buffer = buffer
    }

    /// Sends bytes on to the target (the buffer's, or a large write's own).
    private func send(_ bytes: UnsafeRawBufferPointer, _ state: inout State) {
        switch target {
        case .fileDescriptor(let fd):
            if state.failure == nil { state.failure = Platform.writeAll(fd, bytes) }
        case .closed:
            if state.failure == nil { state.failure = Platform.badDescriptor }
        case .memory:
            state.memory.append(contentsOf: bytes)
        }
    }

    /// Why the file descriptor refused the output, e.g. "No space left on device" (`> /dev/full`)
    /// or "Broken pipe" (a reader that closed early), after a ``flush()``; `nil` while every
    /// byte was written. Once a write fails, later output is dropped, so what reached the
    /// descriptor is incomplete: the tool then exits with status 1.
    public var writeFailure: String? {
        state.withLock { state in
            state.failure.map(Platform.errorText)
        }
    }

    /// ``writeFailure`` in Korean (`--lang ko`), keyed by the `errno`.
    var koreanWriteFailure: String? { state.withLock { $0.failure.map(Platform.koreanErrorText) } }

    /// The terminal's width in columns when the sink is a terminal that reports one (the
    /// `TIOCGWINSZ` ioctl); `nil` for files, pipes and memory.
    public var terminalColumns: Int? {
        guard isTerminal, case .fileDescriptor(let fd) = target else { return nil }
        return Platform.terminalColumns(fd)
    }

    /// The file descriptor the sink writes to, or `nil` (memory, or a descriptor closed at
    /// start). The MCP server writes its replies there from a thread of its own.
    var fileDescriptor: Int32? {
        if case .fileDescriptor(let fd) = target { return fd }
        return nil
    }

    /// Everything written so far (memory sinks only; empty for file descriptors).
    public var bytes: [UInt8] {
        state.withLock { state in
            drain(&state)
            return state.memory
        }
    }

    /// Everything written so far, as text (memory sinks only).
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
