/// One timeline for a place from the three products, the way a weather app shows it: the
/// current observation (nowcast), then the coming hours from the ultra-short forecast (the
/// next 6 hours, the freshest), then the short-term forecast to its end.
///
/// ```swift
/// let timeline = ForecastTimeline(nowcast: nowRows, ultraShort: ultraRows, shortTerm: shortRows, at: now)
/// timeline.current?.row.temperature
/// for entry in timeline.hours { print(entry.product, entry.row.forecastTimeString) }
/// ```
///
/// Every hour appears once, from the product that covers it first in that order; each entry
/// says which product and run it came from. Any product may be missing (not requested, or it
/// failed): the timeline is made from the others.
public struct ForecastTimeline: Hashable, Sendable {
    /// One row and the product it came from.
    public struct Entry: Hashable, Sendable {
        /// The product the row came from.
        public var product: ForecastProduct
        /// The row.
        public var row: ForecastRow

        /// Creates an entry.
        public init(product: ForecastProduct, row: ForecastRow) {
            self.product = product
            self.row = row
        }
    }

    /// The current conditions: the newest nowcast observation, if there is one.
    public var current: Entry?

    /// The coming hours, in time order, each hour once: ultra-short hours first, then the
    /// short-term hours after the last ultra-short one.
    public var hours: [Entry]

    /// Merges the products' rows for one grid cell. When a product's rows hold an hour more
    /// than once (rows of several runs), the newest run's row is used.
    ///
    /// - Parameters:
    ///   - nowcast: Rows of the nowcast (observations), or `nil`.
    ///   - ultraShort: Rows of the ultra-short forecast, or `nil`.
    ///   - shortTerm: Rows of the short-term forecast, or `nil`.
    ///   - at: Now: hours at or before it are past and left out of ``hours``.
    public init(nowcast: [ForecastRow]?, ultraShort: [ForecastRow]?, shortTerm: [ForecastRow]?, at: KSTDateTime) {
        let now = at.unixSeconds
        func time(_ row: ForecastRow) -> Int64 { row.validTime.unixSeconds }
        current = nowcast?
            .filter { time($0) <= now }
            .max { time($0) < time($1) }
            .map { Entry(product: .nowcast, row: $0) }
        var hours: [Entry] = []
        var last = now
        for (product, rows) in [(ForecastProduct.ultraShort, ultraShort), (.shortTerm, shortTerm)] {
            guard let rows else { continue }
            // One row an hour: the newest run's.
            var newest: [Int64: ForecastRow] = [:]
            for row in rows {
                let at = time(row)
                guard at > last else { continue }
                if let kept = newest[at], kept.base >= row.base { continue }
                newest[at] = row
            }
            let upcoming = newest.map { ($0.value, $0.key) }.sorted { $0.1 < $1.1 }
            hours += upcoming.map { Entry(product: product, row: $0.0) }
            if let end = upcoming.last?.1 { last = end }
        }
        self.hours = hours
    }

    /// The products the timeline holds, in the order they appear.
    public var products: [ForecastProduct] {
        var seen: [ForecastProduct] = []
        for entry in (current.map { [$0] } ?? []) + hours where !seen.contains(entry.product) {
            seen.append(entry.product)
        }
        return seen
    }
}
