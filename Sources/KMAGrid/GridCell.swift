/// One cell of the KMA 5 km forecast grid: the `nx`, `ny` that the API takes.
///
/// A `GridCell` is always valid: `nx` is in 1...149 and `ny` in 1...253 (37,697 cells).
/// Creating one from other numbers throws ``GridError``, it never clamps.
///
/// ```swift
/// let cell = try ForecastGrid.kma.cell(latitude: 37.5665, longitude: 126.9780)
/// print(cell.nx, cell.ny)   // 60 127
/// ```
public struct GridCell: Hashable, Comparable, Sendable {
    /// The valid range of ``nx``: 1...149.
    public static let nxRange: ClosedRange<Int> = 1...149
    /// The valid range of ``ny``: 1...253.
    public static let nyRange: ClosedRange<Int> = 1...253
    /// The number of cells in the grid: 149 × 253 = 37,697.
    public static let count = 149 * 253

    @usableFromInline internal let storedNX: UInt16
    @usableFromInline internal let storedNY: UInt16

    /// The column, 1...149, counted from the west edge of the grid.
    @inlinable public var nx: Int { Int(storedNX) }
    /// The row, 1...253, counted from the south edge of the grid.
    @inlinable public var ny: Int { Int(storedNY) }

    /// Creates a cell, checking the range.
    ///
    /// - Parameters:
    ///   - nx: Column, 1...149.
    ///   - ny: Row, 1...253.
    /// - Throws: ``GridError/nxOutOfRange(_:)`` or ``GridError/nyOutOfRange(_:)``.
    @inlinable
    public init(nx: Int, ny: Int) throws(GridError) {
        guard GridCell.nxRange.contains(nx) else { throw .nxOutOfRange(nx) }
        guard GridCell.nyRange.contains(ny) else { throw .nyOutOfRange(ny) }
        self.storedNX = UInt16(truncatingIfNeeded: nx)
        self.storedNY = UInt16(truncatingIfNeeded: ny)
    }

    /// Creates a cell from numbers already known to be in range.
    @inlinable
    internal init(uncheckedNX nx: Int, ny: Int) {
        self.storedNX = UInt16(truncatingIfNeeded: nx)
        self.storedNY = UInt16(truncatingIfNeeded: ny)
    }

    /// Orders cells by `nx`, then `ny` (the order of the CSV outputs).
    @inlinable
    public static func < (lhs: GridCell, rhs: GridCell) -> Bool {
        (lhs.storedNX, lhs.storedNY) < (rhs.storedNX, rhs.storedNY)
    }

    /// Every cell of the grid, `nx` outer and `ny` inner: (1,1), (1,2), … (149,253); made once.
    public static let all: [GridCell] = {
        var cells: [GridCell] = []
        cells.reserveCapacity(count)
        for nx in nxRange {
            for ny in nyRange { cells.append(GridCell(uncheckedNX: nx, ny: ny)) }
        }
        return cells
    }()
}

extension GridCell: CustomStringConvertible {
    /// The cell as `nx,ny`, e.g. `60,127`.
    public var description: String { "\(nx),\(ny)" }
}
