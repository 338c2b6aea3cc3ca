import KMAForecast

/// The JSON of forecast rows: typed and lossless (every value parsed, with its raw text).
///
/// ```json
/// {"product":"short-term","complete":true,"completeness":"complete: …","itemCount":809,"totalCount":809,
///  "rows":[{"product":"short-term","nx":60,"ny":120,"baseDate":"20221120","baseTime":"0500",
///           "fcstDate":"20221120","fcstTime":"0600","observation":false,
///           "values":{"TMP":{"raw":"10","kind":"number","value":10,"unit":"°C"}, …}}, …],
///  "days":[{"nx":60,"ny":120,"date":"20221120", …}]}
/// ```
enum RowsJSON {
    struct Document: Encodable {
        var product: String?
        var complete: Bool
        var completeness: String
        var itemCount: Int?
        var totalCount: Int?
        var rows: [Row]
        var days: [DailySummary]

        init(product: String?, completeness: ForecastRowBuilder.Completeness, rows: [Row], days: [DailySummary]) {
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

    struct Row: Encodable {
        var product: String?
        var nx: Int
        var ny: Int
        var baseDate: String
        var baseTime: String
        var fcstDate: String
        var fcstTime: String
        var observation: Bool
        var values: [String: ForecastValue]

        init(_ row: ForecastRow, product: ForecastProduct?) {
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

    /// Encodes through the CLI's one JSON writer (``JSONTextEncoder``, ``JSONText``'s
    /// escaping and numbers, keys sorted, `m/s` unescaped), ending in a newline.
    static func encode(_ value: some Encodable) throws(CLIError) -> String {
        do {
            return try JSONTextEncoder.encode(value) + "\n"
        } catch {
            throw .runtime("could not write JSON: \(error)")
        }
    }
}
