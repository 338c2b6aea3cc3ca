import Foundation
import KMAForecast
import KMAForecastClient
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `kma-forecast mcp`: the forecast as tools for AI agents, a Model Context Protocol server on
/// standard input and output (one JSON-RPC message a line), until standard input ends.
enum MCPCommand {
    static let spec = CommandSpec(
        name: "mcp",
        abstract: "Serve the forecast to AI agents: a Model Context Protocol server on standard input/output.",
        usage: ["[--at <instant>]"],
        discussion: """
            Started by an MCP client (Claude Desktop, an IDE, an agent framework) as a subprocess; it
            answers JSON-RPC messages, one per line, on standard input and output, and exits when
            standard input ends. Both protocol eras: 2025-11-25 (initialize) and 2026-07-28
            (server/discover, stateless). Logs go to standard error only.

            Tools: \(MCPTools.names.joined(separator: ", ")).

            The key comes from the environment only: KMA_SERVICE_KEY (set it in the "env" of the
            server's entry in the client's configuration). Without it the forecast tool answers
            with the recorded sample, marked as such. Also read: KMA_PROVIDER, KMA_BASE_URL,
            KMA_MID_BASE_URL, KMA_FIELD_BASE_URL, KMA_CACHE_DIR (else the usual cache directory),
            KMA_MAX_REQUESTS (a request budget for the process's life). One process shares one
            cache, one rate limiter (30 requests a second per operation) and the budget.

            EXAMPLE (a client's configuration):
              {"mcpServers": {"kma-forecast": {"command": "kma-forecast", "args": ["mcp"],
                "env": {"KMA_SERVICE_KEY": "<your key>"}}}}
            """,
        options: [
            OptionSpec("at", value: "instant", help: "Answer as if it were this instant (ISO 8601; without an offset it is KST), for recorded data and tests. Default: the clock."),
        ],
        positional: nil
    )

    /// The longest line read; a longer one is skipped to its end and answered -32700.
    static let maximumLineLength = 4 << 20
    /// The most `tools/call` requests in flight; beyond it reading waits.
    static let maximumCallsInFlight = 32

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) -> Int32 {
        var now = context.now
        if arguments.has("at") {
            let instant = try BaseTimeCommand.instant(arguments, context)
            let date = KSTDateTime(unixSeconds: instant).date
            now = { date }
        }
        let errors = context.standardError
        let log: @Sendable (String) -> Void = { message in
            errors.write("kma-forecast mcp: \(message)\n")
            errors.flush()
        }
        let target: MCPOutput.Target
        if case .fileDescriptor = context.standardInput, let fd = context.standardOutput.fileDescriptor {
            // A client that went away must not kill the process with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            target = .fileDescriptor(fd)
        } else {
            target = .sink(context.standardOutput)
        }
        let output = MCPOutput(target: target, log: log)
        let service = MCPService(environment: context.environment, now: now, retrySleep: context.retrySleep)
        let server = MCPServer(tools: MCPTools(service: service), send: { output.send($0) }, log: log)
        log("serving \(MCPTools.names.count) tools on standard input/output (protocol \(MCPServer.modernVersion) and \(MCPServer.legacyVersions[0])); " + (service.key == nil ? "no KMA_SERVICE_KEY: forecasts are the recorded sample" : "key from KMA_SERVICE_KEY"))
        let input = context.standardInput
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                readLines(input, server: server, output: output, log: log)
                done.resume()
            }
            thread.name = "kma-forecast mcp input"
            thread.start()
        }
        // End of input: calls still running get a moment to answer, then are cancelled, so
        // the process exits within a second whatever KMA is doing. (Fixed input, in tests,
        // waits for every answer.)
        if case .bytes = input {
            await server.waitUntilIdle()
        } else {
            let deadline = ContinuousClock.now + .milliseconds(600)
            while server.callsInFlight > 0, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        }
        server.cancelAll()
        output.drain(seconds: 0.3)
        return ExitCode.success
    }

    /// Reads lines until end of input and hands each to the server: a line longer than
    /// ``maximumLineLength`` is skipped and answered -32700; reading waits while too many calls
    /// are in flight.
    static func readLines(_ input: CommandContext.Input, server: MCPServer, output: MCPOutput, log: @Sendable (String) -> Void) {
        var line: [UInt8] = []
        var skipping = false
        func handle(_ piece: ArraySlice<UInt8>, complete: Bool) {
            if skipping {
                if complete {
                    skipping = false
                    server.sendError(id: .null, code: -32700, message: "Parse error: a line longer than \(maximumLineLength >> 20) MB was skipped; send one JSON-RPC message per line, under that size")
                }
                return
            }
            if line.count + piece.count > maximumLineLength {
                line.removeAll(keepingCapacity: false)
                if complete {
                    server.sendError(id: .null, code: -32700, message: "Parse error: a line longer than \(maximumLineLength >> 20) MB was skipped; send one JSON-RPC message per line, under that size")
                } else {
                    skipping = true
                }
                return
            }
            line.append(contentsOf: piece)
            guard complete else { return }
            // Calls end (KMA's answers time out); the output never blocks (past its bound it
            // drops), so a client that stops reading cannot stop this loop from seeing the end.
            while server.callsInFlight >= maximumCallsInFlight {
                Thread.sleep(forTimeInterval: 0.002)
            }
            server.receive(line)
            line.removeAll(keepingCapacity: line.count < 1 << 16)
        }
        func consume(_ chunk: ArraySlice<UInt8>) {
            var rest = chunk
            while let newline = rest.firstIndex(of: 0x0A) {
                handle(rest[rest.startIndex..<newline], complete: true)
                rest = rest[(newline + 1)...]
            }
            if !rest.isEmpty { handle(rest, complete: false) }
        }
        switch input {
        case .bytes(let bytes):
            consume(bytes[...])
        case .fileDescriptor(let fd):
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    log("standard input failed: \(Platform.errorText(errno)); stopping")
                    break
                }
                if count == 0 { break }
                consume(chunk[0..<count])
            }
        }
        // A last line without a newline is still a message.
        if !line.isEmpty, !skipping { server.receive(line) }
    }
}
