import Foundation
import KMAForecast
import KMAForecastText
import KMAForecastClient
import KMAGrid
import KMAPlaces

/// `kma-forecast --lat … --lon … --days N`: the ten-day view, short-term days merged with the
/// mid-term forecast (``DailyForecastMerger``); and the days section that closes the default
/// text view (``defaultViewDays(_:report:language:)``).
enum TenDayCommand {
    /// The options the ten-day view adds to the forecast command.
    static let options = [
        OptionSpec("days", value: "n", help: "Show the days ahead instead: 1...11 days from today (default 10), short-term days merged with the mid-term forecast (중기예보)."),
        OptionSpec("outlook", help: "With the days, add KMA's forecaster outlook text for the place's region (getMidFcst)."),
        OptionSpec("mid-base-url", value: "url", help: "The mid-term service root to which the operation name is appended (default: $KMA_MID_BASE_URL, else the provider's)."),
    ]

    /// Which of the ten-day options the arguments use.
    static func isRequested(_ arguments: ParsedArguments) -> Bool {
        arguments.has("days") || arguments.has("outlook")
    }

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) -> Int32 {
        let format = arguments.format
        let language = arguments.language(context.environment)
        let days = try arguments.int("days", range: 1...11, meaning: "a number of days from today") ?? 10
        if arguments.has("product") {
            throw .usage("'--days' shows the daily view of the short-term and mid-term forecasts; '--product' does not apply to it")
        }
        let keyText = arguments.string("service-key") ?? context.environment["KMA_SERVICE_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        let demo = arguments.has("demo") || (keyText == nil && format == .text)
        guard demo || keyText != nil else {
            throw .runtime("No KMA service key is set, and --format \(format.rawValue) does not show sample data. \(ForecastCommand.keyHelp) (Or run with --demo to see the bundled sample.)")
        }
        let requested = try ForecastCommand.location(arguments)
        let view: TenDayView
        if demo {
            let sample = try SampleTenDays.view()
            view = sample.view
            context.standardError.write(sample.notice(explicit: arguments.has("demo"), requested: requested, language: language))
        } else {
            guard let requested else {
                throw .usage("Missing expected argument: give '--lat <lat> --lon <lon>', '--nx <nx> --ny <ny>' or '--place <name>' with --days (or --demo)")
            }
            view = try await live(arguments, context, requested: requested, days: days, key: keyText ?? "")
        }
        let out = context.standardOutput
        switch format {
        case .text:
            let style = TerminalStyle(isTerminal: out.isTerminal, environment: context.environment)
            let width = Platform.outputColumns(environment: context.environment, sink: out)
            out.write(DailyForecastSection(language: language, style: style, width: width, units: arguments.units).text(view, header: .full))
        case .json:
            out.write(DailyForecastSection.json(view))
        case .csv:
            out.write(DailyForecastSection.csv(view))
        }
        return ExitCode.success
    }

    /// The client of the forecast command, with the mid-term service root of `--mid-base-url`
    /// or `KMA_MID_BASE_URL`.
    static func client(_ arguments: ParsedArguments, _ context: CommandContext, key: String, at: KSTDateTime) throws(CLIError) -> ForecastClient {
        var configuration = try ForecastCommand.clientConfiguration(arguments, context, key: key, at: at)
        let cacheWarning = CacheWriteWarning(sink: context.standardError)
        configuration.onEvent = { @Sendable event in cacheWarning.observe(event) }
        do {
            if let sleep = context.retrySleep {
                return try ForecastClient(configuration: configuration, transport: URLSessionTransport(), sleep: sleep, random: { Double.random(in: 0..<1) })
            }
            return try ForecastClient(configuration: configuration)
        } catch {
            throw .usage(error.description)
        }
    }

    /// The mid-term codes of the place the arguments name: `--place` by its province, a
    /// coordinate (or a cell's centre) by the grid table's nearest row.
    static func regions(_ arguments: ParsedArguments, requested: ForecastReport.Location) throws(CLIError) -> (MidTermAssignment, Place?) {
        do {
            if requested.placeName != nil, arguments.has("place") {
                let place = try LocationArguments.place(arguments)
                return (try MidTermRegions.kma.assignment(for: place), place)
            }
            let point = requested.coordinate ?? ForecastGrid.kma.center(of: requested.cell)
            return (try MidTermRegions.kma.assignment(for: point), nil)
        } catch let error as CLIError {
            throw error
        } catch {
            throw .usage(LocationArguments.sentence("\(error)"))
        }
    }

    private static func live(
        _ arguments: ParsedArguments, _ context: CommandContext, requested: ForecastReport.Location, days: Int, key: String
    ) async throws(CLIError) -> TenDayView {
        let at = KSTDateTime(unixSeconds: try BaseTimeCommand.instant(arguments, context))
        let client = try client(arguments, context, key: key, at: at)
        let (regions, place) = try regions(arguments, requested: requested)
        let forecast: DailyForecast
        do {
            if let place {
                forecast = try await client.dailyForecast(for: place, days: days)
            } else {
                forecast = try await client.dailyForecast(for: requested.coordinate ?? ForecastGrid.kma.center(of: requested.cell), days: days)
            }
        } catch {
            throw .runtime(error.description)
        }
        var outlook: String?
        if arguments.has("outlook") {
            do {
                outlook = try await client.midTermOutlook(stationID: regions.landRegion.outlookStationID).text
            } catch {
                context.standardError.write("Warning: outlook: \(TerminalText.safe(error.description))\n")
            }
        }
        if let error = forecast.shortTermError {
            context.standardError.write("Warning: short-term: \(TerminalText.safe(error.description)) The short-term days are shown as missing.\n")
        }
        if let error = forecast.midTermError {
            context.standardError.write("Warning: mid-term: \(TerminalText.safe(error.description)) The mid-term days are shown as missing.\n")
        }
        return TenDayView(
            days: forecast.days, cell: forecast.cell, placeName: requested.placeName, coordinate: requested.coordinate,
            regions: forecast.regions, shortBase: forecast.shortTermBase, midIssues: forecast.midTermIssues, outlook: outlook
        )
    }

    // MARK: - The default view's days

    /// The mid-term fetch of the default view, started before the short-term products are
    /// fetched so that both run at once; `nil` when the view has no days section (a single
    /// product, a format for programs, the sample, no place that has mid-term codes).
    enum PendingSection: Sendable {
        /// A live view: the place's codes and cell, and the mid-term fetch under way.
        case live(regions: MidTermAssignment, cell: GridCell, task: Task<MidTermRuns, Never>)
        /// The sample (no key): the bundled days.
        case sample
    }

    /// Starts the mid-term fetch for the default text view (or picks the sample).
    static func startDefaultViewSection(
        _ arguments: ParsedArguments, requested: ForecastReport.Location?, client: ForecastClient, sample: Bool, enabled: Bool
    ) -> PendingSection? {
        guard enabled else { return nil }
        if sample { return .sample }
        guard let requested, let (regions, _) = try? regions(arguments, requested: requested) else { return nil }
        let cell = requested.cell
        return .live(regions: regions, cell: cell, task: Task { await client.midTermRuns(for: regions, cell: cell) })
    }

    /// The days of the default text view: the short-term run already fetched merged with the
    /// mid-term runs, which take the daily summary's place; when the mid-term part is missing
    /// (the key cannot read the service, or it failed), a note under the daily summary (for a
    /// key the service refuses, how to add it).
    static func defaultViewDays(_ pending: PendingSection?, report: ForecastReport, language: DisplayLanguage) async -> ForecastTextView.TenDays? {
        let regions: MidTermAssignment, cell: GridCell, task: Task<MidTermRuns, Never>
        switch pending {
        case nil:
            return nil
        case .sample?:
            guard let sample = try? SampleTenDays.view() else { return nil }
            return .list(sample.view, sample: true)
        case .live(let r, let c, let t)?:
            (regions, cell, task) = (r, c, t)
        }
        let mid = await task.value
        let short = report.outcome(.shortTerm)
        guard !mid.runs.isEmpty else {
            guard let error = mid.error else { return nil }
            if error.isAccessRefusal, short?.error == nil {
                return .note(language == .ko ? midTermRefusedNoteKorean : midTermRefusedNote)
            }
            return .note("! " + TerminalText.safe(error.description))
        }
        let rows = short?.error == nil ? short?.rows ?? [] : []
        let days = DailyForecastMerger.merge(
            shortTerm: rows, midTerm: mid.runs, today: report.at.yyyymmdd, days: 10, landIsApproximate: regions.isApproximate
        )
        let view = TenDayView(
            days: days, cell: cell, placeName: nil, coordinate: nil, regions: regions,
            shortBase: short?.error == nil ? short?.base : nil, midIssues: mid.runs.map(\.issue), outlook: nil
        )
        return .list(view, sample: false)
    }

    /// The default view's line for a key the mid-term service refuses: what is missing and how
    /// to add it (``ForecastClientError/midTermApplicationHint`` has the long form).
    static let midTermRefusedNote = "! Mid-term: this key cannot read the mid-term service. For ten days, apply for it (활용신청): "
        + "기상청_중기예보 조회서비스 (data.go.kr service 15059468), or 중기예보 조회 on apihub.kma.go.kr."
    /// ``midTermRefusedNote`` in Korean.
    static let midTermRefusedNoteKorean = "! 중기예보: 이 키는 중기예보 조회서비스를 쓸 수 없습니다. 10일 예보를 보려면 활용신청하세요: "
        + "기상청_중기예보 조회서비스 (data.go.kr 15059468) 또는 apihub.kma.go.kr의 중기예보 조회."
}
