/// Forecast rows as typed, lossless JSON (every value parsed, with its raw text): what
/// `kma-forecast parse --format json` prints for the pages of a run.
///
/// ```json
/// {"product":"short-term","complete":true,"completeness":"complete: …","itemCount":809,"totalCount":809,
///  "rows":[{"product":"short-term","nx":60,"ny":120,"baseDate":"20221120","baseTime":"0500",
///           "fcstDate":"20221120","fcstTime":"0600","observation":false,
///           "values":{"TMP":{"raw":"10","kind":"number","value":10,"unit":"°C"}, …}}, …],
///  "days":[{"nx":60,"ny":120,"date":"20221120", …}]}
/// ```
///
/// ```swift
/// var builder = ForecastRowBuilder()
/// _ = try ForecastPageDecoder.decode(page, into: &builder)
/// let rows = builder.rows()
/// let product = rows.first?.inferredProduct
/// let document = ForecastRowsJSON.Document(
///     product: product?.rawValue, completeness: builder.completeness,
///     rows: rows.map { ForecastRowsJSON.Row($0, product: product) }, days: [])
/// let json = try JSONEncoder().encode(document)
/// ```
///
/// (The stored shape of one row, its raw texts only, is ``ForecastRow``'s own `Codable`.)
public enum ForecastRowsJSON {
    /// The rows of a run with how complete they are, and (for the short-term forecast) their
    /// days.
    public struct Document: Encodable, Sendable {
        /// The product's name (`short-term`), `nil` when unknown.
        public var product: String?
        /// Whether every item the pages announced arrived.
        public var complete: Bool
        /// The completeness in words (``ForecastRowBuilder/Completeness``).
        public var completeness: String
        /// The items received, `nil` when the pages disagree on their total.
        public var itemCount: Int?
        /// The items the pages announced (`totalCount`), `nil` when unknown.
        public var totalCount: Int?
        /// The rows.
        public var rows: [Row]
        /// The days of the rows (empty but for the short-term forecast).
        public var days: [DailySummary]

        /// A document of `rows` read with `completeness`.
        public init(product: String?, completeness: ForecastRowBuilder.Completeness, rows: [Row], days: [DailySummary]) {
            self.product = product
            self.complete = completeness.isComplete
            self.completeness = completeness.description
            switch completeness {
            case .complete(let count): itemCount = count; totalCount = count
            case .incomplete(let received, let expected): itemCount = received; totalCount = expected
            case .inconsistentTotals: itemCount = nil; totalCount = nil
            case .unknown(let received): itemCount = received; totalCount = nil
            }
            self.rows = rows
            self.days = days
        }
    }

    /// One row: its cell, run and hour, and each value typed (``ForecastValue``), keyed by
    /// category code.
    public struct Row: Encodable, Sendable {
        /// The product's name.
        public var product: String?
        /// The grid column, 1…149.
        public var nx: Int
        /// The grid row, 1…253.
        public var ny: Int
        /// The run's date, `YYYYMMDD` (KST).
        public var baseDate: String
        /// The run's time, `HHMM` (KST).
        public var baseTime: String
        /// The hour's date, `YYYYMMDD` (KST).
        public var fcstDate: String
        /// The hour's time, `HHMM` (KST).
        public var fcstTime: String
        /// Whether the row is an observation (the nowcast).
        public var observation: Bool
        /// The values, by category code.
        public var values: [String: ForecastValue]

        /// The JSON of `row`, its values read as `product`'s (its inferred product when `nil`).
        public init(_ row: ForecastRow, product: ForecastProduct?) {
            let product = product ?? row.inferredProduct
            self.product = product.rawValue
            nx = row.nx
            ny = row.ny
            baseDate = row.base.baseDate
            baseTime = row.base.baseTime
            fcstDate = row.forecastDateString
            fcstTime = row.forecastTimeString
            observation = row.isObservation
            var values: [String: ForecastValue] = [:]
            for category in row.categories {
                if let value = row.value(category, product: product) { values[category.code] = value }
            }
            self.values = values
        }
    }
}
