import KMAForecast
import KMAForecastClient

/// Why a NetCDF file of grid fields was not written. Whatever the case, nothing is at the
/// destination: the file appears only when whole (its temporary file is removed).
///
/// ```swift
/// do {
///     try await client.writeNetCDF(.shortTerm, variables: [.tmp, .pop], validTimes: .all, to: "run.nc")
/// } catch {
///     print("Error: \(error)")   // e.g. "short-term POP run 2026112105 valid 2026112115: … 'run.nc' was not written: …"
///     if case .fieldNotFetched = error { /* call again later: the fields fetched are cached */ }
/// }
/// ```
///
/// ``description`` is the sentence `kma-forecast field --format netcdf` prints after `Error: `.
public enum NetCDFWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was asked is not a request of the grid service: a variable the product does not
    /// serve, a run off its schedule, a valid time the run does not have (or, for one valid
    /// time, a variable without a field then: TMN only at 06:00, TMX at 15:00), or no
    /// variable at all. Nothing was fetched, no file was made. The error's
    /// ``ForecastClientError/stage`` is `request`.
    case invalidRequest(ForecastClientError)

    /// A field could not be fetched (the network, KMA's answer, a spent ``RequestBudget`` …).
    /// No request was started after it; the requests already in flight were awaited, and with
    /// a cache the client keeps every field it got, so the same call again asks KMA only for
    /// the rest.
    ///
    /// - `request`, `error`: the first field that failed, and why.
    /// - `path`: the file that was not written.
    /// - `written`: fields fetched and written before the stop, `0...total - 1`.
    /// - `total`: fields the file needed (requests).
    /// - `cached`: whether the client has a cache (``ClientConfiguration/cache`` not `disabled`).
    case fieldNotFetched(request: GridFieldRequest, error: ForecastClientError, path: String, written: Int, total: Int, cached: Bool)

    /// A categorical variable (SKY, PTY: written as `short` codes) holds a number that is no
    /// code at all: not a whole number from −32,768 to 32,767. (A whole number that is not one
    /// of the documented codes, the file's `flag_values`, is kept and flagged in the variable's
    /// `<code>_status`, ``GridFieldNetCDF/undocumentedCodes``, never this error.)
    ///
    /// - `cellIndex`: the cell, in KMA's order (``GridField/cell(at:)``), `0..<37,697`.
    case notACode(variable: ForecastCategory, value: Double, cellIndex: Int, valid: KSTDateTime)

    /// A field was given that the file has no place for: its variable or valid time is not
    /// one of the file's (``GridFieldNetCDF/holds(variable:valid:)``).
    case noPlace(variable: ForecastCategory, valid: KSTDateTime, path: String, variables: [ForecastCategory], validTimeCount: Int)

    /// The file could not be written: the text names the file and the system's reason
    /// (`could not write 'run.nc': No space left on device`).
    case file(String)

    /// The second line of ``fieldNotFetched(request:error:path:written:total:cached:)``: what
    /// is missing and what to do (the first is the field and KMA's error, which a face shows
    /// on one line with its own escaping).
    package static func notWritten(path: String, written: Int, total: Int, cached: Bool) -> String {
        "'\(path)' was not written: \(total - written) of \(total) field\(total == 1 ? "" : "s") missing. "
            + (cached ? "The \(written) fetched are cached: run the same command again to fetch only the rest." : "Without a cache (--no-cache) the next run fetches them all again.")
    }

    /// The writer's failures, as the text of ``file(_:)``.
    static func runtime(_ message: String) -> NetCDFWriteError { .file(message) }

    /// What was not written and why, in the words of `kma-forecast field --format netcdf`
    /// (after its `Error: `); for ``fieldNotFetched(request:error:path:written:total:cached:)``
    /// two lines: the field and its error, then what is missing and what to do.
    public var description: String {
        switch self {
        case .invalidRequest(let error):
            return error.description
        case let .fieldNotFetched(request, error, path, written, total, cached):
            return "\(request): \(error.description)\n" + Self.notWritten(path: path, written: written, total: total, cached: cached)
        case let .notACode(variable, value, cellIndex, valid):
            let cell = GridField.cell(at: cellIndex).map { "\($0.nx),\($0.ny)" } ?? "\(cellIndex)"
            return "KMA sent \(value) for \(variable.code) at cell \(cell) (\(valid)), which is no code (not a whole number from -32768 to 32767); \(variable.code) is written as codes in NetCDF"
        case let .noPlace(variable, valid, path, variables, validTimeCount):
            return "a \(variable.code) field valid at \(valid) has no place in '\(path)', which holds \(variables.map(\.code).joined(separator: ",")) at \(validTimeCount) valid times"
        case .file(let message):
            return message
        }
    }
}
