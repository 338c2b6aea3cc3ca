import KMAForecast
import KMAForecastClient
import KMAGrid
import KMAPlaces

/// The places of a many-places forecast (`--input <file>`, or repeated `--place` and
/// `--lat --lon` / `--nx --ny`) and of `field --input`, each with the columns it came with and
/// its cell or why it has none: the one reader of places files.
///
/// A file is CSV, read as RFC 4180 records (``CSVRecords``: a quoted field may hold commas
/// and line breaks, `""` is a quote; LF, CRLF or CR line ends; a UTF-8 byte order mark and
/// blank lines are skipped; text that is not UTF-8 is refused, never altered). A header row is
/// optional:
/// - with a header, the places are read from the columns named `nx` and `ny`, else `lat` and
///   `lon` (also `latitude`/`위도`, `lng`/`long`/`longitude`/`경도`), else `place` (also `name`,
///   `region`, `지역`), in that order of preference, wherever they stand (KMA's grid table,
///   `region_code,level1,level2,level3,nx,ny,lon,lat`, is read by its cells: some of its rows
///   have no point, `0,0`); every column is echoed;
/// - a first line of two fields or more with no number in it is a header too (one that names
///   none of these columns is a usage error);
/// - two columns with the same name (any letter case), or a column named like one the
///   command adds to its output (``reservedColumns(for:)``), are a usage error: a reader of the
///   output could not tell them apart;
/// - without one, a line of one field is a place name, anything else is `lat,lon`.
///
/// **Which cell.** A row of KMA's own grid table gets KMA's cell for it, whatever the command:
/// a place name is looked up in the table, and a `lat,lon` equal (to 1e-7°, about a
/// centimetre) to a table row's representative point gets that row's `nx`,`ny`. Any other
/// coordinate gets the cell of KMA's formula; `nx`,`ny` columns are the cell as given.
struct PlacesInput: Sendable {
    /// How the places are given.
    enum Kind: Sendable, Hashable {
        case coordinates
        case cells
        case names
    }

    /// One place.
    struct Entry: Sendable {
        /// The line of the file (1-based) the record starts on, or the position on the command
        /// line (1-based).
        var line: Int
        /// The input's fields, echoed before the forecast columns.
        var fields: [String]
        /// The record exactly as given (without its line end); the fields joined by commas for
        /// places given on the command line.
        var text: String
        /// The cell, or what is wrong with the input.
        var cell: Result<GridCell, Problem>
    }

    /// Why an input has no cell.
    struct Problem: Error, Sendable, Hashable {
        var message: String
    }

    /// The names of the echoed columns.
    var columns: [String]
    /// The header record exactly as given, `nil` when the file has none.
    var header: String?
    var entries: [Entry]

    static let latitudeNames: Set<String> = ["lat", "latitude", "위도"]
    static let longitudeNames: Set<String> = ["lon", "lng", "long", "longitude", "경도"]
    static let nameNames: Set<String> = ["place", "name", "region", "지역"]

    /// The command whose places are read: decides the column names it keeps for its output.
    enum Command: Sendable {
        /// The many-places forecast (its CSV columns, ``BatchRowWriter``).
        case forecast(categories: [ForecastCategory])
        /// `field --input` (its `value` column).
        case field
    }

    /// The column names an input may not use (compared in lower case): the columns the
    /// command adds after the input's own. For the forecast `line`, `error`, `product`,
    /// `baseDate` … `fcstTime`, the category codes and `other`; `nx` and `ny` stay allowed as
    /// the input's place columns (the output repeats the cell there). For `field`, `value`.
    static func reservedColumns(for command: Command) -> Set<String> {
        switch command {
        case .forecast(let categories):
            Set((["line", "error", "product", "baseDate", "baseTime", "fcstDate", "fcstTime", "other"] + categories.map(\.code)).map { $0.lowercased() })
        case .field:
            ["value"]
        }
    }

    // MARK: A file

    /// Reads a places file.
    ///
    /// - Parameters:
    ///   - bytes: The file.
    ///   - source: Its name in messages (`standard input` for `-`).
    ///   - command: The command, for its reserved column names.
    /// - Throws: ``CLIError/usage(_:)`` when the text is not UTF-8 or not CSV, the header
    ///   names no usable columns, a duplicate or reserved one, or the file holds no place.
    static func parse(_ bytes: [UInt8], source: String, command: Command) throws(CLIError) -> PlacesInput {
        let lines: [CSVRecords.Record]
        do {
            lines = try CSVRecords.records(bytes)
        } catch {
            throw .usage(error.message(source: TerminalText.singleLine(source)))
        }
        guard let first = lines.first else {
            throw .usage("\(source) holds no places: give one 'lat,lon' pair, 'nx,ny' pair or place name a line (a header row naming them may come first)")
        }
        let header = first.fields.map { $0.lowercased() }
        // A header names a known column, or (two fields or more) holds no number at all.
        let isHeader = header.contains { latitudeNames.contains($0) || longitudeNames.contains($0) || $0 == "nx" || $0 == "ny" || nameNames.contains($0) }
            || (header.count > 1 && header.allSatisfy { DecimalParser.parse($0) == nil })
        if isHeader {
            let data = Array(lines.dropFirst())
            func column(_ names: Set<String>) -> Int? { header.firstIndex(where: names.contains) }
            let input: (Kind, (Int, Int))
            if let nx = column(["nx"]), let ny = column(["ny"]) {
                input = (.cells, (nx, ny))
            } else if let lat = column(latitudeNames), let lon = column(longitudeNames) {
                input = (.coordinates, (lat, lon))
            } else if let name = column(nameNames) {
                input = (.names, (name, name))
            } else {
                throw .usage("The header of \(source) ('\(TerminalText.singleLine(first.fields.joined(separator: ",")))') names no 'lat' and 'lon' columns, no 'nx' and 'ny' columns and no 'place' column; name the columns that hold the places")
            }
            try checkColumns(first.fields, source: source, reserved: reservedColumns(for: command))
            return PlacesInput(columns: first.fields, header: first.text, entries: data.map { entry($0, kind: input.0, at: input.1, width: header.count) })
        }
        if first.fields.count == 1 {
            return PlacesInput(columns: ["place"], header: nil, entries: lines.map { entry($0, kind: .names, at: (0, 0), width: 1) })
        }
        return PlacesInput(columns: ["lat", "lon"], header: nil, entries: lines.map { entry($0, kind: .coordinates, at: (0, 1), width: 2) })
    }

    /// Refuses a header with two columns of one name (any letter case), or a reserved name.
    private static func checkColumns(_ names: [String], source: String, reserved: Set<String>) throws(CLIError) {
        var seen = Set<String>()
        for name in names {
            let folded = name.lowercased()
            let shown = TerminalText.singleLine(name)
            if reserved.contains(folded) {
                throw .usage("The header of \(source) has a column named '\(shown)', which the output adds itself; rename that column (e.g. 'input_\(shown)')")
            }
            if !seen.insert(folded).inserted {
                throw .usage("The header of \(source) names the column '\(shown)' twice; give each column its own name, so the output can be read by name")
            }
        }
    }

    /// One data record: its fields and its cell.
    private static func entry(_ record: CSVRecords.Record, kind: Kind, at columns: (Int, Int), width: Int) -> Entry {
        let fields = record.fields
        guard fields.count == width || (kind == .names && width == 1) else {
            return Entry(line: record.line, fields: fields, text: record.text, cell: .failure(Problem(
                message: "expected \(width) field\(width == 1 ? "" : "s") as in the header, found \(fields.count)"
            )))
        }
        let a = columns.0 < fields.count ? fields[columns.0] : ""
        let b = columns.1 < fields.count ? fields[columns.1] : ""
        return Entry(line: record.line, fields: fields, text: record.text, cell: locate(kind, a, b))
    }

    /// The table's cell of each representative point of KMA's grid table, by the point to
    /// 1e-7° (the first row of a point wins).
    static let tablePoints: [PointKey: GridCell] = {
        var cells: [PointKey: GridCell] = [:]
        for place in PlaceDirectory.kma.places {
            guard let point = place.coordinate else { continue }
            let key = PointKey(latitude: point.latitude, longitude: point.longitude)
            if cells[key] == nil { cells[key] = place.cell }
        }
        return cells
    }()

    /// A point rounded to 1e-7°.
    struct PointKey: Hashable, Sendable {
        var latitude: Int64
        var longitude: Int64

        init(latitude: Double, longitude: Double) {
            self.latitude = Int64((latitude * 1e7).rounded())
            self.longitude = Int64((longitude * 1e7).rounded())
        }
    }

    /// The cell of one place, read by the library's one location reader (``LocationParser``):
    /// for a coordinate, KMA's table cell when it is a table row's representative point, else
    /// the formula's.
    static func locate(_ kind: Kind, _ a: String, _ b: String) -> Result<GridCell, Problem> {
        do throws(LocationInputError) {
            switch kind {
            case .coordinates:
                let (point, cell) = try LocationParser.coordinate(latitude: a, longitude: b)
                return .success(tablePoints[PointKey(latitude: point.latitude, longitude: point.longitude)] ?? cell)
            case .cells:
                return .success(try LocationParser.cell(nx: a, ny: b))
            case .names:
                return .success(try LocationParser.place(named: a).cell)
            }
        } catch {
            return .failure(Problem(message: error.description))
        }
    }

    // MARK: The command line

    /// The places given with repeated `--place`, `--lat`/`--lon` and `--nx`/`--ny`, in
    /// command-line order (the *n*-th `--lat` pairs with the *n*-th `--lon`). Columns:
    /// `place`, `lat`, `lon`, `nx`, `ny`, those of the kinds given.
    ///
    /// - Throws: ``CLIError/usage(_:)`` when `--lat` and `--lon` (or `--nx` and `--ny`) are
    ///   not given the same number of times.
    static func arguments(_ arguments: ParsedArguments) throws(CLIError) -> PlacesInput {
        let occurrences = arguments.occurrences
        func values(_ name: String) -> [String] { occurrences.filter { $0.name == name }.map(\.value) }
        for (a, b) in [("lat", "lon"), ("nx", "ny")] where values(a).count != values(b).count {
            throw .usage("Give '--\(a)' and '--\(b)' the same number of times (got \(values(a).count) and \(values(b).count)): each place is one pair")
        }
        var kinds: [Kind] = []
        var order: [(Kind, Int)] = []
        var seen: [Kind: Int] = [:]
        for occurrence in occurrences {
            let kind: Kind
            switch occurrence.name {
            case "place": kind = .names
            case "lat": kind = .coordinates
            case "nx": kind = .cells
            default: continue
            }
            if !kinds.contains(kind) { kinds.append(kind) }
            order.append((kind, seen[kind, default: 0]))
            seen[kind, default: 0] += 1
        }
        let shown: [Kind] = [.names, .coordinates, .cells].filter(kinds.contains)
        var columns: [String] = []
        for kind in shown {
            switch kind {
            case .names: columns.append("place")
            case .coordinates: columns += ["lat", "lon"]
            case .cells: columns += ["nx", "ny"]
            }
        }
        let names = values("place"), lats = values("lat"), lons = values("lon"), nxs = values("nx"), nys = values("ny")
        var entries: [Entry] = []
        for (position, (kind, index)) in order.enumerated() {
            var fields: [String] = []
            let pair: (String, String)
            switch kind {
            case .names: pair = (names[index], names[index])
            case .coordinates: pair = (lats[index], lons[index])
            case .cells: pair = (nxs[index], nys[index])
            }
            for column in shown {
                switch column {
                case .names: fields.append(kind == .names ? pair.0 : "")
                case .coordinates: fields += kind == .coordinates ? [pair.0, pair.1] : ["", ""]
                case .cells: fields += kind == .cells ? [pair.0, pair.1] : ["", ""]
                }
            }
            entries.append(Entry(line: position + 1, fields: fields, text: fields.joined(separator: ","), cell: locate(kind, pair.0, pair.1)))
        }
        return PlacesInput(columns: columns, header: nil, entries: entries)
    }
}
