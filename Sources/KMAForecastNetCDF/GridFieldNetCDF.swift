import KMAForecast
import KMAGrid

/// A CF-convention NetCDF file (CF-1.10, NetCDF classic 64-bit offset: see ``NetCDFClassic``)
/// of KMA grid fields: one run, some variables, some of its valid times, each field written to
/// its place as it arrives, so memory holds one field whatever the run's length.
///
/// ```
/// dimensions: time = UNLIMITED (valid times), y = 253, x = 149, nv = 2
/// variables:  int lambert_conformal_conic                   the grid mapping
///             double forecast_reference_time                the run, minutes since 1970 UTC
///             double x(x), y(y)                             projection coordinates, metres
///             double lat(y, x), lon(y, x)                   cell centres, degrees
///             double time(time)                             valid times, minutes since 1970 UTC
///             double time_bnds(time, nv)                    the hour before each valid time
///             double time_tmn(time_tmn), time_tmn_bnds(…, nv)  TMN's valid times (06:00) and KST days
///             double TMP(time, y, x) …                      KMA's numbers, _FillValue -99
///             double TMN(time_tmn, y, x), TMX(time_tmx, y, x)  daily extremes on their own axes
///             short SKY(time, y, x), PTY(time, y, x)        codes, flag_values/flag_meanings, _FillValue -99
///             byte SKY_status(time, y, x), PTY_status(…)     1 where the code is not one KMA documents
/// ```
///
/// **Cells in time.** `time` has bounds (`time_bnds`): the hour that ends at each valid time.
/// PCP, SNO and RN1 are the amounts of that hour (`cell_methods: "time: sum"`); every other
/// variable on `time` is a value at the valid time (`time: point`). TMN and TMX, the KST day's
/// extremes, have their own time axes (``DailyAxis``: `time_tmn` at 06:00, `time_tmx` at
/// 15:00, bounded by the KST day) and `cell_methods` `time_tmn: minimum`, `time_tmx: maximum`.
///
/// **Codes.** SKY and PTY are `short` (not `byte`: GDAL reads a signed byte as unsigned, so
/// `_FillValue` -99 became 157 and no-data was lost through `gdalwarp`); `_FillValue` -99
/// marks the sea and cells with no data. A whole number that is not one of the variable's
/// `flag_values` (a code KMA does not document) is kept as sent and flagged, never a reason to
/// drop the field: each code variable has an ancillary status flag (`SKY_status`,
/// `ancillary_variables`, `standard_name: status_flag`), 1 in such a cell and 0 elsewhere, and
/// ``undocumentedCodes`` counts them. A number that is no code at all (not a whole number in
/// −32,768…32,767) is refused (``NetCDFWriteError/notACode(variable:value:cellIndex:valid:)``).
///
/// **Grid.** Row `y` index `ny − 1` (south first) and column `x` index `nx − 1`, as KMA sends
/// them; `x`/`y` are the cell centres in metres of KMA's Lambert conformal conic (standard
/// parallels 30°N and 60°N, origin 38°N 126°E, sphere of radius 6,371,008.77 m) with false
/// easting 210,000 m and false northing 675,000 m (the guide's XO = 210 km, YO = 675 km), so
/// cell (1, 1) is at x = 0, y = 0 and cell (`nx`, `ny`) at ((`nx` − 1)·5000, (`ny` − 1)·5000).
///
/// **Time.** `time` and `forecast_reference_time` in `minutes since 1970-01-01 00:00:00` (UTC):
/// whole numbers for every run, the 10-minute ones included. A variable with no field at a
/// valid time is `_FillValue` there (TMN and TMX only where their own axis has no field).
///
/// **Deterministic.** No creation time is written: the same fields give the same bytes.
///
/// ```swift
/// // Fields you already have (fetched, or decoded from saved bodies), into one file:
/// let file = try GridFieldNetCDF(path: "tmp.nc", product: .shortTerm, run: field.run, variables: [.tmp], validTimes: [field.valid])
/// try file.write(field)
/// try file.finish()          // the file appears at its path only now
/// ```
///
/// To fetch and write in one call, see ``GridFieldClient/writeNetCDF(_:variables:run:validTimes:to:budget:progress:)``.
/// Not `Sendable`: one task writes a file (it owns an open file descriptor). Dropping it
/// before ``finish()`` removes the temporary file.
public final class GridFieldNetCDF {
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
    /// The version named in the `history` and `tool` attributes: the package's, as
    /// `KMAForecastTool.version` (a CLI test pins them equal).
    package static let version = "0.1.0"

    /// Variables before the data variables (see the layout above).
    static let firstData = 8
    private static let timeVariable = 6
    private static let timeBoundsVariable = 7

    /// The product of the fields.
    public let product: ForecastProduct
    /// The run of the fields.
    public let run: ForecastBase
    /// The data variables, in the file's order.
    public let variables: [ForecastCategory]
    /// The valid times, in order: the `time` axis.
    public let validTimes: [KSTDateTime]
    /// The own time axes of TMN and TMX (``DailyAxis``), in the variables' order.
    let dailyAxes: [DailyAxis]
    private let file: NetCDFFileWriter
    /// Slabs written, by variable and by time on the variable's axis.
    private var written: [[Bool]]
    /// Cells written with a code that is not one of its variable's `flag_values` (kept as sent,
    /// flagged 1 in the variable's `<code>_status`): by variable, the number of cells, over
    /// every valid time written so far. Empty when every code is documented.
    public private(set) var undocumentedCodes: [ForecastCategory: Int] = [:]

    /// Creates the file (as a temporary file beside `path` until ``finish()``) and writes the
    /// coordinates.
    ///
    /// - Parameters:
    ///   - path: The destination, a file path.
    ///   - product: The product of the fields.
    ///   - run: Their run.
    ///   - variables: The data variables, in order (each once).
    ///   - validTimes: The valid times, in order (the `time` axis, 1 or more).
    ///   - source: The `source` attribute, where the fields come from; `nil` for
    ///     `KMA API Hub <operation>` (e.g. `KMA API Hub nph-dfs_shrt_grd`).
    /// - Throws: ``NetCDFWriteError/file(_:)`` when the temporary file cannot be made or written.
    public convenience init(
        path: String, product: ForecastProduct, run: ForecastBase, variables: [ForecastCategory], validTimes: [KSTDateTime],
        source: String? = nil
    ) throws(NetCDFWriteError) {
        try self.init(
            path: path, product: product, run: run, variables: variables, validTimes: validTimes,
            source: source ?? "KMA API Hub \(product.gridOperation)", toolVersion: Self.version
        )
    }

    /// Creates the file, naming the writing tool's version (`toolVersion`) in `history`.
    package init(
        path: String, product: ForecastProduct, run: ForecastBase, variables: [ForecastCategory], validTimes: [KSTDateTime],
        source: String, toolVersion: String
    ) throws(NetCDFWriteError) {
        self.product = product
        self.run = run
        self.variables = variables
        self.validTimes = validTimes
        let axes = DailyAxis.axes(product: product, variables: variables, validTimes: validTimes)
        dailyAxes = axes
        written = variables.map { variable in Array(repeating: false, count: (axes.first { $0.variable == variable }?.times ?? validTimes).count) }
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
            try file.write(variable: Self.timeBoundsVariable, record: record, BigEndianBytes.doubles([Self.minutes(time) - 60, Self.minutes(time)]))
        }
        for (index, axis) in axes.enumerated() {
            try file.write(variable: Self.firstData + 2 * index, BigEndianBytes.doubles(axis.times.map(Self.minutes)))
            try file.write(variable: Self.firstData + 2 * index + 1, BigEndianBytes.doubles(axis.times.flatMap { time in
                let day = DailyAxis.dayBounds(time)
                return [day.0, day.1]
            }))
        }
    }

    /// The valid times of a variable's axis: its own for TMN and TMX (``DailyAxis``), else
    /// ``validTimes``.
    public func validTimes(of variable: ForecastCategory) -> [KSTDateTime] {
        dailyAxes.first { $0.variable == variable }?.times ?? validTimes
    }

    /// Writes a slab of a data variable: a record of the `time` axis, or a slab of a daily axis.
    private func write(slab bytes: [UInt8], variable index: Int, time: Int) throws(NetCDFWriteError) {
        let variable = Self.firstData + 2 * dailyAxes.count + index
        if variables[index].isDailyExtreme {
            try file.write(variable: variable, slab: time, bytes)
        } else {
            try file.write(variable: variable, record: time, bytes)
        }
    }

    /// Minutes since 1970-01-01 00:00 UTC.
    static func minutes(_ time: KSTDateTime) -> Double { Double(time.unixSeconds / 60) }

    /// Whether the file has a place for a field of this variable and valid time.
    public func holds(variable: ForecastCategory, valid: KSTDateTime) -> Bool {
        variables.contains(variable) && validTimes(of: variable).contains(valid)
    }

    /// Writes a field to its place (its variable, its valid time).
    ///
    /// - Throws: ``NetCDFWriteError/file(_:)`` when the file cannot be written,
    ///   ``NetCDFWriteError/noPlace(variable:valid:path:variables:validTimeCount:)`` when the file
    ///   has no place for the field (``holds(variable:valid:)``), and
    ///   ``NetCDFWriteError/notACode(variable:value:cellIndex:valid:)`` when a categorical
    ///   variable holds a number that is not one of its codes (its `flag_values`).
    public func write(_ field: GridField) throws(NetCDFWriteError) {
        guard let variable = variables.firstIndex(of: field.variable), let time = validTimes(of: field.variable).firstIndex(of: field.valid) else {
            throw .noPlace(variable: field.variable, valid: field.valid, path: file.path, variables: variables, validTimeCount: validTimes.count)
        }
        let bytes: [UInt8]
        if field.variable.isCategorical {
            let allowed = field.variable.cfFlags(product: product)?.values
            var codes = [Int16](repeating: Int16(Self.fillValue), count: GridField.count)
            var status = [UInt8](repeating: 0, count: GridField.count)
            var undocumented = 0
            for (index, raw) in field.rawValues.enumerated() where !GridField.isMissing(raw) {
                guard raw == raw.rounded(), raw >= -32_768, raw <= 32_767 else {
                    throw .notACode(variable: field.variable, value: raw, cellIndex: index, valid: field.valid)
                }
                codes[index] = Int16(raw)
                if let allowed, !allowed.contains(codes[index]) {
                    status[index] = 1
                    undocumented += 1
                }
            }
            try file.write(variable: statusIndex(of: variable), record: time, status)
            if undocumented > 0 { undocumentedCodes[field.variable, default: 0] += undocumented }
            bytes = BigEndianBytes.shorts(codes)
        } else {
            bytes = BigEndianBytes.doubles(field.rawValues.map { GridField.isMissing($0) ? Self.fillValue : $0 })
        }
        try write(slab: bytes, variable: variable, time: time)
        written[variable][time] = true
    }

    /// Fills every place no field was written to (a variable at a time it does not have) with
    /// `_FillValue` (a code variable's status with 0), then puts the file at its destination
    /// (synced, then renamed over it).
    ///
    /// - Throws: ``NetCDFWriteError/file(_:)`` when the file cannot be written or renamed.
    public func finish() throws(NetCDFWriteError) {
        var doubles: [UInt8]?
        var codes: [UInt8]?
        for (variableIndex, variable) in variables.enumerated() {
            for time in written[variableIndex].indices where !written[variableIndex][time] {
                let fill: [UInt8]
                if variable.isCategorical {
                    fill = codes ?? BigEndianBytes.shorts([Int16](repeating: Int16(Self.fillValue), count: GridField.count))
                    codes = fill
                    try file.write(variable: statusIndex(of: variableIndex), record: time, [UInt8](repeating: 0, count: GridField.count))
                } else {
                    fill = doubles ?? BigEndianBytes.doubles([Double](repeating: Self.fillValue, count: GridField.count))
                    doubles = fill
                }
                try write(slab: fill, variable: variableIndex, time: time)
            }
        }
        try file.finish()
    }

    /// The file's dimensions, attributes and variables: the grid mapping and the coordinates
    /// (``coordinateVariables(time:y:x:)``), then one data variable per variable
    /// (``dataVariable(_:product:)``).
    static func schema(
        product: ForecastProduct, run: ForecastBase, variables: [ForecastCategory], validTimes: [KSTDateTime],
        source: String, toolVersion: String
    ) -> NetCDFClassic {
        typealias Attribute = NetCDFClassic.Attribute
        let axes = DailyAxis.axes(product: product, variables: variables, validTimes: validTimes)
        let axisVariables = axes.enumerated().flatMap { index, axis in
            axis.coordinateVariables(dimension: 4 + index, bounds: 3, units: timeUnits)
        }
        let list = coordinateVariables(time: 0, y: 1, x: 2, bounds: 3) + axisVariables + variables.map { variable in
            dataVariable(variable, product: product, time: axes.firstIndex { $0.variable == variable }.map { (4 + $0, axes[$0].name) } ?? (0, "time"))
        } + variables.filter(\.isCategorical).map(statusVariable)
        let tmfc = run.baseDate + (product == .shortTerm ? String(run.baseTime.prefix(2)) : run.baseTime)
        return NetCDFClassic(
            dimensions: [
                .init(name: "time", length: 0), .init(name: "y", length: GridField.rows), .init(name: "x", length: GridField.columns),
                .init(name: "nv", length: 2),
            ] + axes.map { .init(name: $0.name, length: $0.times.count) },
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

    /// The units of `time` and `forecast_reference_time`.
    static let timeUnits = "minutes since 1970-01-01 00:00:00"

    /// The grid mapping, the run, x, y, lat, lon, time and its bounds, given the dimensions' indices.
    private static func coordinateVariables(time: Int, y: Int, x: Int, bounds: Int) -> [NetCDFClassic.Variable] {
        typealias Attribute = NetCDFClassic.Attribute
        let projection = LambertConformalConic.kma
        return [
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
                Attribute("long_name", .text("valid time (KMA tmef); bounds: the hour that ends at it (the cell of the PCP, SNO and RN1 sums)")),
                Attribute("units", .text(timeUnits)),
                Attribute("calendar", .text("standard")),
                Attribute("axis", .text("T")),
                Attribute("bounds", .text("time_bnds")),
            ]),
            // No attributes: a boundary variable takes its coordinate's (CF 7.1; the IOOS checker
            // flags a units, calendar or long_name of its own).
            .init(name: "time_bnds", dimensions: [time, bounds], type: .double, attributes: []),
        ]
    }

    /// A data variable of dimensions (time, y, x): doubles with `units`, or byte codes with
    /// `flag_values`/`flag_meanings`.
    ///
    /// - Parameter time: The variable's time dimension (its index) and coordinate's name:
    ///   `time`, or a daily extreme's own (``DailyAxis``).
    private static func dataVariable(_ variable: ForecastCategory, product: ForecastProduct, time: (dimension: Int, name: String)) -> NetCDFClassic.Variable {
        typealias Attribute = NetCDFClassic.Attribute
        var attributes: [Attribute] = []
        if let name = variable.cfStandardName { attributes.append(Attribute("standard_name", .text(name))) }
        attributes.append(Attribute("long_name", .text("\(variable.englishName) (\(variable.koreanName), KMA \(variable.code))")))
        if variable.isCategorical {
            attributes.append(Attribute("_FillValue", .shorts([Int16(fillValue)])))
            attributes.append(Attribute("missing_value", .shorts([Int16(fillValue)])))
            if let flags = variable.cfFlags(product: product) {
                attributes.append(Attribute("flag_values", .shorts(flags.values)))
                attributes.append(Attribute("flag_meanings", .text(flags.meanings)))
            }
            attributes.append(Attribute("ancillary_variables", .text(variable.code + "_status")))
        } else {
            attributes.append(Attribute("_FillValue", .doubles([fillValue])))
            if let units = variable.udunits { attributes.append(Attribute("units", .text(units))) }
        }
        attributes.append(Attribute("cell_methods", .text(time.name + ": " + variable.cfCellMethod)))
        attributes.append(Attribute("coordinates", .text("forecast_reference_time lat lon")))
        attributes.append(Attribute("grid_mapping", .text(gridMappingName)))
        attributes.append(Attribute("kma_code", .text(variable.code)))
        return .init(name: variable.code, dimensions: [time.dimension, 1, 2], type: variable.isCategorical ? .short : .double, attributes: attributes)
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
