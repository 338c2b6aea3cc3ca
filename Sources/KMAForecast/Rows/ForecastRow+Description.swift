/// One line for `print(row)`: `ForecastRow(nx 60, ny 120, 2022-11-20T06:00:00+09:00, run 20221120 0500, 12 values)`.
extension ForecastRow: CustomStringConvertible {
    /// The cell, the hour, the run and how many values the row holds.
    public var description: String {
        "ForecastRow(nx \(nx), ny \(ny), \(validTime.iso8601), run \(base.baseDate) \(base.baseTime), \(count) values\(isObservation ? ", observed" : ""))"
    }
}
