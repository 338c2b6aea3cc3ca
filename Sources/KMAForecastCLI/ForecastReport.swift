import KMAForecast
import KMAForecastClient
import KMAGrid

/// Everything the forecast command shows, gathered before any of it is printed: where, when,
/// what each product returned (or why it did not), the merged timeline and the daily summary.
struct ForecastReport {
    /// The place the forecast is for.
    struct Location {
        /// The grid cell requested.
        var cell: GridCell
        /// The place's full name, for `--place` (or the sample's place).
        var placeName: String?
        /// The coordinate given with `--lat`/`--lon`.
        var coordinate: GeoCoordinate?
    }

    /// What one product returned.
    struct Outcome {
        var product: ForecastProduct
        /// The run the rows come from.
        var base: ForecastBase?
        /// How many issuances back from the newest the run is (KMA had not published the newer ones).
        var fallbackSteps: Int
        var rows: [ForecastRow]
        /// Why the product has no rows, for people.
        var error: String?
        /// When the product's next run becomes available.
        var nextAvailableAt: KSTDateTime
        /// How many requests were made for it (0 when served from the cache).
        var requests: Int
        /// When the rows were fetched from KMA, or last confirmed unchanged (``ForecastRun/fetchedAt``).
        var fetchedAt: KSTDateTime? = nil
        /// KMA's file version of the run (`getFcstVersion`), when known.
        var fileVersion: ForecastFileVersion? = nil
        /// The base KMA wrote on the items when it was not ``base`` (an ultra-short run labelled HH00).
        var labelledBase: ForecastBase? = nil
    }

    var location: Location
    /// The instant the forecast was made for (now, or `--at`).
    var at: KSTDateTime
    var outcomes: [Outcome]
    var timeline: ForecastTimeline
    var days: [DailySummary]
    /// Set when the data is the bundled sample rather than a live answer from KMA.
    var sample: DemoData.Sample?

    /// The outcome for a product, if it was requested.
    func outcome(_ product: ForecastProduct) -> Outcome? { outcomes.first { $0.product == product } }

    /// The earliest upcoming availability among the requested products: "next update at".
    var nextUpdate: (product: ForecastProduct, at: KSTDateTime)? {
        outcomes.map { ($0.product, $0.nextAvailableAt) }.min { $0.1 < $1.1 }
    }

    /// Builds the timeline and the daily summary from the outcomes, as the library merges them
    /// (``LocalForecast``).
    init(location: Location, at: KSTDateTime, outcomes: [Outcome], sample: DemoData.Sample?) {
        self.location = location
        self.at = at
        self.outcomes = outcomes
        self.sample = sample
        func rows(_ product: ForecastProduct) -> [ForecastRow]? {
            outcomes.first { $0.product == product && $0.error == nil }?.rows
        }
        (timeline, days) = LocalForecast.merge(nowcast: rows(.nowcast), ultraShort: rows(.ultraShort), shortTerm: rows(.shortTerm), at: at)
    }
}

extension ForecastReport.Outcome {
    /// A product's outcome from the library: its error as the text people read.
    init(_ outcome: ProductOutcome) {
        self.init(
            product: outcome.product, base: outcome.base, fallbackSteps: outcome.fallbackSteps, rows: outcome.rows,
            error: outcome.failure?.message, nextAvailableAt: outcome.nextRunAvailableAt, requests: outcome.requests,
            fetchedAt: outcome.fetchedAt, fileVersion: outcome.fileVersion, labelledBase: outcome.labelledBase
        )
    }
}

extension ForecastProduct {
    /// A short label for tables: `실황`/`now`, `초단기`/`ultra`, `단기`/`short`.
    func shortLabel(_ language: DisplayLanguage) -> String {
        switch (self, language) {
        case (.nowcast, .ko): "실황"
        case (.ultraShort, .ko): "초단기"
        case (.shortTerm, .ko): "단기"
        case (.nowcast, .en): "now"
        case (.ultraShort, .en): "ultra"
        case (.shortTerm, .en): "short"
        }
    }
}
