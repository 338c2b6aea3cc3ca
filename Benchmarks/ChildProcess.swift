// Starting a program and waiting for it, with posix_spawn: no Foundation `Process` (its
// run-loop and thread would be part of what is timed).

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum ChildProcess {
    /// The absolute path of this executable.
    static let currentExecutable: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 { return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return CommandLine.arguments.first ?? "Benchmarks"
    }()

    /// Runs `command` (a path, then arguments) and waits for it.
    ///
    /// - Parameters:
    ///   - standardInput: A file to read from; `/dev/null` by default.
    ///   - standardOutput: A file to write to (created or truncated); `/dev/null` by default.
    /// - Returns: The exit status, or -1 if the program could not be started or was killed.
    static func run(_ command: [String], standardInput: String = "/dev/null", standardOutput: String = "/dev/null") -> Int32 {
        guard let pid = spawn(command, standardInput: standardInput, standardOutput: standardOutput) else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return -1 }
        }
        return exitStatus(status)
    }

    /// Starts `command` with its standard input and output redirected, standard error to
    /// `/dev/null`; `nil` if it could not be started.
    private static func spawn(_ command: [String], standardInput: String, standardOutput: String) -> pid_t? {
        guard let executable = command.first else { return nil }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }

        var pid = pid_t()
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
        return pid
    }

    /// WIFEXITED / WEXITSTATUS, which Swift does not import as functions: the exit status, or
    /// -1 for a program killed by a signal.
    private static func exitStatus(_ status: Int32) -> Int32 {
        status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }

    /// What ``measure(_:standardOutput:interruptAfter:)`` saw.
    struct Measured {
        /// The exit status, or -1 if the program could not be started or was killed.
        var status: Int32
        /// The child's peak resident memory, in kilobytes: its `VmHWM` in `/proc/<pid>/status`,
        /// read every millisecond for its first half second, then every 20 ms, while it runs. (Not `ru_maxrss` from `wait4`: Linux carries the
        /// spawning process's high-water mark over `exec`, so that reads the parent's size.)
        var peakKilobytes: Int
        /// Wall time from start to exit.
        var seconds: Double
    }

    /// Runs `command` and waits for it, measuring its wall time and its own peak memory;
    /// with `interruptAfter`, sends it SIGINT (Ctrl-C) after that long.
    static func measure(_ command: [String], standardOutput: String = "/dev/null", interruptAfter: Duration? = nil) -> Measured {
        let clock = ContinuousClock()
        let start = clock.now
        guard let pid = spawn(command, standardInput: "/dev/null", standardOutput: standardOutput) else {
            return Measured(status: -1, peakKilobytes: 0, seconds: 0)
        }
        var peak = 0
        var interrupted = interruptAfter == nil
        while true {
            var status: Int32 = 0
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid {
                return Measured(status: exitStatus(status), peakKilobytes: peak, seconds: (clock.now - start) / .seconds(1))
            }
            if done < 0, errno != EINTR { return Measured(status: -1, peakKilobytes: peak, seconds: (clock.now - start) / .seconds(1)) }
            peak = max(peak, highWaterKilobytes(pid))
            if !interrupted, let interruptAfter, clock.now - start >= interruptAfter {
                kill(pid, SIGINT)
                interrupted = true
            }
            // Every millisecond at first: a child that exits within a few milliseconds (the
            // CSV of one field) is otherwise read only before its exec, at a few kilobytes.
            usleep(clock.now - start < .milliseconds(500) ? 1_000 : 20_000)
        }
    }

    /// `VmHWM` of a running process, in kilobytes (0 when it cannot be read).
    private static func highWaterKilobytes(_ pid: pid_t) -> Int {
        guard let bytes = contents(of: "/proc/\(pid)/status") else { return 0 }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? 0
        }
        return 0
    }

    /// The bytes of a file, or `nil` if it cannot be read.
    static func contents(of path: String) -> [UInt8]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}
