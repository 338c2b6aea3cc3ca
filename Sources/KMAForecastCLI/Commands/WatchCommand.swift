import KMAForecast
import KMAForecastClient
import KMAForecastText

/// `kma-forecast watch --place …`: the library's ``WatchLoop``; each change a line (text, `--jsonl`) or a program run (`--exec`).
enum WatchCommand {
    static let spec = CommandSpec(
        name: "watch",
        abstract: "Watch a place: tell when rain starts or stops, a day's high or low is revised, a weather warning is issued or released.",
        usage: ["--place <name> [--on rain,warnings,temperature] [--state <file>] [--jsonl | --exec <command>] [--interval <minutes>]"],
        discussion: """
            Polls every --interval minutes and says what changed. The first poll is a baseline; a part that fails says nothing; a
            release is said when the next poll agrees; with --state a restart says nothing twice. A poll costs one getPwnCd answer
            and, after KMA's 10-minute updates, a getFcstVersion check per product. --exec runs the program (split at spaces, no
            shell) per change: JSON on standard input, KMA_CHANGE_ID/_KIND/_PLACE/_AT/_TEXT (Schemas/forecast-change.schema.json).
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
        guard let location = try ForecastCommand.location(arguments) else { throw .usage("Missing expected argument: give '--place <name>' or '--lat <lat> --lon <lon>'") }
        if arguments.has("jsonl") && arguments.has("exec") { throw .usage("Give only one of '--jsonl' and '--exec <command>'") }
        guard let topics = ForecastChange.Topic.list(arguments.string("on") ?? "rain,warnings,temperature") else { throw .usage("The value '\(arguments.string("on") ?? "")' is invalid for '--on <topics>': expected rain, warnings or temperature, separated by commas") }
        let program = arguments.string("exec").flatMap(ChangeProgram.init), jsonl = arguments.has("jsonl")
        let (interval, polls) = (try arguments.int("interval", range: 1...1440, meaning: "a number of minutes") ?? 10, try arguments.int("polls", range: 1...1_000_000, meaning: "a number of polls"))
        let settings = try ClientSettings(arguments, context, at: KSTDateTime.unixSeconds(of: context.now()))
        let client: ForecastClient
        do throws(SettingsError) {
            var configuration = try settings.configuration()
            configuration.now = context.now  // the clock runs: the settings' instant is for one-shot commands
            client = try settings.forecastClient(configuration)
        } catch {
            throw CLIError(error)
        }
        let name = arguments.string("place") ?? ["lat", "lon", "nx", "ny"].compactMap(arguments.string).joined(separator: ",")
        let loop = WatchLoop(
            client: client, places: [WatchPlace(name: name, location: location)], statePath: arguments.string("state"),
            interval: .seconds(interval * 60), polls: polls, topics: topics
        )
        let (out, errors, language) = (context.standardOutput, context.standardError, arguments.language(context.environment))
        do throws(WatchStateFile.Failure) {
            try await loop.run(sleep: context.retrySleep ?? { try? await Task.sleep(for: $0) }, deliver: { changes in
                for change in changes {
                    if let program {
                        if let failure = program.run(change) { errors.write(TerminalText.safe(failure) + "\n") }
                    } else if let line = jsonl ? try? JSONTextEncoder.encode(change) : (language == .ko ? change.korean : change.english) {
                        out.write(line + "\n")
                    }
                }
                out.flush()
            }, problem: { errors.write((language == .ko ? "참고: " : "Note: ") + TerminalText.safe($0.message(in: language)) + "\n") })
        } catch {
            throw .failed(error.description, korean: error.koreanDescription)
        }
        return ExitCode.success
    }
}
