import KMAGrid

/// One variable at one valid time for the whole KMA 5 km grid: what KMA API Hub's grid-field
/// service (`nph-dfs_shrt_grd`, `nph-dfs_vsrt_grd`, `nph-dfs_odam_grd`) answers in one call.
///
/// ```swift
/// let field = try GridFieldDecoder.field(body, product: .shortTerm, variable: .tmp, run: run, valid: valid)
/// let busan = try GridCell(nx: 98, ny: 76)
/// field[busan]                      // 14.0 (°C), or nil where KMA has no data (sea)
/// field.rawValue(at: busan)         // the number exactly as sent, -99.0 for missing
/// let many = field.values(at: cells)   // one pass, in the order asked
/// ```
///
/// **Layout.** ``rawValues`` holds the 37,697 numbers in KMA's order: the first row is `ny` 1
/// (the south edge), values run west to east, so the value of cell (`nx`, `ny`) is at index
/// `(ny − 1) · 149 + (nx − 1)` (``index(of:)``).
///
/// **Missing.** KMA writes `-99.00` where it has no data (sea for most land variables, outside
/// the domain). ``subscript(_:)`` and ``values(at:)`` give `nil` there; ``rawValues`` keeps the
/// number. Values of 900 and more, or -900 and less (the point API's missing marks), count as
/// missing too.
///
/// **Meaning.** Numbers are KMA's, unconverted, in the variable's unit (``ForecastCategory/unit``):
/// °C, %, m/s, degrees, mm, cm, m, or a code (SKY, PTY, LGT). Precipitation (PCP, RN1) and snow
/// (SNO) come as numbers here, unlike the point API's text. How the extended days' qualitative
/// codes (PCP 1–3, SNO 1–2, WSD 1–3 on the days ``ForecastProduct/isExtendedDay(base:forecastDate:)``
/// names) appear in a grid field is not documented: on those days a small number may be a
/// code rather than an amount, and is kept as sent.
public struct GridField: Hashable, Sendable {
    /// Columns of the grid (`nx` 1...149).
    public static let columns = 149
    /// Rows of the grid (`ny` 1...253).
    public static let rows = 253
    /// Values in a field: 149 × 253 = 37,697.
    public static let count = columns * rows
    /// KMA's mark for "no data" in a grid field.
    public static let missingMarker = -99.0

    /// The product: `short-term` (`nph-dfs_shrt_grd`), `ultra-short` (`nph-dfs_vsrt_grd`) or
    /// `nowcast` (`nph-dfs_odam_grd`).
    public let product: ForecastProduct
    /// The variable, one code such as `TMP` (`vars`).
    public let variable: ForecastCategory
    /// The run (`tmfc`), a KST minute: short-term runs at 02, 05 … 23 h, the others every 10 minutes.
    public let run: ForecastBase
    /// The valid time (`tmef`), a KST hour; for the nowcast, the run itself.
    public let valid: KSTDateTime
    /// The 37,697 numbers exactly as sent, in KMA's order (see ``index(of:)``), -99 where missing.
    public let rawValues: [Double]

    /// A field from its numbers.
    ///
    /// - Parameters:
    ///   - product: The product.
    ///   - variable: The variable.
    ///   - run: The run (`tmfc`).
    ///   - valid: The valid time (`tmef`); for the nowcast pass the run's time.
    ///   - rawValues: Exactly 37,697 numbers in KMA's order, -99 for missing.
    /// - Throws: ``GridFieldError/wrongCount(found:expected:)`` for any other count.
    public init(
        product: ForecastProduct, variable: ForecastCategory, run: ForecastBase, valid: KSTDateTime, rawValues: [Double]
    ) throws(GridFieldError) {
        guard rawValues.count == Self.count else { throw .wrongCount(found: rawValues.count, expected: Self.count) }
        self.product = product
        self.variable = variable
        self.run = run
        self.valid = valid
        self.rawValues = rawValues
    }

    /// Where a cell's value is in ``rawValues``: `(ny − 1) · 149 + (nx − 1)`, 0...37,696.
    @inlinable
    public static func index(of cell: GridCell) -> Int {
        (cell.ny - 1) &* columns &+ (cell.nx - 1)
    }

    /// The cell whose value is at an index of ``rawValues`` (0...37,696), `nil` outside.
    @inlinable
    public static func cell(at index: Int) -> GridCell? {
        guard index >= 0, index < count else { return nil }
        return try? GridCell(nx: index % columns + 1, ny: index / columns + 1)
    }

    /// Whether a raw number means "no data": -99 (the grid's mark), or at least 900 in size.
    @inlinable
    public static func isMissing(_ raw: Double) -> Bool {
        raw == missingMarker || !(raw > -900 && raw < 900)
    }

    /// The value at a cell, or `nil` where KMA has no data.
    @inlinable
    public subscript(_ cell: GridCell) -> Double? {
        let raw = rawValues[Self.index(of: cell)]
        return Self.isMissing(raw) ? nil : raw
    }

    /// The number at a cell exactly as sent (-99 where missing).
    @inlinable
    public func rawValue(at cell: GridCell) -> Double {
        rawValues[Self.index(of: cell)]
    }

    /// The values at many cells, in the order given, `nil` where missing; one pass, no lookup
    /// beyond an index computation per cell.
    ///
    /// - Complexity: O(n) for n cells.
    public func values(at cells: some Sequence<GridCell>) -> [Double?] {
        rawValues.withUnsafeBufferPointer { raw in
            cells.map { cell -> Double? in
                let value = raw[Self.index(of: cell)]
                return Self.isMissing(value) ? nil : value
            }
        }
    }

    /// The values at many coordinates, in the order given: each point's cell by the KMA
    /// formula (``ForecastGrid/cells(for:)``), `nil` where the point is outside the grid or the
    /// cell has no data.
    ///
    /// - Parameters:
    ///   - points: Latitudes and longitudes in degrees.
    ///   - grid: The grid, ``ForecastGrid/kma`` by default.
    public func values(at points: [GeoCoordinate], grid: ForecastGrid = .kma) -> [Double?] {
        let cells = grid.cells(for: points)
        return rawValues.withUnsafeBufferPointer { raw in
            cells.map { cell -> Double? in
                guard let cell else { return nil }
                let value = raw[Self.index(of: cell)]
                return Self.isMissing(value) ? nil : value
            }
        }
    }

    /// How many cells have data.
    public var valueCount: Int {
        rawValues.reduce(0) { $0 + (Self.isMissing($1) ? 0 : 1) }
    }

    /// The smallest and largest value with data, or `nil` when every cell is missing.
    public var valueRange: ClosedRange<Double>? {
        var low = Double.infinity
        var high = -Double.infinity
        for raw in rawValues where !Self.isMissing(raw) {
            low = min(low, raw)
            high = max(high, raw)
        }
        return low <= high ? low...high : nil
    }

    /// Calls `body` for every cell with data, `ny` outer (south to north) and `nx` inner (west to
    /// east): KMA's own order.
    public func forEachValue(_ body: (GridCell, Double) throws -> Void) rethrows {
        for ny in GridCell.nyRange {
            for nx in GridCell.nxRange {
                let raw = rawValues[(ny - 1) * Self.columns + nx - 1]
                guard !Self.isMissing(raw), let cell = try? GridCell(nx: nx, ny: ny) else { continue }
                try body(cell, raw)
            }
        }
    }
}
