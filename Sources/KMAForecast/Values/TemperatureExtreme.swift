/// A day's lowest or highest temperature, and where it came from.
public struct TemperatureExtreme: Hashable, Sendable {
    /// The temperature in °C.
    public var value: Double
    /// Where the value came from.
    public var source: Source

    /// Creates an extreme.
    public init(value: Double, source: Source) {
        self.value = value
        self.source = source
    }

    /// Where a day's extreme came from.
    public enum Source: String, Hashable, Sendable, Codable {
        /// KMA's daily forecast (`TMN` at 06:00, `TMX` at 15:00): the run had it.
        case daily = "daily"
        /// The lowest or highest hourly temperature (`TMP`, `T1H`) of the hours the rows
        /// cover: the run had no `TMN`/`TMX` for the day (a day already under way, a nowcast).
        case hourly = "hourly"
    }
}
