/// A validating JSON reader over raw bytes, with just the operations needed to walk a KMA
/// response in one pass: no document tree, no `String` unless the caller asks for one.
///
/// It accepts exactly RFC 8259 JSON (strings with escapes and `\uXXXX` including surrogate
/// pairs, valid UTF-8, numbers by the grammar, nesting up to ``maximumDepth``) and reports the
/// byte offset of the first problem.
struct JSONReader {
    /// The whole body.
    let bytes: UnsafeRawBufferPointer
    /// The next byte to read.
    var position: Int

    /// Deeper nesting than this is refused rather than risking the stack.
    static let maximumDepth = 128

    init(_ bytes: UnsafeRawBufferPointer, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    var count: Int { bytes.count }
    var atEnd: Bool { position >= bytes.count }

    // MARK: Errors

    /// A malformed-JSON error at the current position, saying what was found there.
    func malformed(_ expected: String) -> ForecastResponseError {
        .malformedJSON(offset: position, reason: "\(expected), found \(foundDescription)")
    }

    /// The end of the body: a truncated response.
    var truncated: ForecastResponseError { .truncated(offset: bytes.count) }

    private var foundDescription: String {
        guard position < bytes.count else { return "the end of the body" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    // MARK: Structure

    /// Skips JSON whitespace (space, tab, CR, LF).
    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    /// The next non-whitespace byte, without consuming it.
    @inline(__always)
    mutating func peek() throws(ForecastResponseError) -> UInt8 {
        skipWhitespace()
        guard position < bytes.count else { throw truncated }
        return bytes[position]
    }

    /// Consumes `byte` (after whitespace) or fails, naming `what` was expected.
    @inline(__always)
    mutating func consume(_ byte: UInt8, _ what: StaticString) throws(ForecastResponseError) {
        guard try peek() == byte else { throw malformed("expected \(what)") }
        position += 1
    }

    /// Iterates the members of an object: calls `body` with each key's raw span, positioned at
    /// the member's value; `body` must consume the value.
    mutating func forEachMember(
        _ body: (inout JSONReader, StringSpan) throws(ForecastResponseError) -> Void
    ) throws(ForecastResponseError) {
        try consume(UInt8(ascii: "{"), "'{'")
        if try peek() == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            guard try peek() == UInt8(ascii: "\"") else { throw malformed("expected a key string") }
            let key = try readString()
            try consume(UInt8(ascii: ":"), "':' after a key")
            skipWhitespace()
            try body(&self, key)
            let next = try peek()
            position += 1
            if next == UInt8(ascii: ",") { continue }
            if next == UInt8(ascii: "}") { return }
            position -= 1
            throw malformed("expected ',' or '}' in an object")
        }
    }

    /// Iterates the elements of an array, positioned at each element; `body` must consume it.
    mutating func forEachElement(
        _ body: (inout JSONReader) throws(ForecastResponseError) -> Void
    ) throws(ForecastResponseError) {
        try consume(UInt8(ascii: "["), "'['")
        if try peek() == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            try body(&self)
            let next = try peek()
            position += 1
            if next == UInt8(ascii: ",") { continue }
            if next == UInt8(ascii: "]") { return }
            position -= 1
            throw malformed("expected ',' or ']' in an array")
        }
    }

    /// Skips one value of any kind, validating it.
    mutating func skipValue(depth: Int = 0) throws(ForecastResponseError) {
        guard depth < Self.maximumDepth else { throw malformed("nesting deeper than \(Self.maximumDepth) levels") }
        switch try peek() {
        case UInt8(ascii: "{"):
            try forEachMember { (reader: inout JSONReader, _: StringSpan) throws(ForecastResponseError) in
                try reader.skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "["):
            try forEachElement { (reader: inout JSONReader) throws(ForecastResponseError) in
                try reader.skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "\""):
            _ = try readString()
        case UInt8(ascii: "t"):
            try readLiteral("true")
        case UInt8(ascii: "f"):
            try readLiteral("false")
        case UInt8(ascii: "n"):
            try readLiteral("null")
        default:
            _ = try readNumber()
        }
    }

    /// Consumes `true`, `false` or `null`.
    mutating func readLiteral(_ literal: StaticString) throws(ForecastResponseError) {
        let length = literal.utf8CodeUnitCount
        let start = position
        for offset in 0..<length {
            guard start + offset < bytes.count else { throw truncated }
            guard bytes[start + offset] == literal.utf8Start[offset] else {
                position = start + offset
                throw malformed("expected '\(literal)'")
            }
        }
        position = start + length
    }

    /// Whether the next value is `null` (consumed if so).
    mutating func consumeNull() throws(ForecastResponseError) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try readLiteral("null")
        return true
    }

    // MARK: Strings

    /// The content of a string (between the quotes), and whether it has escapes to decode.
    struct StringSpan {
        var start: Int
        var end: Int
        var hasEscapes: Bool
        var count: Int { end - start }
    }

    /// Reads a string at the current position (which must be its opening quote), validating
    /// escapes, control characters and UTF-8.
    mutating func readString() throws(ForecastResponseError) -> StringSpan {
        position += 1
        let start = position
        var hasEscapes = false
        var nonASCII = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let span = StringSpan(start: start, end: position, hasEscapes: hasEscapes)
                position += 1
                if nonASCII { try validateUTF8(span) }
                return span
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                position += 1
                guard position < bytes.count else { throw truncated }
                switch bytes[position] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 1
                case UInt8(ascii: "u"):
                    position += 1
                    for _ in 0..<4 {
                        guard position < bytes.count else { throw truncated }
                        guard HexDigit.isHexDigit(bytes[position]) else { throw malformed("expected four hex digits after \\u") }
                        position += 1
                    }
                default:
                    throw malformed("expected a valid escape after '\\'")
                }
                continue
            }
            if byte < 0x20 { throw malformed("expected no raw control characters in a string") }
            if byte >= 0x80 { nonASCII = true }
            position += 1
        }
        throw truncated
    }

    /// Checks that a span is valid UTF-8 (no overlong forms, no surrogates, ≤ U+10FFFF).
    func validateUTF8(_ span: StringSpan) throws(ForecastResponseError) {
        var index = span.start
        while index < span.end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            let minimum: UInt32
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(lead & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(lead & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(lead & 0x07)
            default: throw ForecastResponseError.malformedJSON(offset: index, reason: "invalid UTF-8 in a string")
            }
            guard index + length <= span.end else {
                throw ForecastResponseError.malformedJSON(offset: index, reason: "invalid UTF-8 in a string (cut short)")
            }
            for offset in 1..<length {
                let continuation = bytes[index + offset]
                guard continuation & 0xC0 == 0x80 else {
                    throw ForecastResponseError.malformedJSON(offset: index + offset, reason: "invalid UTF-8 in a string")
                }
                scalar = scalar << 6 | UInt32(continuation & 0x3F)
            }
            guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
                throw ForecastResponseError.malformedJSON(offset: index, reason: "invalid UTF-8 in a string")
            }
            index += length
        }
    }

    /// The decoded bytes of a string span (escapes resolved, surrogate pairs joined).
    func decodedBytes(_ span: StringSpan) throws(ForecastResponseError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(span.count)
        var index = span.start
        while index < span.end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(at: index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 6 <= span.end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw ForecastResponseError.malformedJSON(offset: index - 6, reason: "a \\u escape is a lone high surrogate")
                    }
                    let low = hex4(at: index + 2)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw ForecastResponseError.malformedJSON(offset: index, reason: "a high surrogate is not followed by a low surrogate")
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw ForecastResponseError.malformedJSON(offset: index - 6, reason: "a \\u escape is a lone low surrogate")
                }
                Self.appendUTF8(scalar, to: &out)
            default: out.append(escape)  // \" \\ \/
            }
        }
        return out
    }

    /// The string's text.
    func string(_ span: StringSpan) throws(ForecastResponseError) -> String {
        if !span.hasEscapes {
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[span.start..<span.end]), as: UTF8.self)
        }
        return String(decoding: try decodedBytes(span), as: UTF8.self)
    }

    /// Whether a key span spells `literal` (escapes in the key are resolved first).
    func key(_ span: StringSpan, is literal: StaticString) -> Bool {
        if !span.hasEscapes {
            guard span.count == literal.utf8CodeUnitCount else { return false }
            for offset in 0..<span.count where bytes[span.start + offset] != literal.utf8Start[offset] {
                return false
            }
            return true
        }
        guard let decoded = try? decodedBytes(span), decoded.count == literal.utf8CodeUnitCount else { return false }
        for offset in 0..<decoded.count where decoded[offset] != literal.utf8Start[offset] { return false }
        return true
    }

    private func hex4(at index: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 { value = value << 4 | UInt32(HexDigit.value(bytes[index + offset]) ?? 0) }
        return value
    }

    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    // MARK: Numbers

    /// Reads a number by the JSON grammar `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    /// and returns the span of its text.
    mutating func readNumber() throws(ForecastResponseError) -> Range<Int> {
        let start = position
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count else { throw truncated }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[position]) {
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
        } else {
            throw malformed("expected a value")
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            try digits()
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            try digits()
        }
        return start..<position
    }

    private mutating func digits() throws(ForecastResponseError) {
        guard position < bytes.count else { throw truncated }
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) else { throw malformed("expected a digit") }
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
    }

    /// The whole-number value of a number's text (`60`, `-3`, `60.0`, `6e1`), or `nil` if it is
    /// not a whole number that fits in `Int`.
    func integer(_ span: Range<Int>) -> Int? {
        var value = 0
        var index = span.lowerBound
        var negative = false
        if bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
        var plain = true
        while index < span.upperBound {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { plain = false; break }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        if plain { return negative ? -value : value }
        guard let double = DecimalParser.parse(UnsafeRawBufferPointer(rebasing: bytes[span])),
              double == double.rounded(), abs(double) < 9e15 else { return nil }
        return Int(double)
    }
}
