import KMAForecast
import KMAForecastText

/// The CSV contract for forecast rows (other tools and tests read it):
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
/// - rows sorted by nx, ny, fcstDate, fcstTime (the caller passes them sorted);
/// - RFC 4180 quoting.
enum RowsCSV {
    /// The category columns for some rows (see the column rule above).
    static func categories(of rows: [ForecastRow]) -> [ForecastCategory] {
        var present = Set<ForecastCategory>()
        var others: [ForecastCategory] = []
        for row in rows {
            for category in row.categories where present.insert(category).inserted && !category.isDocumented {
                others.append(category)
            }
        }
        return ForecastCategory.documented.filter(present.contains) + others
    }

    /// The CSV text.
    ///
    /// - Parameters:
    ///   - rows: The rows, already in output order.
    ///   - categories: The category columns, in order.
    ///   - products: A product name per row, to add a leading `product` column; `nil` for none.
    static func render(_ rows: [ForecastRow], categories: [ForecastCategory], products: [ForecastProduct]? = nil) -> String {
        var out = ""
        var header = products == nil ? [] : ["product"]
        header += ["baseDate", "baseTime", "fcstDate", "fcstTime", "nx", "ny"]
        header += categories.map(\.code)
        out += CSVText.row(header)
        for (index, row) in rows.enumerated() {
            var fields = products.map { [$0[index].rawValue] } ?? []
            fields += [row.base.baseDate, row.base.baseTime, row.forecastDateString, row.forecastTimeString, String(row.nx), String(row.ny)]
            fields += categories.map { row[$0].map { PrintableText.escaped($0) } ?? "" }
            out += CSVText.row(fields)
        }
        return out
    }
}
