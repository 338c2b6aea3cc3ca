/// Typed readings of a forecast hour's values, for anything that gives a category's value: a
/// ``ForecastRow`` (read with its ``ForecastRow/inferredProduct``), or an hour merged from
/// several products (each value read with its own product's table). One home for the readings
/// that mean the same wherever the value came from.
///
/// ```swift
/// func symbol(_ hour: some ForecastValueReading) -> String {
///     hour.condition?.isPrecipitation == true ? "cloud.rain" : "sun.max"
/// }
/// ```
public protocol ForecastValueReading {
    /// A category's value, with its meaning; `nil` when the hour has none.
    func value(_ category: ForecastCategory) -> ForecastValue?
}

extension ForecastValueReading {
    /// A category's measurement in its unit (``ForecastValue/unit``); `nil` when the hour has
    /// none, or it is missing (±900), unparsed or a code.
    public func number(_ category: ForecastCategory) -> Double? {
        guard case .number(let value)? = value(category)?.meaning else { return nil }
        return value
    }

    /// The sky condition (`SKY`).
    public var sky: SkyCondition? {
        guard case .sky(let sky)? = value(.sky)?.meaning else { return nil }
        return sky
    }

    /// The precipitation type (`PTY`), read with its product's table.
    public var precipitationType: PrecipitationType? {
        guard case .precipitationType(let type)? = value(.pty)?.meaning else { return nil }
        return type
    }

    /// The hour's weather: ``precipitationType`` when something falls, else ``sky``; `nil`
    /// when the hour has neither (a nowcast reports no sky, so a dry observation has none).
    public var condition: ForecastCondition? {
        ForecastCondition(precipitationType: precipitationType, sky: sky)
    }

    /// The wind's class: the extended day's `WSD` code, or the class of the speed on other
    /// days (``WindStrength/init(metersPerSecond:)``).
    public var windStrength: WindStrength? {
        switch value(.wsd)?.meaning {
        case .windStrength(let strength)?: strength
        case .number(let speed)?: WindStrength(metersPerSecond: speed)
        default: nil
        }
    }

    /// Where the wind blows from (`VEC`).
    public var windDirection: WindDirection? {
        guard case .windDirection(let direction)? = value(.vec)?.meaning else { return nil }
        return direction
    }

    /// The extended day's rain code (`PCP` 1–3).
    public var rainIntensity: RainIntensity? {
        guard case .rainIntensity(let intensity)? = value(.pcp)?.meaning else { return nil }
        return intensity
    }

    /// The extended day's snow code (`SNO` 1–2).
    public var snowIntensity: SnowIntensity? {
        guard case .snowIntensity(let intensity)? = value(.sno)?.meaning else { return nil }
        return intensity
    }

    /// The hour's precipitation in mm as KMA bins it: `RN1` (nowcast, ultra-short) or `PCP`
    /// (short-term), whichever the hour has; `nil` on an extended day with a rain code.
    public var precipitationAmountRange: AmountRange? {
        guard case .precipitation(let amount)? = (value(.rn1) ?? value(.pcp))?.meaning else { return nil }
        return amount
    }

    /// The hour's new snow in cm as KMA bins it (`SNO`); `nil` on an extended day with a code.
    public var snowfallAmountRange: AmountRange? {
        guard case .snow(let amount)? = value(.sno)?.meaning else { return nil }
        return amount
    }
}
