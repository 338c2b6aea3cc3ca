import KMAForecast

/// Writing JSON by hand: string escaping and numbers, with no Foundation in the way.
enum JSONText {
    /// `text` as a JSON string literal, quotes included. Escapes `"`, `\`, and control
    /// characters; everything else (Hangul included) is written as UTF-8.
    static func string(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += "\\u" + scalar.value.zeroPadded(toWidth: 4, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }

    /// A finite number in its shortest round-trip form; `null` for NaN or infinity, which
    /// JSON cannot carry.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// An object from ordered key/value pairs whose values are already JSON text.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}
