import KMAForecast
import KMAForecastText

/// Forecast rows as CSV: the contract `kma-forecast --format csv` and `parse --format csv`
/// print, which other tools and tests read.
///
/// ```swift
/// let run = try await client.fetch(.shortTerm, cell: try GridCell(nx: 60, ny: 127))
/// let csv = ForecastRow.csv(run.rows, categories: ForecastRow.csvCategories(of: run.rows))
/// // baseDate,baseTime,fcstDate,fcstTime,nx,ny,POP,PTY,PCP,REH,SNO,SKY,TMP,…
/// // 20261121,0500,20261121,0600,60,127,20,0,강수없음,75,적설없음,1,7,…
/// ```
///
/// - a header row, then one line per row;
/// - columns `baseDate,baseTime,fcstDate,fcstTime,nx,ny` (preceded by `product` when asked),
///   then one column per category code present in the input: the documented codes in the
///   guide's order (POP PTY PCP REH SNO SKY TMP TMN TMX UUU VVV WAV VEC WSD T1H RN1 LGT), then
///   any other codes in the order they first appear;
/// - each cell is the value exactly as KMA sent it, empty when KMA sent none for that hour,
///   except that control characters (``PrintableText/isControl(_:)``: C0 including line
///   breaks, DEL, C1, bidi overrides) are written as `\u{1B}`-style escapes, so no value
///   can act on a terminal or break a record;
/// - for the nowcast, `fcstDate`/`fcstTime` are the observation's `baseDate`/`baseTime`;
/// - rows in the order given (the command line sorts them by nx, ny, fcstDate, fcstTime);
/// - RFC 4180 quoting; lines end in LF.
extension ForecastRow {
    /// The category columns for some rows (see the column rule above).
    public static func csvCategories(of rows: [ForecastRow]) -> [ForecastCategory] {
        var present = Set<ForecastCategory>()
        var others: [ForecastCategory] = []
        for row in rows {
            for category in row.categories where present.insert(category).inserted && !category.isDocumented {
                others.append(category)
            }
        }
        return ForecastCategory.documented.filter(present.contains) + others
    }

    /// The CSV text: a header and one line per row.
    ///
    /// - Parameters:
    ///   - rows: The rows, already in output order.
    ///   - categories: The category columns, in order (``csvCategories(of:)`` for the rule above).
    ///   - products: A product per row (as many as `rows`), to add a leading `product` column;
    ///     `nil` for none.
    public static func csv(_ rows: [ForecastRow], categories: [ForecastCategory], products: [ForecastProduct]? = nil) -> String {
        var out = CSVText.row(csvHeader(categories: categories, product: products != nil))
        for (index, row) in rows.enumerated() {
            out += CSVText.row(csvFields(row, categories: categories, product: products.map { index < $0.count ? $0[index] : nil }))
        }
        return out
    }

    /// The header of ``csv(_:categories:products:)``.
    package static func csvHeader(categories: [ForecastCategory], product: Bool) -> [String] {
        (product ? ["product"] : []) + ["baseDate", "baseTime", "fcstDate", "fcstTime", "nx", "ny"] + categories.map(\.code)
    }

    /// One row's fields under ``csvHeader(categories:product:)``; `product` `nil` (the outer
    /// optional) for no product column.
    package static func csvFields(_ row: ForecastRow, categories: [ForecastCategory], product: ForecastProduct??) -> [String] {
        var fields = product.map { [$0?.rawValue ?? ""] } ?? []
        fields += [row.base.baseDate, row.base.baseTime, row.forecastDateString, row.forecastTimeString, String(row.nx), String(row.ny)]
        return fields + categories.map { row[$0].map { PrintableText.escaped($0) } ?? "" }
    }
}
