import KMAForecastClient
import KMAForecastServe

/// `kma-forecast serve`: the forecast over HTTP for many apps; the library `KMAForecastServe` (``ServeLauncher``) behind a command line.
enum ServeCommand {
    static let spec = CommandSpec(
        name: "serve", abstract: ServeHelp.abstract, usage: ServeHelp.usage, discussion: ServeHelp.discussion,
        options: ServeHelp.options.map { OptionSpec($0.name, value: $0.value, help: $0.help, allowed: $0.allowed) }
            + (ForecastCommand.spec.options + [AlertsCommand.baseURLOption]).filter { ServeHelp.clientOptions.union(["warnings-base-url"]).contains($0.name) },
        positional: nil
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) -> Int32 {
        var settings = try ClientSettings(arguments, context, at: try BaseTimeCommand.instant(arguments, context))
        if !arguments.has("at") { settings.now = context.now }
        let errors = context.standardError
        let options = ServeHelp.options.reduce(into: [String: String]()) { $0[$1.name] = arguments.string($1.name) }
        do throws(ServeLauncher.Failure) {
            try await ServeLauncher.run(settings: settings, options: options) { line in errors.write(line); errors.flush() }
        } catch {
            switch error {
            case .settings(let error): throw CLIError(error)
            case .option(let error): throw .misused(error.description, korean: error.koreanDescription)
            }
        }
        return ExitCode.success
    }
}
