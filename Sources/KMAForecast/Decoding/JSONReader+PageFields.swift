/// The fields of a forecast page as the page walkers read them: scalars as text, integers,
/// fixed-width digit fields and value texts, each error naming the field (and the item).
extension JSONReader {
    /// A string value's text, or a number's text (`resultCode` may come as either).
    mutating func scalarText(_ name: String) throws(ForecastResponseError) -> String {
        switch try peek() {
        case UInt8(ascii: "\""):
            return try string(readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let span = try readNumber()
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[span]), as: UTF8.self)
        default:
            throw .unexpectedShape("'\(name)' is not a string")
        }
    }

    /// A string's or a number's text; `nil` for `null`, an object, an array, `true` or `false`
    /// (which are skipped).
    mutating func optionalScalarText() throws(ForecastResponseError) -> String? {
        switch try peek() {
        case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try scalarText("value")
        default:
            try skipValue()
            return nil
        }
    }

    /// A whole number, sent as a number (`60`) or a string of digits (`"60"`).
    mutating func integerField(_ name: String) throws(ForecastResponseError) -> Int {
        switch try peek() {
        case UInt8(ascii: "\""):
            let span = try readString()
            let text = try string(span)
            guard let value = Int(text) else { throw .unexpectedShape("'\(name)' is \"\(text)\", not a whole number") }
            return value
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let span = try readNumber()
            guard let value = integer(span) else {
                throw .unexpectedShape("'\(name)' is \(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[span]), as: UTF8.self)), not a whole number")
            }
            return value
        default:
            throw .unexpectedShape("'\(name)' is neither a number nor a string of digits")
        }
    }

    /// A date (`YYYYMMDD`) or time (`HHMM`) field: a string of exactly `count` digits, or a
    /// number (KMA sends strings; a re-serialising proxy might not).
    mutating func digitsField(_ name: String, count: Int, item: Int) throws(ForecastResponseError) -> Int {
        if try peek() == UInt8(ascii: "\"") {
            let span = try readString()
            let decoded: [UInt8] = span.hasEscapes ? try decodedBytes(span) : Array(UnsafeRawBufferPointer(rebasing: bytes[span.start..<span.end]))
            guard let value = FixedWidthDigits.value(decoded, count: count) else {
                throw .unexpectedShape("item \(item) has \(name) \"\(String(decoding: decoded, as: UTF8.self))\", expected \(count) digits")
            }
            return value
        }
        let value = try integerField(name)
        guard value >= 0, value < (count == 8 ? 100_000_000 : 10_000) else {
            throw .unexpectedShape("item \(item) has \(name) \(value), expected \(count) digits")
        }
        return value
    }

    /// A value (`fcstValue`/`obsrValue`): the string's text, or a number's text as sent.
    mutating func valueText(_ name: String, item: Int) throws(ForecastResponseError) -> InlineText {
        switch try peek() {
        case UInt8(ascii: "\""):
            let span = try readString()
            if span.hasEscapes {
                return try decodedBytes(span).withUnsafeBytes { InlineText(bytes: $0) }
            }
            return InlineText(bytes: UnsafeRawBufferPointer(rebasing: bytes[span.start..<span.end]))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let span = try readNumber()
            return InlineText(bytes: UnsafeRawBufferPointer(rebasing: bytes[span]))
        default:
            throw .unexpectedShape("item \(item) has a '\(name)' that is neither a string nor a number")
        }
    }
}
