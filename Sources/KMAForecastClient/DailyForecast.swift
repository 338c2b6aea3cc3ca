import KMAForecast
import KMAGrid
import KMAPlaces

/// The ten-day view of a place: one ``DailyForecastDay`` per date from today, merged from the
/// short-term run at the place's cell and the mid-term runs of its regions
/// (``DailyForecastMerger``), with everything needed to say where each value came from.
///
/// Either service may have failed while the other delivered: its days are then missing and
/// its error is in ``shortTermError`` or ``midTermError`` (the other's days are still there).
public struct DailyForecast: Sendable {
    /// One day per date from today (KST), in order, none left out (a day nothing covers has
    /// every value `nil`).
    public var days: [DailyForecastDay]
    /// The short-term grid cell.
    public var cell: GridCell
    /// The land region, temperature point and the grid-table row behind them.
    public var regions: MidTermAssignment
    /// The short-term run used, `nil` if it failed.
    public var shortTermBase: ForecastBase?
    /// The mid-term runs used (at least one answer each), newest first; empty if none.
    public var midTermIssues: [MidTermIssue]
    /// Why the short-term forecast is missing, if it is.
    public var shortTermError: ForecastClientError?
    /// Why the mid-term forecast is missing (or partly missing: one of its two operations), if it is.
    public var midTermError: ForecastClientError?
    /// HTTP requests made for the view (0 when everything came from the cache).
    public var requests: Int

    /// The newest mid-term run used.
    public var midTermIssue: MidTermIssue? { midTermIssues.first }

    /// Whether the key reads the short-term service but the mid-term service refused it: the
    /// mid-term service was not applied for (활용신청). ``ForecastClientError/midTermApplicationHint``
    /// says what to do.
    public var midTermNotAppliedFor: Bool {
        shortTermError == nil && (midTermError?.isAccessRefusal ?? false)
    }

    /// A view.
    public init(days: [DailyForecastDay], cell: GridCell, regions: MidTermAssignment, shortTermBase: ForecastBase?,
                midTermIssues: [MidTermIssue], shortTermError: ForecastClientError?, midTermError: ForecastClientError?, requests: Int) {
        self.days = days
        self.cell = cell
        self.regions = regions
        self.shortTermBase = shortTermBase
        self.midTermIssues = midTermIssues
        self.shortTermError = shortTermError
        self.midTermError = midTermError
        self.requests = requests
    }
}

/// The forecaster's outlook text of a mid-term run (`getMidFcst`).
public struct MidTermOutlook: Hashable, Sendable {
    /// The station (`stnId`), e.g. `109`.
    public var stationID: String
    /// The run.
    public var issue: MidTermIssue
    /// The text, as KMA wrote it (`nil` when the answer had none).
    public var text: String?
}

/// The mid-term runs fetched for a place (``ForecastClient/midTermRuns(for:cell:budget:)``).
public struct MidTermRuns: Sendable {
    /// The runs with at least one answer, newest first.
    public var runs: [MidTermRun]
    /// The error of an operation none of whose runs came (service mid-term), if any.
    public var error: ForecastClientError?
    /// HTTP requests made (0 when everything came from the cache).
    public var requests: Int
}
