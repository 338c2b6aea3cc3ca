import KMAForecast
import KMAForecastClient
import KMAForecastNetCDF

/// `kma-forecast field --format netcdf`: one field, or several variables at every valid time
/// of a run, into one CF-convention NetCDF file, through the library
/// (``GridFieldClient/writeNetCDF(_:variables:run:validTimes:to:budget:progress:)``); here only
/// the arguments, the progress line and the messages.
extension FieldCommand {
    static func netcdf(_ arguments: ParsedArguments, _ context: CommandContext, product: ForecastProduct) async throws(CLIError) -> Int32 {
        guard let path = arguments.string("output"), !path.isEmpty, path != "-" else {
            throw .usage("a NetCDF file is written to a file, not a stream: give '--output <file.nc>'")
        }
        let variables = try Self.variables(arguments, product: product)
        let budget = try ForecastCommand.budget(arguments)
        let rate = try ForecastCommand.rate(arguments)
        let instant = try BaseTimeCommand.instant(arguments, context)
        let validTimes: NetCDFValidTimes = arguments.string("valid")?.lowercased() == "all" ? .all : try Self.valid(arguments).map { .at($0) } ?? .first
        let progress = FieldProgressLine(sink: context.standardError, enabled: context.standardError.isTerminal)
        let client = try netcdfClient(arguments, context, product: product, rate: rate, instant: instant, progress: progress)
        do throws(NetCDFWriteError) {
            let file = try await client.writeNetCDF(product, variables: variables, validTimes: validTimes, to: path, budget: budget) { update in
                if update.written == 0 { progress.start(total: update.total, run: "\(update.product.rawValue) run \(update.run)") } else { progress.fieldDone() }
            }
            progress.finish()
            if context.standardError.isTerminal {
                let times = file.validTimes.count
                context.standardError.write("Wrote \(path): \(variables.map(\.code).joined(separator: ",")) × \(times) valid time\(times == 1 ? "" : "s") of the \(product.rawValue) run \(file.run) (\(progress.summary)).\n")
            }
            return ExitCode.success
        } catch {
            progress.finish()
            switch error {
            case .invalidRequest(let error): throw error.stage == .request ? .usage(error.description) : .runtime(error.description)
            case .fieldNotFetched:
                context.standardError.write("Error: \(error.description)\n")
                return ExitCode.failure
            case .notACode: throw .runtime(error.description + ": use '--format csv' for this field")
            case .noPlace, .file: throw .runtime(error.description)
            }
        }
    }

    /// The grid client of `field --format netcdf`: key, configuration, rate, the progress line
    /// and the cache warning on its events.
    static func netcdfClient(
        _ arguments: ParsedArguments, _ context: CommandContext, product: ForecastProduct, rate: Double, instant: Int64, progress: FieldProgressLine
    ) throws(CLIError) -> GridFieldClient {
        guard let key = arguments.string("service-key") ?? context.environment["KMA_SERVICE_KEY"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw .runtime("no KMA API Hub key: set KMA_SERVICE_KEY or pass --service-key (an apihub.kma.go.kr key that has applied, 활용신청, for \(product.gridOperation))")
        }
        var configuration = try ForecastCommand.clientConfiguration(arguments, context, key: key, at: KSTDateTime(unixSeconds: instant))
        configuration.rateLimiter = RequestRateLimiter(requestsPerSecond: rate)
        let cacheWarning = CacheWriteWarning(sink: context.standardError)
        configuration.onEvent = { @Sendable event in
            cacheWarning.observe(event)
            progress.observe(event)
        }
        let options = GridFieldOptions(
            baseURL: arguments.string("base-url") ?? context.environment["KMA_FIELD_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        )
        let client: GridFieldClient
        do throws(ForecastClientError) {
            if let sleep = context.retrySleep {
                client = try GridFieldClient(configuration: configuration, options: options, transport: URLSessionTransport(), sleep: sleep, random: { Double.random(in: 0..<1) })
            } else {
                client = try GridFieldClient(configuration: configuration, options: options)
            }
        } catch {
            throw error.stage == .request ? .usage(error.description) : .runtime(error.description)
        }
        return client
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
                throw .usage("The value '\(text)' is invalid for '--var <code>': '\(code)' is not a variable of the \(product.rawValue) grid, which has \(known.map(\.code).joined(separator: " ")) (or give all)")
            }
            if !variables.contains(variable) { variables.append(variable) }
        }
        return variables
    }
}
