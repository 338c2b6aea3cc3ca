import KMAForecast
import KMAForecastClient

/// A places file of a command (`--input <file>`, `field --input <file>`), read by the
/// library's one reader of places tables (``PlacesTable``), with the command's own column
/// names reserved and its errors as the command's.
extension PlacesTable {
    /// The command whose places are read: decides the column names it keeps for its output.
    enum Command: Sendable {
        /// The many-places forecast (its CSV columns, ``PlacesForecastWriter``).
        case forecast(categories: [ForecastCategory])
        /// `field --input` (its `value` column).
        case field
    }

    /// The column names an input may not use (compared in lower case): the columns the
    /// command adds after the input's own. For the forecast `line`, `error`, `product`,
    /// `baseDate` … `fcstTime`, the category codes and `other`; `nx` and `ny` stay allowed as
    /// the input's place columns (the output repeats the cell there). For `field`, `value`.
    static func reservedColumns(for command: Command) -> Set<String> {
        switch command {
        case .forecast(let categories):
            Set((["line", "error", "product", "baseDate", "baseTime", "fcstDate", "fcstTime", "other"] + categories.map(\.code)).map { $0.lowercased() })
        case .field:
            ["value"]
        }
    }

    /// Reads a places file for `command`.
    ///
    /// - Parameters:
    ///   - bytes: The file.
    ///   - source: Its name in messages (`standard input` for `-`).
    ///   - command: The command, for its reserved column names.
    /// - Throws: ``CLIError/misused(_:korean:)`` when the text is not UTF-8 or not CSV, the header
    ///   names no usable columns, a duplicate or reserved one, or the file holds no place;
    ///   ``CLIError/failed(_:korean:)`` when it is larger than ``PlacesTable/maximumSize``.
    static func parse(_ bytes: [UInt8], source: String, command: Command) throws(CLIError) -> PlacesTable {
        do throws(PlacesTableError) {
            return try PlacesTable(csv: bytes, source: source, reservedColumns: reservedColumns(for: command))
        } catch {
            if case .tooLarge = error.reason { throw .failed(error.description, korean: error.koreanDescription) }
            throw .misused(error.description, korean: error.koreanDescription)
        }
    }
}
