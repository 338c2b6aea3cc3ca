import KMAForecast
import KMAGrid

/// A CF-convention NetCDF file (CF-1.10, NetCDF classic 64-bit offset: see ``NetCDFClassic``)
/// of KMA grid fields: one run, some variables, some of its valid times, each field written to
/// its place as it arrives, so memory holds one field whatever the run's length.
///
/// ```
/// dimensions: time = UNLIMITED (valid times), y = 253, x = 149
/// variables:  int lambert_conformal_conic                   the grid mapping
///             double forecast_reference_time                the run, minutes since 1970 UTC
///             double x(x), y(y)                             projection coordinates, metres
///             double lat(y, x), lon(y, x)                   cell centres, degrees
///             double time(time)                             valid times, minutes since 1970 UTC
///             double TMP(time, y, x) …                      KMA's numbers, _FillValue -99
///             byte SKY(time, y, x), PTY(time, y, x)         codes, flag_values/flag_meanings
/// ```
///
/// **Grid.** Row `y` index `ny − 1` (south first) and column `x` index `nx − 1`, as KMA sends
/// them; `x`/`y` are the cell centres in metres of KMA's Lambert conformal conic (standard
/// parallels 30°N and 60°N, origin 38°N 126°E, sphere of radius 6,371,008.77 m) with false
/// easting 210,000 m and false northing 675,000 m (the guide's XO = 210 km, YO = 675 km), so
/// cell (1, 1) is at x = 0, y = 0 and cell (`nx`, `ny`) at ((`nx` − 1)·5000, (`ny` − 1)·5000).
///
/// **Time.** `time` and `forecast_reference_time` in `minutes since 1970-01-01 00:00:00` (UTC):
/// whole numbers for every run, the 10-minute ones included. A variable with no field at a
/// valid time (TMN outside 06:00, TMX outside 15:00) is `_FillValue` there.
///
/// **Deterministic.** No creation time is written: the same fields give the same bytes.
package final class GridFieldNetCDF {
    /// The CF version followed.
    static let conventions = "CF-1.10"
    /// The fill value of every data variable: KMA's own mark for no data.
    static let fillValue = GridField.missingMarker
    /// The grid-mapping variable's name.
    static let gridMappingName = "lambert_conformal_conic"
    /// KMA's false easting and northing in metres: the origin's grid position times the spacing.
    static var falseEasting: Double { LambertConformalConic.kma.originX * spacing }
    static var falseNorthing: Double { LambertConformalConic.kma.originY * spacing }
    /// The grid spacing in metres.
    static var spacing: Double { LambertConformalConic.kma.gridSpacing * 1000 }

    /// Variables before the data variables (see the layout above).
    private static let firstData = 7
    private static let timeVariable = 6

    let product: ForecastProduct
    let run: ForecastBase
    let variables: [ForecastCategory]
    let validTimes: [KSTDateTime]
    private let file: NetCDFFileWriter
    /// Slabs written, by `variable · validTimes.count + time`.
    private var written: [Bool]

    /// Creates the file (as a temporary file until ``finish()``) and writes the coordinates.
    ///
    /// - Parameters:
    ///   - path: The destination.
    ///   - validTimes: The valid times, in order (the `time` axis).
    ///   - source: Where the fields come from, e.g. `KMA API Hub nph-dfs_shrt_grd at https://…`.
    ///   - toolVersion: The writing tool's version.
    package init(
        path: String, product: ForecastProduct, run: ForecastBase, variables: [ForecastCategory], validTimes: [KSTDateTime],
        source: String, toolVersion: String
    ) throws(CLIError) {
        self.product = product
        self.run = run
        self.variables = variables
        self.validTimes = validTimes
        written = Array(repeating: false, count: variables.count * validTimes.count)
        let schema = Self.schema(product: product, run: run, variables: variables, validTimes: validTimes, source: source, toolVersion: toolVersion)
        file = try NetCDFFileWriter(path: path, schema: schema)
        try file.write(variable: 0, BigEndianBytes.int32s([0]))
        try file.write(variable: 1, BigEndianBytes.doubles([Self.minutes(run.dateTime)]))
        try file.write(variable: 2, BigEndianBytes.doubles((0..<GridField.columns).map { Double($0) * Self.spacing }))
        try file.write(variable: 3, BigEndianBytes.doubles((0..<GridField.rows).map { Double($0) * Self.spacing }))
        // Each centre by the exact formula (`center(of:)`; the batch kernel differs in the last bits).
        var latitudes = [Double](repeating: 0, count: GridField.count)
        var longitudes = [Double](repeating: 0, count: GridField.count)
        for index in 0..<GridField.count {
            guard let cell = GridField.cell(at: index) else { continue }
            let centre = ForecastGrid.kma.center(of: cell)
            latitudes[index] = centre.latitude
            longitudes[index] = centre.longitude
        }
        try file.write(variable: 4, BigEndianBytes.doubles(latitudes))
        try file.write(variable: 5, BigEndianBytes.doubles(longitudes))
        for (record, time) in validTimes.enumerated() {
            try file.write(variable: Self.timeVariable, record: record, BigEndianBytes.doubles([Self.minutes(time)]))
        }
    }

    /// Minutes since 1970-01-01 00:00 UTC.
    static func minutes(_ time: KSTDateTime) -> Double { Double(time.unixSeconds / 60) }

    /// Whether the file has a place for a field.
    func holds(variable: ForecastCategory, valid: KSTDateTime) -> Bool {
        variables.contains(variable) && validTimes.contains(valid)
    }

    /// Writes a field to its place (its variable, its valid time).
    ///
    /// - Throws: ``CLIError/runtime(_:)`` when the file cannot be written, the file has no place
    ///   for the field (``holds(variable:valid:)``), or a categorical variable holds a number
    ///   that is not a code (a whole number from -128 to 127).
    package func write(_ field: GridField) throws(CLIError) {
        guard let variable = variables.firstIndex(of: field.variable), let time = validTimes.firstIndex(of: field.valid) else {
            throw .runtime("a \(field.variable.code) field valid at \(field.valid) has no place in '\(file.path)', which holds \(variables.map(\.code).joined(separator: ",")) at \(validTimes.count) valid times")
        }
        let bytes: [UInt8]
        if field.variable.isCategorical {
            var codes = [UInt8](repeating: 0, count: GridField.count)
            for (index, raw) in field.rawValues.enumerated() {
                if GridField.isMissing(raw) {
                    codes[index] = UInt8(bitPattern: Int8(Self.fillValue))
                } else if raw == raw.rounded(), raw >= -128, raw <= 127 {
                    codes[index] = UInt8(bitPattern: Int8(raw))
                } else {
                    let cell = GridField.cell(at: index).map { "\($0.nx),\($0.ny)" } ?? "\(index)"
                    throw .runtime("KMA sent \(raw) for \(field.variable.code) at cell \(cell) (\(field.valid)), which is not a code; \(field.variable.code) is written as codes in NetCDF: use '--format csv' for this field")
                }
            }
            bytes = codes
        } else {
            bytes = BigEndianBytes.doubles(field.rawValues.map { GridField.isMissing($0) ? Self.fillValue : $0 })
        }
        try file.write(variable: Self.firstData + variable, record: time, bytes)
        written[variable * validTimes.count + time] = true
    }

    /// Fills every place no field was written to (a variable at a time it does not have) with
    /// `_FillValue`, then puts the file at its destination.
    package func finish() throws(CLIError) {
        var doubles: [UInt8]?
        var codes: [UInt8]?
        for (variableIndex, variable) in variables.enumerated() {
            for time in validTimes.indices where !written[variableIndex * validTimes.count + time] {
                let fill: [UInt8]
                if variable.isCategorical {
                    fill = codes ?? [UInt8](repeating: UInt8(bitPattern: Int8(Self.fillValue)), count: GridField.count)
                    codes = fill
                } else {
                    fill = doubles ?? BigEndianBytes.doubles([Double](repeating: Self.fillValue, count: GridField.count))
                    doubles = fill
                }
                try file.write(variable: Self.firstData + variableIndex, record: time, fill)
            }
        }
        try file.finish()
    }

    /// The file's dimensions, attributes and variables.
    static func schema(
        product: ForecastProduct, run: ForecastBase, variables: [ForecastCategory], validTimes: [KSTDateTime],
        source: String, toolVersion: String
    ) -> NetCDFClassic {
        typealias Attribute = NetCDFClassic.Attribute
        let time = 0, y = 1, x = 2
        let timeUnits = "minutes since 1970-01-01 00:00:00"
        let projection = LambertConformalConic.kma
        var list: [NetCDFClassic.Variable] = [
            .init(name: gridMappingName, dimensions: [], type: .int, attributes: [
                Attribute("grid_mapping_name", .text("lambert_conformal_conic")),
                Attribute("standard_parallel", .doubles([projection.standardParallel1, projection.standardParallel2])),
                Attribute("longitude_of_central_meridian", .doubles([projection.originLongitude])),
                Attribute("latitude_of_projection_origin", .doubles([projection.originLatitude])),
                Attribute("false_easting", .doubles([falseEasting])),
                Attribute("false_northing", .doubles([falseNorthing])),
                // Kilometres to metres, to the centimetre: 6371008.77, not 6371008.7700000005.
                Attribute("earth_radius", .doubles([(projection.earthRadius * 100_000).rounded() / 100])),
                Attribute("long_name", .text("KMA 5 km forecast grid: Lambert conformal conic on a sphere, cell (nx, ny) centred at x = (nx - 1) * 5000 m, y = (ny - 1) * 5000 m")),
            ]),
            .init(name: "forecast_reference_time", dimensions: [], type: .double, attributes: [
                Attribute("standard_name", .text("forecast_reference_time")),
                Attribute("long_name", .text("the run (KMA tmfc)")),
                Attribute("units", .text(timeUnits)),
                Attribute("calendar", .text("standard")),
            ]),
            .init(name: "x", dimensions: [x], type: .double, attributes: [
                Attribute("standard_name", .text("projection_x_coordinate")),
                Attribute("long_name", .text("x of the cell centre in the grid mapping (KMA nx = x / 5000 + 1)")),
                Attribute("units", .text("m")),
                Attribute("axis", .text("X")),
            ]),
            .init(name: "y", dimensions: [y], type: .double, attributes: [
                Attribute("standard_name", .text("projection_y_coordinate")),
                Attribute("long_name", .text("y of the cell centre in the grid mapping (KMA ny = y / 5000 + 1)")),
                Attribute("units", .text("m")),
                Attribute("axis", .text("Y")),
            ]),
            .init(name: "lat", dimensions: [y, x], type: .double, attributes: [
                Attribute("standard_name", .text("latitude")),
                Attribute("long_name", .text("latitude of the cell centre")),
                Attribute("units", .text("degrees_north")),
            ]),
            .init(name: "lon", dimensions: [y, x], type: .double, attributes: [
                Attribute("standard_name", .text("longitude")),
                Attribute("long_name", .text("longitude of the cell centre")),
                Attribute("units", .text("degrees_east")),
            ]),
            .init(name: "time", dimensions: [time], type: .double, attributes: [
                Attribute("standard_name", .text("time")),
                Attribute("long_name", .text("valid time (KMA tmef)")),
                Attribute("units", .text(timeUnits)),
                Attribute("calendar", .text("standard")),
                Attribute("axis", .text("T")),
            ]),
        ]
        for variable in variables {
            var attributes: [Attribute] = []
            if let name = variable.cfStandardName { attributes.append(Attribute("standard_name", .text(name))) }
            attributes.append(Attribute("long_name", .text("\(variable.englishName) (\(variable.koreanName), KMA \(variable.code))")))
            if variable.isCategorical {
                attributes.append(Attribute("_FillValue", .bytes([Int8(fillValue)])))
                if let flags = variable.cfFlags(product: product) {
                    attributes.append(Attribute("flag_values", .bytes(flags.values)))
                    attributes.append(Attribute("flag_meanings", .text(flags.meanings)))
                }
            } else {
                attributes.append(Attribute("_FillValue", .doubles([fillValue])))
                if let units = variable.udunits { attributes.append(Attribute("units", .text(units))) }
            }
            if let methods = variable.cfCellMethods { attributes.append(Attribute("cell_methods", .text(methods))) }
            attributes.append(Attribute("coordinates", .text("forecast_reference_time lat lon")))
            attributes.append(Attribute("grid_mapping", .text(gridMappingName)))
            attributes.append(Attribute("kma_code", .text(variable.code)))
            list.append(.init(name: variable.code, dimensions: [time, y, x], type: variable.isCategorical ? .byte : .double, attributes: attributes))
        }
        let tmfc = run.baseDate + (product == .shortTerm ? String(run.baseTime.prefix(2)) : run.baseTime)
        return NetCDFClassic(
            dimensions: [.init(name: "time", length: 0), .init(name: "y", length: GridField.rows), .init(name: "x", length: GridField.columns)],
            attributes: [
                Attribute("Conventions", .text(conventions)),
                Attribute("title", .text("KMA \(product.rawValue) forecast grid, run \(run.dateTime.iso8601)")),
                Attribute("institution", .text("Korea Meteorological Administration (KMA, 기상청)")),
                Attribute("source", .text(source)),
                Attribute("history", .text("written by kma-forecast \(toolVersion)")),
                Attribute("references", .text("https://apihub.kma.go.kr")),
                Attribute("license", .text("출처: 기상청 (source: Korea Meteorological Administration). 공공누리 제1유형 (KOGL type 1): free to use, also commercially, with this attribution.")),
                Attribute("kma_product", .text(product.rawValue)),
                Attribute("kma_run", .text(tmfc)),
                Attribute("kma_run_time", .text(run.dateTime.iso8601)),
                Attribute("tool", .text("kma-forecast \(toolVersion)")),
            ],
            variables: list,
            records: validTimes.count
        )
    }
}

extension BigEndianBytes {
    /// 32-bit integers as big-endian bytes.
    static func int32s(_ values: [Int32]) -> [UInt8] {
        var out = BigEndianBytes()
        for value in values { out.int32(Int(value)) }
        return out.bytes
    }
}
