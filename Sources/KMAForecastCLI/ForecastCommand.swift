import Foundation
import KMAForecast
import KMAForecastText
import KMAForecastClient
import KMAGrid
import KMAPlaces

/// `kma-forecast [--lat LAT --lon LON | --nx NX --ny NY | --place NAME]`: the weather at a point
/// from KMA — the current observation, the coming hours, the days ahead.
enum ForecastCommand {
    static let keyHelp = """
        Get a key: sign in at https://www.data.go.kr, open 기상청_단기예보 조회서비스 \
        (https://www.data.go.kr/data/15084084/openapi.do) and apply for use (활용신청); \
        the key is on your My Page (a new key, or a new 활용신청, can take an hour or more to become active). \
        Then: export KMA_SERVICE_KEY='<your key>' (either form the portal shows), or pass --service-key.
        """

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
            By default the three products are fetched at once and merged into one timeline: the
            current observation (nowcast), the next 6 hours (ultra-short), then the short-term
            forecast to its end. Each row says which product and run it came from.

            The key comes from --service-key or KMA_SERVICE_KEY. Without a key, the text view shows
            bundled sample data (a real recorded forecast) with a notice; other formats need a key.
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
            .language, .units,
            OptionSpec("hours", value: "n", help: "Show the hourly table of the first N hours (1...1000) instead of the one-screen view."),
            OptionSpec("all", help: "Show the hourly table of every hour instead of the one-screen view."),
            OptionSpec("chart", value: "file", help: "Also write the forecast as an SVG chart to this file (see --format svg)."),
            OptionSpec("at", value: "instant", help: "Compute base times for this instant (ISO 8601; without an offset it is KST). Default: now."),
            OptionSpec("service-key", value: "key", help: "Your KMA service key (default: $KMA_SERVICE_KEY). Either the encoded or the decoded form."),
            OptionSpec(
                "provider", value: "provider", help: "data.go.kr (default, or $KMA_PROVIDER) or apihub (apihub.kma.go.kr).",
                allowed: ServiceProvider.allCases.map(\.rawValue)
            ),
            OptionSpec("base-url", value: "url", help: "The service root to which the operation name is appended (default: $KMA_BASE_URL, else the provider's)."),
            OptionSpec("cache-dir", value: "dir", help: "Where to cache runs (default: $XDG_CACHE_HOME/kma-forecast or ~/.cache/kma-forecast)."),
            OptionSpec("no-cache", help: "Do not read or write the cache."),
            OptionSpec("demo", help: "Show the bundled sample forecast (no key, no network)."),
            OptionSpec("input", value: "file", help: "Many places: a CSV file with lat,lon or nx,ny or place columns (header optional), or - for standard input. --place, --lat/--lon and --nx/--ny may also be repeated."),
            OptionSpec("rate", value: "n", help: "Requests per second per operation, at most (default 30, KMA's limit), counted over 1.05 s so that network delays never put one too many in KMA's second."),
            OptionSpec("max-requests", value: "n", help: "Send at most this many requests (a development key allows 10,000 a day); what is left is reported as not fetched."),
        ] + TenDayCommand.options,
        positional: nil
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) -> Int32 {
        // First, so a bad --at is refused (64) with or without a key, before any sample is chosen.
        let instant = try BaseTimeCommand.instant(arguments, context)
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
        let requested = try location(arguments)
        if arguments.has("no-cache"), arguments.has("cache-dir") {
            throw .usage("Give only one of '--no-cache' and '--cache-dir <dir>'")
        }
        let keyText = arguments.string("service-key") ?? context.environment["KMA_SERVICE_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        // Pictures and text are for people: without a key they show the sample, as text does.
        let demo = arguments.has("demo") || (keyText == nil && (format == .text || svg))
        guard demo || keyText != nil else {
            throw .runtime("No KMA service key is set, and --format \(format.rawValue) does not show sample data. \(keyHelp) (Or run with --demo to see the bundled sample.)")
        }

        let products: [ForecastProduct]
        let cell: GridCell
        let location: ForecastReport.Location
        let at: KSTDateTime
        let sample: DemoData.Sample?
        var configuration: ClientConfiguration
        let client: ForecastClient
        let progress = ProgressLine(sink: context.standardError, enabled: context.standardError.isTerminal && !demo, language: language)
        if demo {
            let chosen = DemoData.sample(for: product ?? .shortTerm)
            sample = chosen
            products = [chosen.product]
            cell = chosen.cell
            location = .init(cell: chosen.cell, placeName: chosen.placeName, coordinate: nil)
            at = chosen.clock
            context.standardError.write(demoNotice(chosen, requested: requested, explicit: arguments.has("demo"), language: language))
            do {
                // The demo's key is a placeholder: the demo transport never sends anything.
                configuration = ClientConfiguration(serviceKey: try ServiceKey("DEMO"), cache: .disabled, now: { chosen.clock.date })
                // The public seam an app would use: the recorded pages behind an injected transport.
                client = try ForecastClient(configuration: configuration, transport: DemoData.transport)
            } catch {
                throw .runtime("the demo could not start: \(error.description)")
            }
        } else {
            guard let requested else {
                throw .usage("Missing expected argument: give '--lat <lat> --lon <lon>', '--nx <nx> --ny <ny>' or '--place <name>' (or --demo)")
            }
            sample = nil
            products = product.map { [$0] } ?? ForecastProduct.allCases
            cell = requested.cell
            location = requested
            at = KSTDateTime(unixSeconds: instant)
            configuration = try clientConfiguration(arguments, context, key: keyText ?? "", at: at)
            configuration.rateLimiter = RequestRateLimiter(requestsPerSecond: try rate(arguments))
            let cacheWarning = CacheWriteWarning(sink: context.standardError)
            let showProgress = progress.enabled
            configuration.onEvent = { @Sendable event in
                cacheWarning.observe(event)
                if showProgress { progress.observe(event) }
            }
            do {
                if let sleep = context.retrySleep {
                    client = try ForecastClient(configuration: configuration, transport: URLSessionTransport(maximumBodySize: configuration.maximumResponseSize), sleep: sleep, random: { Double.random(in: 0..<1) })
                } else {
                    client = try ForecastClient(configuration: configuration)
                }
            } catch {
                throw .usage(error.description)
            }
        }

        // The days section of the default text view: its mid-term answers fetched alongside.
        let daysSection = TenDayCommand.startDefaultViewSection(
            arguments, requested: requested, client: client, sample: demo, enabled: product == nil && format == .text && !svg
        )
        let outcomes = await fetch(products, cell: cell, client: client, budget: try budget(arguments))
        progress.finish()

        let failures = outcomes.filter { $0.error != nil }
        if failures.count == outcomes.count {
            var seen = Set<String>()
            let messages = failures.compactMap { failure -> String? in
                guard let error = failure.error, seen.insert(error).inserted else { return nil }
                return failures.count == 1 || outcomes.count == 1 ? error : "\(failure.product.rawValue): \(error)"
            }
            throw .runtime(messages.joined(separator: "\nError: "))
        }
        for failure in failures {
            context.standardError.write("Warning: \(failure.product.rawValue): \(TerminalText.safe(failure.error ?? ""))\n")
        }
        let report = ForecastReport(location: location, at: at, outcomes: outcomes, sample: sample)
        let out = context.standardOutput
        if let path = arguments.string("chart") {
            try ForecastChartFile.write(ForecastSVG(language: language, units: units).render(report), to: path, diagnostics: context.standardError)
        }
        if svg {
            out.write(ForecastSVG(language: language, units: units).render(report))
            return ExitCode.success
        }
        switch format {
        case .text:
            let style = TerminalStyle(isTerminal: out.isTerminal, environment: context.environment)
            var view = ForecastTextView(language: language, units: units, style: style)
            view.width = Platform.outputColumns(environment: context.environment, sink: out)
            view.glyphs = .forLocale(context.environment)
            view.hours = hours
            view.tenDays = await TenDayCommand.defaultViewDays(daysSection, report: report, language: language)
            out.write(view.render(report))
        case .json:
            out.write(try RowsJSON.encode(ForecastDocument(report)))
        case .csv:
            out.write(csv(report))
        }
        return ExitCode.success
    }

    // MARK: Where

    /// The place the arguments name, or `nil` when none is given.
    static func location(_ arguments: ParsedArguments) throws(CLIError) -> ForecastReport.Location? {
        let (point, cell, named) = LocationArguments.forms(arguments)
        guard [point, cell, named].filter({ $0 }).count <= 1 else {
            throw .usage("Give only one of '--lat/--lon', '--nx/--ny' or '--place'")
        }
        if point {
            let (coordinate, found) = try LocationArguments.point(arguments)
            return .init(cell: found, placeName: nil, coordinate: coordinate)
        }
        if cell {
            return .init(cell: try LocationArguments.cell(arguments), placeName: nil, coordinate: nil)
        }
        if named {
            let place = try LocationArguments.place(arguments)
            return .init(cell: place.cell, placeName: place.name, coordinate: place.coordinate)
        }
        return nil
    }

    // MARK: The client

    /// `--rate`: requests per second per operation, default 30.
    static func rate(_ arguments: ParsedArguments) throws(CLIError) -> Double {
        guard let text = arguments.string("rate") else { return 30 }
        guard let rate = DecimalParser.parse(text), rate > 0, rate <= 1_000 else {
            throw .usage("The value '\(text)' is invalid for '--rate <n>': expected requests per second, a number above 0 and at most 1000 (KMA allows 30)")
        }
        return rate
    }

    /// `--max-requests`: a request budget, or `nil` for none.
    static func budget(_ arguments: ParsedArguments) throws(CLIError) -> RequestBudget? {
        try arguments.int("max-requests", range: 0...Int(Int32.max), meaning: "a number of requests").map { RequestBudget(limit: $0) }
    }

    static func clientConfiguration(_ arguments: ParsedArguments, _ context: CommandContext, key: String, at: KSTDateTime) throws(CLIError) -> ClientConfiguration {
        let serviceKey: ServiceKey
        do {
            serviceKey = try ServiceKey(key)
        } catch {
            let source = arguments.has("service-key") ? "--service-key" : "KMA_SERVICE_KEY"
            throw arguments.has("service-key") ? .usage("\(source): \(error.description)") : .runtime("\(source): \(error.description)")
        }
        let providerText = arguments.string("provider") ?? context.environment["KMA_PROVIDER"].flatMap { $0.isEmpty ? nil : $0 }
        var provider = ServiceProvider.dataGoKr
        if let providerText {
            guard let parsed = ServiceProvider(rawValue: providerText) else {
                throw .runtime("KMA_PROVIDER is '\(providerText)'; use data.go.kr or apihub")
            }
            provider = parsed
        }
        let cache: CacheLocation
        if arguments.has("no-cache") {
            cache = .disabled
        } else if let directory = arguments.string("cache-dir") {
            cache = .directory(directory)
        } else {
            cache = ForecastCache.defaultDirectory(environment: context.environment).map { .directory($0) } ?? .disabled
        }
        let instant = at.date
        var configuration = ClientConfiguration(
            provider: provider,
            serviceKey: serviceKey,
            baseURL: arguments.string("base-url") ?? context.environment["KMA_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 },
            cache: cache,
            now: { instant }
        )
        configuration.midBaseURL = arguments.string("mid-base-url") ?? context.environment["KMA_MID_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        return configuration
    }

    /// Fetches the products concurrently through the library's one call; each gets its run or
    /// its error (``ForecastClient/outcomes(at:products:budget:)``), within the budget if any.
    static func fetch(_ products: [ForecastProduct], cell: GridCell, client: ForecastClient, budget: RequestBudget? = nil) async -> [ForecastReport.Outcome] {
        await client.outcomes(at: cell, products: products, budget: budget).map(ForecastReport.Outcome.init)
    }

    // MARK: Output

    /// The records CSV contract with a `product` column: every row of every product fetched.
    static func csv(_ report: ForecastReport) -> String {
        let order: [ForecastProduct] = [.nowcast, .ultraShort, .shortTerm]
        var entries: [(ForecastProduct, ForecastRow)] = []
        for product in order {
            guard let outcome = report.outcome(product), outcome.error == nil else { continue }
            entries += outcome.rows.map { (product, $0) }
        }
        entries.sort { a, b in
            let ka = (a.1.cell, a.1.validTime)
            let kb = (b.1.cell, b.1.validTime)
            if ka != kb { return ka < kb }
            return (order.firstIndex(of: a.0) ?? 0) < (order.firstIndex(of: b.0) ?? 0)
        }
        return RowsCSV.render(entries.map(\.1), categories: RowsCSV.categories(of: entries.map(\.1)), products: entries.map(\.0))
    }

    /// The notice for sample data: what it is, from when, and how to get a key.
    static func demoNotice(_ sample: DemoData.Sample, requested: ForecastReport.Location?, explicit: Bool, language: DisplayLanguage) -> String {
        var text = explicit ? "Note: --demo shows sample data, " : "Note: no KMA service key is set (KMA_SERVICE_KEY), so this shows sample data, "
        text += "not a live forecast: KMA's \(sample.product.englishName) (\(sample.product.koreanName)) issued \(CalendarText.run(sample.base)) KST "
        text += "for \(sample.placeName) (nx \(sample.cell.nx), ny \(sample.cell.ny)), \(sample.source)."
        if let requested, requested.cell != sample.cell {
            let name = requested.placeName.map { "\($0) " } ?? ""
            text += " The place you asked for (\(name)nx \(requested.cell.nx), ny \(requested.cell.ny)) needs live data."
        }
        if !explicit { text += "\n" + keyHelp }
        return text + "\n\n"
    }
}
