/// One day of the ten-day view: the short-term forecast's day where it is a real day, else
/// the mid-term forecast's (see ``DailyForecastMerger``).
///
/// Every value is optional: a value KMA did not give stays `nil` (never 0 %, never 맑음, never
/// a "high" made of one midnight hour), and a day nothing covers has ``source`` `nil`.
public struct DailyForecastDay: Hashable, Sendable {
    /// The date, `YYYYMMDD` (KST).
    public var date: Int
    /// The day's low.
    public var low: DailyTemperature?
    /// The day's high.
    public var high: DailyTemperature?
    /// 오전 (06–12 h); for a mid-term day 8–10, the day's one value.
    public var am: HalfDayForecast?
    /// 오후 (12–18 h); for a mid-term day 8–10, the day's one value again.
    public var pm: HalfDayForecast?
    /// Where the day came from; `nil` when neither forecast covers it.
    public var source: DailyForecastSource?
    /// `false` for mid-term days 8–10, whose one value stands in ``am`` and ``pm`` alike.
    public var isHalfDaySplit: Bool

    /// A day.
    public init(date: Int, low: DailyTemperature?, high: DailyTemperature?, am: HalfDayForecast?, pm: HalfDayForecast?,
                source: DailyForecastSource?, isHalfDaySplit: Bool) {
        self.date = date
        self.low = low
        self.high = high
        self.am = am
        self.pm = pm
        self.source = source
        self.isHalfDaySplit = isHalfDaySplit
    }

    /// The weekday, 0 = Sunday … 6 = Saturday.
    public var weekday: Int { CivilDay.weekday(date) ?? 0 }

    /// `YYYY-MM-DD`.
    public var isoDate: String {
        String(date / 10_000) + "-" + (date / 100 % 100).zeroPadded(toWidth: 2) + "-" + (date % 100).zeroPadded(toWidth: 2)
    }
}

/// A day's low or high, °C, and what it was made from.
public struct DailyTemperature: Hashable, Sendable {
    /// The temperature, °C.
    public var value: Double
    /// Where it came from.
    public var origin: Origin
    /// For a mid-term value, how far below it the temperature may fall, °C (`taMin{n}Low` …);
    /// `nil` when KMA gives none.
    public var spreadBelow: Double?
    /// For a mid-term value, how far above it the temperature may rise, °C.
    public var spreadAbove: Double?

    /// What a temperature was made from.
    public enum Origin: String, Hashable, Sendable {
        /// The short-term run's `TMN` or `TMX`.
        case dailyExtreme = "daily"
        /// The lowest or highest hourly `TMP` of the day's hours in the short-term run.
        case hourly = "hourly"
        /// The mid-term `taMin{n}` or `taMax{n}`.
        case midTerm = "mid"
    }

    /// A temperature.
    public init(value: Double, origin: Origin, spreadBelow: Double? = nil, spreadAbove: Double? = nil) {
        self.value = value
        self.origin = origin
        self.spreadBelow = spreadBelow
        self.spreadAbove = spreadAbove
    }
}

/// 오전 or 오후 of a day: the condition as SKY and PTY, the chance of rain, and the mid-term
/// phrase when it came from there.
public struct HalfDayForecast: Hashable, Sendable {
    /// The sky; `nil` when unknown (missing, or a mid-term phrase not understood).
    public var sky: SkyCondition?
    /// The precipitation type; `nil` when unknown.
    public var precipitation: PrecipitationType?
    /// The chance of rain, 0...100 %; `nil` when missing.
    public var probabilityOfPrecipitation: Int?
    /// The mid-term phrase as KMA wrote it (`흐리고 비`); `nil` for short-term halves.
    public var text: String?
    /// `true` when the half comes from a land region that only approximates the place's
    /// (서해5도 uses 11B00000, 울릉도·독도 11H10000: they have no land region of their own).
    public var isApproximate: Bool

    /// A half day.
    public init(sky: SkyCondition?, precipitation: PrecipitationType?, probabilityOfPrecipitation: Int?, text: String? = nil,
                isApproximate: Bool = false) {
        self.sky = sky
        self.precipitation = precipitation
        self.probabilityOfPrecipitation = probabilityOfPrecipitation
        self.text = text
        self.isApproximate = isApproximate
    }
}

/// Which forecast and run a day came from.
public enum DailyForecastSource: Hashable, Sendable {
    /// The short-term forecast (단기예보) run with this base.
    case shortTerm(ForecastBase)
    /// The mid-term forecast (중기예보) run with this `tmFc`.
    case midTerm(MidTermIssue)

    /// `short` or `mid`.
    public var kind: String {
        switch self {
        case .shortTerm: "short"
        case .midTerm: "mid"
        }
    }

    /// The run: `20261004 1700` style for short-term, the 12-digit `tmFc` for mid-term.
    public var run: String {
        switch self {
        case .shortTerm(let base): base.baseDate + base.baseTime
        case .midTerm(let issue): issue.tmFc
        }
    }
}

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
