import KMAForecast
import KMAForecastCharts
import KMAForecastClient
import KMAForecastText
import KMAPlaces

/// `kma-forecast alerts --place …`: the weather warnings (기상특보) of a place's zone, those
/// announced to start later, and KMA's newest bulletin text. A view of the library's
/// ``ForecastClient/warnings(for:bulletin:budget:)``; nothing computed here but words.
enum AlertsCommand {
    /// The option that sets the warning service root (also read by the forecast command).
    static let baseURLOption = OptionSpec(
        "warnings-base-url", value: "url",
        help: "The weather warning service root (WthrWrnInfoService) to which the operation name is appended (default: $KMA_WARNINGS_BASE_URL, else the --base-url root with WthrWrnInfoService, else the provider's)."
    )

    static let spec = CommandSpec(
        name: "alerts",
        abstract: "Show the weather warnings (기상특보) in force at a place.",
        usage: ["--place <name> [--format <format>]", "--lat <lat> --lon <lon> [--format <format>]", "--demo [--format <format>]"],
        discussion: """
            The place's warning zone (특보구역, KMA's list of \(WarningZones.edition)), the warnings in force
            there now, those announced to start later, and KMA's newest nationwide bulletin. A county
            KMA splits into parts (서울 4권, 파주시동북부 …) gets the part its place most likely is in,
            and the output says it is approximate. The warning service (기상특보 조회서비스,
            data.go.kr 15000415) needs its own 활용신청 on the same key. Zone events of the last 6
            days are cached for 5 minutes, then checked with one small request.
            """,
        options: [
            OptionSpec("place", value: "name", help: "A Korean region from KMA's table, e.g. '서울 강남구', '제주시'."),
            OptionSpec("lat", value: "lat", help: "Latitude in degrees north, -90...90."),
            OptionSpec("lon", value: "lon", help: "Longitude in degrees east, -180...180."),
            OptionSpec("nx", value: "nx", help: "Grid column, 1...149."),
            OptionSpec("ny", value: "ny", help: "Grid row, 1...253."),
            OptionSpec("format", value: "format", help: "Output format: text (for people) or json (for programs).", allowed: ["text", "json"]),
            OptionSpec("demo", help: "Show the bundled sample's warnings (its place's zone, recorded; no key, no network)."),
            .language,
            OptionSpec("at", value: "instant", help: "The instant to show the warnings at (ISO 8601; without an offset it is KST). Default: now."),
            OptionSpec("service-key", value: "key", help: "Your KMA service key (default: $KMA_SERVICE_KEY)."),
            OptionSpec("provider", value: "provider", help: "data.go.kr (default, or $KMA_PROVIDER) or apihub.", allowed: ServiceProvider.allCases.map(\.rawValue)),
            OptionSpec("base-url", value: "url", help: "The short-term service root; the warning service is asked on its host (default: $KMA_BASE_URL)."),
            baseURLOption,
            OptionSpec("cache-dir", value: "dir", help: "Where to cache (default: $XDG_CACHE_HOME/kma-forecast or ~/.cache/kma-forecast)."),
            OptionSpec("no-cache", help: "Do not read or write the cache."),
            OptionSpec("max-requests", value: "n", help: "Send at most this many requests."),
        ],
        positional: nil, koreanValues: [WarningZones.edition]
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) -> Int32 {
        let instant = try BaseTimeCommand.instant(arguments, context)
        let language = arguments.language(context.environment)
        if arguments.has("demo") {
            // The one sample's warnings (its own zone's), for its place or none named.
            let asked = try ForecastCommand.location(arguments)
            let found: ZoneWarnings
            do { found = try ZoneWarnings.sample(at: asked) } catch { throw .failed(error.description, korean: error.koreanDescription) }
            context.standardError.write(language == .ko ? "참고: --demo 는 표본 자료를 보여 줍니다 (기록된 특보, 실시간 아님).\n" : "Note: --demo shows sample data (recorded warnings, not live).\n")
            return try show(found, arguments, context, language: language)
        }
        guard let location = try ForecastCommand.location(arguments) else {
            throw .usage("Missing expected argument: give '--place <name>' or '--lat <lat> --lon <lon>' (or --demo)")
        }
        let settings = try ClientSettings(arguments, context, at: instant)
        guard settings.keyText != nil else {
            throw .runtime("\(SettingsError.missingKey(gridOperation: nil)) \(ClientSettings.keyStep)")
        }
        let client: ForecastClient
        let budget: RequestBudget?
        do throws(SettingsError) {
            client = try settings.forecastClient(try settings.configuration())
            budget = try settings.budget()
        } catch {
            throw CLIError(error)
        }
        let found: ZoneWarnings
        do {
            found = try await client.warnings(for: location, bulletin: true, budget: budget)
        } catch {
            throw .failed(error.description, korean: error.koreanDescription)
        }
        return try show(found, arguments, context, language: language)
    }

    /// The warnings on standard output (text or JSON); a failed service on standard error, exit 1.
    static func show(_ found: ZoneWarnings, _ arguments: ParsedArguments, _ context: CommandContext, language: DisplayLanguage) throws(CLIError) -> Int32 {
        let out = context.standardOutput
        if arguments.format == .json {
            out.write(try JSONOutput.encode(found))
        } else {
            let style = TerminalStyle(isTerminal: out.isTerminal, environment: context.environment)
            out.write(WarningsTerminalView(language: language, style: style).text(found))
        }
        if let failure = found.warnings.failure {
            context.standardError.write((language == .ko ? "오류: " : "Error: ") + TerminalText.safe(failure.message(in: language)) + "\n")
            return ExitCode.failure
        }
        return ExitCode.success
    }
}
