extension ForecastProduct {
    /// The first run with extended days: the short-term run of 2024-11-28 14:00 KST.
    ///
    /// From that run on, the short-term forecast reaches day +3 (runs at 02–14 h) or day +4
    /// (runs at 17–23 h), and those added days are 3-hourly, with codes instead of amounts in
    /// `PCP` (``RainIntensity``), `SNO` (``SnowIntensity``) and `WSD` (``WindStrength``).
    public static let extendedDaysStart = ForecastBase(KSTDateTime(
        wallSeconds: KSTDateTime.daysFromCivil(year: 2024, month: 11, day: 28) * 86_400 + 14 * 3_600
    ))

    /// Whether a forecast date is one of the extended days of a run, on which a bare `"2"` in
    /// `PCP`, `SNO` or `WSD` is a code rather than 2 mm, 2 cm or 2 m/s.
    ///
    /// True when the product is ``shortTerm``, the run is at or after ``extendedDaysStart``,
    /// and `forecastDate` is at least 3 days after the run's `base_date`.
    ///
    /// ```swift
    /// let base = try ForecastBase(baseDate: "20250110", baseTime: "0500")
    /// ForecastProduct.shortTerm.isExtendedDay(base: base, forecastDate: 20250113)  // true
    /// ForecastProduct.shortTerm.isExtendedDay(base: base, forecastDate: 20250112)  // false
    /// ```
    ///
    /// - Parameters:
    ///   - base: The run.
    ///   - forecastDate: `fcstDate` as the number `YYYYMMDD`.
    /// - Returns: `false` for the other products, earlier runs, and a `forecastDate` that is
    ///   not a date.
    public func isExtendedDay(base: ForecastBase, forecastDate: Int) -> Bool {
        guard self == .shortTerm, base >= Self.extendedDaysStart else { return false }
        let year = forecastDate / 10_000, month = forecastDate / 100 % 100, day = forecastDate % 100
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...KSTDateTime.daysInMonth(year: year, month: month)).contains(day) else { return false }
        let days = KSTDateTime.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        return days - base.dateTime.dayNumber >= 3
    }
}
