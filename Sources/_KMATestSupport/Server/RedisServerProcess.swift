import Foundation
import _KMASystem

/// A `redis-server` of a test's own: Debian's (`apt-get install -y redis-server`), on a free
/// port of 127.0.0.1, in a temporary folder, with persistence off (`--save ''`,
/// `--appendonly no`), so nothing outlives the test. It can be stopped and started again on
/// the same port (a restart), paused (`SIGSTOP`: a server that hangs, its connections open)
/// and resumed; it is stopped when this object goes.
///
/// When redis-server is not installed, ``init(password:)`` throws an error that says how to
/// install it: the tests that need it fail, they never skip (CI installs it in `.ci/run`).
package final class RedisServerProcess: Sendable {
    /// The port it listens on, on 127.0.0.1.
    package let port: UInt16
    /// The password it requires, if any (`--requirepass`).
    package let password: String?
    private let executable: String
    private let folder: URL
    private let process = Locked<(running: Process?, starts: Int)>((nil, 0))

    /// Why no server was started.
    package struct LaunchError: Error, CustomStringConvertible {
        package var description: String
    }

    /// Starts a server on a free port.
    package init(password: String? = nil) throws {
        executable = try Self.findExecutable()
        self.password = password
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kma-redis-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try Self.freePort()
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// `redis://127.0.0.1:<port>`, with the password when there is one.
    package var url: String { password.map { "redis://:\($0)@127.0.0.1:\(port)" } ?? "redis://127.0.0.1:\(port)" }

    /// Starts the server (again, after ``stop()``) on ``port``, and returns once its log says
    /// it accepts connections (at most 60 s: a hang guard, not a speed test).
    package func start() throws {
        let starts = process.withLock { state -> Int in
            state.starts += 1
            return state.starts
        }
        let log = folder.appendingPathComponent("redis-\(starts).log")
        var arguments = [
            "--port", String(port), "--bind", "127.0.0.1", "--dir", folder.path, "--save", "", "--appendonly", "no",
            "--daemonize", "no", "--logfile", log.path, "--protected-mode", "no",
        ]
        if let password { arguments += ["--requirepass", password] }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: executable)
        child.arguments = arguments
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        process.withLock { $0.running = child }
        let started = ContinuousClock.now
        while ContinuousClock.now - started < .seconds(60) {
            if let text = try? String(contentsOf: log, encoding: .utf8), text.contains("Ready to accept connections") { return }
            if !child.isRunning {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                throw LaunchError(description: "redis-server exited at its start (status \(child.terminationStatus)); its log:\n\(text)")
            }
            SocketCalls.sleep(milliseconds: 20)
        }
        throw LaunchError(description: "redis-server did not say it accepts connections within 60 s (hang guard); see \(log.path)")
    }

    /// Stops the server (`SIGKILL`, as a crash or an out-of-memory kill would, then waits for
    /// it to exit): its clients' connections close. Not `SIGTERM`: a child started from a test
    /// runner's thread inherits a signal mask that blocks it, and would never stop.
    package func stop() {
        guard let child = process.withLock({ state -> Process? in
            defer { state.running = nil }
            return state.running
        }) else { return }
        SocketCalls.kill(process: child.processIdentifier)
        child.waitUntilExit()
    }

    /// Pauses the server (`SIGSTOP`): connections stay open, nothing is answered.
    package func pause() {
        _ = process.withLock({ $0.running })?.suspend()
    }

    /// Resumes a paused server (`SIGCONT`).
    package func resume() {
        _ = process.withLock({ $0.running })?.resume()
    }

    private static func findExecutable() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/sbin", "/usr/local/bin", "/opt/homebrew/bin"]
        for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/redis-server") {
            return folder + "/redis-server"
        }
        throw LaunchError(description: """
            redis-server is not installed, and the KMARedis tests run their own (on a free 127.0.0.1 port, \
            in a temporary folder). Install it: apt-get install -y redis-server (Debian, Ubuntu), \
            brew install redis (macOS). CI installs it in .ci/run.
            """)
    }

    /// A port of 127.0.0.1 free a moment ago (bound at port 0, read, released).
    private static func freePort() throws -> UInt16 {
        let (fd, port) = try ReplayServerError.loopbackListener(backlog: 1)
        SystemCalls.closeDescriptor(fd)
        return port
    }
}
