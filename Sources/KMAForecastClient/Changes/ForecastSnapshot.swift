import KMAForecast

/// What ``ForecastChanges`` compares of a forecast, and what a watcher keeps of the last one
/// (small: a few hundred bytes a day of forecast): the hours' precipitation and where each came
/// from, the days' short-term extremes and chances of rain, the warnings in force and announced.
///
/// A part that was not delivered is `nil`, and ``ForecastChanges`` finds nothing in a part that
/// is `nil` on either side: a failed fetch never reads as rain stopping or a warning released.
/// - ``observed``: `nil` when the nowcast failed or was not asked for.
/// - ``hours``: `nil` when the ultra-short or the short-term forecast failed (their hours merge:
///   one missing would shift the others' values and their basis).
/// - ``days``: `nil` when the short-term forecast failed.
/// - ``alerts`` and ``upcoming``: `nil` when the warning service failed or was not asked.
public struct ForecastSnapshot: Hashable, Sendable, Codable {
    /// One hour's precipitation and where it came from.
    public struct Hour: Hashable, Sendable, Codable {
        /// The hour (the observation's time for ``ForecastSnapshot/observed``), KST.
        public var time: KSTDateTime
        /// KMA's type (`PTY`); `nil` when no product gave one.
        public var precipitation: PrecipitationType?
        /// Which data gave it.
        public var basis: ForecastChange.Basis

        /// An hour.
        public init(time: KSTDateTime, precipitation: PrecipitationType?, basis: ForecastChange.Basis) {
            self.time = time
            self.precipitation = precipitation
            self.basis = basis
        }

        /// Whether it rains or snows in the hour (any type but 없음); `nil` when unknown.
        public var isWet: Bool? { precipitation.map { $0 != .noPrecipitation } }
    }

    /// One day's short-term values.
    public struct Day: Hashable, Sendable, Codable {
        /// The day's midnight, KST.
        public var start: KSTDateTime
        /// The short-term run's `TMX`, °C; `nil` when the run has none for the day.
        public var high: Double?
        /// The short-term run's `TMN`, °C.
        public var low: Double?
        /// The day's chance of rain, 0…1 (the higher half-day's).
        public var precipitationChance: Double?

        /// A day.
        public init(start: KSTDateTime, high: Double?, low: Double?, precipitationChance: Double?) {
            self.start = start
            self.high = high
            self.low = low
            self.precipitationChance = precipitationChance
        }
    }

    /// When the forecast was asked for (the client's clock), KST.
    public var takenAt: KSTDateTime
    /// The newest observation (the nowcast's), or `nil` when not delivered.
    public var observed: Hour?
    /// The hours after ``takenAt``, in time order, or `nil` when not delivered.
    public var hours: [Hour]?
    /// The short-term run's days, or `nil` when not delivered.
    public var days: [Day]?
    /// The warnings in force in the place's zone, or `nil` when not delivered.
    public var alerts: [WeatherWarning]?
    /// The warnings issued to take effect later, or `nil` when not delivered.
    public var upcoming: [WeatherWarning]?
    /// The first day of the warning events' period (KMA serves 6 days back): a warning last
    /// issued before it has left the period, and its disappearing is not a release.
    public var warningsFrom: KSTDateTime?

    /// A snapshot.
    public init(
        takenAt: KSTDateTime, observed: Hour? = nil, hours: [Hour]? = nil, days: [Day]? = nil, alerts: [WeatherWarning]? = nil,
        upcoming: [WeatherWarning]? = nil, warningsFrom: KSTDateTime? = nil
    ) {
        self.takenAt = takenAt
        self.observed = observed
        self.hours = hours
        self.days = days
        self.alerts = alerts
        self.upcoming = upcoming
        self.warningsFrom = warningsFrom
    }

    /// What the changes compare of a forecast; each part `nil` when its products or service
    /// did not deliver.
    public init(_ forecast: LocalForecast) {
        func delivered(_ product: ForecastProduct) -> Bool { forecast.outcome(product)?.failure == nil && forecast.outcome(product) != nil }
        self.init(takenAt: forecast.requestedAt)
        if delivered(.nowcast), let current = forecast.current {
            observed = Hour(time: current.time, precipitation: current.precipitationType, basis: .observed)
        }
        let asked = [ForecastProduct.ultraShort, .shortTerm].filter { forecast.outcome($0) != nil }
        if !asked.isEmpty, asked.allSatisfy(delivered) {
            hours = forecast.hourly.map { hour in
                let product = hour.source(of: .pty)?.product
                return Hour(time: hour.time, precipitation: hour.precipitationType, basis: product == .ultraShort ? .ultraShortForecast : .shortTermForecast)
            }
        }
        if delivered(.shortTerm) {
            days = forecast.daily.compactMap { day in
                guard case .shortTerm = day.source else { return nil }
                return Day(
                    start: day.start, high: day.highTemperature.flatMap { $0.origin == .dailyExtreme ? $0.value : nil },
                    low: day.lowTemperature.flatMap { $0.origin == .dailyExtreme ? $0.value : nil }, precipitationChance: day.precipitationChance
                )
            }
        }
        if let warnings = forecast.warnings, warnings.failure == nil {
            alerts = forecast.alerts
            upcoming = warnings.preliminary
            warningsFrom = warnings.window.flatMap(Self.windowStart)
        }
    }

    /// The first day of a `YYYYMMDD-YYYYMMDD` period, at midnight KST.
    static func windowStart(_ window: String) -> KSTDateTime? {
        guard let first = Int(window.prefix(8)), window.count >= 8 else { return nil }
        return try? KSTDateTime(year: first / 10_000, month: first / 100 % 100, day: first % 100)
    }
}
