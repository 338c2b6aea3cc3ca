import KMAForecast
import KMAForecastClient
import KMAForecastNetCDF
import KMAForecastText

/// `kma-forecast field --format netcdf`: one field, or several variables at every valid time
/// of a run, into one CF-convention NetCDF file, through the library
/// (``GridFieldClient/writeNetCDF(_:variables:run:validTimes:to:budget:progress:)``); here only
/// the arguments, the progress line and the messages.
extension FieldCommand {
    static func netcdf(_ arguments: ParsedArguments, _ context: CommandContext, product: ForecastProduct) async throws(CLIError) -> Int32 {
        guard let path = arguments.string("output"), !path.isEmpty, path != "-" else {
            throw .misused("a NetCDF file is written to a file, not a stream: give '--output <file.nc>'", korean: KoreanMessages.text("netcdfStream"))
        }
        let variables = try Self.variables(arguments, product: product)
        let instant = try BaseTimeCommand.instant(arguments, context)
        let settings = try ClientSettings(arguments, context, at: instant, field: true)
        let budget: RequestBudget?
        let rate: Double
        do throws(SettingsError) { (budget, rate) = (try settings.budget(), try settings.rate()) } catch { throw CLIError(error) }
        let validTimes: NetCDFValidTimes = arguments.string("valid")?.lowercased() == "all" ? .all : try Self.valid(arguments).map { .at($0) } ?? .first
        let progress = FieldProgressLine(sink: context.standardError, enabled: context.standardError.isTerminal)
        let client = try netcdfClient(settings, context, product: product, rate: rate, progress: progress)
        do throws(NetCDFWriteError) {
            let file = try await client.writeNetCDF(product, variables: variables, validTimes: validTimes, to: path, budget: budget) { update in
                if update.written == 0 { progress.start(total: update.total, run: "\(update.product.rawValue) run \(update.run)") } else { progress.fieldDone() }
            }
            progress.finish()
            // A code KMA does not document is kept and flagged, and said (the file is whole).
            for (variable, cells) in file.undocumentedCodes.sorted(by: { $0.key < $1.key }) {
                context.standardError.write(DisplayLanguage.requested(context) == .ko
                    ? KoreanMessages.text("netcdfUndocumented", String(cells), variable.code, variable.code) + "\n"
                    : "Note: \(cells) cell\(cells == 1 ? "" : "s") of \(variable.code) \(cells == 1 ? "holds" : "hold") a code KMA does not document: kept as sent, flagged 1 in \(variable.code)_status.\n")
            }
            if context.standardError.isTerminal {
                let times = file.validTimes.count
                context.standardError.write("Wrote \(path): \(variables.map(\.code).joined(separator: ",")) × \(times) valid time\(times == 1 ? "" : "s") of the \(product.rawValue) run \(file.run) (\(progress.summary)).\n")
            }
            return ExitCode.success
        } catch {
            progress.finish()
            switch error {
            case .invalidRequest(let error): throw Self.failure(error)
            case let .fieldNotFetched(request, cause, path, written, total, cached):
                // KMA's text on one line: a line feed in it must not start a line of its own.
                let notWritten = NetCDFWriteError.notWritten(path: path, written: written, total: total, cached: cached)
                let korean = KoreanMessages.text("netcdfNotWritten", path, String(total), String(total - written))
                    + (cached ? KoreanMessages.text("netcdfCached", String(written)) : KoreanMessages.text("netcdfNotCached"))
                context.standardError.write(DisplayLanguage.requested(context) == .ko
                    ? KoreanMessages.text("fieldRequestFailed", "\(request)", TerminalText.singleLine(cause.koreanDescription)) + "\n\(korean)\n"
                    : "Error: \(TerminalText.singleLine("\(request): \(cause.description)"))\n\(notWritten)\n")
                return ExitCode.failure
            case let .notACode(variable, value, cellIndex, valid):
                let cell = GridField.cell(at: cellIndex).map { "\($0.nx),\($0.ny)" } ?? "\(cellIndex)"
                throw .failed(error.description + ": use '--format csv' for this field", korean: KoreanMessages.text("fieldNotACode", variable.code, cell, "\(valid)", "\(value)", variable.code))
            case .noPlace, .file: throw .runtime(error.description)
            }
        }
    }

    /// The grid client of `field --format netcdf`, from the one settings layer: key,
    /// configuration, rate, the progress line and the cache warning on its events.
    static func netcdfClient(
        _ settings: ClientSettings, _ context: CommandContext, product: ForecastProduct, rate: Double, progress: FieldProgressLine
    ) throws(CLIError) -> GridFieldClient {
        let cacheWarning = CacheWriteWarning(context)
        do throws(SettingsError) {
            var configuration = try settings.configuration(gridOperation: product.gridOperation) { @Sendable event in
                cacheWarning.observe(event)
                progress.observe(event)
            }
            configuration.rateLimiter = RequestRateLimiter(requestsPerSecond: rate)
            return try settings.gridFieldClient(configuration)
        } catch {
            throw CLIError(error)
        }
    }

    /// `--var` for NetCDF: one code, several separated by commas, or `all`; each checked
    /// against the product's variables, repeats dropped.
    static func variables(_ arguments: ParsedArguments, product: ForecastProduct) throws(CLIError) -> [ForecastCategory] {
        let text = arguments.string("var") ?? ""
        let known = product.gridVariables
        if text.lowercased() == "all" { return known }
        var variables: [ForecastCategory] = []
        for code in text.split(separator: ",", omittingEmptySubsequences: false) {
            let code = String(code.filter { $0 != " " }).uppercased()
            guard let variable = known.first(where: { $0.code == code }) else {
                let codes = known.map(\.code).joined(separator: " ")
                throw .misused("The value '\(text)' is invalid for '--var <code>': '\(code)' is not a variable of the \(product.rawValue) grid, which has \(codes) (or give all)", korean: KoreanMessages.text("netcdfVar", text, code, product.koreanName, codes))
            }
            if !variables.contains(variable) { variables.append(variable) }
        }
        return variables
    }
}
