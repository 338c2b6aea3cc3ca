import KMAForecast
import KMAForecastText

/// The forecasts of a places table as one stream, in the table's order, each line starting
/// with the row's own columns, as CSV or JSON Lines: what `kma-forecast --input` prints, for
/// a bot or a data tool that reads a ``PlacesTable`` and fetches its cells itself.
///
/// ```swift
/// let table = try PlacesTable(csv: bytes, source: "places.csv")
/// let writer = PlacesForecastWriter(format: .csv, inputColumns: table.columns, products: [.shortTerm])
/// var out = writer.header
/// for row in table.rows {
///     switch row.cell {
///     case .success(let cell):
///         do { out += writer.rows(of: try await client.fetch(.shortTerm, cell: cell), input: row) }
///         catch { out += writer.failure("\(error)", input: row, product: nil) }
///     case .failure(let error):
///         out += writer.failure(PlacesForecastWriter.oneLine(error.description), input: row, product: nil)
///     }
/// }
/// ```
///
/// CSV: a header, then per input and product one line per forecast hour:
/// `<input columns>,line,error,product,baseDate,baseTime,fcstDate,fcstTime,nx,ny,<categories>,other`,
/// without the `nx`/`ny` the input already has (any letter case): a forecast line writes its
/// cell in the input's column then (``cellColumns``), so no column name is printed twice.
/// The category columns are the documented codes the products can carry, in the guide's order
/// (short-term: POP PTY PCP REH SNO SKY TMP TMN TMX UUU VVV WAV VEC WSD); each value is KMA's
/// text, empty when KMA sent none for that hour; `other` holds any other code as
/// `CODE=value` pairs joined by `;`. An input (or one product of it) that failed gets exactly
/// one line with its `error` filled in and the forecast columns empty, so nothing missing
/// passes for a forecast: a consumer filters on `error` being empty.
///
/// Text from the network stays on its line and cannot act on a terminal: in CSV, control
/// characters of values (ESC, BEL, line breaks …) are written as `\u{1B}`-style escapes (as
/// one place's CSV does, ``ForecastRow/csv(_:categories:products:)``), and in `other` a `;` or
/// `=` inside a code or a value as `\u{3B}` / `\u{3D}`, so each pair reads back as one code and
/// one value. The `error` text (CSV and JSON Lines) is one line, escaped and cut to 1,000
/// characters (``PrintableText``), as the command line prints it on standard error.
///
/// JSON Lines: one object per line, keys in this order: `input` (the input's columns as an
/// object of strings), `line`, then either `error` (with `product` when one product of the
/// input failed) or `product`, `baseDate`, `baseTime`, `fcstDate`, `fcstTime`, `nx`, `ny`,
/// `values` (code → KMA's text, JSON-escaped).
public struct PlacesForecastWriter: Hashable, Sendable {
    /// The form of the lines.
    public enum Format: String, Hashable, Sendable {
        /// CSV (RFC 4180) with a header.
        case csv
        /// JSON Lines: one object a line, no header.
        case jsonl
    }

    /// The form of the lines.
    public let format: Format
    /// The input's columns (``PlacesTable/columns``), echoed first.
    public let inputColumns: [String]
    /// The category columns (CSV) of the products: ``categories(of:)``.
    public let categories: [ForecastCategory]

    /// A writer of `format` for a table of `inputColumns`, fetched for `products`.
    public init(format: Format, inputColumns: [String], products: [ForecastProduct]) {
        self.format = format
        self.inputColumns = inputColumns
        self.categories = Self.categories(of: products)
    }

    /// The documented categories the products can carry, in the guide's order.
    public static func categories(of products: [ForecastProduct]) -> [ForecastCategory] {
        var carried = Set<ForecastCategory>()
        for product in products {
            carried.formUnion(product.requiredCategories)
            if product == .shortTerm { carried.formUnion([.tmn, .tmx, .wav]) }
        }
        return ForecastCategory.documented.filter(carried.contains)
    }

    /// The header line (CSV), or nothing (JSON Lines). The forecast's `nx` and `ny` columns
    /// are left out where the input has a column of that name (any letter case): the cell is
    /// written in the input's column instead (``cellColumns``), so no name is printed twice.
    public var header: String {
        guard format == .csv else { return "" }
        let cell = cellColumns
        let forecast = ["line", "error", "product", "baseDate", "baseTime", "fcstDate", "fcstTime"]
            + (cell.nx == nil ? ["nx"] : []) + (cell.ny == nil ? ["ny"] : [])
        return CSVText.row(inputColumns + forecast + categories.map(\.code) + ["other"])
    }

    /// The input's columns named `nx` and `ny` (any letter case), `nil` where it has none. A
    /// forecast line writes its cell there, in place of the input's text (for a row of cells
    /// the same number; for a row of another kind, the cell its place has), and has no
    /// `nx`/`ny` columns of its own; a failed input's line echoes the input as given.
    public var cellColumns: (nx: Int?, ny: Int?) {
        let names = inputColumns.map { $0.lowercased() }
        return (names.firstIndex(of: "nx"), names.firstIndex(of: "ny"))
    }

    /// The lines of one product's run for an input row: one a forecast hour, in time order.
    public func rows(of run: ForecastRun, input: PlacesTable.Row) -> String {
        var out = ""
        write(rowsOf: run, input: input) { out += $0 }
        return out
    }

    /// Writes the lines of one product's run for an input row (as ``rows(of:input:)`` gives
    /// them) piece by piece to `write`, each line's echoed input made once per call and
    /// handed over as its own piece: an input field of megabytes is held once, not once per
    /// forecast hour (the command line writes each piece to standard output as it comes).
    public func write(rowsOf run: ForecastRun, input: PlacesTable.Row, to write: (String) -> Void) {
        let rows = run.rows.sorted { $0.validTime < $1.validTime }
        let cell = cellColumns
        var echoed: (cell: [Int], text: String)?
        /// The input's fields as a CSV line starts (with the comma after them), with the cell
        /// in the input's `nx`/`ny`; made again only for another cell.
        func echo(_ row: ForecastRow) -> String {
            let key = [row.nx, row.ny]
            if let echoed, echoed.cell == key { return echoed.text }
            var fields = input.fields
            for (column, value) in [(cell.nx, row.nx), (cell.ny, row.ny)] {
                guard let column else { continue }
                while fields.count <= column { fields.append("") }
                fields[column] = String(value)
            }
            let text = fields.isEmpty ? "" : fields.map(CSVText.field).joined(separator: ",") + ","
            echoed = (key, text)
            return text
        }
        var inputJSON: String?
        for row in rows {
            let others = row.categories.filter { !categories.contains($0) }
            switch format {
            case .csv:
                var fields = [String(input.line), "", run.product.rawValue]
                fields += [row.base.baseDate, row.base.baseTime, row.forecastDateString, row.forecastTimeString]
                if cell.nx == nil { fields.append(String(row.nx)) }
                if cell.ny == nil { fields.append(String(row.ny)) }
                fields += categories.map { row[$0].map { PrintableText.escaped($0) } ?? "" }
                fields.append(others.map { "\(Self.otherText($0.code))=\(Self.otherText(row[$0] ?? ""))" }.joined(separator: ";"))
                write(echo(row))
                write(CSVText.row(fields))
            case .jsonl:
                let values = row.categories.compactMap { category in row[category].map { (category.code, JSONText.string($0)) } }
                let rest = JSONText.object([
                    ("line", String(input.line)), ("product", JSONText.string(run.product.rawValue)),
                    ("baseDate", JSONText.string(row.base.baseDate)), ("baseTime", JSONText.string(row.base.baseTime)),
                    ("fcstDate", JSONText.string(row.forecastDateString)), ("fcstTime", JSONText.string(row.forecastTimeString)),
                    ("nx", String(row.nx)), ("ny", String(row.ny)), ("values", JSONText.object(values)),
                ])
                // `{"input":<object>,` then the other members: the object written once a run.
                write("{" + JSONText.string("input") + ":")
                if inputJSON == nil { inputJSON = inputObject(input.fields) }
                write(inputJSON ?? "")
                write("," + rest.dropFirst() + "\n")
            }
        }
    }

    /// A code or value of the `other` column: control characters, `;` and `=` escaped.
    static func otherText(_ text: String) -> String {
        PrintableText.escaped(text).replacingAll(";", with: "\\u{3B}").replacingAll("=", with: "\\u{3D}")
    }

    /// The one line of an input (or of one product of it, `product` non-nil) that failed: the
    /// message escaped and cut as network text is (``PrintableText``), so it stays one field on
    /// one physical line. Multi-line messages (an ambiguous place's candidates) are best joined
    /// by ``oneLine(_:)`` first, to read as a sentence.
    public func failure(_ message: String, input: PlacesTable.Row, product: ForecastProduct?) -> String {
        let message = PrintableText.singleLine(message)
        switch format {
        case .csv:
            let cell = cellColumns
            let blanks = [String](repeating: "", count: 4 + (cell.nx == nil ? 1 : 0) + (cell.ny == nil ? 1 : 0) + categories.count + 1)
            return CSVText.row(input.fields + [String(input.line), message, product?.rawValue ?? ""] + blanks)
        case .jsonl:
            var members = [("input", inputObject(input.fields)), ("line", String(input.line))]
            if let product { members.append(("product", JSONText.string(product.rawValue))) }
            members.append(("error", JSONText.string(message)))
            return JSONText.object(members) + "\n"
        }
    }

    /// `text` on one line: its lines trimmed and joined with "; " (with a space after a line
    /// that ends in ":"), so `'중구' matches 6 regions; …:\n  서울특별시 중구 …\n  부산광역시 중구 …`
    /// reads `'중구' matches 6 regions; …: 서울특별시 중구 …; 부산광역시 중구 …`.
    public static func oneLine(_ text: String) -> String {
        // `isNewline`: LF, CR, CRLF, VT, FF, NEL, U+2028 and U+2029.
        let lines = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty }
        var out = ""
        for line in lines {
            if !out.isEmpty { out += out.hasSuffix(":") ? " " : "; " }
            out += line
        }
        return out
    }

    /// The input's columns as a JSON object of strings.
    private func inputObject(_ fields: [String]) -> String {
        JSONText.object(inputColumns.enumerated().map { index, name in
            (name, JSONText.string(index < fields.count ? fields[index] : ""))
        })
    }
}
