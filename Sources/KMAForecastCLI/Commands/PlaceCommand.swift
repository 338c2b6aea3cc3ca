import KMAForecastClient
import KMAForecastText

/// `kma-forecast place QUERY`: every code of a place, offline (the view is the library's
/// `PlaceCodesReport`).
enum PlaceCommand {
    static let spec = CommandSpec(
        name: "place",
        abstract: "Every code of a place: grid, areaNo, mid-term regions, warning zone, forecast office.",
        usage: ["<query> [--format <format>] [--lang <language>]"],
        discussion: EnglishHelp.place,
        options: [.format, .language],
        positional: PositionalSpec(name: "query", help: "A place name (Korean or English) or a 10-digit region code; the words are joined.", repeating: true)
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> Int32 {
        guard !arguments.positionals.isEmpty else { throw .usage("Missing expected argument '<query>': a place name or region code") }
        guard arguments.format != .csv else { throw .usage("'--format csv' is not offered by 'place': use text or json") }
        let report: PlaceCodesReport
        do throws(LocationInputError) {
            report = try PlaceCodesReport(query: arguments.positionals.joined(separator: " "))
        } catch {
            throw CLIError(error)
        }
        context.standardOutput.write(arguments.format == .text ? report.text(korean: arguments.language(context.environment) == .ko) : report.json + "\n")
        return ExitCode.success
    }
}
