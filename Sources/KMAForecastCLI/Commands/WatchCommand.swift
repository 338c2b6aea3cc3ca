import Foundation
import KMAForecast
import KMAForecastClient
import KMAForecastText

/// `kma-forecast watch --place …`: the library's ``WatchLoop`` on the command line: each change
/// as a line (text or `--jsonl`) or handed to a program (`--exec`).
enum WatchCommand {
    static let spec = CommandSpec(
        name: "watch",
        abstract: "Watch a place: tell when rain starts or stops, a day's high or low is revised, a weather warning is issued or released.",
        usage: ["--place <name> [--on rain,warnings,temperature] [--state <file>] [--jsonl | --exec <command>] [--interval <minutes>]"],
        discussion: """
            Polls KMA every --interval minutes (10 by default: KMA's data changes no faster) and says what
            changed since the last poll. The first poll is a baseline: nothing is said. A poll that fails
            in part says nothing about that part; a warning's release is said only when the next poll
            agrees. With --state the state is kept in the file (saved before each poll's changes are
            handed over), so a restart says nothing twice. A poll costs one getPwnCd answer for all
            places (a one-row check while KMA's count is unchanged) and, per product, a getFcstVersion
            check after KMA's 10-minute updates; pages only when KMA has something new.
            --exec runs the program (split at spaces, no shell) once per change, with the change as JSON
            on standard input and KMA_CHANGE_ID, KMA_CHANGE_KIND, KMA_CHANGE_PLACE, KMA_CHANGE_AT,
            KMA_CHANGE_TEXT in its environment. Changes carry a stable id; the JSON Schema is
            Schemas/forecast-change.schema.json.
            """,
        options: [
            OptionSpec("on", value: "topics", help: "What to tell, comma-separated: rain, warnings, temperature (default: all three)."),
            OptionSpec("state", value: "file", help: "Keep the watcher's state in this file, so a restart says nothing twice."),
            OptionSpec("jsonl", help: "Write each change as one line of JSON (JSON Lines)."),
            OptionSpec("exec", value: "command", help: "Run this program for each change: the change as JSON on standard input and in KMA_CHANGE_* variables."),
            OptionSpec("interval", value: "minutes", help: "Minutes between polls, 1...1440 (default: 10)."),
            OptionSpec("polls", value: "n", help: "Stop after this many polls (default: run until stopped)."),
        ] + AlertsCommand.spec.options.filter { !["format", "at"].contains($0.name) },
        positional: nil
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) -> Int32 {
        guard let location = try ForecastCommand.location(arguments) else {
            throw .usage("Missing expected argument: give '--place <name>' or '--lat <lat> --lon <lon>'")
        }
        if arguments.has("jsonl") && arguments.has("exec") { throw .usage("Give only one of '--jsonl' and '--exec <command>'") }
        let topics = try Self.topics(arguments.string("on"))
        let interval = try arguments.int("interval", range: 1...1440, meaning: "a number of minutes") ?? 10
        let polls = try arguments.int("polls", range: 1...1_000_000, meaning: "a number of polls")
        let language = arguments.language(context.environment)
        let settings = try ClientSettings(arguments, context, at: KSTDateTime.unixSeconds(of: context.now()))
        let client: ForecastClient
        do throws(SettingsError) {
            var configuration = try settings.configuration()
            configuration.now = context.now
            client = try settings.forecastClient(configuration)
        } catch {
            throw CLIError(error)
        }
        let name = arguments.string("place") ?? [arguments.string("lat"), arguments.string("lon"), arguments.string("nx"), arguments.string("ny")].compactMap { $0 }.joined(separator: ",")
        let loop = WatchLoop(
            client: client, places: [WatchPlace(name: name, location: location)], statePath: arguments.string("state"),
            interval: .seconds(interval * 60), polls: polls, topics: topics
        )
        let out = context.standardOutput, errors = context.standardError
        let command = arguments.string("exec")?.split(separator: " ").map(String.init)
        let jsonl = arguments.has("jsonl")
        do throws(WatchStateFile.Failure) {
            try await loop.run(
                sleep: context.retrySleep ?? { try? await Task.sleep(for: $0) },
                deliver: { changes in
                    for change in changes {
                        guard let json = try? JSONTextEncoder.encode(change) else { continue }
                        if let command {
                            if let failure = ChangeProgram.run(command, change: change, json: json) { errors.write(TerminalText.safe(failure) + "\n") }
                        } else {
                            out.write((jsonl ? json : (language == .ko ? change.korean : change.english)) + "\n")
                        }
                        out.flush()
                    }
                },
                problem: { failure in errors.write((language == .ko ? "참고: " : "Note: ") + TerminalText.safe(failure.message(in: language)) + "\n") }
            )
        } catch {
            throw .failed(error.description, korean: error.koreanDescription)
        }
        return ExitCode.success
    }

    /// `--on rain,warnings`: the topics named, each once.
    static func topics(_ text: String?) throws(CLIError) -> Set<ForecastChange.Topic> {
        guard let text else { return Set(ForecastChange.Topic.allCases) }
        var topics: Set<ForecastChange.Topic> = []
        for word in text.split(separator: ",") {
            guard let topic = ForecastChange.Topic(rawValue: word.trimmingCharacters(in: .whitespaces)) else {
                throw .usage("The value '\(text)' is invalid for '--on <topics>': expected rain, warnings or temperature, separated by commas")
            }
            topics.insert(topic)
        }
        guard !topics.isEmpty else { throw .usage("The value '\(text)' is invalid for '--on <topics>': expected rain, warnings or temperature, separated by commas") }
        return topics
    }
}

/// A program run for a change (`watch --exec`): no shell; the change as JSON on its standard
/// input and in `KMA_CHANGE_*` variables.
enum ChangeProgram {
    /// Runs `command` (program and arguments, found on `PATH` by `/usr/bin/env`) and waits for
    /// it; the reason it failed, or `nil`.
    static func run(_ command: [String], change: ForecastChange, json: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        var environment = ProcessInfo.processInfo.environment
        environment["KMA_CHANGE_ID"] = change.id
        environment["KMA_CHANGE_KIND"] = change.kind.rawValue
        environment["KMA_CHANGE_PLACE"] = change.place
        environment["KMA_CHANGE_AT"] = change.at.iso8601
        environment["KMA_CHANGE_TEXT"] = change.english
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        do {
            try process.run()
        } catch {
            return "watch --exec: '\(command.joined(separator: " "))' could not be started (\(error.localizedDescription))"
        }
        // A program that does not read its input is not an error of ours (a closed pipe is
        // reported by the write, never raised as a signal: the tool ignores SIGPIPE).
        try? input.fileHandleForWriting.write(contentsOf: Data((json + "\n").utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : "watch --exec: '\(command.joined(separator: " "))' exited with status \(process.terminationStatus) for change \(change.id)"
    }
}
