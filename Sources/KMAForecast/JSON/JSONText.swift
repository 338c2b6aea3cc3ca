/// Writing JSON by hand: string escaping and numbers, with no Foundation in the way. The one
/// set of JSON rules in the package: the CLI's JSON Lines, its typed documents (through
/// ``JSONTextEncoder``) and the benchmark harness's `--format json` lines all write with it.
package enum JSONText {
    /// `text` as a JSON string literal, quotes included. Escapes `"`, `\`, and control
    /// characters; everything else (Hangul included) is written as UTF-8.
    package static func string(_ text: String) -> String {
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

    /// A finite number in its shortest round-trip form, whole numbers without `.0` (`10`,
    /// `-1.3`, `1e-07`, `1e+20`), zero as `0` whatever its sign; `null` for NaN or infinity,
    /// which JSON cannot carry.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return wholeWithoutPoint(value == 0 ? "0" : value.description)
    }

    /// A `Float` by the same rules as ``number(_:)-(Double)``, in the `Float`'s own shortest
    /// form (`0.1`, not `0.10000000149011612`).
    package static func number(_ value: Float) -> String {
        guard value.isFinite else { return "null" }
        return wholeWithoutPoint(value == 0 ? "0" : value.description)
    }

    private static func wholeWithoutPoint(_ text: String) -> String {
        text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// An object from ordered key/value pairs whose values are already JSON text.
    package static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}
