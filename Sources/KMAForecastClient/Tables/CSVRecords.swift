/// Reading CSV (RFC 4180) records from bytes: the reader behind every places table
/// (``PlacesTable``: the command line's `--input` and `field --input`, and an app's own file).
///
/// - A record ends at a line break outside quotes: LF, CRLF or CR.
/// - A field in double quotes may hold commas and line breaks (kept as written); `""` inside
///   it is one `"`. Spaces and tabs around a field are not part of it (`  "a b"  ` is `a b`,
///   ` 37.5 ` is `37.5`); a quote inside an unquoted field is kept as a character.
/// - A record of nothing but spaces is skipped; a UTF-8 byte order mark at the start is
///   skipped.
/// - The text must be UTF-8: invalid bytes are refused (with the line and the byte), never
///   turned into U+FFFD, so what is echoed is what was given. (A file saved as CP949/EUC-KR,
///   as spreadsheets in Korea often do, is converted with
///   `iconv -f CP949 -t UTF-8 places.csv > places-utf8.csv`.)
package enum CSVRecords {
    /// One record.
    package struct Record: Sendable, Hashable {
        /// The line (from 1) the record starts on.
        package var line: Int
        /// The fields, unquoted.
        package var fields: [String]
        /// The record exactly as given, without its line end (quoted line breaks included).
        package var text: String
    }

    /// Why the bytes are not CSV records (worded for a person by ``PlacesTableError``).
    package enum Failure: Error, Sendable, Hashable {
        /// A byte that is not UTF-8 at `offset` (from 0), on `line`.
        case invalidUTF8(line: Int, offset: Int, byte: UInt8)
        /// A quoted field opened on `line` is never closed.
        case unclosedQuote(line: Int)
    }

    /// The records of `bytes`.
    ///
    /// - Throws: ``Failure``.
    package static func records(_ bytes: [UInt8]) throws(Failure) -> [Record] {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        if let bad = firstInvalidUTF8(bytes, from: start) {
            let line = 1 + lineBreaks(bytes[start..<bad])
            throw .invalidUTF8(line: line, offset: bad, byte: bytes[bad])
        }
        var reader = RecordReader(bytes: bytes, start: start)
        while reader.index < bytes.count {
            if reader.inQuotes { reader.quotedByte() } else { reader.plainByte() }
        }
        if reader.inQuotes { throw .unclosedQuote(line: reader.quoteLine) }
        reader.endRecord(at: bytes.count)
        return reader.records
    }

    /// RFC 4180 read one byte at a time: the records so far, the one being read, and where.
    private struct RecordReader {
        let bytes: [UInt8]
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        /// The line of the next byte, 1-based (inside quotes too).
        var line = 1
        var recordLine = 1
        var recordStart: Int
        /// The next byte.
        var index: Int
        /// The current field was quoted.
        var quoted = false
        var inQuotes = false
        /// Where the open quote was.
        var quoteLine = 1
        /// The record has a non-blank byte.
        var sawContent = false

        init(bytes: [UInt8], start: Int) {
            self.bytes = bytes
            recordStart = start
            index = start
        }

        /// Ends the current field: trailing blanks of an unquoted field dropped.
        mutating func endField() {
            var value = field
            if !quoted {
                while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
            }
            fields.append(String(decoding: value, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            quoted = false
        }

        /// Ends the current record at byte `end`: kept when it has content, with its text.
        mutating func endRecord(at end: Int) {
            endField()
            if sawContent { records.append(Record(line: recordLine, fields: fields, text: String(decoding: bytes[recordStart..<end], as: UTF8.self))) }
            fields.removeAll(keepingCapacity: true)
            sawContent = false
        }

        /// A byte inside quotes: `""` is a quote, `"` closes, anything else (a line break
        /// too) is the field's.
        mutating func quotedByte() {
            let byte = bytes[index], count = bytes.count
            if byte == UInt8(ascii: "\"") {
                if index + 1 < count, bytes[index + 1] == UInt8(ascii: "\"") {
                    field.append(byte)
                    index += 2
                    return
                }
                inQuotes = false
                index += 1
                return
            }
            if byte == 0x0A || (byte == 0x0D && !(index + 1 < count && bytes[index + 1] == 0x0A)) { line += 1 }
            field.append(byte)
            index += 1
        }

        /// A byte outside quotes: a line break (LF, CRLF or CR) ends the record, a comma the
        /// field, a quote at a field's start opens it.
        mutating func plainByte() {
            let byte = bytes[index]
            switch byte {
            case 0x0A, 0x0D:
                endRecord(at: index)
                index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                line += 1
                recordLine = line
                recordStart = index
                return
            case UInt8(ascii: ","):
                sawContent = true
                endField()
            case UInt8(ascii: "\"") where field.isEmpty && !quoted:
                sawContent = true
                quoted = true
                inQuotes = true
                quoteLine = line
            case 0x20, 0x09:
                // Blanks before a field, and after a closing quote, are not part of it.
                if !field.isEmpty && !quoted { field.append(byte) }
            default:
                sawContent = true
                field.append(byte)
            }
            index += 1
        }
    }

    /// Line breaks (LF, CRLF or CR, each one) in some bytes.
    private static func lineBreaks(_ bytes: ArraySlice<UInt8>) -> Int {
        var breaks = 0
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == 0x0A { if previous != 0x0D { breaks += 1 } } else if byte == 0x0D { breaks += 1 }
            previous = byte
        }
        return breaks
    }

    /// The offset of the first byte that is not part of a valid UTF-8 sequence, or `nil`.
    package static func firstInvalidUTF8(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            for offset in 1..<length {
                let next = bytes[index + offset]
                let (lo, hi) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                guard next >= lo && next <= hi else { return index }
            }
            index += length
        }
        return nil
    }
}
