import Foundation
import KMAForecast
import KMAGrid
import KMAPlaces

/// The forecast at one place, from one call (``ForecastClient/forecast(for:products:midTermDays:alerts:uvIndex:budget:)``):
/// where, the current conditions, the coming hours, the days, and what each product and the
/// mid-term service delivered: one `Codable`, `Hashable`, `Sendable` value for an app, a
/// widget, a script or an agent.
///
/// ```swift
/// let forecast = try await client.forecast(for: .place("서울"), midTermDays: 10)
/// forecast.current?.temperature                      // the nowcast's observed temperature
/// for hour in forecast.hourly.prefix(24) {           // every hour: condition, °C, chance of rain
///     print(hour.date, hour.condition?.koreanName ?? "-", hour.precipitationChance ?? "-")
/// }
/// for day in forecast.daily { print(day.isoDate, day.low?.value ?? .nan, day.high?.value ?? .nan) }
/// forecast.nextUpdate                                // schedule the next refresh for then
/// ```
///
/// - ``hourly``: each hour after ``requestedAt`` to the end of the short-term run, each value
///   from the freshest product that has it (``HourlyForecast``): the ultra-short forecast's
///   temperature, sky, precipitation, humidity and wind for the next 6 hours, the short-term
///   run's chance of rain, snow and waves in every hour it covers.
/// - ``daily``: the days the short-term run covers, from today (KST); with the mid-term days
///   asked for, that many days from today, the later ones from the mid-term forecast, merged by
///   ``DailyForecastMerger``'s rules. A day made only of its 00:00 slot is never a day. A day's
///   low and high are `TMN`/`TMX` (or the mid-term's) widened to the hours shown for it
///   (``current`` and ``hourly``: ``DailyForecastMerger/widened(_:byHours:)``).
/// - Derived on the device: each hour's ``HourlyForecast/apparentTemperature`` (KMA's 체감온도),
///   ``HourlyForecast/dewPoint`` and ``HourlyForecast/isDaylight``; each day's ``ForecastDay/sun``
///   and lowest and highest 체감온도. With the UV index asked for, ``HourlyForecast/uvIndex`` and
///   ``ForecastDay/uvIndexMax`` from ``uv``.
/// - ``products`` and ``midTerm``: per product and service, the run, when it was fetched,
///   whether from the cache, the requests made, when it expires, or why it failed.
///
/// Stored shape (``Codable``): the JSON of `kma-forecast --format json`, documented by the JSON
/// Schema `Schemas/local-forecast.schema.json`. `JSONDecoder().decode(LocalForecast.self, from:
/// JSONEncoder().encode(x)) == x` for every forecast the client returns, failures included.
public struct LocalForecast: Hashable, Sendable {
    /// Where a forecast is for.
    public struct Location: Hashable, Sendable, Codable {
        /// The KMA grid cell (5 km).
        public var cell: GridCell
        /// The coordinate asked for, or the place's representative point from KMA's table.
        public var coordinate: GeoCoordinate?
        /// The place's full name from KMA's table, as the CLI prints it (`경기도 수원시 권선구`),
        /// for a place name (and the sample).
        public var placeName: String?
        /// The place's mid-term forecast regions (land region and temperature point), when the
        /// location has them (every place on land; a few sea cells have none).
        public var midTermRegions: MidTermRegionCodes?

        /// A location.
        public init(cell: GridCell, coordinate: GeoCoordinate?, placeName: String?, midTermRegions: MidTermRegionCodes? = nil) {
            self.cell = cell
            self.coordinate = coordinate
            self.placeName = placeName
            self.midTermRegions = midTermRegions
        }
    }

    /// What a recorded sample is: set on ``sample`` and on forecasts the
    /// ``RecordedRunTransport/sample`` transport answered, never on a live one.
    public struct Recording: Hashable, Sendable, Codable {
        /// One sentence for a person: a recorded KMA forecast, of which place, when, not live.
        public var note: String
        /// Who recorded the answers, where.
        public var source: String
        /// The recorded run (its base, or the mid-term `tmFc`), KST, when known.
        public var run: KSTDateTime?

        /// A recording.
        public init(note: String, source: String, run: KSTDateTime? = nil) {
            self.note = note
            self.source = source
            self.run = run
        }
    }

    /// Where the forecast is for.
    public internal(set) var location: Location
    /// The instant the forecast was asked for (the client's clock), KST.
    public internal(set) var requestedAt: KSTDateTime
    /// Set when the forecast is a recorded sample, not a live answer from KMA.
    public var recording: Recording?
    /// The current conditions: the newest nowcast observation at or before ``requestedAt``.
    public internal(set) var current: HourlyForecast?
    /// The hours after ``requestedAt`` to the end of the short-term run, in time order, each
    /// value from the freshest product that has it.
    public internal(set) var hourly: [HourlyForecast]
    /// One day per KST calendar date from today: the short-term run's days, then (with the
    /// mid-term days asked for) the mid-term forecast's, up to the number asked; a date nothing
    /// covers has ``ForecastDay/source`` `nil`.
    public internal(set) var daily: [ForecastDay]
    /// What each requested product delivered, in the order nowcast, ultra-short, short-term:
    /// its run and rows, or why it failed.
    public internal(set) var products: [ProductOutcome]
    /// What the mid-term service delivered, when the mid-term days were asked for.
    public internal(set) var midTerm: MidTermOutcome?
    /// The weather warnings (기상특보) in force in the place's zone, most severe first; empty when
    /// none is in force or the alerts were not asked for (then ``warnings`` is `nil`).
    public internal(set) var alerts: [WeatherWarning] = []
    /// What the warning service delivered (zone, preliminary warnings, or why it failed), when
    /// the alerts were asked for.
    public internal(set) var warnings: WarningsOutcome?
    /// What the UV index service delivered, when the UV index was asked for
    /// (``ForecastClient/forecast(for:products:midTermDays:alerts:uvIndex:budget:)``).
    public internal(set) var uv: UVIndexOutcome?

    /// A forecast from what was fetched: the hours and days are merged here.
    ///
    /// - Parameters:
    ///   - location: Where.
    ///   - requestedAt: Now, by the client's clock.
    ///   - products: One outcome per requested product.
    ///   - midTerm: The mid-term service's outcome and runs, when the days were asked for, with
    ///     the number of days (1…11).
    ///   - recording: Set for a recorded sample.
    init(location: Location, requestedAt: KSTDateTime, products: [ProductOutcome],
         midTerm: (outcome: MidTermOutcome, runs: [MidTermRun], days: Int)? = nil, uv: UVIndexOutcome? = nil, recording: Recording? = nil,
         warnings: (alerts: [WeatherWarning], outcome: WarningsOutcome)? = nil) {
        self.location = location
        self.alerts = warnings?.alerts ?? []
        self.warnings = warnings?.outcome
        self.requestedAt = requestedAt
        self.recording = recording
        self.products = products
        self.midTerm = midTerm?.outcome
        func rows(_ product: ForecastProduct) -> [ForecastRow] {
            products.first { $0.product == product && $0.status != .failed }?.rows ?? []
        }
        let now = requestedAt.unixSeconds
        current = rows(.nowcast)
            .filter { $0.validTime.unixSeconds <= now }
            .max { $0.validTime < $1.validTime }
            .map { HourlyForecast(product: .nowcast, row: $0) }
        hourly = Self.hours(ultraShort: rows(.ultraShort), shortTerm: rows(.shortTerm), after: requestedAt)
        let today = requestedAt.yyyymmdd
        let isApproximate = location.midTermRegions?.isApproximate ?? false
        if let midTerm {
            daily = DailyForecastMerger.merge(
                shortTerm: rows(.shortTerm), midTerm: midTerm.runs, today: today, days: midTerm.days, landIsApproximate: isApproximate
            )
        } else {
            daily = DailyForecastMerger.merge(shortTerm: rows(.shortTerm), midTerm: [], today: today, days: 11).filter { $0.source != nil }
        }
        // A day's low and high include every hour shown for it (the ultra-short T1H, the observation).
        let shown = ([current].compactMap { $0 } + hourly).compactMap { hour in hour.temperatureCelsius.map { (time: hour.time, celsius: $0) } }
        daily = DailyForecastMerger.widened(daily, byHours: shown)
        self.uv = uv
        addSky(shortTerm: rows(.shortTerm))
    }

    /// The hours after `now`, each merged from the ultra-short and short-term rows for it.
    static func hours(ultraShort: [ForecastRow], shortTerm: [ForecastRow], after now: KSTDateTime) -> [HourlyForecast] {
        var byHour: [KSTDateTime: [(product: ForecastProduct, row: ForecastRow)]] = [:]
        for (product, rows) in [(ForecastProduct.ultraShort, ultraShort), (.shortTerm, shortTerm)] {
            // One row an hour per product: the newest run's.
            var newest: [KSTDateTime: ForecastRow] = [:]
            for row in rows where row.validTime > now {
                if let kept = newest[row.validTime], kept.base >= row.base { continue }
                newest[row.validTime] = row
            }
            for (time, row) in newest { byHour[time, default: []].append((product, row)) }
        }
        return byHour.keys.sorted().compactMap { HourlyForecast(merging: byHour[$0] ?? []) }
    }

    /// The outcome of a product, if it was requested.
    public func outcome(_ product: ForecastProduct) -> ProductOutcome? {
        products.first { $0.product == product }
    }

    /// The failures: each requested product that delivered nothing, and the mid-term service
    /// when it did not deliver everything. (The warning service's failure is in
    /// ``warnings``: it never makes a forecast partial.)
    public var failures: [ForecastFailure] {
        products.compactMap(\.failure) + (midTerm?.failure.map { [$0] } ?? []) + (uv?.failure.map { [$0] } ?? [])
    }

    /// Whether something asked for is missing: a product failed, or the mid-term service did
    /// not deliver all it was asked for.
    public var isPartial: Bool { !failures.isEmpty }

    /// The earliest time KMA may publish newer content for anything this forecast holds: the
    /// next run of a product, the nowcast's and ultra-short forecast's 10-minute updates, the
    /// next mid-term run (``ProductOutcome/nextUpdateAt``, ``MidTermOutcome/nextUpdateAt``). When
    /// an app should refresh (and reload its widgets); asking earlier gets the same forecast
    /// (from the cache, when it is on).
    public var nextUpdate: KSTDateTime? {
        (products.map(\.nextUpdateAt) + (midTerm.map { [$0.nextUpdateAt] } ?? []) + (uv.map { [$0.nextUpdateAt] } ?? [])).min()
    }

    /// The next hours, up to `count`.
    public func hours(_ count: Int) -> ArraySlice<HourlyForecast> { hourly.prefix(max(0, count)) }
}

/// A place's mid-term forecast codes, as stored with a forecast: the land region (육상예보구역)
/// and the temperature point (기온예보구역) from ``MidTermRegions/kma``.
public struct MidTermRegionCodes: Hashable, Sendable, Codable {
    /// The land region's code, e.g. `11B00000`.
    public var landRegionID: String
    /// The land region's name, e.g. `서울·인천·경기`.
    public var landRegionName: String
    /// The temperature point's code, e.g. `11B10101`.
    public var temperaturePointID: String
    /// The temperature point's name, e.g. `서울`.
    public var temperaturePointName: String
    /// `true` when the place has no land region of its own and the nearest stands in (서해5도,
    /// 울릉도·독도).
    public var isApproximate: Bool

    /// The codes of an assignment.
    public init(_ assignment: MidTermAssignment) {
        landRegionID = assignment.landRegion.id
        landRegionName = assignment.landRegion.name
        temperaturePointID = assignment.temperaturePoint.id
        temperaturePointName = assignment.temperaturePoint.name
        isApproximate = assignment.isApproximate
    }
}
