#if os(macOS) || os(Linux)
import Foundation
import KMAForecast
import _KMASystem

/// A program run for each change (`kma-forecast watch --exec`), never through a shell: the
/// command is split at spaces into the program and its arguments (quotes, `;`, `$` and `|` are
/// plain characters), found on `PATH` by `/usr/bin/env`; the change goes to it as JSON on its
/// standard input and in `KMA_CHANGE_ID`, `KMA_CHANGE_KIND`, `KMA_CHANGE_PLACE`, `KMA_CHANGE_AT`,
/// `KMA_CHANGE_TEXT` (the English sentence, network text escaped). macOS and Linux only. A run
/// sets SIGPIPE to be ignored in this process, so that a program that exits without reading
/// its input cannot end the caller.
public struct ChangeProgram: Sendable {
    /// The program and its arguments.
    public var command: [String]

    /// A program from a command line, split at spaces; `nil` when it names none.
    public init?(_ commandLine: String) {
        command = commandLine.split(separator: " ").map(String.init)
        if command.isEmpty { return nil }
    }

    /// Runs the program for a change and waits for it: `nil`, or why it failed (not started,
    /// a status other than 0), for a line on standard error.
    public func run(_ change: ForecastChange) -> String? {
        let shown = PrintableText.excerpt(command.joined(separator: " "))
        guard let json = try? JSONTextEncoder.encode(change) else { return "watch --exec: change \(change.id) could not be encoded" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        // Written for the program, never read by this package (not settings: EnvironmentVariable).
        let written = [
            "KMA_CHANGE_ID": change.id, "KMA_CHANGE_KIND": change.kind.rawValue, "KMA_CHANGE_PLACE": change.place,
            "KMA_CHANGE_AT": change.at.iso8601, "KMA_CHANGE_TEXT": change.english,
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(written) { _, new in new }
        let input = Pipe()
        process.standardInput = input
        do {
            try process.run()
        } catch {
            return "watch --exec: '\(shown)' could not be started (\(PrintableText.excerpt(error.localizedDescription)))"
        }
        // A program that does not read its input is not an error of ours: the write fails
        // quietly instead of the broken pipe's signal ending this process (SIGPIPE is ignored
        // from the first run on, as the command-line tool does from its start).
        SystemCalls.ignoreBrokenPipeSignal()
        try? input.fileHandleForWriting.write(contentsOf: Data((json + "\n").utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : "watch --exec: '\(shown)' exited with status \(process.terminationStatus) for change \(change.id)"
    }
}
#endif
