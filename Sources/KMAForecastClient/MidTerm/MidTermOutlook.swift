import KMAForecast

/// The forecaster's outlook text of a mid-term run (`getMidFcst`).
public struct MidTermOutlook: Hashable, Sendable {
    /// The station (`stnId`), e.g. `109`.
    public var stationID: String
    /// The run.
    public var issue: MidTermIssue
    /// The text as KMA wrote it, with the service key redacted and cut to a readable size
    /// (``MidTermOutlookText``: at most 60 lines or 4,000 characters, ending in a note of what was
    /// cut); `nil` when the answer had none.
    public var text: String?
}
