#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import _KMASystem

/// `kma-forecast mcp` as a child process with its three streams under the test's control, the
/// way an MCP client holds them: standard input written by the test; standard output read by
/// a thread into lines (from the start, or only after ``startReading()``, or never; its read
/// end can be closed, as a client that went away); standard error read the same way, or never
/// read, or closed before the server starts.
final class MCPProcess: @unchecked Sendable {
    /// What becomes of standard error.
    enum ErrorStream { case read, neverRead, closed }

    let pid: pid_t
    private let input: Int32
    private let output: Int32
    private let errors: Int32
    private let outputLines = Lines()
    private let errorLines = Lines()
    private let reading = Locked(false)
    private let readingErrors: Bool

    /// Starts the binary with `mcp` and `environment` (plus PATH and LANG); standard output
    /// is read at once when `readOutput`.
    init(environment: [String: String] = [:], readOutput: Bool = true, errorStream: ErrorStream = .read) throws {
        let binary = try BuiltBinaryTests.binary()
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw SpawnFailed(code: errno) }
        for fd in [inPipe[1], outPipe[0], errPipe[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        if errorStream == .closed {
            posix_spawn_file_actions_addclose(&actions, 2)
        } else {
            posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        }
        let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": FileManager.default.temporaryDirectory.path].merging(environment) { _, new in new }
        let arguments: [String] = [binary, "mcp"]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, envp)
        for fd in [inPipe[0], outPipe[1], errPipe[1]] { close(fd) }
        guard spawned == 0 else { throw SpawnFailed(code: spawned) }
        self.pid = pid
        input = inPipe[1]
        output = outPipe[0]
        errors = errPipe[0]
        readingErrors = errorStream == .read
        if errorStream == .read { Self.readLines(errors, into: errorLines, bytesPerSecond: nil) }
        if readOutput { startReading() }
    }

    struct SpawnFailed: Error, CustomStringConvertible {
        var code: Int32
        var description: String { "could not start kma-forecast mcp: \(String(cString: strerror(code)))" }
    }

    // MARK: Standard input

    /// Writes `text` whole to standard input (blocks while the server does not read).
    func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { SystemCalls.writeAll(input, UnsafeRawBufferPointer($0)) }
    }

    /// Ends standard input.
    func closeInput() { close(input) }

    // MARK: Standard output and error

    /// Starts reading standard output (once), at most `bytesPerSecond` when given.
    func startReading(bytesPerSecond: Int? = nil) {
        let first = reading.withLock { started -> Bool in
            defer { started = true }
            return !started
        }
        if first { Self.readLines(output, into: outputLines, bytesPerSecond: bytesPerSecond) }
    }

    /// Closes the read end of standard output, as a client that went away: the server's next
    /// write fails with `EPIPE`.
    func closeOutput() { close(output) }

    /// The lines of standard output so far (without newlines; a last line without one is
    /// not included).
    var lines: [String] { outputLines.all }
    /// The lines of standard error so far.
    var errorText: [String] { errorLines.all }

    /// Waits until `condition` holds for standard output's lines, at most `seconds` (a hang
    /// guard): whether it did.
    func waitForOutput(seconds: Double = 300, _ condition: ([String]) -> Bool) -> Bool {
        outputLines.wait(seconds: seconds, condition)
    }

    /// Waits until `condition` holds for standard error's lines, at most `seconds`.
    func waitForErrors(seconds: Double = 300, _ condition: ([String]) -> Bool) -> Bool {
        errorLines.wait(seconds: seconds, condition)
    }

    /// Whether standard output has ended (the server closed it or exited) with a partial line.
    var partialLine: Bool { outputLines.partial }

    // MARK: The process

    /// Waits for the process to exit, at most `seconds` (then kills it): its exit status, or
    /// `nil` when it had to be killed. Standard output and error are read to their end first.
    func wait(seconds: Double = 300) -> Int32? {
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if Date() >= deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return nil
            }
            usleep(10_000)
        }
        if reading.withLock({ $0 }) { _ = outputLines.waitForEnd(seconds: 30) }
        if readingErrors { _ = errorLines.waitForEnd(seconds: 30) }
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Whether the process is still running.
    var isRunning: Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }

    /// The process's peak resident memory so far, KiB (`VmHWM`; 0 where `/proc` is missing).
    var peakKiB: Int { BoundedMemoryTests.highWaterKiB(pid) }

    deinit {
        if isRunning {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    // MARK: Lines

    /// Lines read from a descriptor, with waiting for a condition on them.
    final class Lines: @unchecked Sendable {
        private let condition = NSCondition()
        private var lines: [String] = []
        private var rest: [UInt8] = []
        private var ended = false

        var all: [String] { condition.lock(); defer { condition.unlock() }; return lines }
        var partial: Bool { condition.lock(); defer { condition.unlock() }; return ended && !rest.isEmpty }

        func append(_ bytes: ArraySlice<UInt8>) {
            condition.lock()
            rest += bytes
            var start = rest.startIndex
            while let newline = rest[start...].firstIndex(of: 0x0A) {
                lines.append(String(decoding: rest[start..<newline], as: UTF8.self))
                start = newline + 1
            }
            rest.removeSubrange(..<start)
            condition.broadcast()
            condition.unlock()
        }

        func end() {
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }

        func wait(seconds: Double, _ test: ([String]) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            condition.lock()
            defer { condition.unlock() }
            while !test(lines) {
                if ended || !condition.wait(until: deadline) { return test(lines) }
            }
            return true
        }

        func waitForEnd(seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            condition.lock()
            defer { condition.unlock() }
            while !ended {
                if !condition.wait(until: deadline) { return false }
            }
            return true
        }
    }

    /// Reads `fd` to its end on a thread of its own into `lines`, at most `bytesPerSecond`.
    private static func readLines(_ fd: Int32, into lines: Lines, bytesPerSecond: Int?) {
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let chunk = bytesPerSecond.map { max(1, min(buffer.count, $0 / 20)) } ?? buffer.count
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunk) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                lines.append(buffer[0..<count])
                if bytesPerSecond != nil { usleep(50_000) }  // a client that reads slowly
            }
            lines.end()
        }
    }
}
