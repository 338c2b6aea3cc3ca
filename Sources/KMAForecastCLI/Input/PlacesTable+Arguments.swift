import KMAForecastClient

/// The places of a many-places forecast given on the command line (repeated `--place`,
/// `--lat --lon`, `--nx --ny`) as a places table, each read by the library's one location
/// reader as a file's row is (``PlacesTable/Row``).
extension PlacesTable {
    /// The places given with repeated `--place`, `--lat`/`--lon` and `--nx`/`--ny`, in
    /// command-line order (the *n*-th `--lat` pairs with the *n*-th `--lon`). Columns:
    /// `place`, `lat`, `lon`, `nx`, `ny`, those of the kinds given; each row's `line` is its
    /// position (from 1), its text the fields joined by commas.
    ///
    /// - Throws: ``CLIError/usage(_:)`` when `--lat` and `--lon` (or `--nx` and `--ny`) are
    ///   not given the same number of times.
    static func arguments(_ arguments: ParsedArguments) throws(CLIError) -> PlacesTable {
        let occurrences = arguments.occurrences
        func values(_ name: String) -> [String] { occurrences.filter { $0.name == name }.map(\.value) }
        for (a, b) in [("lat", "lon"), ("nx", "ny")] where values(a).count != values(b).count {
            throw .usage("Give '--\(a)' and '--\(b)' the same number of times (got \(values(a).count) and \(values(b).count)): each place is one pair")
        }
        var order: [(Row.Kind, Int)] = []
        var seen: [Row.Kind: Int] = [:]
        for occurrence in occurrences {
            let kind: Row.Kind
            switch occurrence.name {
            case "place": kind = .names
            case "lat": kind = .coordinates
            case "nx": kind = .cells
            default: continue
            }
            order.append((kind, seen[kind, default: 0]))
            seen[kind, default: 0] += 1
        }
        let shown: [Row.Kind] = [.names, .coordinates, .cells].filter { seen[$0] != nil }
        let names = values("place"), lats = values("lat"), lons = values("lon"), nxs = values("nx"), nys = values("ny")
        var rows: [Row] = []
        for (position, (kind, index)) in order.enumerated() {
            let pair: (String, String)
            switch kind {
            case .names: pair = (names[index], names[index])
            case .coordinates: pair = (lats[index], lons[index])
            case .cells: pair = (nxs[index], nys[index])
            }
            let fields = shown.flatMap { column -> [String] in
                let width = column == .names ? 1 : 2
                guard column == kind else { return Array(repeating: "", count: width) }
                return width == 1 ? [pair.0] : [pair.0, pair.1]
            }
            rows.append(Row(line: position + 1, fields: fields, text: fields.joined(separator: ","), kind: kind, pair.0, pair.1))
        }
        return PlacesTable(columns: shown.flatMap(columnNames), header: nil, rows: rows)
    }

    /// The columns of one kind of place option.
    private static func columnNames(_ kind: Row.Kind) -> [String] {
        switch kind {
        case .names: ["place"]
        case .coordinates: ["lat", "lon"]
        case .cells: ["nx", "ny"]
        }
    }
}
