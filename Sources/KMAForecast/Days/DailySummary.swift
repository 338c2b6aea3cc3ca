/// One day at one grid cell, summed up from its hourly rows.
///
/// ```swift
/// for day in DailySummary.summaries(of: builder.rows()) {
///     print(day.date, day.minimumTemperature?.value, day.maximumTemperature?.value,
///           day.sky?.name(in: .en), day.precipitation?.amount?.text(.en, unit: .millimeters))
/// }
/// ```
///
/// A summary covers the rows it is given, no more: the first day of a run starts at the
/// run's first hour, and the extended days are 3-hourly. ``hours`` says how many hours it
/// covers. When rows of several runs give the same hour, the newest run's row is used.
public struct DailySummary: Hashable, Sendable {
    /// The grid column.
    public var nx: Int
    /// The grid row.
    public var ny: Int
    /// The date, `YYYYMMDD` (KST).
    public var date: Int
    /// The runs the hours came from, oldest first.
    public var runs: [ForecastBase]
    /// The number of hours (rows) the summary covers.
    public var hours: Int
    /// The lowest temperature: `TMN` when a row has it, else the lowest hourly one.
    public var minimumTemperature: TemperatureExtreme?
    /// The highest temperature: `TMX` when a row has it, else the highest hourly one.
    public var maximumTemperature: TemperatureExtreme?
    /// The highest probability of precipitation (`POP`), in %.
    public var maximumProbabilityOfPrecipitation: Double?
    /// The total precipitation of the hours (`PCP`, or `RN1`), in mm; `nil` if no row had one.
    public var precipitation: AmountTotal?
    /// The total new snow of the hours (`SNO`), in cm; `nil` if no row had one.
    public var snow: AmountTotal?
    /// The most frequent sky condition; a tie goes to the cloudier one.
    public var sky: SkyCondition?
    /// The heaviest rain code of an extended day (`PCP` 1–3).
    public var heaviestRain: RainIntensity?
    /// The heaviest snow code of an extended day (`SNO` 1–2).
    public var heaviestSnow: SnowIntensity?

    /// The `date` as KMA writes it: `YYYYMMDD`.
    public var dateString: String { String(date) }

    /// Summarises rows per (nx, ny, date).
    ///
    /// - Parameters:
    ///   - rows: Rows in any order, of any cells, days and runs.
    ///   - product: The product to read values with; `nil` reads each row with its
    ///     ``ForecastRow/inferredProduct``.
    /// - Returns: One summary per cell and day, sorted by nx, ny, date.
    /// - Complexity: O(*n* log *n*) for *n* rows.
    public static func summaries(of rows: [ForecastRow], product: ForecastProduct? = nil) -> [DailySummary] {
        // Sort by cell, day, hour and run; then the last row of each hour is its newest run's.
        let order = rows.indices.sorted { a, b in
            let l = rows[a], r = rows[b]
            return (l.cell, l.validTime, l.base) < (r.cell, r.validTime, r.base)
        }
        var result: [DailySummary] = []
        var day: [ForecastRow] = []
        for (position, index) in order.enumerated() {
            let row = rows[index]
            let next = position + 1 < order.count ? rows[order[position + 1]] : nil
            if let next, (next.cell, next.validTime) == (row.cell, row.validTime) {
                continue  // an older run's row for the same hour
            }
            day.append(row)
            if next.map({ ($0.cell, $0.validTime.dayNumber) != (row.cell, row.validTime.dayNumber) }) ?? true {
                result.append(DailySummary(hoursOf: day, product: product))
                day.removeAll(keepingCapacity: true)
            }
        }
        return result
    }

    /// The summary of one cell and day; `rows` are that day's, one per hour, not empty.
    private init(hoursOf rows: [ForecastRow], product: ForecastProduct?) {
        nx = rows[0].nx
        ny = rows[0].ny
        date = rows[0].forecastDate
        runs = Array(Set(rows.map(\.base))).sorted()
        hours = rows.count

        var hourlyTemperatures: [Double] = []
        var dailyMinimum: Double?, dailyMaximum: Double?
        var precipitationHours: [AmountRange?] = []
        var snowHours: [AmountRange?] = []
        var skyCounts: [SkyCondition: Int] = [:]
        for row in rows {
            let product = product ?? row.inferredProduct
            func meaning(_ category: ForecastCategory) -> ForecastValue.Meaning? {
                row.value(category, product: product)?.meaning
            }
            if case .number(let value)? = meaning(.tmp) ?? meaning(.t1h) { hourlyTemperatures.append(value) }
            if case .number(let value)? = meaning(.tmn) { dailyMinimum = min(dailyMinimum ?? value, value) }
            if case .number(let value)? = meaning(.tmx) { dailyMaximum = max(dailyMaximum ?? value, value) }
            if case .number(let value)? = meaning(.pop) {
                maximumProbabilityOfPrecipitation = max(maximumProbabilityOfPrecipitation ?? value, value)
            }
            if case .sky(let sky)? = meaning(.sky) { skyCounts[sky, default: 0] += 1 }
            switch meaning(.pcp) ?? meaning(.rn1) {
            case .precipitation(let amount)?: precipitationHours.append(amount)
            case .rainIntensity(let intensity)?:
                precipitationHours.append(nil)
                heaviestRain = max(heaviestRain ?? intensity, intensity)
            case nil: break
            default: precipitationHours.append(nil)
            }
            switch meaning(.sno) {
            case .snow(let amount)?: snowHours.append(amount)
            case .snowIntensity(let intensity)?:
                snowHours.append(nil)
                heaviestSnow = max(heaviestSnow ?? intensity, intensity)
            case nil: break
            default: snowHours.append(nil)
            }
        }
        minimumTemperature = dailyMinimum.map { TemperatureExtreme(value: $0, source: .daily) }
            ?? hourlyTemperatures.min().map { TemperatureExtreme(value: $0, source: .hourly) }
        maximumTemperature = dailyMaximum.map { TemperatureExtreme(value: $0, source: .daily) }
            ?? hourlyTemperatures.max().map { TemperatureExtreme(value: $0, source: .hourly) }
        precipitation = precipitationHours.isEmpty ? nil : AmountTotal(summing: precipitationHours, unit: .millimeters)
        snow = snowHours.isEmpty ? nil : AmountTotal(summing: snowHours, unit: .centimeters)
        sky = skyCounts.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
    }
}
