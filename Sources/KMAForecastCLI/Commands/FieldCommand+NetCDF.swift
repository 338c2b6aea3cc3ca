import KMAForecast
import KMAForecastClient

/// `kma-forecast field --format netcdf`: one field, or several variables at every valid time
/// of a run, into one CF-convention NetCDF file (``GridFieldNetCDF``).
extension FieldCommand {
    static func netcdf(_ arguments: ParsedArguments, _ context: CommandContext, product: ForecastProduct) async throws(CLIError) -> Int32 {
        guard let path = arguments.string("output"), !path.isEmpty, path != "-" else {
            throw .usage("a NetCDF file is written to a file, not a stream: give '--output <file.nc>'")
        }
        let variables = try Self.variables(arguments, product: product)
        let instant = try BaseTimeCommand.instant(arguments, context)
        let settings = ClientSettings(arguments, context, at: instant, field: true)
        let budget: RequestBudget?
        let rate: Double
        do throws(SettingsError) { (budget, rate) = (try settings.budget(), try settings.rate()) } catch { throw CLIError(error) }
        let validText = arguments.string("valid")
        let allTimes = validText?.lowercased() == "all"
        let valid = allTimes ? nil : try Self.valid(arguments)
        let progress = FieldProgressLine(sink: context.standardError, enabled: context.standardError.isTerminal)
        let cacheWarning = CacheWriteWarning(sink: context.standardError)
        let client: GridFieldClient
        do throws(SettingsError) {
            var configuration = try settings.configuration(gridOperation: product.gridOperation) { @Sendable event in
                cacheWarning.observe(event)
                progress.observe(event)
            }
            configuration.rateLimiter = RequestRateLimiter(requestsPerSecond: rate)
            client = try settings.gridFieldClient(configuration)
        } catch {
            throw CLIError(error)
        }
        let run: ForecastBase
        var times: [KSTDateTime]
        var requests: [GridFieldRequest] = []
        do throws(ForecastClientError) {
            run = client.newestRun(of: product)
            let runTimes = product.gridValidTimes(run: run)
            if allTimes {
                times = runTimes
            } else if let valid {
                times = [valid]
            } else {
                // The run's first hour that every variable has (TMN 06:00, TMX 15:00), else its first.
                times = [runTimes.first { time in variables.allSatisfy { product.gridHasVariable($0, at: time) } } ?? runTimes[0]]
            }
            for variable in variables {
                for time in times where product.gridHasVariable(variable, at: time) || !allTimes {
                    requests.append(try GridFieldRequest(product, variable: variable, run: run, valid: time))
                }
            }
            // One valid time: the one the requests settled on (the nowcast's is its run).
            if !allTimes, let first = requests.first { times = [first.valid] }
        } catch {
            throw error.stage == .request ? .usage(error.description) : .runtime(error.description)
        }

        let file = try GridFieldNetCDF(
            path: path, product: product, run: run, variables: variables, validTimes: times,
            source: "KMA API Hub \(product.gridOperation) at \(client.baseURL)", toolVersion: KMAForecastTool.version
        )
        progress.start(total: requests.count, run: "\(product.rawValue) run \(run)")
        var failure: (request: GridFieldRequest, error: ForecastClientError)?
        var writeError: CLIError?
        var done = 0
        // At most `concurrency` requests in flight. After the first failure no request is
        // started, but those in flight are waited for: they are paid for, and the client
        // caches them, so the next run does not ask for them again.
        await withTaskGroup(of: FetchedField.self) { group in
            var next = 0
            func start() {
                guard next < requests.count, failure == nil, writeError == nil else { return }
                let request = requests[next]
                next += 1
                group.addTask {
                    // Awaited into a local before the update is built (see `Result.init(awaiting:)`).
                    func get() async throws(ForecastClientError) -> GridField { try await client.fetch(request, budget: budget) }
                    let result = await Result(awaiting: get)
                    return FetchedField(request: request, result: result)
                }
            }
            for _ in 0..<min(client.options.concurrency, requests.count) { start() }
            while let update = await group.next() {
                switch update.result {
                case .success(let field):
                    guard writeError == nil else { break }
                    do throws(CLIError) {
                        try file.write(field)
                        done += 1
                        progress.fieldDone()
                    } catch {
                        writeError = error
                    }
                case .failure(let error):
                    if failure == nil { failure = (update.request, error) }
                }
                start()
            }
        }
        if let writeError {
            progress.finish()
            throw writeError
        }
        progress.finish()
        if let failure {
            // The file is not finished: its temporary file goes with `file`.
            let left = requests.count - done
            var cached = true
            if case .disabled = (try? settings.cache()) ?? .disabled { cached = false }
            context.standardError.write(
                "Error: \(failure.request): \(failure.error.description)\n"
                    + "'\(path)' was not written: \(left) of \(requests.count) field\(requests.count == 1 ? "" : "s") missing. "
                    + (cached ? "The \(done) fetched are cached: run the same command again to fetch only the rest.\n" : "Without a cache (--no-cache) the next run fetches them all again.\n")
            )
            return ExitCode.failure
        }
        try file.finish()
        if context.standardError.isTerminal {
            context.standardError.write("Wrote \(path): \(variables.map(\.code).joined(separator: ",")) × \(times.count) valid time\(times.count == 1 ? "" : "s") of the \(product.rawValue) run \(run) (\(progress.summary)).\n")
        }
        return ExitCode.success
    }

    /// One field's request and what came of it.
    struct FetchedField: Sendable {
        var request: GridFieldRequest
        var result: Result<GridField, ForecastClientError>
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
