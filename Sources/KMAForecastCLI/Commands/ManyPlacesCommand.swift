import Foundation
import KMAForecast
import KMAForecastClient
import KMAForecastText
import KMAGrid

/// `kma-forecast --input places.csv` (or several `--place`, `--lat --lon`, `--nx --ny`): the
/// forecast for many places as one CSV or JSON Lines stream, in input order, paced under
/// KMA's limit (``RequestRateLimiter``), resumable through the cache.
enum ManyPlacesCommand {
    /// Whether the arguments ask for many places: `--input`, a place option given more than
    /// once, two kinds of place option (`--place` with `--lat/--lon`: two places), or
    /// `--format jsonl`.
    static func applies(_ arguments: ParsedArguments) -> Bool {
        // Two places are a batch however they are given: `--place A --place B`, and as well
        // `--place A --lat … --lon …` or `--nx … --ny … --place B`.
        let forms = LocationArguments.forms(arguments)
        return arguments.has("input") || ["place", "lat", "lon", "nx", "ny"].contains { arguments.count($0) > 1 }
            || [forms.point, forms.cell, forms.place].filter { $0 }.count > 1
            || arguments.string("format") == "jsonl"
    }

    /// Cells fetched at once: enough to keep the limit busy at KMA's slowest average latency
    /// (0.6 s for the short-term forecast) with room for slower answers.
    static func concurrency(rate: Double) -> Int {
        min(256, max(8, Int((rate * 1.5).rounded(.up))))
    }

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) -> Int32 {
        let format = try Self.format(arguments)
        if arguments.has("demo") { throw .usage("--demo shows one place; give a key to fetch many") }
        if arguments.has("input"), arguments.has("place") || arguments.has("lat") || arguments.has("nx") {
            throw .usage("Give the places either in '--input <file>' or as '--place', '--lat/--lon' and '--nx/--ny' options, not both")
        }
        let instant = try BaseTimeCommand.instant(arguments, context)
        let settings = try ClientSettings(arguments, context, at: instant)
        do throws(SettingsError) { _ = try settings.cache() } catch { throw CLIError(error) }
        let products: [ForecastProduct] = arguments.string("product").flatMap(ForecastProduct.init(rawValue:)).map { [$0] }
            ?? [.nowcast, .ultraShort, .shortTerm]
        let input: PlacesTable
        if let path = arguments.string("input") {
            let command = PlacesTable.Command.forecast(categories: PlacesForecastWriter.categories(of: products))
            input = try PlacesTable.parse(try context.readInput(path), source: path == "-" ? "standard input" : path, command: command)
        } else {
            input = try PlacesTable.arguments(arguments)
        }
        let progress = BatchProgressLine(sink: context.standardError, enabled: context.standardError.isTerminal, total: input.rows.count)
        let budget: RequestBudget?
        let rate: Double
        let made: (client: ForecastClient, limiter: RequestRateLimiter)
        do throws(SettingsError) {
            budget = try settings.budget()
            rate = try settings.rate()
            made = try client(settings, rate: rate, connections: concurrency(rate: rate) * products.count, progress: progress, context: context)
        } catch {
            if case .missingKey = error { throw .runtime("\(error) \(ClientSettings.keyStep) Many places need one.") }
            throw CLIError(error)
        }
        let writer = PlacesForecastWriter(format: format, inputColumns: input.columns, products: products)
        var tally = Tally(ko: DisplayLanguage.requested(context) == .ko)
        await fetch(input, products: products, client: made.client, concurrency: concurrency(rate: rate), budget: budget,
                    writer: writer, tally: &tally, progress: progress, out: context.standardOutput)
        progress.finish()
        return tally.report(total: input.rows.count, limiter: made.limiter, budget: budget, sink: context.standardError)
    }

    /// `--format`: CSV (the default for many places) or JSON Lines.
    static func format(_ arguments: ParsedArguments) throws(CLIError) -> PlacesForecastWriter.Format {
        switch arguments.string("format") {
        case nil, "csv": return .csv
        case "jsonl": return .jsonl
        default:
            throw .usage("Many places are written as CSV or JSON Lines: use '--format csv' (the default for many places) or '--format jsonl'")
        }
    }

    /// The client of the settings, paced at `rate`, reporting to the progress line and the
    /// cache's write warning.
    static func client(
        _ settings: ClientSettings, rate: Double, connections: Int, progress: BatchProgressLine, context: CommandContext
    ) throws(SettingsError) -> (client: ForecastClient, limiter: RequestRateLimiter) {
        let limiter = RequestRateLimiter(requestsPerSecond: rate)
        let cacheWarning = CacheWriteWarning(context)
        var configuration = try settings.configuration { @Sendable event in
            cacheWarning.observe(event)
            progress.observe(event)
        }
        configuration.rateLimiter = limiter
        return (try settings.forecastClient(configuration, connections: connections), limiter)
    }

    /// Fetches every located input and writes its rows (or its failure) in input order, the
    /// inputs without a cell in their place.
    static func fetch(
        _ input: PlacesTable, products: [ForecastProduct], client: ForecastClient, concurrency: Int, budget: RequestBudget?,
        writer: PlacesForecastWriter, tally: inout Tally, progress: BatchProgressLine, out: TextSink
    ) async {
        out.write(writer.header)
        var located: [GridCell] = []
        var positions: [Int] = []
        for (position, entry) in input.rows.enumerated() {
            if case .success(let cell) = entry.cell {
                located.append(cell)
                positions.append(position)
            }
        }
        var written = 0
        var failures = tally
        /// Writes the inputs that have no cell, up to (not including) `position`.
        func writeUnlocated(upTo position: Int) {
            while written < position {
                let entry = input.rows[written]
                if case .failure(let problem) = entry.cell {
                    let message = failures.ko ? problem.koreanDescription : problem.description
                    out.write(writer.failure(PlacesForecastWriter.oneLine(message), input: entry, product: nil))
                    failures.failed(entry, product: nil, message: message, progress: progress)
                    progress.inputDone(failed: true)
                }
                written += 1
            }
        }
        await client.fetch(products, cells: located, concurrency: concurrency, window: max(256, concurrency * 4), budget: budget) { index, runs in
            let position = positions[index]
            writeUnlocated(upTo: position)
            let entry = input.rows[position]
            var failed = false
            for (product, result) in zip(products, runs) {
                switch result {
                case .success(let run):
                    writer.write(rowsOf: run, input: entry) { out.write($0) }
                case .failure(let error):
                    failed = true
                    let shown = products.count == 1 ? nil : product
                    out.write(writer.failure(failures.ko ? error.koreanDescription : error.description, input: entry, product: shown))
                    failures.failed(entry, product: shown, error: error, progress: progress)
                }
            }
            written = position + 1
            out.flush()
            progress.inputDone(failed: failed)
        }
        writeUnlocated(upTo: input.rows.count)
        out.flush()
        tally = failures
    }

    /// The failures of a run, for the lines on standard error and the closing summary.
    struct Tally {
        var failedInputs = Set<Int>()
        var quotaStopped = Set<Int>()
        var budgetStopped = Set<Int>()
        var budgetLimit = 0
        /// `--lang ko`: the lines on standard error and the `error` column in Korean.
        var ko = false

        /// Lists a failed input (or product of one) on standard error. Network text (`fromNetwork`)
        /// stays on its line, escaped and cut; the tool's own message (an ambiguous place's
        /// candidates) keeps its lines for a person, each escaped.
        mutating func failed(_ entry: PlacesTable.Row, product: ForecastProduct?, message: String, fromNetwork: Bool = false, progress: BatchProgressLine) {
            failedInputs.insert(entry.line)
            let what = entry.fields.joined(separator: ",")
            let which = product.map { " \($0.rawValue)" } ?? ""
            let shown = fromNetwork
                ? TerminalText.singleLine(message)
                : message.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.singleLine(String($0)) }.joined(separator: "\n")
            progress.print((ko ? KoreanMessages.text("batchLineFailed", String(entry.line), TerminalText.singleLine(what), which) : "Error: line \(entry.line) (\(TerminalText.singleLine(what)))\(which): ") + shown + "\n")
        }

        mutating func failed(_ entry: PlacesTable.Row, product: ForecastProduct?, error: ForecastClientError, progress: BatchProgressLine) {
            switch error.reason {
            case .quotaExhausted:
                quotaStopped.insert(entry.line)
                failed(entry, product: product, message: ko ? KoreanMessages.text("batchQuotaStopped") : "not fetched: KMA's daily quota is used up (code 22)", progress: progress)
            case .budgetExhausted(let limit):
                budgetStopped.insert(entry.line)
                budgetLimit = limit
                failed(entry, product: product, message: ko ? KoreanMessages.text("batchBudgetStopped", String(limit)) : "not fetched: --max-requests \(limit) is used up", progress: progress)
            default:
                failed(entry, product: product, message: ko ? error.koreanDescription : error.description, fromNetwork: true, progress: progress)
            }
        }

        /// The closing lines, and the exit status: 1 when any input failed.
        func report(total: Int, limiter: RequestRateLimiter, budget: RequestBudget?, sink: TextSink) -> Int32 {
            guard !failedInputs.isEmpty else { return ExitCode.success }
            if ko { return koreanReport(total: total, limiter: limiter, sink: sink) }
            if let stop = limiter.quotaStop {
                sink.write("Error: KMA answered code 22 (LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR): the key's daily quota is used up, so no more requests were sent. \(quotaStopped.count) input\(quotaStopped.count == 1 ? " was" : "s were") not fetched. The quota resets at midnight KST (\(KSTDateTime(stop.resetsAt).iso8601)); run the same command again then: what was fetched is cached and is not requested again.\n")
            }
            if !budgetStopped.isEmpty {
                sink.write("Error: the request budget (--max-requests \(budgetLimit)) is used up: \(budgetStopped.count) input\(budgetStopped.count == 1 ? " was" : "s were") not fetched. Run the same command again (with a budget for the rest): what was fetched is cached and is not requested again.\n")
            }
            sink.write("Error: \(failedInputs.count) of \(total) input\(total == 1 ? "" : "s") failed (listed above; each has a line with its 'error' filled in the output).\n")
            return ExitCode.failure
        }

        /// ``report(total:limiter:budget:sink:)``'s lines in Korean (KMAForecastText's table).
        func koreanReport(total: Int, limiter: RequestRateLimiter, sink: TextSink) -> Int32 {
            if let stop = limiter.quotaStop { sink.write(KoreanMessages.text("batchQuotaReport", String(quotaStopped.count), KSTDateTime(stop.resetsAt).iso8601) + "\n") }
            if !budgetStopped.isEmpty { sink.write(KoreanMessages.text("batchBudgetReport", String(budgetLimit), String(budgetStopped.count)) + "\n") }
            sink.write(KoreanMessages.text("batchSummary", String(total), String(failedInputs.count)) + "\n")
            return ExitCode.failure
        }
    }
}
