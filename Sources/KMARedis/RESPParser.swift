/// Reads Redis replies (RESP2 and RESP3) from bytes as they arrive: ``append(_:)`` what the
/// socket gave, then ``next()`` until it says a reply is not complete yet.
///
/// Safe on hostile input: every length is checked against ``RESPLimits`` when it is read,
/// before anything is awaited or allocated for it; numbers are parsed strictly (no sign where
/// none belongs, no overflow); nesting is bounded, so no input can exhaust the stack. A fault
/// is a ``RESPProtocolError`` and never a crash; after one, the parser (and its connection) is
/// done.
///
/// ```swift
/// var parser = RESPParser()
/// parser.append(Array("+PONG\r\n:4".utf8))
/// try parser.next()   // .simpleString("PONG")
/// try parser.next()   // nil: the integer has not ended yet
/// ```
///
/// - Complexity: a reply is scanned again from its start each time more of it arrives, but a
///   bulk string's data is only counted until all of it is there, so a 1 MB value read in
///   64 KiB pieces costs one copy.
public struct RESPParser: Sendable {
    /// The limits replies are held to.
    public let limits: RESPLimits
    private var buffer: [UInt8] = []
    /// Where the next reply starts in `buffer`.
    private var start = 0

    /// A parser with no bytes yet.
    public init(limits: RESPLimits = RESPLimits()) {
        self.limits = limits
    }

    /// The bytes received and not yet read as a reply.
    public var bufferedCount: Int { buffer.count - start }

    /// Adds bytes received from the server.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete reply, or `nil` when the bytes so far end inside one (append more).
    ///
    /// - Throws: ``RESPProtocolError`` when the bytes are not a reply within the limits.
    public mutating func next() throws(RESPProtocolError) -> RESPValue? {
        guard start < buffer.count else { return nil }
        var cursor = start
        var elements = 0
        guard let value = try value(at: &cursor, depth: 0, elements: &elements) else {
            if buffer.count - start > limits.maximumReplyLength { throw .replyTooLong(limit: limits.maximumReplyLength) }
            return nil
        }
        start = cursor
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        }
        return value
    }

    // MARK: - Values

    private func value(at cursor: inout Int, depth: Int, elements: inout Int) throws(RESPProtocolError) -> RESPValue? {
        elements += 1
        if elements > limits.maximumElements { throw .tooManyElements(limit: limits.maximumElements) }
        guard cursor < buffer.count else { return nil }
        let type = buffer[cursor]
        var at = cursor + 1
        let found: RESPValue?
        switch type {
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "("):
            guard let line = try line(at: &at) else { return nil }
            if type == UInt8(ascii: "("), Self.integerText(line) == nil {
                throw .invalidNumber(what: "big number")
            }
            let text = String(decoding: line, as: UTF8.self)
            found = type == UInt8(ascii: "-") ? .error(text) : .simpleString(text)
        case UInt8(ascii: ":"):
            guard let line = try line(at: &at) else { return nil }
            guard let number = Self.integer(line) else { throw .invalidNumber(what: "integer") }
            found = .integer(number)
        case UInt8(ascii: "$"), UInt8(ascii: "!"), UInt8(ascii: "="):
            guard let bytes = try bulk(at: &at) else { return nil }
            switch (type, bytes) {
            case (_, nil): found = .null
            case (UInt8(ascii: "!"), let bytes?): found = .error(String(decoding: bytes, as: UTF8.self))
            case (UInt8(ascii: "="), let bytes?): found = .bulkString(bytes.count >= 4 && bytes[3] == UInt8(ascii: ":") ? Array(bytes[4...]) : bytes)
            case (_, let bytes?): found = .bulkString(bytes)
            }
        case UInt8(ascii: "*"), UInt8(ascii: "~"), UInt8(ascii: ">"), UInt8(ascii: "%"):
            guard let items = try aggregate(at: &at, pairs: type == UInt8(ascii: "%"), depth: depth, elements: &elements) else { return nil }
            found = items.map(RESPValue.array) ?? .null
        case UInt8(ascii: "|"):
            // An attribute: metadata about the reply that follows it; read and dropped. The
            // reply counts a level deeper, so a chain of attributes cannot recurse unbounded.
            guard depth + 1 <= limits.maximumDepth else { throw .nestingTooDeep(limit: limits.maximumDepth) }
            guard try aggregate(at: &at, pairs: true, depth: depth, elements: &elements) != nil else { return nil }
            found = try value(at: &at, depth: depth + 1, elements: &elements)
        case UInt8(ascii: "_"):
            guard let line = try line(at: &at) else { return nil }
            guard line.isEmpty else { throw .malformedValue(what: "null") }
            found = .null
        case UInt8(ascii: "#"):
            guard let line = try line(at: &at) else { return nil }
            switch Array(line) {
            case [UInt8(ascii: "t")]: found = .boolean(true)
            case [UInt8(ascii: "f")]: found = .boolean(false)
            default: throw .malformedValue(what: "boolean")
            }
        case UInt8(ascii: ","):
            guard let line = try line(at: &at) else { return nil }
            guard let number = Double(String(decoding: line, as: UTF8.self)) else { throw .malformedValue(what: "double") }
            found = .double(number)
        default:
            throw .unknownType(type)
        }
        if found != nil { cursor = at }
        return found
    }

    /// A line's bytes without its CRLF, or `nil` when its end has not arrived.
    private func line(at cursor: inout Int) throws(RESPProtocolError) -> ArraySlice<UInt8>? {
        let limit = limits.maximumLineLength
        let end = min(buffer.count, cursor + limit + 1)
        var index = cursor
        while index < end, buffer[index] != UInt8(ascii: "\r") { index += 1 }
        guard index < end else {
            if buffer.count - cursor > limit { throw .lineTooLong(limit: limit) }
            return nil
        }
        guard index + 1 < buffer.count else { return nil }
        guard buffer[index + 1] == UInt8(ascii: "\n") else { throw .missingLineEnd }
        let line = buffer[cursor..<index]
        cursor = index + 2
        return line
    }

    /// A length line: −1 (a null) or 0…`limit`.
    private func length(at cursor: inout Int, what: String) throws(RESPProtocolError) -> Int64? {
        guard let line = try line(at: &cursor) else { return nil }
        guard let length = Self.integer(line) else { throw .invalidNumber(what: what) }
        if length < -1 { throw .negativeLength(length) }
        return length
    }

    /// A bulk string's data (`.some(nil)` for the null), or `nil` when it has not all arrived.
    private func bulk(at cursor: inout Int) throws(RESPProtocolError) -> [UInt8]?? {
        let replyStart = start
        var at = cursor
        guard let length = try length(at: &at, what: "string length") else { return nil }
        if length == -1 {
            cursor = at
            return .some(nil)
        }
        guard length <= Int64(limits.maximumBulkLength) else { throw .bulkTooLong(length: length, limit: limits.maximumBulkLength) }
        let count = Int(length)
        if at - replyStart + count + 2 > limits.maximumReplyLength { throw .replyTooLong(limit: limits.maximumReplyLength) }
        guard buffer.count - at >= count + 2 else { return nil }
        guard buffer[at + count] == UInt8(ascii: "\r"), buffer[at + count + 1] == UInt8(ascii: "\n") else { throw .missingLineEnd }
        cursor = at + count + 2
        return .some(Array(buffer[at..<(at + count)]))
    }

    /// An aggregate's values (`.some(nil)` for the null array), or `nil` when it has not all
    /// arrived. `pairs`: a map, whose count is of key-value pairs.
    private func aggregate(at cursor: inout Int, pairs: Bool, depth: Int, elements: inout Int) throws(RESPProtocolError) -> [RESPValue]?? {
        var at = cursor
        guard let count = try length(at: &at, what: "count") else { return nil }
        if count == -1 {
            cursor = at
            return .some(nil)
        }
        guard depth + 1 <= limits.maximumDepth else { throw .nestingTooDeep(limit: limits.maximumDepth) }
        let total = pairs ? count.multipliedReportingOverflow(by: 2) : (partialValue: count, overflow: false)
        // Checked before the values arrive, so a count of 2³⁰ is refused at once.
        guard !total.overflow, total.partialValue <= Int64(limits.maximumElements - elements) else {
            throw .tooManyElements(limit: limits.maximumElements)
        }
        var items: [RESPValue] = []
        items.reserveCapacity(Int(total.partialValue))
        for _ in 0..<Int(total.partialValue) {
            guard let item = try value(at: &at, depth: depth + 1, elements: &elements) else { return nil }
            items.append(item)
        }
        cursor = at
        return .some(items)
    }

    // MARK: - Numbers

    /// A decimal integer: an optional `-`, then 1 to 19 digits, in `Int64`'s range; `nil`
    /// for anything else (a `+`, spaces, an empty line, an overflow).
    static func integer(_ bytes: ArraySlice<UInt8>) -> Int64? {
        guard let (negative, digits) = integerText(bytes), digits.count <= 19 else { return nil }
        var value: Int64 = 0
        for digit in digits {
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowPlus) = times.subtractingReportingOverflow(Int64(digit &- UInt8(ascii: "0")))
            if overflowTimes || overflowPlus { return nil }
            value = next
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    /// The sign and digits of a decimal integer's text, or `nil`.
    private static func integerText(_ bytes: ArraySlice<UInt8>) -> (negative: Bool, digits: ArraySlice<UInt8>)? {
        let negative = bytes.first == UInt8(ascii: "-")
        let digits = negative ? bytes.dropFirst() : bytes
        guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return (negative, digits)
    }

}
