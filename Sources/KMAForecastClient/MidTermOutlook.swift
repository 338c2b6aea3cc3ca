import KMAForecast

/// The forecaster's outlook text of a mid-term run (`getMidFcst`).
public struct MidTermOutlook: Hashable, Sendable {
    /// The station (`stnId`), e.g. `109`.
    public var stationID: String
    /// The run.
    public var issue: MidTermIssue
    /// The text, as KMA wrote it (`nil` when the answer had none).
    public var text: String?
}
