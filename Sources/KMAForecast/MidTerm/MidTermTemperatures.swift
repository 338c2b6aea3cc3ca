/// A `getMidTa` answer: the daily lowest and highest temperature at one temperature point
/// (e.g. `11B10101` 서울), by day number of the run.
///
/// ```swift
/// let temperatures = try MidTermDecoder.temperatures(body, issue: issue)
/// temperatures.day(5)?.minimum      // taMin5, °C
/// ```
public struct MidTermTemperatures: Hashable, Sendable {
    /// The temperature point, e.g. `11B10101`.
    public var regionID: String
    /// The run.
    public var issue: MidTermIssue
    /// The days with at least one value, by ascending day number (within ``MidTermIssue/days``).
    public var days: [Day]

    /// One day's values; each `nil` when KMA sent `""`, `null` or nothing.
    public struct Day: Hashable, Sendable {
        /// The day number counted from the issue date, 4...10.
        public var day: Int
        /// `taMin{n}`: the lowest temperature, °C.
        public var minimum: Double?
        /// `taMax{n}`: the highest temperature, °C.
        public var maximum: Double?
        /// `taMin{n}Low`: how far below ``minimum`` it may fall, °C (real at 41 points only).
        public var minimumLow: Double?
        /// `taMin{n}High`: how far above ``minimum`` it may rise, °C.
        public var minimumHigh: Double?
        /// `taMax{n}Low`: how far below ``maximum`` it may fall, °C.
        public var maximumLow: Double?
        /// `taMax{n}High`: how far above ``maximum`` it may rise, °C.
        public var maximumHigh: Double?

        /// A day.
        public init(day: Int, minimum: Double?, maximum: Double?, minimumLow: Double? = nil, minimumHigh: Double? = nil,
                    maximumLow: Double? = nil, maximumHigh: Double? = nil) {
            self.day = day
            self.minimum = minimum
            self.maximum = maximum
            self.minimumLow = minimumLow
            self.minimumHigh = minimumHigh
            self.maximumLow = maximumLow
            self.maximumHigh = maximumHigh
        }
    }

    /// The answer's days.
    public init(regionID: String, issue: MidTermIssue, days: [Day]) {
        self.regionID = regionID
        self.issue = issue
        self.days = days
    }

    /// Day `n`, or `nil` when the answer has nothing for it.
    public func day(_ n: Int) -> Day? { days.first { $0.day == n } }
}

/// A `getMidLandFcst` answer: the weather phrase and the chance of rain in one land region
/// (e.g. `11B00000` 서울·인천·경기), 오전/오후 for days 4–7 and one value for days 8–10.
public struct MidTermLandForecast: Hashable, Sendable {
    /// The land region, e.g. `11B00000`.
    public var regionID: String
    /// The run.
    public var issue: MidTermIssue
    /// The days with at least one value, by ascending day number.
    public var days: [Day]

    /// A half day (or, for days 8–10, the whole day).
    public struct Half: Hashable, Sendable {
        /// `wf…`: the phrase and its reading; `nil` when missing.
        public var weather: MidTermWeather?
        /// `rnSt…`: the chance of rain, 0...100 %; `nil` when missing.
        public var probabilityOfPrecipitation: Int?

        /// A half day.
        public init(weather: MidTermWeather?, probabilityOfPrecipitation: Int?) {
            self.weather = weather
            self.probabilityOfPrecipitation = probabilityOfPrecipitation
        }
    }

    /// One day.
    public struct Day: Hashable, Sendable {
        /// The day number counted from the issue date, 4...10.
        public var day: Int
        /// 오전 (`wf{n}Am`, `rnSt{n}Am`); for days 8–10 the day's one value.
        public var morning: Half?
        /// 오후 (`wf{n}Pm`, `rnSt{n}Pm`); for days 8–10 the day's one value again.
        public var afternoon: Half?
        /// `true` for days 4–7 (two halves), `false` for days 8–10 (one value each).
        public var isHalfDaySplit: Bool

        /// A day.
        public init(day: Int, morning: Half?, afternoon: Half?, isHalfDaySplit: Bool) {
            self.day = day
            self.morning = morning
            self.afternoon = afternoon
            self.isHalfDaySplit = isHalfDaySplit
        }
    }

    /// The answer's days.
    public init(regionID: String, issue: MidTermIssue, days: [Day]) {
        self.regionID = regionID
        self.issue = issue
        self.days = days
    }

    /// Day `n`, or `nil` when the answer has nothing for it.
    public func day(_ n: Int) -> Day? { days.first { $0.day == n } }
}
