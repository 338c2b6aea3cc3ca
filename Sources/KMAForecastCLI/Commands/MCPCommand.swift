import Foundation
import KMAForecast
import KMAForecastMCP

/// `kma-forecast mcp`: the forecast as tools for AI agents, a Model Context Protocol server on
/// standard input and output (one JSON-RPC message a line), until standard input ends. The
/// server is the library `KMAForecastMCP` (``MCPStdioServer``); this is its command line.
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

            Tools: \(MCPStdioServer.toolNames.joined(separator: ", ")).

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

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) -> Int32 {
        var now = context.now
        if arguments.has("at") {
            let instant = try BaseTimeCommand.instant(arguments, context)
            let date = KSTDateTime(unixSeconds: instant).date
            now = { date }
        }
        // The server's log thread may block on a standard error nobody reads: give it a sink
        // of its own, so the tool's final flush of standard error never waits on its lock.
        let errors = context.standardError.fileDescriptor == nil ? context.standardError : TextSink.standardError()
        let log: @Sendable (String) -> Void = { message in
            errors.write("kma-forecast mcp: \(message)\n")
            errors.flush()
        }
        let input: MCPStdioServer.Input, output: MCPStdioServer.Output
        switch context.standardInput {
        case .bytes(let bytes): input = .bytes(bytes)
        case .fileDescriptor(let fd): input = .fileDescriptor(fd)
        }
        if case .fileDescriptor = context.standardInput, let fd = context.standardOutput.fileDescriptor {
            output = .fileDescriptor(fd)
        } else {
            let sink = context.standardOutput
            output = .lines { line in
                sink.write(bytes: line)
                sink.flush()
            }
        }
        await MCPStdioServer.serve(
            input: input, output: output, environment: context.environment, version: KMAForecastTool.version,
            now: now, retrySleep: context.retrySleep, log: log
        )
        return ExitCode.success
    }
}
