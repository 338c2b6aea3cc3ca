extension JSONValue {
    /// Why a text is not one JSON value, with the byte offset: "unexpected end of the text at
    /// byte 39". The words are the MCP server's (its `-32700` replies quote them).
    package struct ReadError: Error, Sendable, CustomStringConvertible {
        /// The byte offset of the problem, from 0.
        package var offset: Int
        /// What is wrong there, e.g. "expected ':'".
        package var reason: String
        package var description: String { "\(reason) at byte \(offset)" }
    }

    /// The deepest nesting of arrays and objects ``read(_:maximumDepth:)`` accepts by default:
    /// a hostile line of `[[[[…` cannot exhaust the stack.
    package static let maximumDepth = 64

    /// The value of `bytes`, which must hold exactly one JSON text (RFC 8259; whitespace around
    /// it allowed), read with the package's one JSON reader (``JSONReader``): strict (no
    /// comments, no trailing commas, no leading zeros), strings valid UTF-8 (never repaired),
    /// nesting at most `maximumDepth` arrays and objects. Objects keep their members in order,
    /// a key given twice included (lookup takes the last); numbers keep their text.
    package static func read(_ bytes: [UInt8], maximumDepth: Int = JSONValue.maximumDepth) throws(ReadError) -> JSONValue {
        let result = bytes.withUnsafeBytes { raw -> Result<JSONValue, ReadError> in
            var builder = JSONValueBuilder(reader: JSONReader(raw), maximumDepth: maximumDepth)
            do throws(ReadError) {
                return .success(try builder.document())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// Builds a ``JSONValue`` from ``JSONReader``'s tokens: the reader scans and validates
/// whitespace, literals, numbers and strings (escapes, UTF-8, surrogate pairs); the builder adds
/// the tree, the depth limit and the MCP's words for each problem
/// (``JSONValueBuilder+Failures.swift``).
struct JSONValueBuilder {
    var reader: JSONReader
    let maximumDepth: Int

    var position: Int {
        get { reader.position }
        set { reader.position = newValue }
    }

    var bytes: UnsafeRawBufferPointer { reader.bytes }

    func failure(_ reason: String, at offset: Int? = nil) -> JSONValue.ReadError {
        JSONValue.ReadError(offset: offset ?? position, reason: reason)
    }

    mutating func document() throws(JSONValue.ReadError) -> JSONValue {
        reader.skipWhitespace()
        let value = try value(depth: 0)
        reader.skipWhitespace()
        guard reader.atEnd else { throw failure("unexpected text after the JSON value") }
        return value
    }

    private mutating func value(depth: Int) throws(JSONValue.ReadError) -> JSONValue {
        guard !reader.atEnd else { throw failure("unexpected end of the text") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONValue.ReadError) {
        let start = position
        guard start + word.utf8CodeUnitCount <= bytes.count else { throw failure("unexpected end of the text") }
        do throws(ForecastResponseError) {
            try reader.readLiteral(word)
        } catch {
            throw failure("unexpected character", at: start)
        }
    }

    /// Whether the byte at the position (after whitespace) is `byte`; consumed if so.
    private mutating func next(is byte: UInt8) -> Bool {
        reader.skipWhitespace()
        guard !reader.atEnd, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func object(depth: Int) throws(JSONValue.ReadError) -> JSONValue {
        guard depth <= maximumDepth else { throw failure("nested deeper than \(maximumDepth) levels") }
        position += 1
        var members: [(String, JSONValue)] = []
        if next(is: UInt8(ascii: "}")) { return .object(members) }
        while true {
            reader.skipWhitespace()
            guard !reader.atEnd, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let key = try string()
            guard next(is: UInt8(ascii: ":")) else { throw failure("expected ':'") }
            reader.skipWhitespace()
            members.append((key, try value(depth: depth)))
            reader.skipWhitespace()
            guard !reader.atEnd else { throw failure("unexpected end of the text") }
            if next(is: UInt8(ascii: ",")) { continue }
            if next(is: UInt8(ascii: "}")) { return .object(members) }
            throw failure("expected ',' or '}'")
        }
    }

    private mutating func array(depth: Int) throws(JSONValue.ReadError) -> JSONValue {
        guard depth <= maximumDepth else { throw failure("nested deeper than \(maximumDepth) levels") }
        position += 1
        var items: [JSONValue] = []
        if next(is: UInt8(ascii: "]")) { return .array(items) }
        while true {
            reader.skipWhitespace()
            items.append(try value(depth: depth))
            reader.skipWhitespace()
            guard !reader.atEnd else { throw failure("unexpected end of the text") }
            if next(is: UInt8(ascii: ",")) { continue }
            if next(is: UInt8(ascii: "]")) { return .array(items) }
            throw failure("expected ',' or ']'")
        }
    }

    /// A number's text, by the reader's grammar; a leading zero before more digits refused.
    private mutating func number() throws(JSONValue.ReadError) -> String {
        let start = position
        do throws(ForecastResponseError) {
            _ = try reader.readNumber()
        } catch {
            throw numberFailure(start: start)
        }
        let integerStart = bytes[start] == UInt8(ascii: "-") ? start + 1 : start
        if bytes[integerStart] == UInt8(ascii: "0"), integerStart + 1 < bytes.count, Self.isDigit(bytes[integerStart + 1]) {
            var end = integerStart + 1
            while end < bytes.count, Self.isDigit(bytes[end]) { end += 1 }
            throw failure("a number may not start with 0", at: end)
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// A string's text: the reader scans and validates it, then resolves its escapes.
    private mutating func string() throws(JSONValue.ReadError) -> String {
        let start = position
        let span: JSONReader.StringSpan
        do throws(ForecastResponseError) {
            span = try reader.readString()
        } catch {
            throw stringFailure(start: start, error)
        }
        if span.hasEscapes, let surrogate = surrogateFailure(from: span.start, to: span.end) { throw surrogate }
        do throws(ForecastResponseError) {
            return try reader.string(span)
        } catch {
            throw failure("a lone surrogate escape")
        }
    }
}
