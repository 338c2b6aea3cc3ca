/// Text from outside (a value KMA sent) made safe to show: control characters written as
/// escapes, and cut to a length a table cell can hold.
///
/// `ESC ]0;…BEL ESC [2J` in a value would retitle and clear the user's terminal; a 100 MB
/// value would bury the forecast.
public enum PrintableText {
    /// Whether a scalar must not reach a terminal as is: C0 controls (line feed included),
    /// DEL, C1 controls, and the bidirectional overrides and isolates (U+202A–U+202E,
    /// U+2066–U+2069) that reorder what follows.
    @inlinable
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// `text` with every control character (``isControl(_:)``) written as a `\u{1B}`-style
    /// escape, cut after `maximumLength` characters (Unicode scalars) with `…`.
    ///
    /// - Complexity: O(`maximumLength`) however long `text` is, when it needs no escapes
    ///   before the cut.
    public static func escaped(_ text: String, maximumLength: Int = .max) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= maximumLength {
                out += "…"
                return out
            }
            if isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }
}
