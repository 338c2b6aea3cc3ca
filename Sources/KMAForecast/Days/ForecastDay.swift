#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One day of a place's forecast, the same type whether the short-term run or the mid-term
/// forecast made it (``DailyForecastMerger``): the KST calendar date, the low and the high,
/// 오전 and 오후 with their condition and chance of rain, and where the day came from.
///
/// ```swift
/// for day in forecast.daily {
///     print(day.isoDate, day.condition?.koreanName ?? "-", day.lowTemperature?.value ?? .nan,
///           day.precipitationChance.map { "\(Int($0 * 100))%" } ?? "-")
/// }
/// ```
///
/// Every value is optional: a value KMA did not give stays `nil` (never 0 %, never 맑음, never
/// a "high" made of one midnight hour), and a day nothing covers has ``source`` `nil`.
///
/// Stored shape (``Codable``):
/// `{"date":"2026-11-21","low":{"celsius":3,"origin":"daily"},"high":{…},"morning":{…},"afternoon":{…},`
/// `"source":{"kind":"short","run":"2026-11-21T05:00:00+09:00"},"isHalfDaySplit":true}` (absent
/// values are left out; `precipitationChance` and `condition` are written for readers and derived
/// again when decoded).
public struct ForecastDay: Hashable, Sendable {
    /// The day's first instant, 00:00 KST.
    public var start: KSTDateTime
    /// The day's low.
    public var lowTemperature: DailyTemperature?
    /// The day's high.
    public var highTemperature: DailyTemperature?
    /// 오전 (06–12 h); for a mid-term day 8–10, the day's one value.
    public var morning: HalfDayForecast?
    /// 오후 (12–18 h); for a mid-term day 8–10, the day's one value again.
    public var afternoon: HalfDayForecast?
    /// Where the day came from; `nil` when neither forecast covers it.
    public var source: DailyForecastSource?
    /// `false` for mid-term days 8–10, whose one value stands in ``morning`` and ``afternoon`` alike.
    public var isHalfDaySplit: Bool
    /// The evening (18–23 h), set only for a day that has neither ``morning`` nor ``afternoon``
    /// but has evening hours: today, asked late in the day, says what it has.
    public var evening: HalfDayForecast?
    /// The day's sun at the place (computed on the device, ``SunTimes``); `nil` when the
    /// forecast has no coordinate for it.
    public var sun: SunTimes? = nil
    /// The lowest 체감온도 (``ApparentTemperature``) of the day's hours the forecast holds, °C; `nil` when none has one.
    public var apparentTemperatureLow: Double? = nil
    /// The highest 체감온도 of the day's hours the forecast holds, °C.
    public var apparentTemperatureHigh: Double? = nil
    /// The highest UV index the UV service gave for the day's hours; `nil` when it gave none.
    public var uvIndexMax: Int? = nil

    /// A day.
    ///
    /// - Parameters:
    ///   - date: The date, `YYYYMMDD` (KST); it must be a real date.
    public init?(date: Int, lowTemperature: DailyTemperature?, highTemperature: DailyTemperature?, morning: HalfDayForecast?,
                 afternoon: HalfDayForecast?, source: DailyForecastSource?, isHalfDaySplit: Bool) {
        guard let start = CivilDay.midnight(date) else { return nil }
        self.init(start: start, lowTemperature: lowTemperature, highTemperature: highTemperature, morning: morning,
                  afternoon: afternoon, source: source, isHalfDaySplit: isHalfDaySplit)
    }

    /// A day starting at `start` (00:00 KST; a later time of day is moved back to 00:00).
    public init(start: KSTDateTime, lowTemperature: DailyTemperature?, highTemperature: DailyTemperature?, morning: HalfDayForecast?,
                afternoon: HalfDayForecast?, source: DailyForecastSource?, isHalfDaySplit: Bool) {
        self.start = start.adding(seconds: -Int64(start.hour * 3600 + start.minute * 60 + start.second))
        self.lowTemperature = lowTemperature
        self.highTemperature = highTemperature
        self.morning = morning
        self.afternoon = afternoon
        self.source = source
        self.isHalfDaySplit = isHalfDaySplit
    }

    /// The day's first instant (00:00 KST) as a `Date`.
    public var date: Date { start.date }

    /// The day's instants, 00:00 KST up to the next day's 00:00 (24 hours: KST has no daylight saving).
    public var dateRange: Range<Date> { start.date..<start.adding(seconds: 86_400).date }

    /// The date as the number `YYYYMMDD` (KST), as KMA writes it.
    public var yyyymmdd: Int { start.yyyymmdd }

    /// The weekday, 0 = Sunday … 6 = Saturday.
    public var weekday: Int { CivilDay.weekday(yyyymmdd) ?? 0 }

    /// `YYYY-MM-DD`.
    public var isoDate: String {
        String(start.year) + "-" + start.month.zeroPadded(toWidth: 2) + "-" + start.day.zeroPadded(toWidth: 2)
    }

    /// WHO's category of ``uvIndexMax``.
    public var uvIndexCategory: UVIndexCategory? { uvIndexMax.map(UVIndexCategory.init(index:)) }

    /// The day's chance of rain, 0…1: the higher of 오전's and 오후's (or the evening's, when
    /// the day has only that); `nil` when none has one.
    public var precipitationChance: Double? {
        [morning?.precipitationChance, afternoon?.precipitationChance, evening?.precipitationChance].compactMap { $0 }.max()
    }

    /// The day's condition in one word: the half with the worse precipitation when something
    /// falls in either (``DailyForecastMerger/severity(_:)``), else 오후's sky (오전's when 오후 is
    /// unknown, the evening's when the day has only that); `nil` when no part is known.
    public var condition: ForecastCondition? {
        let halves = [afternoon, morning, evening].compactMap { $0 }
        let wet = halves.compactMap { half -> (PrecipitationType, HalfDayForecast)? in
            guard let type = half.precipitationType, type != .noPrecipitation else { return nil }
            return (type, half)
        }
        if let worst = wet.max(by: { DailyForecastMerger.severity($0.0) < DailyForecastMerger.severity($1.0) }) {
            return worst.1.condition
        }
        return halves.lazy.compactMap(\.condition).first
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
    public enum Origin: String, Hashable, Sendable, Codable, CaseIterable {
        /// The short-term run's `TMN` or `TMX`.
        case dailyExtreme = "daily"
        /// The lowest or highest hourly temperature: the short-term run's `TMP` when the run
        /// has no `TMN`/`TMX` for the day, or an hour shown for the day (an ultra-short `T1H`,
        /// the observation) below the low or above the high
        /// (``DailyForecastMerger/widened(_:byHours:)``).
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
    public var precipitationType: PrecipitationType?
    /// The chance of rain, 0…1 (KMA's percent / 100); `nil` when missing.
    public var precipitationChance: Double?
    /// The mid-term phrase as KMA wrote it (`흐리고 비`); `nil` for short-term halves.
    public var text: String?
    /// `true` when the half comes from a land region that only approximates the place's
    /// (서해5도 uses 11B00000, 울릉도·독도 11H10000: they have no land region of their own).
    public var isApproximate: Bool

    /// A half day.
    ///
    /// - Parameter precipitationChance: 0…1.
    public init(sky: SkyCondition?, precipitationType: PrecipitationType?, precipitationChance: Double?, text: String? = nil,
                isApproximate: Bool = false) {
        self.sky = sky
        self.precipitationType = precipitationType
        self.precipitationChance = precipitationChance
        self.text = text
        self.isApproximate = isApproximate
    }

    /// The chance of rain in whole percent, as KMA gives it.
    public var precipitationChancePercent: Int? { precipitationChance.map { Int(($0 * 100).rounded()) } }

    /// The half's condition: the precipitation type when something falls, else the sky.
    public var condition: ForecastCondition? { ForecastCondition(precipitationType: precipitationType, sky: sky) }
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

    /// The run's first instant, KST.
    public var run: KSTDateTime {
        switch self {
        case .shortTerm(let base): base.dateTime
        case .midTerm(let issue): issue.dateTime
        }
    }
}
