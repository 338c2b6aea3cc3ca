import KMAForecast
import KMAForecastText

extension MCPTools.Outcome {
    /// The outcome as an agent may read it, through the package's one rule for network text
    /// (``PrintableText``): every control character (ESC, BEL, C1 such as U+009B) and every
    /// bidirectional override or isolate (U+202A–U+202E, U+2066–U+2069) written as a
    /// `\u{1B}`-style escape, in the text (whose own line feeds are kept: they are its lines)
    /// and in every string of the structured result (line feeds included).
    ///
    /// The library escapes network text where it enters its errors
    /// (``ForecastClientError/description``), so the terminal, the JSON and this agree; this is
    /// the last gate for anything else that reaches a result (a value KMA sent, an argument
    /// echoed back).
    var printable: MCPTools.Outcome {
        var out = self
        out.text = PrintableText.safe(text)
        out.structured = structured.map(Self.printable)
        return out
    }

    /// `value` with every string (and member name) escaped.
    static func printable(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(PrintableText.escaped(text))
        case .array(let items): .array(items.map(printable))
        case .object(let members): .object(members.map { (PrintableText.escaped($0.0), printable($0.1)) })
        case .null, .bool, .number: value
        }
    }
}
