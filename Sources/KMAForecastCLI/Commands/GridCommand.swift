import KMAForecast
import KMAForecastClient
import KMAForecastText
import KMAGrid
import KMAPlaces

/// `kma-forecast grid`: latitude/longitude to cell, cell to centre, a place name to its cell,
/// or many points at once.
enum GridCommand {
    static let spec = CommandSpec(
        name: "grid",
        abstract: "Convert between latitude/longitude and KMA grid cells (nx, ny).",
        usage: [
            "--lat <lat> --lon <lon> [--format <format>]",
            "--nx <nx> --ny <ny> [--format <format>]",
            "--place <name> [--format <format>]",
            "--input <file> [--format <format>]",
        ],
        discussion: """
            The KMA 5 km grid (Lambert conformal conic, nx 1...149, ny 1...253) covers the Korean
            peninsula and nearby seas. A point's cell is what KMA's official formula gives.

            With --place, the name is looked up in KMA's official grid table (edition \(PlaceDirectory.kmaEdition)):
            the cell printed is the one KMA assigns to that region, followed by the region's
            mid-term codes: its land region (getMidLandFcst) and temperature point (getMidTa). Names go from the province
            down, any level left out, spaces optional: '부산', '종로구', '서울 종로',
            '서울종로구 청운효자동'; short forms such as 서울, 경기 and 충북 work, and so does a
            10-digit region code. A name that fits several regions (중구) lists them: add the
            city or province.

            With --input, each line holds one 'lat,lon' pair (a 'lat,lon' header may come first;
            blank lines are skipped). The output is CSV 'lat,lon,nx,ny', one line per input line
            in order; a line that fails is printed as 'lat,lon,,' and its error goes to standard
            error with the line number. The exit status is 1 if any line failed.

            EXAMPLES:
              kma-forecast grid --lat 37.5665 --lon 126.9780
              kma-forecast grid --nx 60 --ny 127 --format json
              kma-forecast grid --place "서울 종로구" --format json
              kma-forecast grid --input points.csv > cells.csv

            Place data: \(PlaceDirectory.attribution)
            """,
        options: [
            OptionSpec("lat", value: "lat", help: "Latitude in degrees north, -90...90 (e.g. 37.5665)."),
            OptionSpec("lon", value: "lon", help: "Longitude in degrees east, -180...180 (e.g. 126.978)."),
            OptionSpec("nx", value: "nx", help: "Grid column, 1...149: print the centre of cell (nx, ny)."),
            OptionSpec("ny", value: "ny", help: "Grid row, 1...253."),
            OptionSpec("place", value: "name", help: "A Korean region, e.g. '서울 종로구': print KMA's cell for it."),
            OptionSpec("input", value: "file", help: "Convert many points: a file with one lat,lon pair a line, or - for standard input."),
            .format, .bom,
        ],
        positional: nil
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> Int32 {
        let (forward, inverse, named) = LocationArguments.forms(arguments)
        let batch = arguments.has("input")
        let modes = [forward, inverse, named, batch].filter { $0 }.count
        guard modes == 1 else {
            if modes == 0 {
                throw .usage("Missing expected argument: give '--lat <lat> --lon <lon>', '--nx <nx> --ny <ny>', '--place <name>' or '--input <file>'")
            }
            throw .usage("Give only one of '--lat/--lon', '--nx/--ny', '--place' or '--input'")
        }
        let grid = ForecastGrid.kma
        let format = arguments.format
        let out = context.standardOutput
        if batch {
            let path = arguments.string("input") ?? "-"
            let input = try context.readInput(path)
            let errors = context.standardError
            let failures = GridInputConverter(grid: grid, json: format == .json).convert(
                input, output: { out.write(bytes: $0) }, errors: { errors.write($0) }
            )
            return failures == 0 ? ExitCode.success : ExitCode.failure
        }
        if named {
            out.write(render(place: try LocationArguments.place(arguments), format: format))
        } else if forward {
            let (point, cell) = try LocationArguments.point(arguments)
            out.write(render(point: point, cell: cell, grid: grid, format: format))
        } else {
            let cell = try LocationArguments.cell(arguments)
            out.write(render(center: grid.center(of: cell), cell: cell, format: format))
        }
        return ExitCode.success
    }

    /// The answer for one point.
    static func render(point: GeoCoordinate, cell: GridCell, grid: ForecastGrid, format: OutputFormat) -> String {
        let center = grid.center(of: cell)
        switch format {
        case .text:
            return "nx \(cell.nx), ny \(cell.ny): the KMA 5 km grid cell containing "
                + "\(Formatting.latitude(point.latitude)), \(Formatting.longitude(point.longitude)) "
                + "(cell centre \(Formatting.latitude(center.latitude)), \(Formatting.longitude(center.longitude)))\n"
        case .json:
            return JSONText.object([
                ("nx", String(cell.nx)), ("ny", String(cell.ny)),
                ("lat", JSONText.number(point.latitude)), ("lon", JSONText.number(point.longitude)),
                ("centerLat", JSONText.number(center.latitude)), ("centerLon", JSONText.number(center.longitude)),
            ]) + "\n"
        case .csv:
            return "lat,lon,nx,ny\n\(JSONText.number(point.latitude)),\(JSONText.number(point.longitude)),\(cell.nx),\(cell.ny)\n"
        }
    }

    /// The answer for one cell's centre.
    static func render(center: GeoCoordinate, cell: GridCell, format: OutputFormat) -> String {
        switch format {
        case .text:
            return "\(Formatting.latitude(center.latitude, decimals: 6)), \(Formatting.longitude(center.longitude, decimals: 6)): "
                + "the centre of KMA 5 km grid cell nx \(cell.nx), ny \(cell.ny)\n"
        case .json:
            return JSONText.object([
                ("lat", JSONText.number(center.latitude)), ("lon", JSONText.number(center.longitude)),
                ("nx", String(cell.nx)), ("ny", String(cell.ny)),
            ]) + "\n"
        case .csv:
            return "lat,lon,nx,ny\n\(JSONText.number(center.latitude)),\(JSONText.number(center.longitude)),\(cell.nx),\(cell.ny)\n"
        }
    }

    /// The answer for a place: KMA's cell for it, with its name, region code and position, and
    /// its mid-term codes (land region and temperature point, with names).
    static func render(place: Place, format: OutputFormat) -> String {
        let cell = place.cell
        let codes = try? MidTermRegions.kma.assignment(for: place)
        switch format {
        case .text:
            let position = place.coordinate.map {
                "\(Formatting.latitude($0.latitude)), \(Formatting.longitude($0.longitude))"
            } ?? "no position in the table"
            var out = "nx \(cell.nx), ny \(cell.ny): \(place.name) (region \(place.regionCode), \(position))\n"
            if let codes {
                out += "mid-term: land region \(codes.landRegion.id) \(codes.landRegion.name)"
                    + (codes.isApproximate ? " (nearest; the place has none of its own)" : "")
                    + ", temperature point \(codes.temperaturePoint.id) \(codes.temperaturePoint.name)\n"
            }
            return out
        case .json:
            let midTerm = codes.map { codes in
                JSONText.object([
                    ("land", JSONText.object([("id", JSONText.string(codes.landRegion.id)), ("name", JSONText.string(codes.landRegion.name))])),
                    ("temperature", JSONText.object([("id", JSONText.string(codes.temperaturePoint.id)), ("name", JSONText.string(codes.temperaturePoint.name))])),
                    ("approximate", codes.isApproximate ? "true" : "false"),
                ])
            } ?? "null"
            return JSONText.object([
                ("nx", String(cell.nx)), ("ny", String(cell.ny)),
                ("place", JSONText.string(place.name)), ("regionCode", JSONText.string(place.regionCode)),
                ("lat", place.coordinate.map { JSONText.number($0.latitude) } ?? "null"),
                ("lon", place.coordinate.map { JSONText.number($0.longitude) } ?? "null"),
                ("midTerm", midTerm),
            ]) + "\n"
        case .csv:
            let position = place.coordinate.map { "\(JSONText.number($0.latitude)),\(JSONText.number($0.longitude))" } ?? ","
            let mid = codes.map {
                [$0.landRegion.id, $0.landRegion.name, $0.temperaturePoint.id, $0.temperaturePoint.name].map(CSVText.field).joined(separator: ",")
            } ?? ",,,"
            return "place,region_code,lat,lon,nx,ny,land_region,land_region_name,temperature_point,temperature_point_name\n"
                + "\(CSVText.field(place.name)),\(place.regionCode),\(position),\(cell.nx),\(cell.ny),\(mid)\n"
        }
    }

}
