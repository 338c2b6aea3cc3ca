import Foundation
import KMAForecast
import KMAForecastCharts
import KMAForecastClient
import KMAForecastText
import KMAGrid

/// `kma-forecast field`: one variable of a run for the whole country from KMA API Hub's grid
/// fields, as CSV, as a picture, sampled at many places, or as CF-convention NetCDF (one field,
/// or whole runs of several variables: `FieldCommand+NetCDF.swift`).
package enum FieldCommand {
    /// The output formats of this command.
    enum Format: String, CaseIterable {
        case csv, svg, png, netcdf
    }

    static let spec = CommandSpec(
        name: "field",
        abstract: "Fetch one variable for the whole grid (KMA API Hub grid fields) as CSV or a picture, or sample it at many places.",
        usage: [
            "--var <code> [--product <product>] [--at <instant>] [--valid <instant>] [--format csv|svg|png] [--output <file>]",
            "--var <code> --input <places.csv> [--product <product>] [--at <instant>] [--valid <instant>] [--output <file>]",
            "--var <code>[,<code>…]|all [--valid <instant>|all] --format netcdf --output <file.nc> [--rate <n>] [--max-requests <n>]",
        ],
        discussion: EnglishHelp.field,
        options: [
            OptionSpec("var", value: "code", help: "The variable, one code, e.g. TMP (see below); with --format netcdf also several (TMP,POP,PCP) or all."),
            OptionSpec(
                "product", value: "product", help: "short-term (default), ultra-short or nowcast.",
                allowed: ForecastProduct.allCases.map(\.rawValue)
            ),
            OptionSpec("at", value: "instant", help: "Use the newest run available at this instant, ISO 8601 (without an offset it is KST). Default: now."),
            OptionSpec("valid", value: "instant", help: "The valid hour, ISO 8601 (e.g. 2026-11-21T15:00), or all (every hour of the run, --format netcdf). Default: the run's first."),
            OptionSpec("format", value: "format", help: "csv (default), svg, png or netcdf.", allowed: Format.allCases.map(\.rawValue)),
            OptionSpec("output", value: "file", help: "Write to this file instead of standard output."),
            OptionSpec("input", value: "file", help: "Sample the field at the places of a CSV file (header with nx,ny or lat,lon), or - for standard input."),
            OptionSpec("base-url", value: "url", help: "The grid service root (default: $KMA_FIELD_BASE_URL, else \(GridFieldOptions.defaultBaseURL))."),
        ] + ["rate", "max-requests", "service-key", "cache-dir", "no-cache"].compactMap { ForecastCommand.spec.option(named: $0) },
        positional: nil
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) -> Int32 {
        try arguments.require("var")
        let product: ForecastProduct = arguments.choice("product", default: .shortTerm)
        let format: Format = arguments.choice("format", default: .csv), ko = DisplayLanguage.requested(context) == .ko
        if arguments.has("no-cache"), arguments.has("cache-dir") {
            throw CLIError(SettingsError.conflicting("--no-cache", "--cache-dir <dir>"))
        }
        if arguments.has("input"), format != .csv {
            throw .misused("'--input <file>' writes CSV; leave out '--format \(format.rawValue)'", korean: KoreanMessages.text("fieldInputFormat", format.rawValue))
        }
        if format == .netcdf { return try await netcdf(arguments, context, product: product) }
        if arguments.has("rate") || arguments.has("max-requests") {
            throw .misused("'--rate' and '--max-requests' are for the many fields of '--format netcdf'; one field is one request", korean: KoreanMessages.text("fieldRate"))
        }
        let variable = try Self.variable(arguments, product: product)
        let instant = try BaseTimeCommand.instant(arguments, context)
        let valid = try Self.valid(arguments)
        // Read the places before the request, so a bad file costs no call.
        let places: (input: PlacesTable, source: String)? = try arguments.string("input").map { path throws(CLIError) in
            let source = path == "-" ? "standard input" : path
            return (try PlacesTable.parse(context.readInput(path), source: source, command: .field), source)
        }
        let settings = try ClientSettings(arguments, context, at: instant, field: true)
        let client = try Self.client(settings, product: product, context: context)
        let field: GridField
        do throws(ForecastClientError) {
            let run = client.newestRun(of: product)
            if context.standardError.isTerminal {
                context.standardError.write(ko ? KoreanMessages.text("fieldFetching", product.koreanName, "\(run)", variable.code) + "\n"
                    : "Fetching \(variable.code) of the \(product.rawValue) run \(run) from KMA API Hub (a new run's first call can take 15–45 s)…\n")
            }
            field = try await client.fetch(product, variable: variable, run: run, valid: valid)
        } catch {
            throw Self.failure(error)
        }
        var status = ExitCode.success
        let output: [UInt8]
        if let (input, source) = places {
            output = Self.sampled(field, at: input, source: source, status: &status, errors: context.standardError, ko: ko)
        } else {
            switch format {
            case .csv: output = Self.csv(field)
            case .svg: output = Array(FieldPicture(field: field, source: "KMA API Hub \(product.gridOperation) at \(client.baseURL)").svg().utf8)
            case .png: output = FieldPNG(field: field).encoded()
            case .netcdf: preconditionFailure("NetCDF is written by FieldCommand.netcdf")
            }
        }
        try write(output, arguments: arguments, png: format == .png, context: context)
        return status
    }

    /// A failed fetch: a usage error for a request refused before it was sent, else a run-time
    /// one (KMA's text on one line), each with its Korean.
    static func failure(_ error: ForecastClientError) -> CLIError {
        error.stage == .request ? .misused(error.description, korean: error.koreanDescription)
            : .failed(TerminalText.singleLine(error.description), korean: TerminalText.singleLine(error.koreanDescription))
    }

    /// The grid-field client of the settings (API Hub key, `--base-url` or
    /// `KMA_FIELD_BASE_URL`), the cache's write warning said once.
    static func client(_ settings: ClientSettings, product: ForecastProduct, context: CommandContext) throws(CLIError) -> GridFieldClient {
        // A cache that cannot be written or pruned (a refused folder, a planted link) is said once.
        let cacheWarning = CacheWriteWarning(context)
        do throws(SettingsError) {
            let configuration = try settings.configuration(gridOperation: product.gridOperation) { @Sendable event in cacheWarning.observe(event) }
            return try settings.gridFieldClient(configuration)
        } catch {
            throw CLIError(error)
        }
    }

    /// Each record of a places file echoed as given, then its value (empty where there is
    /// none); a record without a cell is listed on standard error and makes the status 1.
    static func sampled(_ field: GridField, at input: PlacesTable, source: String, status: inout Int32, errors: TextSink, ko: Bool = false) -> [UInt8] {
        var text = (input.header ?? input.columns.map(CSVText.field).joined(separator: ",")) + ",value\n"
        let values = field.values(at: input.rows.map { (try? $0.cell.get()) ?? Self.anyCell })
        for (entry, value) in zip(input.rows, values) {
            switch entry.cell {
            case .success:
                text += entry.text + "," + (value.map(Self.number) ?? "") + "\n"
            case .failure(let problem):
                errors.write(ko ? "오류: " + KoreanMessages.text("placesRowError", KoreanMessages.source(source), String(entry.line), TerminalText.singleLine(problem.koreanDescription)) + "\n"
                    : "Error: \(TerminalText.singleLine(source)) line \(entry.line): \(TerminalText.singleLine(problem.description))\n")
                text += entry.text + ",\n"
                status = ExitCode.failure
            }
        }
        return Array(text.utf8)
    }

    /// The output to `--output` (a device or FIFO written through, a regular file replaced
    /// atomically, a link refused), else to standard output (a PNG never to a terminal).
    static func write(_ output: [UInt8], arguments: ParsedArguments, png: Bool, context: CommandContext) throws(CLIError) {
        if let path = arguments.string("output") {
            try OutputFile.write(output, to: path)
        } else {
            if png, context.standardOutput.isTerminal {
                throw .misused("a PNG is not for a terminal: give '--output <file>' or redirect standard output", korean: KoreanMessages.text("fieldPNGTerminal"))
            }
            context.standardOutput.write(bytes: output)
        }
    }

    /// A cell for rows without one (their value is not used).
    private static let anyCell: GridCell = GridCell.all[0]

    /// The `--var` code, checked against the product's variables.
    static func variable(_ arguments: ParsedArguments, product: ForecastProduct) throws(CLIError) -> ForecastCategory {
        let text = arguments.string("var") ?? ""
        let known = product.gridVariables
        guard let variable = known.first(where: { $0.code == text.uppercased() }) else {
            let hint = text.contains(",") || text.lowercased() == "all"
                ? " (one variable per request: API Hub answers several with -99 almost everywhere; for one NetCDF file of several variables add '--format netcdf --output <file.nc>')" : ""
            let codes = known.map(\.code).joined(separator: " "), korean = KoreanMessages.text(hint.isEmpty ? "fieldVar" : "fieldVarSeveral", text, product.koreanName, codes)
            throw .misused("The value '\(text)' is invalid for '--var <code>'\(hint). The \(product.rawValue) grid has \(codes)", korean: korean)
        }
        return variable
    }

    /// The `--valid` hour, if given.
    static func valid(_ arguments: ParsedArguments) throws(CLIError) -> KSTDateTime? {
        guard let text = arguments.string("valid") else { return nil }
        if text.lowercased() == "all" {
            throw .misused("'--valid all' writes every valid time of the run into one NetCDF file: add '--format netcdf --output <file.nc>'", korean: KoreanMessages.text("fieldValidAll"))
        }
        do {
            return try GivenInstant.read(text)
        } catch {
            throw .misused("The value '\(text)' is invalid for '--valid <instant>': \(error.reason)", korean: KoreanMessages.text("fieldValid", text, KoreanMessages.givenInstant(error)))
        }
    }

    /// `nx,ny,lat,lon,value` for every cell with data, in KMA's order.
    package static func csv(_ field: GridField) -> [UInt8] {
        var cells: [GridCell] = []
        var values: [Double] = []
        cells.reserveCapacity(GridField.count)
        values.reserveCapacity(GridField.count)
        field.forEachValue { cell, value in
            cells.append(cell)
            values.append(value)
        }
        let centres = ForecastGrid.kma.centers(of: cells)
        var out = "nx,ny,lat,lon,value\n"
        out.reserveCapacity(cells.count * 32)
        for index in cells.indices {
            let centre = centres[index]
            out += "\(cells[index].nx),\(cells[index].ny),\(Formatting.fixed(centre.latitude, 5)),\(Formatting.fixed(centre.longitude, 5)),\(number(values[index]))\n"
        }
        return Array(out.utf8)
    }

    /// A value exactly as decoded, in the shortest form that reads back the same (`31.5`,
    /// `-5.25`, `14`).
    static func number(_ value: Double) -> String {
        var text = "\(value)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
