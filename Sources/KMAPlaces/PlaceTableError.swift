/// Why a grid location table could not be read (``PlaceDirectory/init(csv:)``).
///
/// Each case names the line (1-based, the header is line 1) and what was wrong, so its
/// ``description`` tells a person what to fix.
public enum PlaceTableError: Error, Hashable, Sendable {
    /// The first line is not `region_code,level1,level2,level3,nx,ny,lon,lat`; the line found.
    case unexpectedHeader(String)
    /// The table has a header but no rows.
    case noRows
    /// A row is not as the format requires: the line number and what is wrong with it.
    case malformedRow(line: Int, reason: String)
    /// A region code appears on two lines: the code and the second line.
    case duplicateRegionCode(String, line: Int)
}

extension PlaceTableError: CustomStringConvertible {
    /// A message for a person: what was wrong, and where.
    public var description: String {
        switch self {
        case .unexpectedHeader(let found):
            return "the grid table's first line is '\(found)'; expected '\(PlaceTableParser.header)' (KMA's grid location table as CSV)"
        case .noRows:
            return "the grid table has a header but no rows"
        case .malformedRow(let line, let reason):
            return "line \(line) of the grid table: \(reason)"
        case .duplicateRegionCode(let code, let line):
            return "line \(line) of the grid table: region code \(code) appears on an earlier line too"
        }
    }
}
