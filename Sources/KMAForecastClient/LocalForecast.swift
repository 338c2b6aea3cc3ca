import KMAForecast
import KMAGrid

/// The forecast at one place, from one call: the current conditions, the hourly timeline, the
/// daily summaries, when to refresh, and what each product delivered.
///
/// ```swift
/// let forecast = try await client.forecast(for: .place("서울"))
/// forecast.current?.temperatureCelsius          // the nowcast's observed temperature
/// for hour in forecast.hourly.prefix(24) { print(hour.time, hour.condition?.koreanName ?? "-") }
/// forecast.daily.first?.maximumTemperature?.value
/// forecast.nextUpdate                           // schedule the next refresh for then
/// ```
///
/// The hourly timeline takes each hour once, from the freshest product that covers it: the
/// ultra-short forecast for the next 6 hours, then the short-term forecast to its end
/// (``ForecastTimeline``). Any product may have failed (see ``outcomes``); the timeline is made
/// from the others.
///
/// Stored shape (``Codable``): `{"location":…,"requestedAt":"2026-11-21T05:30:00+09:00","outcomes":[…]}`
/// with ``Location`` and ``ProductOutcome``'s shapes. ``current``, ``hourly`` and ``daily`` are
/// derived from the outcomes' rows again when decoded, so a stored forecast reads exactly as
/// the fetched one did.
public struct LocalForecast: Hashable, Sendable, Codable {
    /// Where the forecast is for.
    public struct Location: Hashable, Sendable, Codable {
        /// The KMA grid cell (5 km).
        public var cell: GridCell
        /// The coordinate asked for, or the place's coordinate from KMA's table.
        public var coordinate: GeoCoordinate?
        /// The place's full name from KMA's table, for a place name.
        public var placeName: String?

        /// A location.
        public init(cell: GridCell, coordinate: GeoCoordinate?, placeName: String?) {
            self.cell = cell
            self.coordinate = coordinate
            self.placeName = placeName
        }
    }

    /// Where the forecast is for.
    public var location: Location
    /// The instant the forecast was asked for (the client's clock), KST.
    public var requestedAt: KSTDateTime
    /// What each requested product delivered, in the order nowcast, ultra-short, short-term.
    public var outcomes: [ProductOutcome] {
        didSet { derive() }
    }

    /// The merged rows, each with its product: ``current`` and ``hourly`` as rows.
    public private(set) var timeline = ForecastTimeline(nowcast: nil, ultraShort: nil, shortTerm: nil, at: KSTDateTime(unixSeconds: 0))
    /// The current conditions: the newest nowcast observation at or before ``requestedAt``.
    public private(set) var current: HourlyForecast?
    /// The coming hours after ``requestedAt``, each once, from the freshest product covering it.
    public private(set) var hourly: [HourlyForecast] = []
    /// One summary per calendar day (KST) the short-term forecast covers (or the ultra-short
    /// one, when the short-term failed): low and high, rain chance, amounts, the sky.
    public private(set) var daily: [DailySummary] = []

    /// A forecast from the products' outcomes.
    public init(location: Location, requestedAt: KSTDateTime, outcomes: [ProductOutcome]) {
        self.location = location
        self.requestedAt = requestedAt
        self.outcomes = outcomes
        derive()
    }

    /// The outcome of a product, if it was requested.
    public func outcome(_ product: ForecastProduct) -> ProductOutcome? {
        outcomes.first { $0.product == product }
    }

    /// The products that delivered nothing, with their errors.
    public var failures: [ProductOutcome] { outcomes.filter { $0.status == .failed } }

    /// The earliest time KMA may publish newer content for one of the requested products
    /// (``ProductOutcome/nextUpdateAt``: a new run, or the nowcast's and ultra-short forecast's
    /// 10-minute updates): when an app should refresh (and reload its widgets). Asking earlier
    /// gets the same forecast (from the cache, when it is on).
    public var nextUpdate: KSTDateTime? {
        outcomes.map(\.nextUpdateAt).min()
    }

    /// The next hours, up to `count`.
    public func hours(_ count: Int) -> ArraySlice<HourlyForecast> { hourly.prefix(max(0, count)) }

    /// Fills ``timeline``, ``current``, ``hourly`` and ``daily`` from the outcomes.
    private mutating func derive() {
        func rows(_ product: ForecastProduct) -> [ForecastRow]? {
            outcomes.first { $0.product == product && $0.status != .failed }?.rows
        }
        (timeline, daily) = Self.merge(
            nowcast: rows(.nowcast), ultraShort: rows(.ultraShort), shortTerm: rows(.shortTerm), at: requestedAt
        )
        current = timeline.current.map { HourlyForecast(product: $0.product, row: $0.row) }
        hourly = timeline.hours.map { HourlyForecast(product: $0.product, row: $0.row) }
    }

    /// The merge, in one place: the timeline of the products' rows (``ForecastTimeline``), and
    /// the days of the short-term forecast, else of the ultra-short one.
    package static func merge(
        nowcast: [ForecastRow]?, ultraShort: [ForecastRow]?, shortTerm: [ForecastRow]?, at: KSTDateTime
    ) -> (ForecastTimeline, [DailySummary]) {
        let timeline = ForecastTimeline(nowcast: nowcast, ultraShort: ultraShort, shortTerm: shortTerm, at: at)
        if let shortTerm { return (timeline, DailySummary.summaries(of: shortTerm, product: .shortTerm)) }
        if let ultraShort { return (timeline, DailySummary.summaries(of: ultraShort, product: .ultraShort)) }
        return (timeline, [])
    }

    private enum CodingKeys: String, CodingKey { case location, requestedAt, outcomes }

    /// Decodes the stored shape and derives the timeline again.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            location: try container.decode(Location.self, forKey: .location),
            requestedAt: try container.decode(KSTDateTime.self, forKey: .requestedAt),
            outcomes: try container.decode([ProductOutcome].self, forKey: .outcomes)
        )
    }

    /// Encodes the stored shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(location, forKey: .location)
        try container.encode(requestedAt, forKey: .requestedAt)
        try container.encode(outcomes, forKey: .outcomes)
    }
}
