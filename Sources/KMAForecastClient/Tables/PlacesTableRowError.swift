import Foundation

/// Why one row of a places table names no place (``PlacesTable/Row/location``): the row is
/// kept in its place, with this error, and the rows after it are read on.
///
/// The ``description`` says what was wrong, in the words the command line writes into the
/// row's `error` column; it quotes the row's text as given (escape it before printing it to a
/// terminal).
public enum PlacesTableRowError: Error, Hashable, Sendable {
    /// The row has another number of fields than the header (`expected` columns, `found`).
    case fieldCount(expected: Int, found: Int)
    /// The place columns name no location: a number that is none, a point off the grid, a cell
    /// out of range, an unknown or ambiguous place (``LocationParser``'s error, with its hints).
    case location(LocationInputError)
}

extension PlacesTableRowError: CustomStringConvertible {
    /// The message, e.g. `expected 3 fields as in the header, found 2`, or the
    /// ``LocationInputError``'s.
    public var description: String {
        switch self {
        case .fieldCount(let expected, let found):
            "expected \(expected) field\(expected == 1 ? "" : "s") as in the header, found \(found)"
        case .location(let error):
            error.description
        }
    }
}

extension PlacesTableRowError: LocalizedError {
    /// The same as ``description``.
    public var errorDescription: String? { description }
}
