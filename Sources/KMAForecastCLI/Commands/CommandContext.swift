import Foundation
import KMAForecastClient

/// Everything a run of the tool reads from and writes to the outside world, injectable so
/// tests run the tool in-process: arguments, environment, clock, standard input and output.
public struct CommandContext: Sendable {
    /// Where standard input comes from.
    public enum Input: Sendable {
        /// A file descriptor (0 for the process's standard input).
        case fileDescriptor(Int32)
        /// Fixed bytes (for tests).
        case bytes([UInt8])
    }

    /// The arguments after the program name.
    public var arguments: [String]
    /// The environment variables (`KMA_SERVICE_KEY`, `NO_COLOR`, `LANG`, …).
    public var environment: [String: String]
    /// The clock: what "now" is. Base times are computed from it.
    public var now: @Sendable () -> Date
    /// Standard input (read by `-` in place of a file name).
    public var standardInput: Input
    /// Results for people and programs.
    public var standardOutput: TextSink
    /// Errors, warnings and progress.
    public var standardError: TextSink
    /// How the client waits between retries; `nil` for real time. Tests make it instant.
    public var retrySleep: (@Sendable (Duration) async -> Void)?

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: Environment variables.
    ///   - now: The clock.
    ///   - standardInput: Standard input.
    ///   - standardOutput: Where results go.
    ///   - standardError: Where diagnostics go.
    public init(
        arguments: [String],
        environment: [String: String] = [:],
        now: @escaping @Sendable () -> Date = { Date() },
        standardInput: Input = .bytes([]),
        standardOutput: TextSink = .memory(),
        standardError: TextSink = .memory()
    ) {
        self.arguments = arguments
        self.environment = environment
        self.now = now
        self.standardInput = standardInput
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The context of this process: its arguments, environment, clock and standard streams.
    ///
    /// Call it first thing: the standard streams are claimed before anything else opens a file
    /// (see ``TextSink/standardOutput()`` for a closed descriptor).
    public static func process() -> CommandContext {
        _ = Platform.reserveIfClosed(0)
        let output = TextSink.standardOutput()
        let errors = TextSink.standardError()
        return CommandContext(
            arguments: Array(CommandLine.arguments.dropFirst()),
            environment: ProcessInfo.processInfo.environment,
            now: { Date() },
            standardInput: .fileDescriptor(0),
            standardOutput: output,
            standardError: errors
        )
    }

    /// The most bytes an input file (`--input`, `field --input`, `grid --input`, `parse`) is
    /// read: a places table's bound (``PlacesTable/maximumSize``, 64 MiB, a million places
    /// many times over). Inputs are read whole, so a device (`--input /dev/zero`) or a wrong
    /// file must not grow the process without bound.
    static let inputLimit = PlacesTable.maximumSize

    /// Reads all of standard input, at most ``inputLimit`` bytes.
    func readStandardInput() throws(CLIError) -> [UInt8] {
        switch standardInput {
        case .bytes(let bytes):
            guard bytes.count <= Self.inputLimit else { throw Platform.tooLarge("standard input", limit: Self.inputLimit) }
            return bytes
        case .fileDescriptor(let fd): return try Platform.readAll(fd, limit: Self.inputLimit, name: "standard input")
        }
    }

    /// Reads a file, or standard input for `-`, at most ``inputLimit`` bytes; more is an error
    /// saying so.
    func readInput(_ path: String) throws(CLIError) -> [UInt8] {
        path == "-" ? try readStandardInput() : try Platform.readFile(path, limit: Self.inputLimit)
    }
}
