import KMAGrid

/// `grid --input`: converts a file of `lat,lon` lines to cells, fast.
///
/// One pass over the bytes in chunks: lines are split and their numbers parsed without
/// making a `String` per line, each chunk's points go through the batch projection, and the
/// output is assembled as bytes. A line that fails keeps its place in the output
/// (`lat,lon,,`) and its error goes to standard error with the line number.
struct GridInputConverter {
    let grid: ForecastGrid
    let format: OutputFormat

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
        /// The fields as they will be echoed (trimmed, unquoted), when they had to be
        /// rewritten; otherwise `nil` and the byte ranges are used.
        var rewritten: (String, String)?
        var latitude: Range<Int>
        var longitude: Range<Int>
        var problem: Problem
    }

    /// Converts everything and writes the result.
    ///
    /// - Returns: The number of lines that failed.
    func convert(_ input: [UInt8], standardOutput: TextSink, standardError: TextSink) -> Int {
        var failures = 0
        var output: [UInt8] = []
        output.reserveCapacity(1 << 17)
        if format != .json { output.append(contentsOf: Array("lat,lon,nx,ny\n".utf8)) }

        var lines: [Line] = []
        lines.reserveCapacity(Self.chunkSize)
        var points: [GeoCoordinate] = []
        points.reserveCapacity(Self.chunkSize)
        var cells = [GridCell?](repeating: nil, count: Self.chunkSize)
        var lineNumber = 0
        var sawData = false

        input.withUnsafeBytes { bytes in
            var start = 0
            let count = bytes.count
            func flushChunk() {
                cells.withUnsafeMutableBufferPointer { cellBuffer in
                    points.withUnsafeBufferPointer { pointBuffer in
                        _ = grid.cells(for: pointBuffer, into: UnsafeMutableBufferPointer(rebasing: cellBuffer[0..<pointBuffer.count]))
                    }
                }
                for index in lines.indices {
                    if !emit(lines[index], point: points[index], cell: cells[index], bytes: bytes, into: &output, errors: standardError) {
                        failures += 1
                    }
                    if output.count >= 1 << 16 {
                        standardOutput.write(bytes: output)
                        output.removeAll(keepingCapacity: true)
                    }
                }
                lines.removeAll(keepingCapacity: true)
                points.removeAll(keepingCapacity: true)
            }

            while start < count {
                lineNumber += 1
                var end = start
                while end < count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                let next = end + 1
                let (lo, hi) = Self.trim(bytes, start, end)
                start = next
                if lo == hi { continue }

                var line = Self.split(bytes, lo, hi, number: lineNumber)
                var point = GeoCoordinate(latitude: .nan, longitude: .nan)
                if case .none = line.problem {
                    let latitude = line.rewritten.map { Self.parse($0.0) } ?? DecimalParser.parse(UnsafeRawBufferPointer(rebasing: bytes[line.latitude]))
                    let longitude = line.rewritten.map { Self.parse($0.1) } ?? DecimalParser.parse(UnsafeRawBufferPointer(rebasing: bytes[line.longitude]))
                    if !sawData, latitude == nil, longitude == nil, let header = Self.header(line, bytes) {
                        sawData = true
                        if header { continue }
                        // A `lon,lat` header: the columns are the wrong way round.
                        standardError.write("Error: line \(lineNumber): the header names longitude first; this command reads 'lat,lon' (latitude first). Swap the columns and run it again.\n")
                        failures += 1
                        continue
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
                if lines.count == Self.chunkSize { flushChunk() }
            }
            if !lines.isEmpty { flushChunk() }
        }
        standardOutput.write(bytes: output)
        return failures
    }

    /// Writes one line's result; returns whether it succeeded.
    private func emit(
        _ line: Line, point: GeoCoordinate, cell: GridCell?, bytes: UnsafeRawBufferPointer,
        into output: inout [UInt8], errors: TextSink
    ) -> Bool {
        var message: String?
        switch line.problem {
        case .none:
            if cell == nil {
                do {
                    _ = try grid.cell(for: point)
                    message = "the point could not be converted"
                } catch {
                    message = error.description
                }
            }
        case .fieldCount(let found):
            message = "expected one 'lat,lon' pair (2 fields), found \(found) field\(found == 1 ? "" : "s")"
        case .notANumber(let field):
            let text = field == 0 ? latitudeText(line, bytes) : longitudeText(line, bytes)
            message = "'\(text)' is not a number (\(field == 0 ? "latitude" : "longitude"))"
        }
        if let message {
            errors.write("Error: line \(line.number): \(message)\n")
        }
        switch format {
        case .text, .csv:
            appendField(line, first: true, bytes, &output)
            output.append(UInt8(ascii: ","))
            appendField(line, first: false, bytes, &output)
            output.append(UInt8(ascii: ","))
            if let cell {
                Self.appendInteger(cell.nx, &output)
                output.append(UInt8(ascii: ","))
                Self.appendInteger(cell.ny, &output)
            } else {
                output.append(UInt8(ascii: ","))
            }
            output.append(UInt8(ascii: "\n"))
        case .json:
            var members: [(String, String)] = [("line", String(line.number))]
            if case .none = line.problem {
                members.append(("lat", JSONText.number(point.latitude)))
                members.append(("lon", JSONText.number(point.longitude)))
            } else {
                members.append(("lat", JSONText.string(latitudeText(line, bytes))))
                members.append(("lon", JSONText.string(longitudeText(line, bytes))))
            }
            if let cell {
                members.append(("nx", String(cell.nx)))
                members.append(("ny", String(cell.ny)))
            } else {
                members.append(("nx", "null"))
                members.append(("ny", "null"))
                members.append(("error", JSONText.string(message ?? "")))
            }
            output.append(contentsOf: Array((JSONText.object(members) + "\n").utf8))
        }
        return message == nil
    }

    private func latitudeText(_ line: Line, _ bytes: UnsafeRawBufferPointer) -> String {
        line.rewritten?.0 ?? String(decoding: UnsafeRawBufferPointer(rebasing: bytes[line.latitude]), as: UTF8.self)
    }

    private func longitudeText(_ line: Line, _ bytes: UnsafeRawBufferPointer) -> String {
        line.rewritten?.1 ?? String(decoding: UnsafeRawBufferPointer(rebasing: bytes[line.longitude]), as: UTF8.self)
    }

    /// Echoes a field as CSV: the input bytes when they need no quoting, else quoted text.
    private func appendField(_ line: Line, first: Bool, _ bytes: UnsafeRawBufferPointer, _ output: inout [UInt8]) {
        if let rewritten = line.rewritten {
            output.append(contentsOf: Array(CSVText.field(first ? rewritten.0 : rewritten.1).utf8))
        } else {
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[first ? line.latitude : line.longitude]))
        }
    }

    // MARK: Lines and fields

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            || byte == 0x0B || byte == 0x0C
    }

    /// The range of `bytes[lo..<hi]` without surrounding whitespace (CR included), plus a
    /// UTF-8 byte order mark at the very start of the input.
    private static func trim(_ bytes: UnsafeRawBufferPointer, _ lo: Int, _ hi: Int) -> (Int, Int) {
        var lo = lo
        var hi = hi
        if lo == 0, hi >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { lo = 3 }
        while lo < hi, isSpace(bytes[lo]) { lo += 1 }
        while hi > lo, isSpace(bytes[hi - 1]) { hi -= 1 }
        return (lo, hi)
    }

    /// Splits a trimmed, non-empty line into its two fields.
    private static func split(_ bytes: UnsafeRawBufferPointer, _ lo: Int, _ hi: Int, number: Int) -> Line {
        var firstComma = -1
        var secondComma = -1
        for index in lo..<hi {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let fields = quotedFields(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[lo..<hi]), as: UTF8.self))
                let problem: Problem = fields.count == 2 ? .none : .fieldCount(fields.count)
                return Line(
                    number: number, rewritten: (fields.first ?? "", fields.count > 1 ? fields[1] : ""),
                    latitude: lo..<lo, longitude: lo..<lo, problem: problem
                )
            }
            if byte == UInt8(ascii: ",") {
                if firstComma < 0 { firstComma = index } else if secondComma < 0 { secondComma = index }
            }
        }
        guard firstComma >= 0, secondComma < 0 else {
            let found = firstComma < 0 ? 1 : countFields(bytes, lo, hi)
            let first = trim(bytes, lo, firstComma < 0 ? hi : firstComma)
            let second = firstComma < 0 ? (hi, hi) : trim(bytes, firstComma + 1, secondComma)
            return Line(number: number, rewritten: nil, latitude: first.0..<first.1, longitude: second.0..<second.1, problem: .fieldCount(found))
        }
        let first = trim(bytes, lo, firstComma)
        let second = trim(bytes, firstComma + 1, hi)
        return Line(number: number, rewritten: nil, latitude: first.0..<first.1, longitude: second.0..<second.1, problem: .none)
    }

    private static func countFields(_ bytes: UnsafeRawBufferPointer, _ lo: Int, _ hi: Int) -> Int {
        var fields = 1
        for index in lo..<hi where bytes[index] == UInt8(ascii: ",") { fields += 1 }
        return fields
    }

    /// RFC 4180 fields of one line: `"37.5","126.9"`, doubled quotes inside quotes.
    static func quotedFields(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var inQuotes = false
        var iterator = Array(line).makeIterator()
        var pending: Character? = nil
        while let character = pending ?? iterator.next() {
            pending = nil
            if inQuotes {
                if character == "\"" {
                    if let following = iterator.next() {
                        if following == "\"" { current.append("\"") } else { inQuotes = false; pending = following }
                    } else {
                        inQuotes = false
                    }
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                inQuotes = true
            } else if character == "," {
                fields.append(current.trimmingSpaces())
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current.trimmingSpaces())
        return fields
    }

    private static func parse(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { DecimalParser.parse(UnsafeRawBufferPointer($0)) }
    }

    /// For the first line with two non-numeric fields: `true` for a `lat,lon` header, `false`
    /// for a `lon,lat` one, `nil` when it is not a header at all (then it is a bad data line).
    private static func header(_ line: Line, _ bytes: UnsafeRawBufferPointer) -> Bool? {
        let first: String
        let second: String
        if let rewritten = line.rewritten {
            (first, second) = rewritten
        } else {
            first = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[line.latitude]), as: UTF8.self)
            second = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[line.longitude]), as: UTF8.self)
        }
        let latitudeNames: Set<String> = ["lat", "latitude", "위도", "y"]
        let longitudeNames: Set<String> = ["lon", "lng", "long", "longitude", "경도", "x"]
        let a = first.lowercased()
        let b = second.lowercased()
        if latitudeNames.contains(a), longitudeNames.contains(b) { return true }
        if longitudeNames.contains(a), latitudeNames.contains(b) { return false }
        return nil
    }

    /// Appends a non-negative integer's decimal digits.
    private static func appendInteger(_ value: Int, _ output: inout [UInt8]) {
        if value >= 100 { output.append(UInt8(ascii: "0") + UInt8(value / 100)) }
        if value >= 10 { output.append(UInt8(ascii: "0") + UInt8(value / 10 % 10)) }
        output.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
