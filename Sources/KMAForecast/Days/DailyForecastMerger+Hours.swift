extension DailyForecastMerger {
    /// Days whose low and high include the hourly temperatures a timeline shows for them.
    ///
    /// A day's low is the lowest of its `TMN` (or mid-term `taMin`) and every hourly temperature
    /// shown on that date, its high the highest of `TMX` (`taMax`) and those hours: an hour of the
    /// ultra-short forecast (`T1H`) at 9 °C under a day whose `TMN` is 10 °C makes the day's low
    /// 9 °C, so that no hour a view shows lies outside its day. A value the hours widened has
    /// the origin ``DailyTemperature/Origin/hourly`` (and no mid-term spread); a day without
    /// data (``ForecastDay/source`` `nil`) is left as it is, and the hours never make a day.
    ///
    /// ```swift
    /// let days = DailyForecastMerger.widened(days, byHours: forecast.hourly.compactMap { hour in
    ///     hour.temperatureCelsius.map { (hour.time, $0) } })
    /// ```
    ///
    /// - Parameters:
    ///   - days: The days (``merge(shortTerm:midTerm:today:days:landIsApproximate:)``).
    ///   - hours: The hours shown, each its KST time and temperature in °C, in any order.
    /// - Returns: The days, in the same order.
    public static func widened(_ days: [ForecastDay], byHours hours: [(time: KSTDateTime, celsius: Double)]) -> [ForecastDay] {
        guard !hours.isEmpty else { return days }
        var extremes: [Int: (low: Double, high: Double)] = [:]
        for hour in hours where hour.celsius.isFinite {
            let date = hour.time.yyyymmdd
            let known = extremes[date] ?? (hour.celsius, hour.celsius)
            extremes[date] = (min(known.low, hour.celsius), max(known.high, hour.celsius))
        }
        return days.map { day in
            guard day.source != nil, let range = extremes[day.yyyymmdd] else { return day }
            var widened = day
            if day.lowTemperature.map({ range.low < $0.value }) ?? true {
                widened.lowTemperature = DailyTemperature(value: range.low, origin: .hourly)
            }
            if day.highTemperature.map({ range.high > $0.value }) ?? true {
                widened.highTemperature = DailyTemperature(value: range.high, origin: .hourly)
            }
            return widened
        }
    }
}
