/// Typed values of a row.
///
/// ``value(_:product:)`` gives any category's full ``ForecastValue`` (raw text, missing and
/// unparsed included). The accessors below are for the common case: they read with
/// ``inferredProduct`` and give `nil` when the category is absent, missing, unparsed or of
/// another kind (e.g. ``windSpeed`` on an extended day, where `WSD` is a code).
extension ForecastRow: ForecastValueReading {
    /// The product the row came from: ``ForecastProduct/nowcast`` for observations;
    /// ``ForecastProduct/ultraShort`` for a run at minute 30 (HH30), or for a forecast with the
    /// ultra-short categories `T1H` or `LGT` (the short-term forecast has `TMP` and no `LGT`):
    /// since 2026 KMA can label an ultra-short run HH00; otherwise ``ForecastProduct/shortTerm``.
    /// Pass the product to ``value(_:product:)`` when you know better.
    public var inferredProduct: ForecastProduct {
        if isObservation { return .nowcast }
        if base.baseTimeNumber % 100 == 30 { return .ultraShort }
        return contains(.t1h) || contains(.lgt) ? .ultraShort : .shortTerm
    }

    /// Whether the row's date is an extended day of its run (see
    /// ``ForecastProduct/isExtendedDay(base:forecastDate:)``), for the inferred product.
    public var isExtendedDay: Bool {
        inferredProduct.isExtendedDay(base: base, forecastDate: forecastDate)
    }

    /// A category's value, read as `product` reads it; `nil` when the row has none.
    public func value(_ category: ForecastCategory, product: ForecastProduct) -> ForecastValue? {
        guard let text = text(for: category) else { return nil }
        let context = ForecastValue.Context(product: product, base: base, forecastDate: forecastDate)
        return ForecastValue(category: category, text: text, context: context)
    }

    /// A category's value, read with ``inferredProduct``; `nil` when the row has none.
    public func value(_ category: ForecastCategory) -> ForecastValue? {
        value(category, product: inferredProduct)
    }

    /// Every value of the row, in ``categories`` order, read with ``inferredProduct``.
    public var values: [ForecastValue] {
        categories.compactMap { value($0) }
    }

    /// The temperature in °C: `TMP` (short-term), else `T1H` (nowcast, ultra-short).
    public var temperature: Double? { number(.tmp) ?? number(.t1h) }

    /// The daily minimum temperature in °C (`TMN`), on the row that carries it (06:00).
    public var dailyMinimumTemperature: Double? { number(.tmn) }

    /// The daily maximum temperature in °C (`TMX`), on the row that carries it (15:00).
    public var dailyMaximumTemperature: Double? { number(.tmx) }

    /// The probability of precipitation in % (`POP`).
    public var probabilityOfPrecipitation: Double? { number(.pop) }

    /// The relative humidity in % (`REH`).
    public var humidity: Double? { number(.reh) }

    /// The wind speed in m/s (`WSD`); `nil` on an extended day, where `WSD` is a code
    /// (see ``windStrength``).
    public var windSpeed: Double? { number(.wsd) }

    /// The hour's precipitation in mm: `PCP` (short-term), else `RN1` (nowcast,
    /// ultra-short); `nil` on an extended day with a rain code (see ``rainIntensity``).
    public var precipitation: AmountRange? { precipitationAmountRange }

    /// The hour's new snow in cm (`SNO`); `nil` on an extended day with a snow code (see
    /// ``snowIntensity``).
    public var snow: AmountRange? { snowfallAmountRange }
}
