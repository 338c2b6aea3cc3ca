extension ForecastProduct {
    /// The first run with extended days: the short-term run of 2024-11-28 14:00 KST.
    ///
    /// From that run on, KMA adds a day to the short-term forecast: 글피 (day +3) to the runs
    /// at 02, 05, 08, 11 and 14 h, 그글피 (day +4) to the runs at 17, 20 and 23 h. The added day
    /// is 3-hourly, with codes instead of amounts in `PCP` (``RainIntensity``), `SNO`
    /// (``SnowIntensity``) and `WSD` (``WindStrength``). (KMA's description of dataset 15043494:
    /// "연장기간인 (02·05·08·11·14시 발표)글피, (17·20·23시 발표)그글피 예보는 3시간 간격의 자료를
    /// 제공하며, 강수량(PCP), 강설(SNO), 풍속(WSD) 요소는 정성정보(코드값)를 제공합니다.")
    public static let extendedDaysStart = ForecastBase(KSTDateTime(
        wallSeconds: KSTDateTime.daysFromCivil(year: 2024, month: 11, day: 28) * 86_400 + 14 * 3_600
    ))

    /// Whether a forecast date is one of the extended days of a run, on which a bare `"2"` in
    /// `PCP`, `SNO` or `WSD` is a code rather than 2 mm, 2 cm or 2 m/s.
    ///
    /// True when the product is ``shortTerm``, the run is at or after ``extendedDaysStart``,
    /// and `forecastDate` is at least 3 days after the run's `base_date` for a run at 02–14 h,
    /// at least 4 days after it for a run at 17–23 h (whose day +3 is ordinary hourly data).
    ///
    /// ```swift
    /// let morning = try ForecastBase(baseDate: "20250110", baseTime: "0500")
    /// ForecastProduct.shortTerm.isExtendedDay(base: morning, forecastDate: 20250113)  // true (글피)
    /// ForecastProduct.shortTerm.isExtendedDay(base: morning, forecastDate: 20250112)  // false
    /// let evening = try ForecastBase(baseDate: "20250110", baseTime: "2000")
    /// ForecastProduct.shortTerm.isExtendedDay(base: evening, forecastDate: 20250113)  // false
    /// ForecastProduct.shortTerm.isExtendedDay(base: evening, forecastDate: 20250114)  // true (그글피)
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
        let addedDay: Int64 = base.dateTime.hour >= 17 ? 4 : 3
        return days - base.dateTime.dayNumber >= addedDay
    }
}
