/// Writing JSON by hand: string escaping and numbers, with no Foundation in the way. The one
/// set of JSON rules in the package: the CLI's JSON Lines, its typed documents (through
/// ``JSONTextEncoder``) and the benchmark harness's `--format json` lines all write with it.
package enum JSONText {
    /// `text` as a JSON string literal, quotes included. Escapes `"`, `\`, and every scalar
    /// that could act on a terminal or reorder text when a person reads the JSON (``mustEscape(_:)``:
    /// C0 and C1 controls, DEL, the bidirectional marks, overrides and isolates, the line and
    /// paragraph separators); everything else (Hangul included) is written as UTF-8. The escapes
    /// are JSON's own (`\u009b`), so a program reads back the very text KMA sent.
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
                if mustEscape(scalar) {
                    out += "\\u" + scalar.value.zeroPadded(toWidth: 4, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }

    /// Whether a scalar is written as a `\u` escape, never as itself: every control
    /// ``PrintableText/isControl(_:)`` escapes for a terminal (C0, DEL, C1 with U+009B, the
    /// bidirectional overrides U+202A–U+202E and isolates U+2066–U+2069), and the invisible
    /// marks that still reorder text (LRM U+200E, RLM U+200F, ALM U+061C), and U+2028/U+2029
    /// (line breaks to a JavaScript reader). JSON output is read by people as often as by
    /// programs (`kma-forecast --format json | less`), and escaping costs a program nothing.
    @inlinable
    package static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return PrintableText.isControl(scalar) || value == 0x200E || value == 0x200F || value == 0x061C
            || value == 0x2028 || value == 0x2029
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
