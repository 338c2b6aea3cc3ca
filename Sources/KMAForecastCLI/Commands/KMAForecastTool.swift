import Foundation
import KMAForecast
import KMAForecastClient
import KMAForecastText
import KMAPlaces

/// The `kma-forecast` command-line tool, runnable in-process.
///
/// ```swift
/// let out = TextSink.memory()
/// let status = await KMAForecastTool.run(CommandContext(arguments: ["grid", "--nx", "60", "--ny", "127"], standardOutput: out))
/// ```
///
/// Output discipline (as swift-argument-parser): results on standard output; `--help` on
/// standard output with status 0; errors on standard error as `Error: …`, with the usage and a
/// pointer to `--help` for bad usage (status 64); run-time failures have status 1.
public enum KMAForecastTool {
    /// The tool's version.
    public static let version = "0.1.0"

    /// The subcommands, in help order.
    static let subcommands = Subcommand.allCases

    /// The tool's own help: the forecast (the main job, the default when the first argument is
    /// an option) and the subcommands.
    static let rootSpec = CommandSpec(
        name: "",
        abstract: "Weather from the Korea Meteorological Administration (KMA, 기상청) short-term forecast API.",
        usage: ForecastCommand.spec.usage + ["<subcommand> [options]"],
        discussion: """
            \(ForecastCommand.spec.discussion ?? "")

            SUBCOMMANDS:
            \(subcommandList)

            See 'kma-forecast help <subcommand>' for detailed help, and 'kma-forecast help' for
            the full reference (every subcommand).

            SHELL COMPLETION:
              source <(kma-forecast --generate-completion-script bash)
              kma-forecast --generate-completion-script zsh > "${fpath[1]}/_kma-forecast"
              kma-forecast --generate-completion-script fish > ~/.config/fish/completions/kma-forecast.fish
            """,
        options: ForecastCommand.spec.options + [OptionSpec("version", help: "Show the version.")],
        positional: nil
    )

    private static var subcommandList: String {
        subcommands.map { "  " + Formatting.padRight($0.spec.name, 12) + $0.spec.abstract }.joined(separator: "\n")
    }

    /// Runs the tool with a context and returns the exit status. Output is flushed.
    ///
    /// When standard output refused the output (`> /dev/full`, a pipe closed early), the
    /// output is incomplete: a short `Error:` line says so on standard error and the status is
    /// 1 (or the command's own failure status).
    public static func run(_ context: CommandContext) async -> Int32 {
        var status = await dispatch(context)
        context.standardOutput.flush()
        if let failure = context.standardOutput.writeFailure {
            let ko = DisplayLanguage.requested(context) == .ko, korean = context.standardOutput.koreanWriteFailure ?? failure
            context.standardError.write(ko ? KoreanMessages.text("standardOutputFailed", korean) + "\n" : "Error: could not write to standard output (\(failure)); the output is incomplete.\n")
            if status == ExitCode.success { status = ExitCode.failure }
        }
        context.standardError.flush()
        return status
    }

    /// The full reference, as `kma-forecast help` prints it: the tool's help, then every
    /// subcommand's.
    static func reference(width: Int, language: DisplayLanguage = .en) -> String {
        var out = rootSpec.helpText(width: width, language: language)
        for command in subcommands {
            out += "\n" + String(repeating: "─", count: min(width, 60)) + "\n\n"
            // The forecast is the tool's own help above: its text once, not twice.
            let spec = command.spec
            let text = command == .forecast
                ? CommandSpec(
                    name: spec.name, abstract: spec.abstract, usage: spec.usage,
                    discussion: "The tool's main job: 'kma-forecast forecast …' is 'kma-forecast …', whose notes and options are above.",
                    options: [], positional: nil, koreanHelpKey: "forecast-main"
                ).helpText(width: width, language: language)
                : spec.helpText(width: width, language: language)
            // A paragraph printed already (the place data's source) is not printed again.
            func paragraphs(_ text: String) -> [String] {
                text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .newlines) }.filter { !$0.isEmpty }
            }
            let printed = Set(paragraphs(out))
            let fresh = paragraphs(text).filter { !printed.contains($0) }.joined(separator: "\n\n")
            out += "kma-forecast \(spec.name)\n\n" + fresh + "\n"
        }
        return out
    }

    /// `--generate-completion-script <shell>` (or `=<shell>`) found anywhere in the arguments,
    /// but not as the value of another option (`--place --generate-completion-script` names a
    /// place) nor after `--`: the shell asked for (`nil` when the option has no value), and the
    /// other arguments with the subcommand's spec (they must still parse: nothing given is
    /// silently dropped). `nil` when the option is not there.
    static func completionRequest(in arguments: [String]) -> (shell: String?, rest: [String], spec: CommandSpec)? {
        let completion = "--generate-completion-script"
        let spec = arguments.first.flatMap { first in subcommands.first { $0.spec.name == first }?.spec } ?? rootSpec
        var index = spec.name.isEmpty ? 0 : 1
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return nil }
            var rest = Array(arguments[(spec.name.isEmpty ? 0 : 1)...])
            let start = spec.name.isEmpty ? index : index - 1
            if argument == completion {
                let hasValue = index + 1 < arguments.count
                rest.removeSubrange(start..<(start + (hasValue ? 2 : 1)))
                return (hasValue ? arguments[index + 1] : nil, rest, spec)
            }
            if argument.hasPrefix(completion + "=") {
                rest.remove(at: start)
                return (String(argument.dropFirst(completion.count + 1)), rest, spec)
            }
            if argument.hasPrefix("--"), !argument.contains("="), spec.option(named: String(argument.dropFirst(2)))?.valueName != nil { index += 1 }
            index += 1
        }
        return nil
    }

    private static func dispatch(_ context: CommandContext) async -> Int32 {
        var arguments = context.arguments
        var spec = rootSpec
        let language = DisplayLanguage.requested(context)
        do throws(CLIError) {
            let width = try Platform.outputColumns(environment: context.environment, sink: context.standardOutput)
            guard let first = arguments.first else {
                context.standardOutput.write(rootSpec.helpText(width: width, language: language))
                return ExitCode.success
            }
            // `--generate-completion-script <shell>` (swift-argument-parser's spelling),
            // anywhere: before or after a subcommand and other options.
            if let request = Self.completionRequest(in: arguments) {
                return try completion(request, context)
            }
            // `--version` anywhere (as swift-argument-parser honours it), but not as the value
            // of an option (`--place --version` is a place name) nor after `--`.
            let target = subcommands.first { $0.spec.name == first }?.spec ?? rootSpec
            if ParsedArguments.contains(flag: ["--version"], in: arguments, spec: target) {
                context.standardOutput.write("kma-forecast \(version)\n")
                return ExitCode.success
            }
            if first == "help" {
                // `--lang ko` (or `--lang=ko`) anywhere on the line chooses the language, not the topic.
                let rest = Array(arguments.dropFirst()), skip = rest.firstIndex(of: "--lang").map { [$0, $0 + 1] } ?? []
                let topic = rest.indices.first { !skip.contains($0) && !rest[$0].hasPrefix("--lang=") }.map { rest[$0] }
                return try help(topic: topic, width: width, language: language, context)
            }
            guard let command = subcommands.first(where: { $0.spec.name == first }) else {
                guard first.hasPrefix("-") else {
                    throw CLIError.usage("Unknown subcommand '\(first)'" + suggestion(first))
                }
                // The main job: `kma-forecast --lat 37.56 --lon 126.97`. Help wins here too
                // (`--lat x --help` used to run the forecast and show the sample).
                let parsed = try ParsedArguments.parse(arguments, spec: rootSpec)
                if parsed.wantsHelp {
                    context.standardOutput.write(rootSpec.helpText(width: width, language: language))
                    return ExitCode.success
                }
                try byteOrderMark(parsed, context)
                return try await ForecastCommand.run(parsed, context)
            }
            spec = command.spec
            arguments.removeFirst()
            let parsed = try ParsedArguments.parse(arguments, spec: spec)
            if parsed.wantsHelp {
                context.standardOutput.write(spec.helpText(width: width, language: language))
                return ExitCode.success
            }
            try byteOrderMark(parsed, context)
            return try await command.run(parsed, context)
        } catch {
            return report(error, spec: spec, context)
        }
    }

    /// `--bom`: the CSV on standard output starts with a UTF-8 byte order mark (for Excel).
    private static func byteOrderMark(_ parsed: ParsedArguments, _ context: CommandContext) throws(CLIError) {
        guard parsed.has("bom") else { return }
        // Many places (`--input`) write CSV unless another format is asked.
        guard parsed.format == .csv || (parsed.has("input") && !parsed.has("format")) else { throw .usage("'--bom' marks a CSV for Excel; use it with --format csv") }
        context.standardOutput.prefixFirstOutput(CSVText.byteOrderMark)
    }

    /// `--generate-completion-script <shell>`: the script, once the other arguments parse.
    private static func completion(_ request: (shell: String?, rest: [String], spec: CommandSpec), _ context: CommandContext) throws(CLIError) -> Int32 {
        let completion = "--generate-completion-script"
        let shells = CompletionScript.Shell.allCases.map(\.rawValue)
        guard let value = request.shell, let shell = CompletionScript.Shell(rawValue: value) else {
            let problem = request.shell.map { "The value '\(TerminalText.safe($0))' is invalid for '\(completion) <shell>'" } ?? "Missing value for '\(completion) <shell>'"
            throw CLIError.usage(problem + ". Please provide one of \(ParsedArguments.listing(shells)).")
        }
        _ = try ParsedArguments.parse(request.rest, spec: request.spec)
        context.standardOutput.write(CompletionScript.script(for: shell, root: rootSpec, subcommands: subcommands.map(\.spec)))
        return ExitCode.success
    }

    /// `help [<subcommand>]`: a subcommand's help, or the full reference.
    private static func help(topic: String?, width: Int, language: DisplayLanguage, _ context: CommandContext) throws(CLIError) -> Int32 {
        if let topic, let command = subcommands.first(where: { $0.spec.name == topic }) {
            context.standardOutput.write(command.spec.helpText(width: width, language: language))
        } else if let topic {
            throw CLIError.usage("Unknown subcommand '\(topic)'" + suggestion(topic))
        } else {
            context.standardOutput.write(reference(width: width, language: language))
        }
        return ExitCode.success
    }

    private static func suggestion(_ name: String) -> String {
        guard let best = Suggestion.closest(to: name, among: subcommands.map(\.spec.name)) else { return "" }
        return ". Did you mean '\(best)'?"
    }

    /// Prints an error the way swift-argument-parser does and returns the exit status.
    static func report(_ error: CLIError, spec: CommandSpec, _ context: CommandContext) -> Int32 {
        // `--lang ko` (or a Korean locale): the error in Korean, from its first word.
        let ko = DisplayLanguage.requested(context) == .ko, hint = ko ? spec.koreanUsageHint : spec.usageHint
        let lead = ko ? "오류: " : "Error: "
        func text(_ message: String) -> String { TerminalText.safe(ko ? KoreanMessages.translate(message) : message) }
        switch error {
        case .usage(let message), .misused(let message, _):
            let korean: String? = if case .misused(_, let korean) = error { korean } else { nil }
            context.standardError.write(lead + (ko ? korean.map(TerminalText.safe) ?? text(message) : text(message)) + "\n" + hint + "\n")
            return ExitCode.usage
        case .runtime(let message):
            context.standardError.write(lead + text(message) + "\n")
            return ExitCode.failure
        case .failed(let message, let korean):
            context.standardError.write(lead + (ko ? TerminalText.safe(korean) : text(message)) + "\n")
            return ExitCode.failure
        case .alreadyReported:
            return ExitCode.failure
        }
    }
}
