import KMAForecast
import KMAGrid

/// A grid field built to the documented layout of KMA API Hub's grid-field bodies, from values
/// we choose: **not KMA data**. No field body has been recorded (no network to KMA here), so
/// tests, benchmarks and the picture check use these.
///
/// ```swift
/// let field = try BuiltGridField.temperature()
/// let body = field.body()                     // 253 rows × 8 lines, 20 numbers a line
/// field.hundredths[BuiltGridField.index(nx: 98, ny: 76)]   // 3150: 31.50 at Busan
/// ```
///
/// **Layout** (from clients that called the service live; `KMA_SPEC.md` §8): comma-separated
/// numbers, 20 a line, so each 149-value row of the grid spans 8 lines (7 × 20 + 9), 253 rows,
/// the first row `ny` 1 (south), west to east; `-99.00` where there is no data.
///
/// **Land and sea.** A cell is land when it lies within `radius` cells (Chebyshev distance) of
/// a cell of KMA's official table (`Fixtures/grid/kma_grid_2510.csv`, 3,834 administrative
/// regions); every other cell is sea and gets `-99.00`, as land variables do at KMA. So the
/// outline of Korea shows in a picture of the field, drawn from the data alone.
///
/// **Values** are two-decimal numbers kept as integer hundredths (exact in text and in a
/// `Double`): a smooth south-to-north gradient with a small deterministic ripple, and two
/// known values placed where two independent clients verified the order live:
/// ``busanValue`` at Busan (98, 76) and ``jejuValue`` at Jeju (53, 38).
public struct BuiltGridField: Sendable, Hashable {
    /// Busan's cell.
    public static let busan = (nx: 98, ny: 76)
    /// Jeju's cell.
    public static let jeju = (nx: 53, ny: 38)
    /// The value placed at Busan: 31.50, above every other value of ``temperature(radius:)``.
    public static let busanValue = 3150
    /// The value placed at Jeju: -5.25, below every other value of ``temperature(radius:)``.
    public static let jejuValue = -525

    /// The 37,697 values in hundredths in KMA's order (`(ny − 1) · 149 + (nx − 1)`), `nil` for
    /// missing.
    public var hundredths: [Int?]

    /// A field from values in hundredths (exactly 37,697 of them).
    public init(hundredths: [Int?]) {
        precondition(hundredths.count == 149 * 253, "a field has 37,697 values")
        self.hundredths = hundredths
    }

    /// Where a cell is in KMA's order.
    public static func index(nx: Int, ny: Int) -> Int { (ny - 1) * 149 + (nx - 1) }

    /// The numbers as a decoder should give them: value / 100, or -99 for missing.
    public var rawValues: [Double] {
        hundredths.map { $0.map { Double($0) / 100 } ?? -99 }
    }

    /// The land mask: cells within `radius` of a cell of KMA's official table.
    public static func landMask(radius: Int = 2) throws -> [Bool] {
        var mask = [Bool](repeating: false, count: 149 * 253)
        for row in try Fixtures.officialGridTable() where GridCell.nxRange.contains(row.nx) && GridCell.nyRange.contains(row.ny) {
            for dy in -radius...radius {
                for dx in -radius...radius {
                    let nx = row.nx + dx, ny = row.ny + dy
                    guard GridCell.nxRange.contains(nx), GridCell.nyRange.contains(ny) else { continue }
                    mask[index(nx: nx, ny: ny)] = true
                }
            }
        }
        return mask
    }

    /// A temperature-like field: on land, 18.00 °C at Busan's row falling 0.05 °C a row to the
    /// north, plus a ripple of 0 to 1.00 from the cell's numbers; Busan and Jeju set to their
    /// known values; sea missing.
    public static func temperature(radius: Int = 2) throws -> BuiltGridField {
        let land = try landMask(radius: radius)
        var values = [Int?](repeating: nil, count: 149 * 253)
        for ny in 1...253 {
            for nx in 1...149 where land[index(nx: nx, ny: ny)] {
                values[index(nx: nx, ny: ny)] = 1800 + (76 - ny) * 5 + ((nx * 7 + ny * 3) % 11) * 10
            }
        }
        values[index(nx: busan.nx, ny: busan.ny)] = busanValue
        values[index(nx: jeju.nx, ny: jeju.ny)] = jejuValue
        return BuiltGridField(hundredths: values)
    }

    /// A value in hundredths as two-decimal text: 3150 → `31.50`, -5 → `-0.05`.
    public static func text(_ hundredths: Int?) -> String {
        guard let value = hundredths else { return "-99.00" }
        let magnitude = abs(value)
        let fraction = magnitude % 100
        return (value < 0 ? "-" : "") + "\(magnitude / 100)." + fraction.zeroPadded(toWidth: 2)
    }

    /// The body in the documented layout.
    ///
    /// - Parameters:
    ///   - separator: Between numbers of a line, `,` by default (`", "` and `" "` are
    ///     tolerated variants).
    ///   - lineEnd: `\n` by default, or `\r\n`.
    ///   - perLine: Numbers a line, 20 by default; each grid row starts a new line.
    ///   - trailingSeparator: Whether each line ends with the separator before its line end.
    ///   - header: Lines put before the numbers (e.g. `# a comment`).
    public func body(
        separator: String = ",", lineEnd: String = "\n", perLine: Int = 20, trailingSeparator: Bool = false, header: [String] = []
    ) -> [UInt8] {
        var out = ""
        out.reserveCapacity(300_000)
        for line in header { out += line + lineEnd }
        for row in 0..<253 {
            var column = 0
            while column < 149 {
                let end = min(column + perLine, 149)
                out += (column..<end).map { Self.text(hundredths[row * 149 + $0]) }.joined(separator: separator)
                if trailingSeparator { out += separator }
                out += lineEnd
                column = end
            }
        }
        return Array(out.utf8)
    }
}
