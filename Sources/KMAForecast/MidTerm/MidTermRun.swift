/// A mid-term run's two answers, either of which may be missing (not fetched, or failed).
public struct MidTermRun: Hashable, Sendable {
    /// The run.
    public var issue: MidTermIssue
    /// The `getMidTa` answer.
    public var temperatures: MidTermTemperatures?
    /// The `getMidLandFcst` answer.
    public var land: MidTermLandForecast?

    /// A run.
    public init(issue: MidTermIssue, temperatures: MidTermTemperatures?, land: MidTermLandForecast?) {
        self.issue = issue
        self.temperatures = temperatures
        self.land = land
    }

    /// Whether either answer has day `n`.
    func has(day n: Int) -> Bool {
        temperatures?.day(n) != nil || land?.day(n) != nil
    }
}
