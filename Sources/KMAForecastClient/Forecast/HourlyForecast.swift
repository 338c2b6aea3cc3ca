import Foundation
import KMAForecast
import KMAGrid

/// One hour of a place's forecast (or its current observation), each value from the freshest
/// product that has it for the hour, and which product and run that was.
///
/// KMA's products overlap: for the next 6 hours both the ultra-short forecast (issued every
/// hour) and the short-term run (every 3 hours) have the hour, but only the short-term run has
/// the chance of rain (`POP`), snow (`SNO`), the daily extremes (`TMN`/`TMX`) and waves (`WAV`),
/// and only the ultra-short forecast has lightning (`LGT`). An hour takes each quantity from
/// the freshest run that has it (the newest base; on a tie, the ultra-short forecast), so every
/// hour has a chance of rain when the short-term run covers it, and the temperature, sky,
/// precipitation, humidity and wind of the ultra-short forecast where that covers it. The
/// temperature (`T1H` or `TMP`) and the hour's precipitation (`RN1` or `PCP`) count as one
/// quantity each, whatever the product calls them. A value KMA marks missing (±900) gives way
/// to another product's real value. Nothing is invented: a quantity no product has stays `nil`.
///
/// ```swift
/// for hour in forecast.hourly.prefix(24) {
///     print(hour.date, hour.condition?.koreanName ?? "-", hour.temperature?.formatted() ?? "-",
///           hour.precipitationChance.map { "\(Int($0 * 100))%" } ?? "-",
///           hour.source(of: .pop)?.product.rawValue ?? "-")
/// }
/// ```
///
/// Scales follow WeatherKit's: ``precipitationChance`` and ``humidity`` are 0…1. ``value(_:)``
/// gives any category exactly as KMA sent it, and ``sources`` which product and run gave what.
public struct HourlyForecast: Hashable, Sendable, ForecastValueReading {
    /// One product's share of an hour: the run, and the values taken from it.
    public struct Source: Hashable, Sendable {
        /// The product.
        public var product: ForecastProduct
        /// The values taken from this product for the hour, as KMA sent them, with the run
        /// (``ForecastRow/base``). Only the categories this source gave are in it.
        public var row: ForecastRow

        /// A source.
        public init(product: ForecastProduct, row: ForecastRow) {
            self.product = product
            self.row = row
        }

        /// The run the values came from.
        public var base: ForecastBase { row.base }

        /// The categories taken from this source.
        public var categories: [ForecastCategory] { row.categories }
    }

    /// The hour (the observation time for the current conditions), KST.
    public private(set) var time: KSTDateTime
    /// The grid cell.
    public private(set) var cell: GridCell
    /// Where the values came from, freshest first. Each category appears in exactly one.
    public private(set) var sources: [Source]
    /// Every value of the hour in one row: each category as its ``sources`` gave it. The row's
    /// ``ForecastRow/base`` is the freshest source's; read a value with ``value(_:)`` to read it
    /// with its own product's code table.
    public private(set) var row: ForecastRow
    /// Whether the sun is up at the hour's own instant (``time``, the start of the hour: KMA's
    /// value is for that 정시), by the day's ``SunTimes``: from sunrise (included) to sunset
    /// (excluded). Set by ``LocalForecast`` on every hour with a place; `nil` otherwise.
    public internal(set) var isDaylight: Bool? = nil
    /// The UV index at this hour (WHO's scale), from `LivingWthrIdxServiceV5`: set on exactly
    /// the hours the service names (its issue time + `hN`, every 3 hours); `nil` on the others.
    public internal(set) var uvIndex: Int? = nil

    /// An hour from one product's row.
    public init(product: ForecastProduct, row: ForecastRow) {
        time = row.validTime
        cell = row.cell
        sources = [Source(product: product, row: row)]
        self.row = row
    }

    /// An hour merged from several products' rows for the same cell and hour: each quantity
    /// from the freshest that has it (see the type's discussion).
    ///
    /// - Parameter rows: Rows of one cell and hour, each with its product; not empty.
    /// - Returns: `nil` for no rows, or rows of different cells or hours.
    public init?(merging rows: [(product: ForecastProduct, row: ForecastRow)]) {
        guard let first = rows.first,
              rows.allSatisfy({ $0.row.cell == first.row.cell && $0.row.validTime == first.row.validTime }) else { return nil }
        // Freshest first: the newest run, then ultra-short before short-term before nowcast.
        let ordered = rows.sorted { a, b in
            if a.row.base != b.row.base { return a.row.base > b.row.base }
            return Self.rank(a.product) < Self.rank(b.product)
        }
        var parts = ordered.map { Source(product: $0.product, row: ForecastRow(cell: $0.row.cell, validTime: $0.row.validTime, base: $0.row.base, isObservation: $0.row.isObservation)) }
        var taken = Set<ForecastCategory>()
        for (index, candidate) in ordered.enumerated() {
            for category in candidate.row.categories where !taken.contains(category) {
                let quantity = Self.quantity(of: category)
                // The freshest source with a real value for the quantity; else the freshest with any.
                let giver = ordered.indices.first { i in
                    quantity.contains { c in ordered[i].row.value(c, product: ordered[i].product).map { $0.meaning != .missing } ?? false }
                } ?? ordered.indices.first { i in quantity.contains { ordered[i].row.contains($0) } } ?? index
                for member in quantity where !taken.contains(member) {
                    taken.insert(member)
                    if let text = ordered[giver].row[member] { parts[giver].row[member] = text }
                }
            }
        }
        parts.removeAll { $0.row.categories.isEmpty }
        self.init(time: first.row.validTime, cell: first.row.cell, sources: parts)
    }

    /// An hour from its sources (stored order, freshest first).
    init(time: KSTDateTime, cell: GridCell, sources: [Source]) {
        self.time = time
        self.cell = cell
        self.sources = sources
        var merged = ForecastRow(cell: cell, validTime: time, base: sources.first?.base ?? ForecastBase(time), isObservation: sources.first?.row.isObservation ?? false)
        for source in sources {
            for category in source.row.categories { merged[category] = source.row[category] }
        }
        row = merged
    }

    /// Categories that are one quantity under different names: the temperature (`T1H` of the
    /// nowcast and ultra-short forecast, `TMP` of the short-term run) and the hour's
    /// precipitation (`RN1`, `PCP`).
    static let sameQuantity: [[ForecastCategory]] = [[.t1h, .tmp], [.rn1, .pcp]]

    /// The categories that make one quantity with `category` (itself included).
    static func quantity(of category: ForecastCategory) -> [ForecastCategory] {
        sameQuantity.first { $0.contains(category) } ?? [category]
    }

    /// The order products give way in for the same run time.
    private static func rank(_ product: ForecastProduct) -> Int {
        switch product {
        case .ultraShort: 0
        case .shortTerm: 1
        case .nowcast: 2
        }
    }

    // MARK: Values

    /// The hour as a `Date`.
    public var date: Date { time.date }

    /// The source that gave a category, if any did.
    public func source(of category: ForecastCategory) -> Source? {
        sources.first { $0.row.contains(category) }
    }

    /// A category's value, read with the code table of the product that gave it; `nil` when
    /// no product gave it.
    public func value(_ category: ForecastCategory) -> ForecastValue? {
        guard let source = source(of: category) else { return nil }
        return source.row.value(category, product: source.product)
    }

    /// Every value of the hour, each read with its product's table. The typed readings that
    /// mean the same for a row (``ForecastValueReading``: ``sky``, ``precipitationType``,
    /// ``condition``, ``windDirection``, ``windStrength``, ``precipitationAmountRange``,
    /// ``snowfallAmountRange``, the extended days' codes) read through ``value(_:)``.
    public var values: [ForecastValue] {
        sources.flatMap { source in source.row.categories.compactMap { source.row.value($0, product: source.product) } }
    }

    /// The temperature in °C (`T1H` or `TMP`).
    public var temperatureCelsius: Double? { number(.t1h) ?? number(.tmp) }

    /// The temperature (`T1H` or `TMP`).
    public var temperature: Measurement<UnitTemperature>? {
        temperatureCelsius.map { Measurement(value: $0, unit: .celsius) }
    }

    /// The chance of precipitation, 0…1 (`POP` / 100; the short-term run's).
    public var precipitationChance: Double? { number(.pop).map { $0 / 100 } }

    /// The relative humidity, 0…1 (`REH` / 100).
    public var humidity: Double? { number(.reh).map { $0 / 100 } }

    /// The wind speed (`WSD`); `nil` on an extended day, where `WSD` is a code (``windStrength``).
    public var windSpeed: Measurement<UnitSpeed>? {
        number(.wsd).map { Measurement(value: $0, unit: .metersPerSecond) }
    }

    /// The wave height (`WAV`, sea cells of the short-term run).
    public var waveHeight: Measurement<UnitLength>? {
        number(.wav).map { Measurement(value: $0, unit: .meters) }
    }

    /// Lightning, kA/km² (`LGT`, the ultra-short forecast's).
    public var lightning: Double? { number(.lgt) }
}
