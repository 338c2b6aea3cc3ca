import KMAForecast
import KMAGrid
import KMAPlaces

/// The places of a many-places forecast (`--input <file>`, or repeated `--place` and
/// `--lat --lon` / `--nx --ny`), each with the columns it came with and its cell or why it has
/// none.
///
/// A file is CSV (RFC 4180 quoting; LF, CRLF or CR line ends; a UTF-8 byte order mark is
/// skipped; blank lines are skipped). A header row is optional:
/// - with a header, the places are read from the columns named `lat` and `lon` (also
///   `latitude`/`위도`, `lng`/`long`/`longitude`/`경도`), else `nx` and `ny`, else `place`
///   (also `name`, `region`, `지역`), in that order of preference, wherever they stand; every
///   column is echoed;
/// - a first line of two fields or more with no number in it is a header too (one that names
///   none of these columns is a usage error);
/// - without one, a line of one field is a place name, anything else is `lat,lon`.
struct PlacesInput: Sendable {
    /// How the places are given.
    enum Kind: Sendable, Hashable {
        case coordinates
        case cells
        case names
    }

    /// One place.
    struct Entry: Sendable {
        /// The line of the file (1-based), or the position on the command line (1-based).
        var line: Int
        /// The input's fields, echoed before the forecast columns.
        var fields: [String]
        /// The cell, or what is wrong with the input.
        var cell: Result<GridCell, Problem>
    }

    /// Why an input has no cell.
    struct Problem: Error, Sendable, Hashable {
        var message: String
    }

    /// The names of the echoed columns.
    var columns: [String]
    var entries: [Entry]

    static let latitudeNames: Set<String> = ["lat", "latitude", "위도"]
    static let longitudeNames: Set<String> = ["lon", "lng", "long", "longitude", "경도"]
    static let nameNames: Set<String> = ["place", "name", "region", "지역"]

    // MARK: A file

    /// Reads a places file.
    ///
    /// - Throws: ``CLIError/usage(_:)`` when the header names no usable columns, or the file
    ///   holds no place at all.
    static func parse(_ bytes: [UInt8], source: String) throws(CLIError) -> PlacesInput {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        // Line numbers as a person counts them in an editor; blank lines skipped.
        let lines = numberLines(text)
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
            if let lat = column(latitudeNames), let lon = column(longitudeNames) {
                return PlacesInput(columns: first.fields, entries: data.map { entry($0, kind: .coordinates, at: (lat, lon), width: header.count) })
            }
            if let nx = column(["nx"]), let ny = column(["ny"]) {
                return PlacesInput(columns: first.fields, entries: data.map { entry($0, kind: .cells, at: (nx, ny), width: header.count) })
            }
            if let name = column(nameNames) {
                return PlacesInput(columns: first.fields, entries: data.map { entry($0, kind: .names, at: (name, name), width: header.count) })
            }
            throw .usage("The header of \(source) ('\(first.fields.joined(separator: ","))') names no 'lat' and 'lon' columns, no 'nx' and 'ny' columns and no 'place' column; name the columns that hold the places")
        }
        if first.fields.count == 1 {
            return PlacesInput(columns: ["place"], entries: lines.map { entry($0, kind: .names, at: (0, 0), width: 1) })
        }
        return PlacesInput(columns: ["lat", "lon"], entries: lines.map { entry($0, kind: .coordinates, at: (0, 1), width: 2) })
    }

    /// The non-blank lines of a text, numbered from 1, split into fields. `"\r\n"` is one
    /// `Character`, so this splits at LF, CRLF and CR alike.
    private static func numberLines(_ text: String) -> [(number: Int, fields: [String])] {
        var lines: [(number: Int, fields: [String])] = []
        var number = 0
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            number += 1
            let trimmed = line.trimmingASCIIWhitespace()
            if trimmed.isEmpty { continue }
            lines.append((number, GridInputConverter.quotedFields(trimmed)))
        }
        return lines
    }

    /// One data line: its fields and its cell.
    private static func entry(_ line: (number: Int, fields: [String]), kind: Kind, at columns: (Int, Int), width: Int) -> Entry {
        let fields = line.fields
        guard fields.count == width || (kind == .names && width == 1) else {
            return Entry(line: line.number, fields: fields, cell: .failure(Problem(
                message: "expected \(width) field\(width == 1 ? "" : "s") as in the header, found \(fields.count)"
            )))
        }
        let a = columns.0 < fields.count ? fields[columns.0] : ""
        let b = columns.1 < fields.count ? fields[columns.1] : ""
        return Entry(line: line.number, fields: fields, cell: locate(kind, a, b))
    }

    /// The cell of one place.
    static func locate(_ kind: Kind, _ a: String, _ b: String) -> Result<GridCell, Problem> {
        switch kind {
        case .coordinates:
            guard let latitude = DecimalParser.parse(a), latitude.isFinite else {
                return .failure(Problem(message: "'\(a)' is not a number (latitude)"))
            }
            guard let longitude = DecimalParser.parse(b), longitude.isFinite else {
                return .failure(Problem(message: "'\(b)' is not a number (longitude)"))
            }
            do {
                return .success(try ForecastGrid.kma.cell(latitude: latitude, longitude: longitude))
            } catch {
                return .failure(Problem(message: error.description))
            }
        case .cells:
            guard let nx = Int(a) else { return .failure(Problem(message: "'\(a)' is not a whole number (nx)")) }
            guard let ny = Int(b) else { return .failure(Problem(message: "'\(b)' is not a whole number (ny)")) }
            do {
                return .success(try GridCell(nx: nx, ny: ny))
            } catch {
                return .failure(Problem(message: error.description))
            }
        case .names:
            do {
                return .success(try PlaceDirectory.kma.place(named: a).cell)
            } catch {
                return .failure(Problem(message: error.description))
            }
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
            entries.append(Entry(line: position + 1, fields: fields, cell: locate(kind, pair.0, pair.1)))
        }
        return PlacesInput(columns: columns, entries: entries)
    }
}
