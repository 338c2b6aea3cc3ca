import Foundation
import KMAForecastText

/// Why some bytes are not a places table (``PlacesTable/init(csv:source:reservedColumns:)``):
/// the whole table is refused, before any row is read. (A row that names no place is not
/// this error: it is kept in its place with a ``PlacesTableRowError``.)
///
/// Not to be confused with ``PlaceTableError`` (KMAPlaces), a fault in KMA's own embedded grid
/// table.
///
/// The ``description`` says what was wrong and what to do, naming the table by ``source``,
/// in the words the command line prints (`kma-forecast --input`, `field --input`); text from
/// the table (a column name, the header) is escaped and cut to one line
/// (``PrintableText``).
public struct PlacesTableError: Error, Hashable, Sendable {
    /// What was wrong.
    public enum Reason: Hashable, Sendable {
        /// More than `limit` bytes (``PlacesTable/maximumSize``, 64 MiB).
        case tooLarge(limit: Int)
        /// A byte that is not UTF-8: the line it is on (from 1), its offset in the bytes (from
        /// 0) and its value. The text is refused, never altered.
        case notUTF8(line: Int, offset: Int, byte: UInt8)
        /// A quoted field opened on `line` (from 1) is never closed.
        case unclosedQuote(line: Int)
        /// No record at all (empty, or only blank lines).
        case noPlaces
        /// A header (its fields as given) that names no place columns.
        case noPlaceColumns(header: [String])
        /// A column named like one the caller's output adds itself (the name as given).
        case reservedColumn(String)
        /// A column name given twice, in any letter case (its second spelling as given).
        case duplicateColumn(String)
    }

    /// How the messages name the table: a file name, `standard input`, `the table`.
    public var source: String
    /// What was wrong.
    public var reason: Reason

    /// An error about the table named `source`.
    public init(_ reason: Reason, source: String) {
        self.reason = reason
        self.source = source
    }
}

extension PlacesTableError: CustomStringConvertible {
    /// The message, e.g. `The header of places.csv names the column 'lat' twice; give each
    /// column its own name, so the output can be read by name`.
    public var description: String {
        switch reason {
        case .tooLarge(let limit):
            return "\(source) holds more than \(limit >> 20) MiB, the most an input is read (a device such as /dev/zero, or the wrong file?): split it into smaller files"
        case .notUTF8(let line, let offset, let byte):
            let hex = String(byte, radix: 16, uppercase: true)
            return "\(PrintableText.singleLine(source)) is not UTF-8 text: line \(line) has the byte 0x\(hex.count == 1 ? "0" + hex : hex) (byte \(offset + 1) of the file). Save it as UTF-8 (from CP949/EUC-KR: iconv -f CP949 -t UTF-8)"
        case .unclosedQuote(let line):
            return "\(PrintableText.singleLine(source)) line \(line): a quoted field is never closed (a '\"' is missing); quote a field as \"…\" and write a quote inside it as \"\""
        case .noPlaces:
            return "\(source) holds no places: give one 'lat,lon' pair, 'nx,ny' pair or place name a line (a header row naming them may come first)"
        case .noPlaceColumns(let header):
            return "The header of \(source) ('\(PrintableText.singleLine(header.joined(separator: ",")))') names no 'lat' and 'lon' columns, no 'nx' and 'ny' columns and no 'place' column; name the columns that hold the places"
        case .reservedColumn(let name):
            let shown = PrintableText.singleLine(name)
            return "The header of \(source) has a column named '\(shown)', which the output adds itself; rename that column (e.g. 'input_\(shown)')"
        case .duplicateColumn(let name):
            return "The header of \(source) names the column '\(PrintableText.singleLine(name))' twice; give each column its own name, so the output can be read by name"
        }
    }
}

extension PlacesTableError: LocalizedError {
    /// The same as ``description``.
    public var errorDescription: String? { description }
}
