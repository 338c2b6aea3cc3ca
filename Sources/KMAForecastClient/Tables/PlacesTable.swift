import KMAForecast

/// A table of places read from CSV bytes: each row with the columns it came with and the
/// location it names, or why it names none. The one reader of places tables: the command
/// line's `kma-forecast --input` and `field --input` read through it, and so can a bot or a
/// data tool.
///
/// ```swift
/// import KMAForecastClient
///
/// let csv = Array("name,lat,lon\n시청,37.5665,126.978\n\"Busan, port\",35.1,129.04\nsea,0,0\n".utf8)
/// let table = try PlacesTable(csv: csv, source: "places.csv")   // throws PlacesTableError
/// for row in table.rows {
///     switch row.location {
///     case .success(let location):                  // .coordinate, .cell or .place(Place)
///         let forecast = try await client.forecast(for: location)
///         print(row.fields[0], forecast.hourly.first?.temperature as Any)
///     case .failure(let error):                     // PlacesTableRowError, in its place
///         print("places.csv line \(row.line): \(error)")
///     }
/// }
/// ```
///
/// **The bytes.** CSV as RFC 4180 reads it: a quoted field may hold commas and line breaks,
/// `""` is a quote; LF, CRLF or CR line ends; a UTF-8 byte order mark and blank lines are
/// skipped; blanks around a field are not part of it. Text that is not UTF-8 is refused (with
/// its line and byte), never altered, so what is echoed is what was given. At most
/// ``maximumSize`` bytes (64 MiB).
///
/// **The header.** Optional:
/// - with a header, the places are read from the columns named `nx` and `ny`, else `lat` and
///   `lon` (``latitudeNames``, ``longitudeNames``), else `place` (``nameNames``), in that order
///   of preference, wherever they stand, in any letter case (KMA's grid table,
///   `region_code,level1,level2,level3,nx,ny,lon,lat`, is read by its cells: some of its rows
///   have no point, `0,0`); every column is kept for echoing;
/// - a first line of two fields or more with no number in it is a header too (one that names
///   none of these columns is refused);
/// - two columns with the same name (any letter case), or a column named like one of the
///   caller's `reservedColumns` (the columns its output adds), are refused: a reader of the
///   output could not tell them apart;
/// - without one, a line of one field is a place name, anything else is `lat,lon`.
///
/// **Which location.** Every place column is read by ``LocationParser``, the one reader of
/// locations, with its hints (swapped latitude and longitude, decimal commas, off the grid,
/// unknown or ambiguous names). A row of KMA's own grid table gets KMA's cell for it: a place
/// name is looked up in the table (``ForecastLocation/place(_:)-enum.case``), and a `lat,lon`
/// equal (to 1e-7°, about a centimetre) to a table row's representative point is that row's
/// place (its cell is the table's, about 1 % of which differ from the formula's). Any other
/// coordinate is ``ForecastLocation/coordinate(_:)`` (the formula's cell); `nx`,`ny` columns
/// are ``ForecastLocation/cell(_:)`` as given.
public struct PlacesTable: Hashable, Sendable {
    /// The most bytes a table may hold: 64 MiB, a million places many times over. Rows are
    /// held whole, so a device or a wrong file must not grow the process without bound.
    public static let maximumSize = 64 << 20

    /// Header names of a latitude column (compared in lower case): `lat`, `latitude`, `위도`.
    public static let latitudeNames: Set<String> = ["lat", "latitude", "위도"]
    /// Header names of a longitude column: `lon`, `lng`, `long`, `longitude`, `경도`.
    public static let longitudeNames: Set<String> = ["lon", "lng", "long", "longitude", "경도"]
    /// Header names of a place-name column: `place`, `name`, `region`, `지역`.
    public static let nameNames: Set<String> = ["place", "name", "region", "지역"]

    /// The names of the columns, for echoing: the header's fields as given, or `place` (a
    /// table of names without a header), or `lat`, `lon`.
    public let columns: [String]
    /// The header record exactly as given (without its line end), `nil` when there is none.
    public let header: String?
    /// The rows in the order given, each with its location or its error.
    public let rows: [Row]

    /// A table of rows already read (the command line's repeated place options).
    package init(columns: [String], header: String?, rows: [Row]) {
        self.columns = columns
        self.header = header
        self.rows = rows
    }

    /// Reads a places table.
    ///
    /// - Parameters:
    ///   - bytes: The CSV, UTF-8, at most ``maximumSize`` bytes.
    ///   - source: How messages name the table: a file name, `standard input`.
    ///   - reservedColumns: Column names the table may not use (any letter case): the columns
    ///     the caller's output adds after the table's own (the command line's `line`,
    ///     `error`, `value` …).
    /// - Throws: ``PlacesTableError`` when the bytes are too many, not UTF-8 or not CSV, the
    ///   header names no place columns, a duplicate or reserved one, or there is no record.
    ///   A row that names no place is not thrown: it is kept with its ``Row/location`` error.
    public init(csv bytes: [UInt8], source: String = "the table", reservedColumns: Set<String> = []) throws(PlacesTableError) {
        guard bytes.count <= Self.maximumSize else { throw PlacesTableError(.tooLarge(limit: Self.maximumSize), source: source) }
        let records: [CSVRecords.Record]
        do throws(CSVRecords.Failure) {
            records = try CSVRecords.records(bytes)
        } catch {
            switch error {
            case .invalidUTF8(let line, let offset, let byte): throw PlacesTableError(.notUTF8(line: line, offset: offset, byte: byte), source: source)
            case .unclosedQuote(let line): throw PlacesTableError(.unclosedQuote(line: line), source: source)
            }
        }
        guard let first = records.first else { throw PlacesTableError(.noPlaces, source: source) }
        guard Self.isHeader(first.fields) else {
            let names = first.fields.count == 1
            self.init(columns: names ? ["place"] : ["lat", "lon"], header: nil, rows: records.map {
                Row($0, kind: names ? .names : .coordinates, at: names ? (0, 0) : (0, 1), width: names ? 1 : 2)
            })
            return
        }
        guard let (kind, at) = Self.placeColumns(first.fields) else {
            throw PlacesTableError(.noPlaceColumns(header: first.fields), source: source)
        }
        try Self.checkColumns(first.fields, source: source, reserved: Set(reservedColumns.map { $0.lowercased() }))
        let width = first.fields.count
        self.init(columns: first.fields, header: first.text, rows: records.dropFirst().map { Row($0, kind: kind, at: at, width: width) })
    }

    /// Whether a first record is a header: it names a known column, or (two fields or more)
    /// holds no number at all.
    static func isHeader(_ fields: [String]) -> Bool {
        let names = fields.map { $0.lowercased() }
        return names.contains { latitudeNames.contains($0) || longitudeNames.contains($0) || $0 == "nx" || $0 == "ny" || nameNames.contains($0) }
            || (names.count > 1 && names.allSatisfy { DecimalParser.parse($0) == nil })
    }

    /// The columns a header's places are read from: `nx`,`ny`, else latitude and longitude,
    /// else a name; `nil` when it names none.
    static func placeColumns(_ fields: [String]) -> (Row.Kind, (Int, Int))? {
        let names = fields.map { $0.lowercased() }
        func column(_ accepted: Set<String>) -> Int? { names.firstIndex(where: accepted.contains) }
        if let nx = column(["nx"]), let ny = column(["ny"]) { return (.cells, (nx, ny)) }
        if let lat = column(latitudeNames), let lon = column(longitudeNames) { return (.coordinates, (lat, lon)) }
        if let name = column(nameNames) { return (.names, (name, name)) }
        return nil
    }

    /// Refuses a header with a reserved name, or two columns of one name (any letter case),
    /// whichever comes first.
    private static func checkColumns(_ names: [String], source: String, reserved: Set<String>) throws(PlacesTableError) {
        var seen = Set<String>()
        for name in names {
            let folded = name.lowercased()
            if reserved.contains(folded) { throw PlacesTableError(.reservedColumn(name), source: source) }
            if !seen.insert(folded).inserted { throw PlacesTableError(.duplicateColumn(name), source: source) }
        }
    }
}
