import KMAForecast
import KMAGrid

/// The places of `kma-forecast field --input`: a CSV file with a header naming `nx` and `ny`
/// columns (KMA's own cell for each row, as in KMA's grid table `region_code,level1,level2,
/// level3,nx,ny,lon,lat`), or else `lat` and `lon` columns (`latitude`/`longitude`, `lng`
/// also; the cell by the KMA formula). Other columns are kept as they are.
///
/// Every row stays in the output, in order, with a `value` column added: the field's value at
/// the row's cell, empty where KMA has no data (sea) or the row has no usable cell (an
/// unreadable number, a point outside the grid: reported on standard error with its line).
struct FieldPlacesInput {
    /// One data row: its text (without the line end) and its cell, or why it has none.
    struct Row {
        var line: Int
        var text: String
        var cell: Result<GridCell, CLIError>
    }

    /// The header line, as given.
    var header: String
    var rows: [Row]

    /// Reads the file's bytes.
    ///
    /// - Throws: ``CLIError/runtime(_:)`` when the header has neither `nx`,`ny` nor `lat`,`lon`.
    init(bytes: [UInt8], name: String) throws(CLIError) {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { scalars in
            var line = String(String.UnicodeScalarView(scalars))
            if line.hasSuffix("\r") { line.removeLast() }
            return line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first else { throw .runtime("\(name) is empty: give a CSV file with a header naming nx,ny or lat,lon columns") }
        header = first
        let names = GridInputConverter.quotedFields(first).map { $0.lowercased().trimmingASCIIWhitespace() }
        func column(_ candidates: [String]) -> Int? { names.firstIndex { candidates.contains($0) } }
        let nx = column(["nx"]), ny = column(["ny"])
        let lat = column(["lat", "latitude"]), lon = column(["lon", "lng", "longitude"])
        let byCell = nx != nil && ny != nil
        guard byCell || (lat != nil && lon != nil) else {
            throw .runtime("\(name): the header '\(first)' names neither nx and ny nor lat and lon columns; the first line must name the columns, e.g. 'name,lat,lon'")
        }
        rows = []
        rows.reserveCapacity(lines.count)
        for (offset, line) in lines.enumerated().dropFirst() {
            let number = offset + 1
            let fields = GridInputConverter.quotedFields(line)
            func value(_ index: Int?) -> String? {
                guard let index, index < fields.count else { return nil }
                return fields[index].trimmingASCIIWhitespace()
            }
            let cell: Result<GridCell, CLIError>
            if line.isEmpty {
                cell = .failure(.runtime("\(name) line \(number): an empty line"))
            } else if byCell {
                if let x = value(nx).flatMap({ Int($0) }), let y = value(ny).flatMap({ Int($0) }) {
                    do {
                        cell = .success(try GridCell(nx: x, ny: y))
                    } catch {
                        cell = .failure(.runtime("\(name) line \(number): \(error.description)"))
                    }
                } else {
                    cell = .failure(.runtime("\(name) line \(number): nx and ny must be whole numbers, got '\(value(nx) ?? "")' and '\(value(ny) ?? "")'"))
                }
            } else if let la = value(lat).flatMap(DecimalParser.parse), let lo = value(lon).flatMap(DecimalParser.parse) {
                do {
                    cell = .success(try ForecastGrid.kma.cell(latitude: la, longitude: lo))
                } catch {
                    cell = .failure(.runtime("\(name) line \(number): \(error.description)"))
                }
            } else {
                cell = .failure(.runtime("\(name) line \(number): lat and lon must be decimal numbers, got '\(value(lat) ?? "")' and '\(value(lon) ?? "")'"))
            }
            rows.append(Row(line: number, text: line, cell: cell))
        }
    }
}
