import Foundation
import KMAForecast
import _KMASystem

/// The forecast as tools for AI agents: a Model Context Protocol server on a pair of streams,
/// one JSON-RPC message a line, until the input ends. This is what `kma-forecast mcp` runs;
/// an app or another tool can serve it the same way:
///
/// ```swift
/// import KMAForecastMCP
///
/// await MCPStdioServer.serve(
///     input: .fileDescriptor(0), output: .fileDescriptor(1),
///     environment: ProcessInfo.processInfo.environment, version: "1.0",
///     log: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
/// ```
///
/// Both protocol eras (2025-11-25 with `initialize`, 2026-07-28 stateless with
/// `server/discover`); the tools are ``toolNames``. The key and the other settings come from
/// `environment` only (`KMA_SERVICE_KEY`, `KMA_PROVIDER`, `KMA_BASE_URL`, `KMA_MID_BASE_URL`,
/// `KMA_FIELD_BASE_URL`, `KMA_CACHE_DIR`, `KMA_MAX_REQUESTS`); without a key the forecast tool
/// answers with the recorded sample, marked as such.
public enum MCPStdioServer {
    /// Where the messages come from.
    public enum Input: Sendable {
        /// The whole input at once (tests, a recorded session): every call is answered before
        /// ``serve(input:output:environment:version:now:log:)`` returns.
        case bytes([UInt8])
        /// A file descriptor read to its end (the process's standard input is 0). Calls still
        /// running at the end get 5 s to finish, then are stopped and answered with an error
        /// result that says so.
        case fileDescriptor(Int32)
    }

    /// Where the replies go, one message a line, newline included.
    public enum Output: Sendable {
        /// A file descriptor (the process's standard output is 1). A write to a pipe whose
        /// reader went away fails (`SIGPIPE` is ignored from then on) rather than killing the
        /// process.
        case fileDescriptor(Int32)
        /// A function given each line's bytes, in order, from one thread.
        case lines(@Sendable ([UInt8]) -> Void)
    }

    /// The tools' names, in the order `tools/list` gives them (fixed: a rename breaks people's
    /// client configurations).
    public static var toolNames: [String] { MCPTools.names }

    /// Serves until `input` ends, then returns once every request read was answered (a call
    /// gets 5 s after the end of input to finish, then it is stopped with a reply that says
    /// so) and every reply was written whole: as long as the client keeps the output open
    /// without reading it, this waits (a client ends a session by closing or killing the
    /// server, as the protocol says); once the output fails (`EPIPE`) the replies are discarded.
    /// The log is written by a thread of its own from a bounded queue (the oldest lines
    /// dropped), so a standard error nobody reads never stops the server.
    ///
    /// - Parameters:
    ///   - environment: The settings (see the type's description); the key is never written out.
    ///   - version: The version the server reports in `serverInfo`.
    ///   - now: The clock the tools answer by ("today" in KST, base times); default the system's.
    ///   - log: Receives a line for people (no newline) for each diagnostic: standard error's.
    public static func serve(
        input: Input, output: Output, environment: [String: String], version: String,
        now: @escaping @Sendable () -> Date = { Date() }, log: @escaping @Sendable (String) -> Void
    ) async {
        await serve(input: input, output: output, environment: environment, version: version, now: now, retrySleep: nil, log: log)
    }

    /// ``serve(input:output:environment:version:now:log:)`` with the client's wait between
    /// retries injected (tests make it instant).
    package static func serve(
        input: Input, output: Output, environment: [String: String], version: String,
        now: @escaping @Sendable () -> Date, retrySleep: (@Sendable (Duration) async -> Void)?, log: @escaping @Sendable (String) -> Void
    ) async {
        if case .fileDescriptor = output {
            // A client that went away must not kill the process with SIGPIPE.
            SystemCalls.ignoreBrokenPipeSignal()
        }
        // Standard error may not be drained: the log has a thread and a bounded queue of its own.
        let logger = MCPLog(sink: log)
        let log: @Sendable (String) -> Void = { logger.write($0) }
        let writer = MCPOutput(target: output, log: log)
        let service = MCPService(environment: environment, now: now, retrySleep: retrySleep)
        let server = MCPServer(tools: MCPTools(service: service), version: version, send: { writer.send($0) }, log: log)
        // Fixed input (tests, a recorded session) waits for every answer.
        let grace: Duration? = if case .bytes = input { nil } else { MCPServer.endOfInputGrace }
        let intake = MCPIntake(server: server, output: writer, grace: grace)
        log("serving \(MCPTools.names.count) tools on standard input/output (protocol \(MCPServer.modernVersion) and \(MCPServer.legacyVersions[0])); " + (service.key == nil ? "no KMA_SERVICE_KEY: forecasts are the recorded sample" : "key from KMA_SERVICE_KEY"))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                MCPLineReader.run(input, intake: intake, log: log)
                done.resume()
            }
            thread.name = "kma-forecast mcp input"
            thread.start()
        }
        // End of input: every request read is served as the output drains; calls still
        // running get their grace, then are stopped with a reply that says so; everything
        // queued is written, whole; then the process may exit.
        await intake.waitUntilServed()
        await server.waitUntilNoCalls()
        await writer.waitUntilWritten()
        writer.close()
        logger.finish(waitingAtMost: 1)
    }
}
