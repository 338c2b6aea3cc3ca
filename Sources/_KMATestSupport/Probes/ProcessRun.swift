import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a child process (Python, GDAL, Chromium, the built binary) ended, and what it wrote, in
/// words a failing test can print as they are: a run that was cut off or killed says so, and is
/// never read as the program's verdict (issue 30: a Python traceback of a validator the test
/// runner stopped read as if the schema were broken).
///
/// ```swift
/// let result = try ProcessRun.run(python, [script, schema, file])
/// #expect(result.status == 0, "\(result)")   // "… exited with status 1: …" or "… was cut off …"
/// ```
package struct ProcessRun: Sendable, CustomStringConvertible {
    /// How the process ended.
    package enum Ending: Sendable, Hashable {
        /// It exited by itself with this status.
        case exited(Int32)
        /// A signal ended it that the hang guard did not send (the machine ran out of memory,
        /// the test runner or a person stopped it).
        case killed(signal: Int32)
        /// It was still running when the hang guard's time was up, and was killed then.
        case cutOff(afterSeconds: Int)
    }

    /// The command as run: the program's file name and its arguments.
    package var command: String
    /// How it ended.
    package var ending: Ending
    /// Standard output and standard error, interleaved as written.
    package var output: String
    /// Seconds from its start to its end, on the continuous clock.
    package var seconds: Double

    /// The exit status; -1 when it did not exit by itself (``ending`` says how it ended).
    package var status: Int32 {
        if case .exited(let status) = ending { return status }
        return -1
    }

    /// Whether it exited by itself (any status): only then is its output a verdict.
    package var finished: Bool {
        if case .exited = ending { return true }
        return false
    }

    /// What happened, then the output: what a failing expectation prints.
    package var description: String {
        let shown = String(format: "%.1f", seconds)
        let what: String
        switch ending {
        case .exited(let status):
            what = "\(command) exited with status \(status) after \(shown) s"
        case .killed(let signal):
            what = "\(command) was killed by signal \(signal) after \(shown) s, before it finished: this is no verdict of the program (the machine or the test runner ended it)"
        case .cutOff(let limit):
            what = "\(command) was cut off: still running after \(limit) s, the test's hang guard killed it. This is no verdict of the program: on a machine this busy it needs longer, or it hangs"
        }
        return output.isEmpty ? what + ", no output" : what + ". Its output:\n" + output
    }

    /// Runs `executable` with `arguments` to its end, or until `hangGuardSeconds` have passed
    /// since its start (then SIGTERM, and SIGKILL 5 s later). Output goes to a temporary file,
    /// not a pipe, so a chatty program never blocks on a full pipe.
    ///
    /// - Parameters:
    ///   - environment: The child's environment; `nil` inherits this process's.
    ///   - hangGuardSeconds: A hang guard, not a speed test: generous (default 480 s, under the
    ///     tests' 10-minute time limit, so the cut-off is reported as one before the test's
    ///     limit ends it), measured from the child's own start.
    /// - Throws: When the program cannot be started (missing, not executable).
    package static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        currentDirectory: String? = nil, hangGuardSeconds: Int = 480
    ) throws -> ProcessRun {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("kma-process-\(UUID().uuidString).out").path
        guard FileManager.default.createFile(atPath: outputPath, contents: nil), let handle = FileHandle(forWritingAtPath: outputPath) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        let clock = ContinuousClock()
        let start = clock.now
        do {
            try process.run()
        } catch {
            try? handle.close()
            throw error
        }
        var cutOff = false
        if ended.wait(timeout: .now() + .seconds(max(1, hangGuardSeconds))) == .timedOut {
            cutOff = true
            process.terminate()
            if ended.wait(timeout: .now() + .seconds(5)) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                ended.wait()
            }
        }
        let seconds = (clock.now - start).secondsDouble
        try? handle.close()
        let output = String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
        let ending: Ending = if cutOff {
            .cutOff(afterSeconds: hangGuardSeconds)
        } else if process.terminationReason == .uncaughtSignal {
            .killed(signal: process.terminationStatus)
        } else {
            .exited(process.terminationStatus)
        }
        let name = URL(fileURLWithPath: executable).lastPathComponent
        return ProcessRun(command: ([name] + arguments).joined(separator: " "), ending: ending, output: output, seconds: seconds)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    fileprivate var secondsDouble: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
