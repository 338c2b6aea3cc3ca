import Foundation
import KMAForecastCLI

/// What a run of the tool printed and returned.
package struct ToolResult: Sendable {
    /// The exit status.
    package var status: Int32
    /// Everything written to standard output.
    package var stdout: String
    /// Everything written to standard error.
    package var stderr: String
}

/// Runs `kma-forecast` in-process with injected arguments, input, environment and clock
/// (retries happen without waiting). Shared by the CLI's tests and the end-to-end tests, in a
/// module of its own so that the package's test support (`_KMATestSupport`) does not depend on
/// the CLI.
package func runTool(
    _ arguments: [String],
    stdin: String = "",
    environment: [String: String] = [:],
    now: Date = Date(timeIntervalSince1970: 1_795_195_800),  // 2026-11-21T02:30:00+09:00
    stderrIsTerminal: Bool = false
) async -> ToolResult {
    let out = TextSink.memory()
    let err = TextSink.memory(isTerminal: stderrIsTerminal)
    var context = CommandContext(
        arguments: arguments,
        // The side services' deadline is real time: on a busy machine (the whole suite on 2
        // cores) 5 s can pass while a stand-in answers, so a test waits 600 s unless it sets
        // the deadline itself (a bounded wait, not a speed verdict).
        environment: environment.merging(["KMA_SIDE_SERVICE_DEADLINE": "600"]) { given, _ in given },
        now: { now },
        standardInput: .bytes(Array(stdin.utf8)),
        standardOutput: out,
        standardError: err
    )
    context.retrySleep = { _ in }  // retries happen, without waiting
    let status = await KMAForecastTool.run(context)
    return ToolResult(status: status, stdout: out.text, stderr: err.text)
}
