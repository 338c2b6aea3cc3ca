import Foundation
import Testing
import _KMATestSupport

/// The built `kma-forecast` executable, run as a separate process the way people run it: the
/// product of the same build as these tests (so `swift test -c release` runs the release
/// binary), its real standard streams, environment and exit status.
///
/// The in-process tests (`runTool`) cover the logic; these cover what only a process shows:
/// the entry point, flushing, exit statuses, a refused standard output, and a release build's
/// code generation (a Swift 6.3.1 miscompile once broke every release fetch while the debug
/// build and every in-process test were fine).
@Suite("The built kma-forecast binary, as a process", .serialized, .oneAtATime)
struct BuiltBinaryTests {
    /// What a process printed and returned.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `kma-forecast` executable of this build: beside the test bundle (Linux:
    /// `.build/<config>/kma-forecastPackageTests.xctest`; Darwin: inside the bundle, a few
    /// levels down).
    static func binary() throws -> String {
        // `KMA_BINARY`: another build to measure (an older release binary, for a before/after).
        if let path = ProcessInfo.processInfo.environment["KMA_BINARY"], FileManager.default.isExecutableFile(atPath: path) { return path }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("kma-forecast").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw BinaryNotFound(testRunner: CommandLine.arguments[0])
    }

    struct BinaryNotFound: Error, CustomStringConvertible {
        var testRunner: String
        var description: String {
            "no kma-forecast executable beside the test runner \(testRunner); the test target depends on it, so the build should have made it"
        }
    }

    /// Runs the binary with a clean environment (no key, a fresh HOME) plus `environment`.
    /// Standard output and error go to files (no pipe can fill and block the child), or
    /// standard output to `stdoutPath` when given.
    static func run(_ arguments: [String], environment: [String: String] = [:], stdoutPath: String? = nil) throws -> Outcome {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("kma-binary-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let outPath = stdoutPath ?? home.appendingPathComponent("stdout").path
        let errPath = home.appendingPathComponent("stderr").path
        if stdoutPath == nil { _ = FileManager.default.createFile(atPath: outPath, contents: nil) }
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        guard let out = FileHandle(forWritingAtPath: outPath), let err = FileHandle(forWritingAtPath: errPath) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try binary())
        process.arguments = arguments
        var base = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        base.merge(environment) { _, new in new }
        process.environment = base
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try? out.close()
        try? err.close()
        let stdout = stdoutPath == nil ? (FileManager.default.contents(atPath: outPath) ?? Data()) : Data()
        return Outcome(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        )
    }

    @Test("The README's first command: no key, the bundled sample forecast, exit 0")
    func firstRun() throws {
        let result = try Self.run(["--lat", "37.56", "--lon", "126.97"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("nx 60, ny 120"))
        // The days ahead: the sample's ten days (short-term, then mid-term) in place of the
        // short-term daily summary.
        #expect(result.stdout.contains("Days ahead (short-term)") && result.stdout.contains("Mid-term sample:") && !result.stdout.contains("Daily summary"))
        // One screen: at most 40 lines at 80 columns, with every day of the run (its last,
        // 11-23, holds only the hours after midnight: not a day), then the mid-term days.
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).count - 1 <= 40)
        for day in ["Sun 11-20", "Mon 11-21", "Tue 11-22", "Thu 10-08", "Wed 10-14"] { #expect(result.stdout.contains(day)) }
        #expect(!result.stdout.contains("Wed 11-23"))
        #expect(!result.stderr.contains("Error"))
        #expect(result.stderr.contains("sample data"))
    }

    @Test("Each bundled sample product shows, in every format --demo allows", arguments: ["nowcast", "ultra-short", "short-term"])
    func demoProducts(product: String) throws {
        let result = try Self.run(["--demo", "--product", product])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.isEmpty)
        #expect(!result.stderr.contains("Error"))
    }

    @Test("With a key against a stand-in gateway on 127.0.0.1: every item of every product, merged")
    func liveAgainstStandIn() throws {
        let server = try Scenario.server()
        defer { server.stop() }
        let result = try Self.run(
            Scenario.arguments(server, ["--format", "csv", "--at", "2026-11-21T14:50:00+09:00"]),
            environment: Scenario.environment
        )
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        // A header, then nowcast 1 row, ultra-short 6, short-term 58 (700 items), then the three days.
        #expect(lines.count == 1 + 1 + 6 + 58 + 3)
        #expect(lines.filter { $0.hasPrefix("nowcast,20261121,1400,") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("ultra-short,20261121,1430,") }.count == 6)
        #expect(lines.filter { $0.hasPrefix("short-term,20261121,1400,") }.count == 58)
        #expect(server.forecastRequests.filter { !$0.path.contains("MidFcstInfoService") }.count == 3)  // and the mid-term and warning services'
        #expect(!result.stdout.contains("TESTKEY") && !result.stderr.contains("TESTKEY"))
    }

    @Test("--version anywhere among the arguments; not as an option's value", arguments: [
        ["--version"],
        ["--lat", "37.56", "--lon", "126.97", "--version"],
        ["grid", "--nx", "60", "--ny", "127", "--version"],
        ["forecast", "--version"],
    ])
    func version(arguments: [String]) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("kma-forecast "))
        #expect(result.stdout.split(separator: "\n").count == 1)
    }

    @Test("--help anywhere, even after an invalid value: help on stdout, exit 0, no forecast", arguments: [
        (["--lat", "x", "--help"], "kma-forecast --lat <lat> --lon <lon>"),
        (["--lat", "37.56", "--lon", "126.97", "-h"], "kma-forecast --lat <lat> --lon <lon>"),
        (["grid", "--nx", "abc", "--help"], "kma-forecast grid"),
    ])
    func help(arguments: [String], usage: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(usage))
        #expect(!result.stdout.contains("Daily summary") && result.stderr.isEmpty)
    }

    @Test("A closed standard output (>&-): exit 1 and a short message, not a silent success")
    func closedStandardOutput() throws {
        // The shell closes descriptor 1 before it starts the binary.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" --demo >&-", try Self.binary()]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(text.contains("Error: could not write to standard output (Bad file descriptor); the output is incomplete."))
    }

    #if os(Linux)
    @Test("A full disk on standard output (> /dev/full): exit 1 and a short message")
    func fullDisk() throws {
        let result = try Self.run(["--demo"], stdoutPath: "/dev/full")
        #expect(result.status == 1)
        #expect(result.stderr.contains("Error: could not write to standard output (No space left on device); the output is incomplete."))
    }
    #endif
}
