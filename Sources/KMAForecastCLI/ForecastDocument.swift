import KMAForecast

/// The forecast command's JSON: typed and lossless. Every row of every product fetched (each
/// value parsed, with its raw text), which run each product came from, the merged timeline,
/// the daily summary, and whether the data is the bundled sample.
///
/// ```json
/// {"location":{"nx":60,"ny":127,"place":"서울특별시 종로구","lat":37.57,"lon":126.98},
///  "at":"2026-11-21T14:50:00+09:00","sample":null,
///  "products":[{"product":"nowcast","operation":"getUltraSrtNcst","baseDate":"20261121","baseTime":"1400",
///               "newestBaseDate":"20261121","newestBaseTime":"1400","fallbackSteps":0,"requests":1,
///               "nextAvailableAt":"2026-11-21T15:10:00+09:00","fetchedAt":"2026-11-21T14:50:00+09:00",
///               "fileVersion":"20261121141512","rows":[…]}, …],
///  "current":{"product":"nowcast",…row…},"hourly":[{"product":"ultra-short",…}, …],"days":[…]}
/// ```
struct ForecastDocument: Encodable {
    struct Location: Encodable {
        var nx: Int
        var ny: Int
        var place: String?
        var lat: Double?
        var lon: Double?
    }

    struct Product: Encodable {
        var product: String
        var operation: String
        var baseDate: String?
        var baseTime: String?
        var fallbackSteps: Int
        var requests: Int
        var nextAvailableAt: String
        /// When the rows were fetched from KMA or last confirmed unchanged (ISO 8601, KST).
        var fetchedAt: String?
        /// KMA's file version of the run (`getFcstVersion`, the file's creation time
        /// `YYYYMMDDHHMMSS` KST); absent when not known (short-term runs, no cache).
        var fileVersion: String?
        /// The baseTime KMA wrote on the items when it was not `baseTime` (an ultra-short run
        /// asked as HH30 and labelled HH00); absent otherwise.
        var labelledBaseTime: String?
        var error: String?
        var rows: [RowsJSON.Row]
    }

    struct Sample: Encodable {
        var notice: String
        var product: String
        var baseDate: String
        var baseTime: String
        var source: String
    }

    var location: Location
    var at: String
    var sample: Sample?
    var products: [Product]
    var current: RowsJSON.Row?
    var hourly: [RowsJSON.Row]
    var days: [DailySummary]
    var nextUpdate: String?

    init(_ report: ForecastReport) {
        location = Location(
            nx: report.location.cell.nx, ny: report.location.cell.ny, place: report.location.placeName,
            lat: report.location.coordinate?.latitude, lon: report.location.coordinate?.longitude
        )
        at = report.at.iso8601
        sample = report.sample.map {
            Sample(
                notice: "sample data recorded from KMA, not a live forecast", product: $0.product.rawValue,
                baseDate: $0.base.baseDate, baseTime: $0.base.baseTime, source: $0.source
            )
        }
        products = report.outcomes.map { outcome in
            Product(
                product: outcome.product.rawValue, operation: outcome.product.operation,
                baseDate: outcome.base?.baseDate, baseTime: outcome.base?.baseTime,
                fallbackSteps: outcome.fallbackSteps, requests: outcome.requests,
                nextAvailableAt: outcome.nextAvailableAt.iso8601, fetchedAt: outcome.fetchedAt?.iso8601,
                fileVersion: outcome.fileVersion?.text, labelledBaseTime: outcome.labelledBase?.baseTime, error: outcome.error,
                rows: outcome.rows.map { RowsJSON.Row($0, product: outcome.product) }
            )
        }
        current = report.timeline.current.map { RowsJSON.Row($0.row, product: $0.product) }
        hourly = report.timeline.hours.map { RowsJSON.Row($0.row, product: $0.product) }
        days = report.days
        nextUpdate = report.nextUpdate?.at.iso8601
    }
}
