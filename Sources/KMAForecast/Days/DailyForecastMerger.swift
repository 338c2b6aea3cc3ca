/// Merges a short-term run and mid-term runs into one list of days, by one set of rules.
///
/// ```swift
/// let days = DailyForecastMerger.merge(shortTerm: run.rows, midTerm: [newest, previous], today: 20261004, days: 10)
/// for day in days { print(day.isoDate, day.source?.kind ?? "missing", day.lowTemperature?.value, day.highTemperature?.value) }
/// ```
///
/// For each date from `today`:
/// 1. **A short-term day wins if it is a real day.** Today counts with whatever hours remain;
///    a later day needs slots both before 12:00 and from 12:00 on (a day that holds only its
///    00:00 slot, as the last day of a run does, is not a day). Low/high are `TMN`/`TMX` where
///    the run has them, else the lowest/highest hourly `TMP`. 오전 is the 06–11 slots, 오후 the
///    12–17 slots: the worst `PTY` (none < shower < rain < rain/snow < snow), the most frequent
///    `SKY` (a tie goes to the cloudier), the highest `POP`. A half with no slot is missing;
///    a day with neither half (today, late) has its 18–23 slots as ``ForecastDay/evening``.
///    ``widened(_:byHours:)`` then widens the low and high to the hours a timeline shows.
/// 2. **Otherwise the mid-term day n = date − issue date** of the newest usable run (one with
///    at least one answer): day 4 only from an 06 run, never day 3, never outside 4…10
///    (``MidTermIssue/dayNumber(of:)``).
/// 3. **If that run lacks the date** (an 18 run has no day 4, which a short-term run that
///    stops at +3 leaves open), the previous run is used: it is still within 24 hours.
/// 4. Otherwise the day is missing: every value `nil`, ``ForecastDay/source`` `nil`.
///
/// Missing stays missing; an unknown mid-term phrase keeps its text with an unknown condition.
public enum DailyForecastMerger {
    /// The merged days.
    ///
    /// - Parameters:
    ///   - rows: Rows of the short-term forecast (`getVilageFcst`) at one cell; where two runs
    ///     give the same hour, the newer run's row is used. Rows before `today` are ignored.
    ///   - runs: Mid-term runs in any order; each may lack either answer.
    ///   - today: Today's date, `YYYYMMDD` (KST).
    ///   - days: How many days from today, clamped to 1...11.
    ///   - landIsApproximate: Marks the mid-term halves as approximate (the place has no land
    ///     region of its own).
    /// - Returns: One day per date from today, in order, none left out.
    public static func merge(
        shortTerm rows: [ForecastRow], midTerm runs: [MidTermRun], today: Int, days: Int, landIsApproximate: Bool = false
    ) -> [ForecastDay] {
        let count = min(max(days, 1), 11)
        // The newest run's row for each hour, by date.
        var hours: [Int: [Int: ForecastRow]] = [:]
        for row in rows where row.forecastDate >= today {
            if let existing = hours[row.forecastDate]?[row.forecastTime], existing.base >= row.base { continue }
            hours[row.forecastDate, default: [:]][row.forecastTime] = row
        }
        let usable = runs.filter { $0.temperatures != nil || $0.land != nil }.sorted { $0.issue > $1.issue }
        let candidates = usable.first.map { newest in usable.filter { $0.issue >= newest.issue.previous } } ?? []

        var result: [ForecastDay] = []
        for offset in 0..<count {
            let date = CivilDay.adding(offset, to: today)
            guard let start = CivilDay.midnight(date) else { continue }
            if let slots = hours[date], isRealDay(Array(slots.keys), isToday: offset == 0) {
                result.append(shortDay(start: start, rows: slots.keys.sorted().compactMap { slots[$0] }))
                continue
            }
            if let day = midDay(start: start, candidates: candidates, landIsApproximate: landIsApproximate) {
                result.append(day)
                continue
            }
            result.append(ForecastDay(
                start: start, lowTemperature: nil, highTemperature: nil, morning: nil, afternoon: nil, source: nil, isHalfDaySplit: true
            ))
        }
        return result
    }

    /// Whether a short-term day's slots (HHMM) make a day: any slot today; before 12:00 and
    /// from 12:00 on for a later day.
    static func isRealDay(_ times: [Int], isToday: Bool) -> Bool {
        if isToday { return !times.isEmpty }
        return times.contains { $0 < 1200 } && times.contains { $0 >= 1200 }
    }

    private static func shortDay(start: KSTDateTime, rows: [ForecastRow]) -> ForecastDay {
        let summary = DailySummary.summaries(of: rows, product: .shortTerm).first
        func temperature(_ extreme: TemperatureExtreme?) -> DailyTemperature? {
            extreme.map { DailyTemperature(value: $0.value, origin: $0.source == .daily ? .dailyExtreme : .hourly) }
        }
        let base = rows.map(\.base).max()
        var day = ForecastDay(
            start: start,
            lowTemperature: temperature(summary?.minimumTemperature),
            highTemperature: temperature(summary?.maximumTemperature),
            morning: half(rows.filter { (600..<1200).contains($0.forecastTime) }),
            afternoon: half(rows.filter { (1200..<1800).contains($0.forecastTime) }),
            source: base.map { .shortTerm($0) },
            isHalfDaySplit: true
        )
        if day.morning == nil, day.afternoon == nil {
            // Late in the day: what is left of it is its evening.
            day.evening = half(rows.filter { $0.forecastTime >= 1800 })
        }
        return day
    }

    /// How bad a precipitation type is, for "the worst PTY": none < shower < drizzle <
    /// rain < snow flurries < drizzle/snow < rain/snow < snow.
    static func severity(_ type: PrecipitationType) -> Int {
        switch type {
        case .noPrecipitation: 0
        case .shower: 1
        case .drizzle: 2
        case .rain: 3
        case .snowFlurries: 4
        case .drizzleAndSnowFlurries: 5
        case .rainAndSnow: 6
        case .snow: 7
        }
    }

    /// A half day from its short-term slots; `nil` when there are none.
    static func half(_ rows: [ForecastRow]) -> HalfDayForecast? {
        guard !rows.isEmpty else { return nil }
        var skyCounts: [SkyCondition: Int] = [:]
        var worst: PrecipitationType?
        var pop: Double?
        for row in rows {
            if let sky = row.sky { skyCounts[sky, default: 0] += 1 }
            if let type = row.precipitationType, worst.map({ severity(type) > severity($0) }) ?? true { worst = type }
            if let value = row.probabilityOfPrecipitation { pop = max(pop ?? value, value) }
        }
        let sky = skyCounts.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
        return HalfDayForecast(sky: sky, precipitationType: worst, precipitationChance: pop.map { $0 / 100 })
    }

    private static func midDay(start: KSTDateTime, candidates: [MidTermRun], landIsApproximate: Bool) -> ForecastDay? {
        let date = start.yyyymmdd
        for run in candidates {
            guard let n = run.issue.dayNumber(of: date), run.has(day: n) else { continue }
            let temperatures = run.temperatures?.day(n)
            let land = run.land?.day(n)
            func half(_ half: MidTermLandForecast.Half?) -> HalfDayForecast? {
                half.map {
                    HalfDayForecast(
                        sky: $0.weather?.sky, precipitationType: $0.weather?.precipitation,
                        precipitationChance: $0.probabilityOfPrecipitation.map { Double($0) / 100 }, text: $0.weather?.text,
                        isApproximate: landIsApproximate
                    )
                }
            }
            return ForecastDay(
                start: start,
                lowTemperature: temperatures?.minimum.map {
                    DailyTemperature(value: $0, origin: .midTerm, spreadBelow: temperatures?.minimumLow, spreadAbove: temperatures?.minimumHigh)
                },
                highTemperature: temperatures?.maximum.map {
                    DailyTemperature(value: $0, origin: .midTerm, spreadBelow: temperatures?.maximumLow, spreadAbove: temperatures?.maximumHigh)
                },
                morning: half(land?.morning),
                afternoon: half(land?.afternoon),
                source: .midTerm(run.issue),
                isHalfDaySplit: n <= 7
            )
        }
        return nil
    }
}
