import KMAForecast
import KMAForecastClient
import KMAGrid

/// A file of `lat,lon` lines converted to KMA cells, fast (what `kma-forecast grid --input`
/// runs): CSV `lat,lon,nx,ny` (a header line first) or JSON Lines
/// (`{"line":1,"lat":…,"lon":…,"nx":…,"ny":…}`), the lines in their input order.
///
/// ```swift
/// let converter = GridInputConverter()
/// var csv: [UInt8] = []
/// let failed = converter.convert(Array("37.5665,126.9780\n".utf8), output: { csv += $0 }, errors: { print($0, terminator: "") })
/// // csv: "lat,lon,nx,ny\n37.5665,126.9780,60,127\n", failed: 0
/// ```
///
/// One pass over the bytes in chunks: lines are split and their numbers parsed without
/// making a `String` per line, each chunk's points go through the batch projection, and the
/// output is assembled as bytes. A line that fails keeps its place in the output
/// (`lat,lon,,`) and its error goes to standard error with the line number.
///
/// The state of a run lives in one value (``Pass``) changed by its own mutating methods, and a
/// ``Line`` holds no references, so the hot loop has no reference counting and no run-time
/// exclusivity checks.
public struct GridInputConverter: Sendable {
    let grid: ForecastGrid
    /// JSON Lines instead of CSV.
    let json: Bool

    /// A converter.
    ///
    /// - Parameters:
    ///   - grid: The grid (KMA's 5 km grid unless another is given).
    ///   - json: `true` for JSON Lines (one object a line, an `error` member on a failed line),
    ///     `false` for CSV (`lat,lon,nx,ny`, a failed line's cell left empty).
    public init(grid: ForecastGrid = .kma, json: Bool = false) {
        self.grid = grid
        self.json = json
    }

    /// Lines converted per batch call; bounds the memory of a very large input.
    static let chunkSize = 32_768

    /// What went wrong on a line, decided while parsing (cell errors come later).
    enum Problem {
        case none
        case fieldCount(Int)
        case notANumber(field: Int)
    }

    /// One data line: where its two fields are, and what they parsed to.
    struct Line {
        var number: Int
        /// When the fields had to be rewritten (trimmed, unquoted) to be echoed: their index in
        /// the chunk's ``Pass/rewritten``; otherwise -1 and the byte ranges are used.
        var rewritten: Int
        var latitude: Range<Int>
        var longitude: Range<Int>
        var problem: Problem
    }

    /// Converts everything and writes the result.
    ///
    /// - Parameters:
    ///   - input: The lines (UTF-8; a header `lat,lon` allowed; quoted fields read as RFC 4180).
    ///   - output: Called with each chunk of the output, in order (at most 32,768 lines a chunk).
    ///   - errors: Called with each failed line's message (`Error: line N: …`, a line feed
    ///     at the end; text from the input escaped by the package's one rule).
    /// - Returns: The number of lines that failed.
    public func convert(_ input: [UInt8], output: @escaping ([UInt8]) -> Void, errors: @escaping (String) -> Void) -> Int {
        input.withUnsafeBytes { bytes in
            var pass = Pass(converter: self, bytes: bytes, standardOutput: output, standardError: errors)
            pass.run()
            return pass.failures
        }
    }

    /// One conversion: the input, the chunk being converted, and the output being assembled.
    struct Pass {
        let converter: GridInputConverter
        let bytes: UnsafeRawBufferPointer
        let standardOutput: ([UInt8]) -> Void
        let standardError: (String) -> Void

        var failures = 0
        var output: [UInt8] = []
        var lines: [Line] = []
        var points: [GeoCoordinate] = []
        var cells: [GridCell?]
        /// Fields rewritten from quoted lines of the current chunk.
        var rewritten: [(String, String)] = []

        init(converter: GridInputConverter, bytes: UnsafeRawBufferPointer, standardOutput: @escaping ([UInt8]) -> Void, standardError: @escaping (String) -> Void) {
            self.converter = converter
            self.bytes = bytes
            self.standardOutput = standardOutput
            self.standardError = standardError
            output.reserveCapacity(1 << 17)
            lines.reserveCapacity(GridInputConverter.chunkSize)
            points.reserveCapacity(GridInputConverter.chunkSize)
            cells = [GridCell?](repeating: nil, count: GridInputConverter.chunkSize)
        }

        mutating func run() {
            if !converter.json { output.append(contentsOf: "lat,lon,nx,ny\n".utf8) }
            var lineNumber = 0
            var sawData = false
            var start = 0
            let count = bytes.count
            while start < count {
                lineNumber += 1
                // A line ends at LF, CRLF, or a lone CR (old Mac files): CR-only input was one
                // long line with a confusing "found 4 fields" error.
                var end = start
                while end < count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
                var next = end + 1
                if end < count, bytes[end] == UInt8(ascii: "\r"), next < count, bytes[next] == UInt8(ascii: "\n") { next += 1 }
                let (lo, hi) = GridInputConverter.trim(bytes, start, end)
                start = next
                if lo == hi { continue }

                var line = split(lo, hi, number: lineNumber)
                var point = GeoCoordinate(latitude: .nan, longitude: .nan)
                if case .none = line.problem {
                    let latitude = line.rewritten >= 0
                        ? DecimalParser.parse(rewritten[line.rewritten].0)
                        : DecimalParser.parse(UnsafeRawBufferPointer(rebasing: bytes[line.latitude]))
                    let longitude = line.rewritten >= 0
                        ? DecimalParser.parse(rewritten[line.rewritten].1)
                        : DecimalParser.parse(UnsafeRawBufferPointer(rebasing: bytes[line.longitude]))
                    if !sawData, latitude == nil, longitude == nil, let header = GridInputConverter.header(latitudeText(line), longitudeText(line)) {
                        sawData = true
                        if header { continue }
                        // A `lon,lat` header: every line would be read the wrong way round, so
                        // stop before any output (nothing has been written yet).
                        standardError("Error: line \(lineNumber): the header names longitude first; this command reads 'lat,lon' (latitude first). Swap the columns and run it again.\n")
                        output.removeAll()
                        failures += 1
                        return
                    }
                    if let latitude, let longitude {
                        point = GeoCoordinate(latitude: latitude, longitude: longitude)
                    } else {
                        line.problem = .notANumber(field: latitude == nil ? 0 : 1)
                    }
                }
                sawData = true
                lines.append(line)
                points.append(point)
                if lines.count == GridInputConverter.chunkSize { flushChunk() }
            }
            if !lines.isEmpty { flushChunk() }
            standardOutput(output)
        }

        /// Converts the chunk's points and writes its lines.
        mutating func flushChunk() {
            let count = points.count
            cells.withUnsafeMutableBufferPointer { cellBuffer in
                points.withUnsafeBufferPointer { pointBuffer in
                    _ = converter.grid.cells(for: pointBuffer, into: UnsafeMutableBufferPointer(rebasing: cellBuffer[0..<count]))
                }
            }
            for index in 0..<count {
                if !emit(lines[index], point: points[index], cell: cells[index]) { failures += 1 }
                if output.count >= 1 << 16 {
                    standardOutput(output)
                    output.removeAll(keepingCapacity: true)
                }
            }
            lines.removeAll(keepingCapacity: true)
            points.removeAll(keepingCapacity: true)
            rewritten.removeAll(keepingCapacity: true)
        }

        /// Splits a trimmed, non-empty line into its two fields.
        mutating func split(_ lo: Int, _ hi: Int, number: Int) -> Line {
            var firstComma = -1
            var secondComma = -1
            for index in lo..<hi {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let fields = GridInputConverter.quotedFields(Array(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[lo..<hi]), as: UTF8.self).utf8))
                    let problem: Problem = fields.count == 2 ? .none : .fieldCount(fields.count)
                    rewritten.append((fields.first ?? "", fields.count > 1 ? fields[1] : ""))
                    return Line(number: number, rewritten: rewritten.count - 1, latitude: lo..<lo, longitude: lo..<lo, problem: problem)
                }
                if byte == UInt8(ascii: ",") {
                    if firstComma < 0 { firstComma = index } else if secondComma < 0 { secondComma = index }
                }
            }
            guard firstComma >= 0, secondComma < 0 else {
                let found = firstComma < 0 ? 1 : GridInputConverter.countFields(bytes, lo, hi)
                let first = GridInputConverter.trim(bytes, lo, firstComma < 0 ? hi : firstComma)
                let second = firstComma < 0 ? (hi, hi) : GridInputConverter.trim(bytes, firstComma + 1, secondComma)
                return Line(number: number, rewritten: -1, latitude: first.0..<first.1, longitude: second.0..<second.1, problem: .fieldCount(found))
            }
            let first = GridInputConverter.trim(bytes, lo, firstComma)
            let second = GridInputConverter.trim(bytes, firstComma + 1, hi)
            return Line(number: number, rewritten: -1, latitude: first.0..<first.1, longitude: second.0..<second.1, problem: .none)
        }

        /// Writes one line's result; returns whether it succeeded.
        mutating func emit(_ line: Line, point: GeoCoordinate, cell: GridCell?) -> Bool {
            var message: String?
            switch line.problem {
            case .none:
                if cell == nil {
                    do {
                        _ = try converter.grid.cell(for: point)
                        message = "the point could not be converted"
                    } catch {
                        message = error.description
                    }
                }
            case .fieldCount(let found):
                message = "expected one 'lat,lon' pair (2 fields), found \(found) field\(found == 1 ? "" : "s")"
            case .notANumber(let field):
                let text = field == 0 ? latitudeText(line) : longitudeText(line)
                message = "'\(text)' is not a number (\(field == 0 ? "latitude" : "longitude"))"
            }
            if let message {
                standardError("Error: line \(line.number): \(PrintableText.safe(message))\n")
            }
            switch converter.json {
            case false:
                appendField(line, first: true)
                output.append(UInt8(ascii: ","))
                appendField(line, first: false)
                if let cell {
                    GridInputConverter.appendCell(cell, &output)
                } else {
                    output.append(contentsOf: ",,\n".utf8)
                }
            case true:
                var members: [(String, String)] = [("line", String(line.number))]
                if case .none = line.problem {
                    members.append(("lat", JSONText.number(point.latitude)))
                    members.append(("lon", JSONText.number(point.longitude)))
                } else {
                    members.append(("lat", JSONText.string(latitudeText(line))))
                    members.append(("lon", JSONText.string(longitudeText(line))))
                }
                if let cell {
                    members.append(("nx", String(cell.nx)))
                    members.append(("ny", String(cell.ny)))
                } else {
                    members.append(("nx", "null"))
                    members.append(("ny", "null"))
                    members.append(("error", JSONText.string(message ?? "")))
                }
                output.append(contentsOf: (JSONText.object(members) + "\n").utf8)
            }
            return message == nil
        }

        func latitudeText(_ line: Line) -> String {
            line.rewritten >= 0 ? rewritten[line.rewritten].0 : String(decoding: UnsafeRawBufferPointer(rebasing: bytes[line.latitude]), as: UTF8.self)
        }

        func longitudeText(_ line: Line) -> String {
            line.rewritten >= 0 ? rewritten[line.rewritten].1 : String(decoding: UnsafeRawBufferPointer(rebasing: bytes[line.longitude]), as: UTF8.self)
        }

        /// Echoes a field as CSV: the input bytes when they need no quoting, else quoted text.
        mutating func appendField(_ line: Line, first: Bool) {
            if line.rewritten >= 0 {
                let fields = rewritten[line.rewritten]
                output.append(contentsOf: CSVText.field(first ? fields.0 : fields.1).utf8)
            } else {
                let field = UnsafeRawBufferPointer(rebasing: bytes[first ? line.latitude : line.longitude])
                if field.contains(where: { $0 >= 0x80 }) {
                    // Not a number (numbers are ASCII): echo it as valid UTF-8, bad bytes as U+FFFD,
                    // as the JSON output and the error message do.
                    output.append(contentsOf: String(decoding: field, as: UTF8.self).utf8)
                } else {
                    output.append(contentsOf: field)
                }
            }
        }
    }

    // MARK: Lines and fields

    /// The range of `bytes[lo..<hi]` without surrounding whitespace (CR included), plus a
    /// UTF-8 byte order mark at the very start of the input.
    static func trim(_ bytes: UnsafeRawBufferPointer, _ lo: Int, _ hi: Int) -> (Int, Int) {
        var lo = lo
        var hi = hi
        if lo == 0, hi >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { lo = 3 }
        while lo < hi, ASCIIWhitespace.contains(bytes[lo]) { lo += 1 }
        while hi > lo, ASCIIWhitespace.contains(bytes[hi - 1]) { hi -= 1 }
        return (lo, hi)
    }

    static func countFields(_ bytes: UnsafeRawBufferPointer, _ lo: Int, _ hi: Int) -> Int {
        var fields = 1
        for index in lo..<hi where bytes[index] == UInt8(ascii: ",") { fields += 1 }
        return fields
    }

    /// RFC 4180 fields of one line (`"37.5","126.9"`, doubled quotes inside quotes), each
    /// trimmed, read by the package's one CSV reader (`CSVRecords`); a quote left open runs to
    /// the end of the line.
    static func quotedFields(_ line: [UInt8]) -> [String] {
        let record = (try? CSVRecords.records(line)) ?? (try? CSVRecords.records(line + [UInt8(ascii: "\"")]))
        return (record?.first?.fields ?? [""]).map { $0.trimmingASCIIWhitespace() }
    }

    /// For the first line with two non-numeric fields: `true` for a `lat,lon` header, `false`
    /// for a `lon,lat` one, `nil` when it is not a header at all (then it is a bad data line).
    static func header(_ first: String, _ second: String) -> Bool? {
        let latitudeNames: Set<String> = ["lat", "latitude", "위도", "y"]
        let longitudeNames: Set<String> = ["lon", "lng", "long", "longitude", "경도", "x"]
        let a = first.lowercased()
        let b = second.lowercased()
        if latitudeNames.contains(a), longitudeNames.contains(b) { return true }
        if longitudeNames.contains(a), latitudeNames.contains(b) { return false }
        return nil
    }

    /// Appends `,nx,ny` and a line feed in one append (nx 1...149, ny 1...253).
    static func appendCell(_ cell: GridCell, _ output: inout [UInt8]) {
        var text: (UInt64, UInt64) = (0, 0)   // room for ",149,253\n" (9 bytes)
        let count = withUnsafeMutableBytes(of: &text) { buffer in
            var index = 0
            buffer[index] = UInt8(ascii: ",")
            index += 1
            appendDigits(cell.nx, buffer, &index)
            buffer[index] = UInt8(ascii: ",")
            index += 1
            appendDigits(cell.ny, buffer, &index)
            buffer[index] = UInt8(ascii: "\n")
            return index + 1
        }
        withUnsafeBytes(of: &text) { output.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }

    /// Writes the digits of 0...999 at `index` and moves `index` past them.
    @inline(__always)
    private static func appendDigits(_ value: Int, _ buffer: UnsafeMutableRawBufferPointer, _ index: inout Int) {
        if value >= 100 {
            buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 100)
            index += 1
        }
        if value >= 10 {
            buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10 % 10)
            index += 1
        }
        buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
        index += 1
    }
}
