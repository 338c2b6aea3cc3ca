extension JSONValueBuilder {
    /// The MCP's words for a number the reader refused at the position: a digit missing after
    /// the sign, the point or the exponent.
    func numberFailure(start: Int) -> JSONValue.ReadError {
        let previous = position > start ? bytes[position - 1] : 0
        if previous == UInt8(ascii: ".") { return failure("expected a digit after '.'") }
        if previous | 0x20 == UInt8(ascii: "e")
            || (position - 1 > start && (previous == UInt8(ascii: "+") || previous == UInt8(ascii: "-"))) {
            return failure("expected a digit in the exponent")
        }
        return failure("expected a digit")
    }

    /// The MCP's words for a string the reader refused (it stopped at the position): the first
    /// problem in reading order, a lone surrogate escape before the place the reader stopped
    /// included, and invalid UTF-8 (checked once the string ends) last.
    func stringFailure(start: Int, _ error: ForecastResponseError) -> JSONValue.ReadError {
        let stop = min(position, bytes.count)
        if let surrogate = surrogateFailure(from: start + 1, to: stop) { return surrogate }
        if case .malformedJSON(let offset, _) = error, offset != position {
            return failure("a string that is not valid UTF-8")
        }
        if let escape = pendingEscape(from: start + 1, to: stop) {
            let isUnicode = escape + 1 < bytes.count && bytes[escape + 1] == UInt8(ascii: "u")
            if isUnicode, escape + 6 > bytes.count { return failure("an incomplete \\u escape", at: escape + 2) }
            if position < bytes.count {
                return isUnicode ? failure("an invalid \\u escape") : failure("an invalid escape", at: position + 1)
            }
        }
        guard position < bytes.count else { return failure("unterminated string", at: bytes.count) }
        return failure("a control character in a string")
    }

    /// The escape that begins before `end` but does not end before it, if any.
    private func pendingEscape(from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end {
            guard bytes[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            let length = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "u") ? 6 : 2
            if index + length > end { return index }
            index += length
        }
        return nil
    }

    /// The first `\u` escape in `start..<end` that is half of a surrogate pair without its
    /// other half, as the MCP has always reported it (at the byte after the escape, or after
    /// the second escape when that is not a low surrogate).
    func surrogateFailure(from start: Int, to end: Int) -> JSONValue.ReadError? {
        var index = start
        while index < end {
            guard bytes[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            guard index + 1 < end, bytes[index + 1] == UInt8(ascii: "u") else {
                index += 2
                continue
            }
            // An escape the reader stopped inside: its own problem stands.
            guard index + 6 <= end, let scalar = hex4(at: index + 2) else { return nil }
            if (0xDC00...0xDFFF).contains(scalar) { return failure("a lone surrogate escape", at: index + 6) }
            guard (0xD800...0xDBFF).contains(scalar) else {
                index += 6
                continue
            }
            guard index + 12 <= bytes.count, bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u") else {
                return failure("a lone surrogate escape", at: index + 6)
            }
            guard let low = hex4(at: index + 8) else { return nil }
            guard (0xDC00...0xDFFF).contains(low) else { return failure("a lone surrogate escape", at: index + 12) }
            index += 12
        }
        return nil
    }

    /// The value of four hex digits at `index`, or `nil` when they are not four hex digits.
    private func hex4(at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = HexDigit.value(bytes[index + offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
