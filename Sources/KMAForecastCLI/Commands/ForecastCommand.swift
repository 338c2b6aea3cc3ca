import Foundation
import KMAForecast
import KMAForecastCharts
import KMAForecastText
import KMAForecastClient
import KMAGrid
import KMAPlaces

/// `kma-forecast [--lat LAT --lon LON | --nx NX --ny NY | --place NAME]`: the weather at a point
/// from KMA — the current observation, the coming hours, the days ahead.
enum ForecastCommand {
    /// How to get a key and set it here (the help, the sample's notice).
    static let keyHelp = SettingsError.keyInstructions + " " + ClientSettings.keyStep

    static let spec = CommandSpec(
        name: "forecast",
        abstract: "The weather at a place from KMA: now, the coming hours, and the days ahead.",
        usage: [
            "--lat <lat> --lon <lon> [options]",
            "--nx <nx> --ny <ny> [options]",
            "--place <name> [options]",
            "--demo [options]",
        ],
        discussion: """
            By default the three products are fetched at once and merged into one forecast: the
            current observation (nowcast), then every hour to the end of the short-term run, each
            value from the freshest product that has it (for the next 6 hours the ultra-short
            forecast's temperature, sky, rain and wind, the short-term run's chance of rain), and
            the days ahead. --format json is the library's LocalForecast (it says which product
            and run gave each value; schema: Schemas/local-forecast.schema.json). With --format
            json or csv the exit status is 1 when a requested product is missing (the output
            holds the rest, and why). Every format holds the days the text view shows (without
            --product: the mid-term forecast's to +10 too): JSON's daily, and in CSV one 'daily'
            row per day after the hours (TMN/TMX its low and high, POP, SKY, PTY; fcstTime empty).

            The key comes from --service-key or KMA_SERVICE_KEY. Without a key, the text view and --format svg show
            bundled sample data (a real recorded forecast, its first line or title saying of which
            place and run); json and csv need a key (or --demo).
            \(keyHelp)

            Runs are cached under $XDG_CACHE_HOME/kma-forecast (else ~/.cache/kma-forecast): a
            short-term run until KMA's schedule says a newer run is available, with no request;
            nowcast and ultra-short runs, which KMA updates every 10 minutes, until its next
            update, then checked with one small request (getFcstVersion) and refetched if changed.

            Many places (--input, or several --place, --lat/--lon, --nx/--ny): one CSV or JSON
            Lines stream in input order, each line starting with the input's own columns, written
            as results arrive. Cells shared by several places are fetched once; requests are paced
            at --rate per operation (30/s, KMA's limit); a run that stopped (Ctrl-C, the quota,
            --max-requests) can be run again and fetches only what is missing (from the cache).
            A place that failed gets one line with its 'error' column filled in and is listed on
            standard error; the exit status is then 1.

            EXAMPLES:
              kma-forecast --lat 37.5665 --lon 126.9780
              kma-forecast --place "서울 종로구" --lang ko
              kma-forecast --nx 60 --ny 127 --product ultra-short --format json
              kma-forecast --place 부산 --format csv > busan.csv
              kma-forecast --input places.csv --product short-term --format csv > forecasts.csv

            Place data: \(PlaceDirectory.attribution)
            """,
        options: [
            OptionSpec("lat", value: "lat", help: "Latitude in degrees north, -90...90."),
            OptionSpec("lon", value: "lon", help: "Longitude in degrees east, -180...180."),
            OptionSpec("nx", value: "nx", help: "Grid column, 1...149."),
            OptionSpec("ny", value: "ny", help: "Grid row, 1...253."),
            OptionSpec("place", value: "name", help: "A Korean region from KMA's table, e.g. '종로구', '서울 종로구 청운효자동', '부산'."),
            OptionSpec(
                "product", value: "product", help: "Show one product alone: nowcast, ultra-short or short-term. Default: all three, merged.",
                allowed: ForecastProduct.allCases.map(\.rawValue)
            ),
            OptionSpec(
                "format", value: "format",
                help: "Output format: text (for people), json or csv (for programs), svg (a chart picture); for many places csv (the default there) or jsonl (JSON Lines).",
                allowed: OutputFormat.allCases.map(\.rawValue) + ["svg", "jsonl"]
            ),
            .language, .units, .bom,
            OptionSpec("hours", value: "n", help: "Show the hourly table of the first N hours (1...1000) instead of the one-screen view."),
            OptionSpec("all", help: "Show the hourly table of every hour instead of the one-screen view."),
            OptionSpec("uv", help: "Ask the UV index service (LivingWthrIdxServiceV5, its own 활용신청) with --product too (the default view asks it): each 3-hourly value on its hour (--format json: hourly[].uvIndex), the days' highest; a refusal is one note, never a failure."),
            OptionSpec("no-uv", help: "Do not ask the UV index service (the default view asks it: one request, cached)."),
            OptionSpec("chart", value: "file", help: "Also write the forecast as an SVG chart to this file (see --format svg)."),
            OptionSpec("at", value: "instant", help: "Compute base times for this instant (ISO 8601; without an offset it is KST). Default: now."),
            OptionSpec("service-key", value: "key", help: "Your KMA service key (default: $KMA_SERVICE_KEY). Either the encoded or the decoded form."),
            OptionSpec(
                "provider", value: "provider", help: "data.go.kr (default, or $KMA_PROVIDER) or apihub (apihub.kma.go.kr).",
                allowed: ServiceProvider.allCases.map(\.rawValue)
            ),
            OptionSpec("base-url", value: "url", help: "The service root to which the operation name is appended (default: $KMA_BASE_URL, else the provider's)."),
            OptionSpec("uv-base-url", value: "url", help: "The living-weather index service root for the UV index (default: $KMA_UV_BASE_URL, else the --base-url host with LivingWthrIdxServiceV5, else the provider's)."),
            OptionSpec("cache-dir", value: "dir", help: "Where to cache runs (default: $XDG_CACHE_HOME/kma-forecast or ~/.cache/kma-forecast)."),
            OptionSpec("no-cache", help: "Do not read or write the cache."),
            OptionSpec("demo", help: "Show the bundled sample forecast (no key, no network)."),
            OptionSpec("input", value: "file", help: "Many places: a CSV file with lat,lon or nx,ny or place columns (header optional), or - for standard input. --place, --lat/--lon and --nx/--ny may also be repeated."),
            OptionSpec("rate", value: "n", help: "Requests per second per operation, at most (default 30, KMA's limit), counted over 1.05 s so that network delays never put one too many in KMA's second."),
            OptionSpec("max-requests", value: "n", help: "Send at most this many requests (a development key allows 10,000 a day); what is left is reported as not fetched."),
        ] + TenDayCommand.options + [AlertsCommand.baseURLOption],
        positional: nil
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) -> Int32 {
        // First, so a bad --at is refused (64) with or without a key, before any sample is chosen.
        _ = try BaseTimeCommand.instant(arguments, context)
        if TenDayCommand.isRequested(arguments) { return try await TenDayCommand.run(arguments, context) }
        if ManyPlacesCommand.applies(arguments) { return try await ManyPlacesCommand.run(arguments, context) }
        let format = arguments.format
        let svg = arguments.string("format") == "svg"
        let hours: ForecastTextView.Hours? = try {
            () throws(CLIError) -> ForecastTextView.Hours? in
            if let count = try arguments.int("hours", range: 1...1_000, meaning: "the number of hours") {
                if arguments.has("all") { throw .usage("Give only one of '--hours <n>' and '--all'") }
                return .first(count)
            }
            return arguments.has("all") ? .all : nil
        }()
        if hours != nil, format != .text || svg {
            let given = arguments.has("all") ? "--all" : "--hours <n>"
            throw .usage("'\(given)' chooses the hours of the text view's table; --format \(arguments.string("format") ?? "") shows every hour")
        }
        let language = arguments.language(context.environment)
        let units = arguments.units
        let product: ForecastProduct? = arguments.string("product").flatMap(ForecastProduct.init(rawValue:))
        let products = product.map { [$0] } ?? ForecastProduct.allCases
        // The default forecast holds the days ahead, the mid-term forecast's included, in every
        // format (text, JSON, CSV, SVG): one rule, the text view's.
        let defaultView = product == nil
        let fetched = try await forecast(
            arguments, context, products: products, midTermDays: defaultView ? 10 : nil, implicitMidTerm: true,
            picture: format == .text || svg, language: language
        )
        let forecast = fetched.forecast
        let out = context.standardOutput
        if let path = arguments.string("chart") {
            try ForecastChartFile.write(ForecastSVG(language: language, units: units).render(forecast), to: path, diagnostics: context.standardError)
        }
        if svg {
            out.write(ForecastSVG(language: language, units: units).render(forecast))
        } else {
            switch format {
            case .text:
                let style = TerminalStyle(isTerminal: out.isTerminal, environment: context.environment)
                var view = ForecastTextView(language: language, units: units, style: style)
                view.width = try Platform.outputColumns(environment: context.environment, sink: out)
                view.glyphs = .forLocale(context.environment)
                view.hours = hours
                view.daysNote = midTermNote(forecast, language: language)
                view.midTermSample = fetched.midTermSample
                out.write(view.render(forecast))
            case .json:
                out.write(try json(forecast))
            case .csv:
                out.write(csv(forecast))
            }
        }
        // For programs (JSON, CSV) a missing product is a partial answer: status 1. A person
        // reads the warnings and the view's `!` lines.
        return format == .text || svg ? ExitCode.success : exitStatus(forecast, implicitMidTerm: defaultView)
    }

    /// The exit status of a forecast that was written for a program (`--format json|csv`, and
    /// every `--days` view): 1 when a requested product (or the mid-term days asked with
    /// `--days`) is missing, after the rest was written, so that a script can tell a partial
    /// forecast from a whole one (many places exit 1 for the same); else 0.
    static func exitStatus(_ forecast: LocalForecast, implicitMidTerm: Bool) -> Int32 {
        let productFailed = forecast.products.contains { $0.status == .failed }
        let midTermFailed = !implicitMidTerm && forecast.midTerm?.failure != nil
        return productFailed || midTermFailed ? ExitCode.failure : ExitCode.success
    }

    /// The one forecast the views render: the library's value, from KMA (with a key) or from
    /// the bundled recordings (the sample: no key and a view for people, or `--demo`), with the
    /// failures of products (and of the mid-term days, when asked for) on standard error.
    ///
    /// - Parameters:
    ///   - products: The products to ask for.
    ///   - midTermDays: The days to ask for with the mid-term forecast, or `nil` for none.
    ///   - implicitMidTerm: The mid-term days were not asked for by an option (the default
    ///     view's): a failure of theirs is the view's note, not a warning.
    ///   - picture: The view is for people (text, a picture): without a key it shows the sample.
    /// - Returns: The forecast, and for the sample's default view the mid-term recording's own forecast.
    static func forecast(
        _ arguments: ParsedArguments, _ context: CommandContext, products: [ForecastProduct], midTermDays: Int?,
        implicitMidTerm: Bool, picture: Bool, language: DisplayLanguage
    ) async throws(CLIError) -> (forecast: LocalForecast, midTermSample: LocalForecast?) {
        let requested = try location(arguments)
        // `--at` is read (and refused when it is not an instant) with or without a key.
        let instant = try BaseTimeCommand.instant(arguments, context)
        let settings = try ClientSettings(arguments, context, at: instant)
        do throws(SettingsError) { _ = try settings.cache() } catch { throw CLIError(error) }
        let demo = arguments.has("demo") || (settings.keyText == nil && picture)
        guard demo || settings.keyText != nil else {
            throw .runtime("\(SettingsError.missingKey(gridOperation: nil)) \(ClientSettings.keyStep) (--format \(arguments.string("format") ?? "") shows no sample data; run with --demo to see the bundled sample.)")
        }
        if demo {
            if arguments.has("at") {
                throw .usage("'--at <instant>' asks KMA for another instant; the sample is a recording of one instant. Give a key (KMA_SERVICE_KEY) to use --at, or leave it out")
            }
            return try await sample(
                products: products, midTermDays: midTermDays, requested: requested, explicit: arguments.has("demo"), language: language, context: context
            )
        }
        guard let requested else {
            throw .usage("Missing expected argument: give '--lat <lat> --lon <lon>', '--nx <nx> --ny <ny>' or '--place <name>' (or --demo)")
        }
        // The default view's days: the mid-term part only where the place has mid-term regions.
        let days = implicitMidTerm && (try? requested.resolved())?.midTermRegions == nil ? nil : midTermDays
        // The UV index rides along in the default view (as the mid-term days do), or with --uv;
        // --no-uv leaves it out. Asked implicitly, only a refused key is worth a note.
        let uvIndex = !arguments.has("no-uv") && (implicitMidTerm || arguments.has("uv"))
        let forecast = try await live(
            requested, settings: settings, products: products, midTermDays: days, uvIndex: uvIndex, language: language, context: context
        )
        for outcome in forecast.products {
            guard let failure = outcome.failure else { continue }
            let product = language == .ko ? "경고: " + outcome.product.koreanName : "Warning: " + outcome.product.rawValue
            context.standardError.write("\(product): \(TerminalText.singleLine(failure.message(in: language)))\n")
        }
        if let failure = forecast.warnings?.failure {
            // Once, with what to do; the forecast stands without the warnings.
            context.standardError.write((language == .ko ? "참고: 기상특보: " : "Note: weather warnings: ") + TerminalText.singleLine(failure.message(in: language)) + "\n")
        }
        if let uv = forecast.uv, let failure = uv.failure, arguments.has("uv") || uv.isNotAppliedFor {
            // Once per run, never an exit status: the UV index is an extra.
            context.standardError.write((language == .ko ? "참고: 자외선지수: " : "Note: UV index: ") + TerminalText.singleLine(failure.message(in: language)) + "\n")
        }
        if !implicitMidTerm, let failure = forecast.midTerm?.failure {
            let failed = forecast.midTerm?.status == .failed
            let days = failed ? (language == .ko ? " 중기 날들은 자료 없음으로 보입니다." : " The mid-term days are shown as missing.") : ""
            context.standardError.write((language == .ko ? "경고: 중기예보: " : "Warning: mid-term: ") + "\(TerminalText.singleLine(failure.message(in: language)))\(days)\n")
        }
        return (forecast, nil)
    }

    /// The forecast from KMA through the client of the settings, with a progress line on a
    /// terminal and the cache's write warning.
    static func live(
        _ requested: ForecastLocation, settings: ClientSettings, products: [ForecastProduct], midTermDays: Int?,
        uvIndex: Bool = false, language: DisplayLanguage, context: CommandContext
    ) async throws(CLIError) -> LocalForecast {
        let progress = ProgressLine(sink: context.standardError, enabled: context.standardError.isTerminal, language: language)
        let cacheWarning = CacheWriteWarning(context)
        let showProgress = progress.enabled
        let client: ForecastClient
        let budget: RequestBudget?
        do throws(SettingsError) {
            var configuration = try settings.configuration { @Sendable event in
                cacheWarning.observe(event)
                if showProgress { progress.observe(event) }
            }
            configuration.rateLimiter = RequestRateLimiter(requestsPerSecond: try settings.rate())
            client = try settings.forecastClient(configuration)
            budget = try settings.budget()
        } catch {
            throw CLIError(error)
        }
        do {
            // With --uv, the UV index rides along; its service may refuse the key (its own
            // 활용신청): then the forecast stands without it, and `forecast` says so once.
            let forecast = try await client.forecast(for: requested, products: products, midTermDays: midTermDays, alerts: true, uvIndex: uvIndex, budget: budget)
            progress.finish()
            return forecast
        } catch {
            progress.finish()
            // KMA's text on one line: a line feed in it must not start a line of its own.
            throw .failed(TerminalText.singleLine(error.description), korean: TerminalText.singleLine(error.koreanDescription))
        }
    }

    /// The sample: ``LocalForecast/sample`` (the short-term run), or the bundled recording of the
    /// one product asked for through ``ForecastClient/preview``; with `--demo` and a place, that
    /// place's (another is refused, as the library refuses it); with days, the mid-term
    /// recording as a forecast of its own (its place and run are not the short-term recording's).
    static func sample(
        products: [ForecastProduct], midTermDays: Int?, requested: ForecastLocation?, explicit: Bool, language: DisplayLanguage = .en,
        context: CommandContext
    ) async throws(CLIError) -> (forecast: LocalForecast, midTermSample: LocalForecast?) {
        let recordings = LocalForecast.sampleRecordings
        let wanted = products.count == 1 ? products[0] : .shortTerm
        guard let recording = recordings.first(where: { $0.product == wanted }), let product = recording.product else {
            throw .runtime("the bundled sample could not be read (a bug in kma-forecast; please report it)")
        }
        let forecast: LocalForecast
        var midTermSample: LocalForecast?
        do throws(ForecastClientError) {
            // `--demo` for a place: that place's recording, or the library's refusal of it.
            let asked = explicit ? requested : nil
            forecast = product == .shortTerm ? try LocalForecast.sample(at: asked)
                : try await ForecastClient.preview.forecast(for: asked ?? recording.location, products: [product])
            if midTermDays != nil, let mid = recordings.first(where: { $0.product == nil }) {
                midTermSample = try await ForecastClient.preview.forecast(for: mid.location, products: [], midTermDays: 11)
                midTermSample?.recording = mid.recording
            }
        } catch {
            throw .failed(error.description, korean: error.koreanDescription)
        }
        context.standardError.write(
            language == .ko ? koreanSampleNotice(forecast, requested: requested, explicit: explicit) : sampleNotice(recording, requested: requested, explicit: explicit)
        )
        return (forecast, midTermSample)
    }

    /// The line under the days when the default view's mid-term part is missing: for a key the
    /// service refuses, how to add it; else the error.
    static func midTermNote(_ forecast: LocalForecast, language: DisplayLanguage) -> String? {
        guard let midTerm = forecast.midTerm, midTerm.status == .failed, let failure = midTerm.failure else { return nil }
        if failure.isAccessRefusal, forecast.outcome(.shortTerm)?.status != .failed {
            return language == .ko ? TenDayCommand.midTermRefusedNoteKorean : TenDayCommand.midTermRefusedNote
        }
        return "! " + TerminalText.safe(failure.message(in: language))
    }

    // MARK: Where

    /// The place the arguments name, or `nil` when none is given; checked as the library
    /// resolves it (an unknown or ambiguous place, a point off the grid: usage errors).
    static func location(_ arguments: ParsedArguments) throws(CLIError) -> ForecastLocation? {
        let (point, cell, named) = LocationArguments.forms(arguments)
        guard [point, cell, named].filter({ $0 }).count <= 1 else {
            throw .usage("Give only one of '--lat/--lon', '--nx/--ny' or '--place'")
        }
        if point { return .coordinate(try LocationArguments.point(arguments).0) }
        if cell { return .cell(try LocationArguments.cell(arguments)) }
        if named { return .place(try LocationArguments.place(arguments)) }
        return nil
    }

    // MARK: Output

    /// `--format json`: the library's `Codable` encoding of the forecast, one line, keys sorted
    /// (`Schemas/local-forecast.schema.json` documents it).
    static func json(_ forecast: LocalForecast) throws(CLIError) -> String {
        try JSONOutput.encode(forecast)
    }

    /// The records CSV contract with a `product` column, then the days the text view shows
    /// (``ForecastCSV``).
    static func csv(_ forecast: LocalForecast) -> String {
        ForecastCSV.text(forecast, days: DailyForecastSection(language: .en, style: TerminalStyle(enabled: false)).shownDays(forecast))
    }

    /// The notice for sample data on standard error (standard output's first line says what
    /// the sample is): that it is not the place asked for, and how to get a key.
    static func koreanSampleNotice(_ forecast: LocalForecast, requested: ForecastLocation?, explicit: Bool) -> String {
        var text = explicit ? "참고: --demo 는 표본 자료를 보여 줍니다: " : "참고: 기상청 서비스 키(KMA_SERVICE_KEY)가 없어 표본 자료를 보여 줍니다: "
        text += String((forecast.koreanRecordingNote ?? "").dropFirst("표본: ".count))
        if let requested, let place = try? requested.resolved(), place.cell != forecast.location.cell {
            let name = place.placeName.map { "\($0) " } ?? ""
            text += " 물으신 곳(\(name)격자 \(place.cell.nx), \(place.cell.ny))은 실시간 자료가 있어야 합니다."
        }
        if !explicit { text += "\n" + KoreanMessages.translate(keyHelp) }
        return text + "\n\n"
    }

    static func sampleNotice(_ recording: SampleRecording, requested: ForecastLocation?, explicit: Bool) -> String {
        var text = explicit ? "Note: --demo shows sample data: " : "Note: no KMA service key is set (KMA_SERVICE_KEY), so this shows sample data: "
        text += recording.description + ", not a live forecast."
        if let requested, let place = try? requested.resolved(), place.cell != recording.cell {
            let name = place.placeName.map { "\($0) " } ?? ""
            text += " The place you asked for (\(name)nx \(place.cell.nx), ny \(place.cell.ny)) needs live data."
        }
        if !explicit { text += "\n" + keyHelp }
        return text + "\n\n"
    }
}
