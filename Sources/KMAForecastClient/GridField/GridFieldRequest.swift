import KMAForecast

/// One call to KMA API Hub's grid-field service: one variable of one run at one valid time.
///
/// ```swift
/// let run = try ForecastBase(baseDate: "20261121", baseTime: "0500")
/// let request = try GridFieldRequest(.shortTerm, variable: .tmp, run: run, valid: run.dateTime.adding(seconds: 36_000))
/// request.tmfc   // "2026112105"
/// request.tmef   // "2026112115"
/// ```
///
/// `tmfc` is written with 10 digits (`YYYYMMDDHH`) for the short-term product and 12
/// (`YYYYMMDDHHMM`) for the 10-minute runs of the others; `tmef` with 10. API Hub accepts both
/// lengths.
public struct GridFieldRequest: Hashable, Sendable {
    /// The product (which operation).
    public let product: ForecastProduct
    /// The variable (`vars`): exactly one code. Several in one call (`vars=A,B`) come back
    /// mostly -99, so they are refused.
    public let variable: ForecastCategory
    /// The run (`tmfc`).
    public let run: ForecastBase
    /// The valid time (`tmef`); for the nowcast, the run's own time (no `tmef` is sent).
    public let valid: KSTDateTime

    /// A request, checked against what the operation serves.
    ///
    /// - Parameters:
    ///   - product: The product.
    ///   - variable: One of ``ForecastProduct/gridVariables`` of the product.
    ///   - run: A run on the product's grid schedule (``ForecastProduct/gridSchedule``).
    ///   - valid: One of the run's valid times (``ForecastProduct/gridValidTimes(run:)``); `nil`
    ///     for the first (for the nowcast, the run itself).
    /// - Throws: ``ForecastClientError/Reason/invalidConfiguration(_:)`` saying what is wrong.
    public init(_ product: ForecastProduct, variable: ForecastCategory, run: ForecastBase, valid: KSTDateTime? = nil) throws(ForecastClientError) {
        let known = product.gridVariables
        guard known.contains(variable) else {
            throw ForecastClientError(.invalidConfiguration(
                "the \(product.rawValue) grid (\(product.gridOperation)) has no variable '\(variable.code)'; use one of \(known.map(\.code).joined(separator: " ")), one per request"
            ))
        }
        guard product.gridSchedule.isScheduled(run) else {
            let when = product == .shortTerm ? "at 02, 05, 08, 11, 14, 17, 20 or 23 h KST" : "on a whole 10 minutes (HH:00, HH:10 …) KST"
            throw ForecastClientError(.invalidConfiguration("\(run) is not a \(product.rawValue) grid run: runs are \(when)"))
        }
        let times = product.gridValidTimes(run: run)
        let chosen = valid ?? times[0]
        guard times.contains(chosen) else {
            let range = times.count == 1 ? "only \(times[0].iso8601)" : "\(times[0].iso8601) to \(times[times.count - 1].iso8601)"
            let step = product == .shortTerm ? " (hourly, every third hour on the extended days)" : ""
            throw ForecastClientError(.invalidConfiguration(
                "\(chosen.iso8601) is not a valid time of the \(product.rawValue) run \(run): it has \(range)\(step)"
            ))
        }
        guard product.gridHasVariable(variable, at: chosen) else {
            let hour = variable == .tmn ? "06:00" : "15:00"
            throw ForecastClientError(.invalidConfiguration("\(variable.code) is forecast only for \(hour) KST, not for \(chosen.iso8601)"))
        }
        self.product = product
        self.variable = variable
        self.run = run
        self.valid = chosen
    }

    /// The run as `tmfc`: `YYYYMMDDHH` (short-term) or `YYYYMMDDHHMM`.
    public var tmfc: String {
        let digits = run.baseDate + run.baseTime
        return product == .shortTerm ? String(digits.prefix(10)) : digits
    }

    /// The valid time as `tmef`: `YYYYMMDDHH`.
    public var tmef: String {
        ForecastBase(valid).baseDate + String(ForecastBase(valid).baseTime.prefix(2))
    }
}

extension GridFieldRequest: CustomStringConvertible {
    /// `short-term TMP run 2026112105 valid 2026112115`.
    public var description: String {
        product.gridHasValidTime ? "\(product.rawValue) \(variable.code) run \(tmfc) valid \(tmef)" : "\(product.rawValue) \(variable.code) run \(tmfc)"
    }
}
