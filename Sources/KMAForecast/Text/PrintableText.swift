/// Text from outside (a value KMA sent, a gateway's error message, what a user or a model
/// typed, a file name) made safe to show: control characters written as escapes, and cut to
/// a length a person can read. The package's one rule for network text: the decoders' errors
/// (``ForecastResponseError``, ``GridFieldError``: KMA's `resultMsg`, a gateway's or API Hub's
/// message, an HTML title, a body's first bytes), the table cells, the CLI's messages
/// (`TerminalText` is this type) and the MCP server's log all use it. It lives here, below
/// every module that shows text, so that an app using the decoder alone gets the same rule;
/// `KMAForecastText` re-exports it. No Foundation.
///
/// `ESC ]0;…BEL ESC [2J` in a value would retitle and clear the user's terminal; a 100 MB
/// value would bury the forecast; a line feed in a gateway's message must not start a line
/// that reads as another `Error:`.
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
        if append(text.unicodeScalars, to: &out, maximumLength: maximumLength, countingCut: false) > 0 { out += "…" }
        return out
    }

    /// The longest excerpt ``excerpt(_:)`` keeps whole, in characters (Unicode scalars): what a
    /// peer said, quoted inside a sentence of ours, is cut well before ``maximumLineLength`` so
    /// that the advice after it survives a line's cut.
    public static let maximumExcerptLength = 300

    /// `text` on one line, for quoting inside a message: every control character (line feeds,
    /// carriage returns, ESC, NUL, bidirectional overrides) written as a `\u{1B}`-style escape,
    /// cut after ``maximumExcerptLength`` characters with "… (N more characters)".
    ///
    /// ```swift
    /// PrintableText.excerpt("LIMITED\u{1B}[2J\r\nError: x")   // LIMITED\u{1B}[2J\u{D}\u{A}Error: x
    /// ```
    public static func excerpt(_ text: String) -> String {
        var out = ""
        appendCut(append(text.unicodeScalars, to: &out, maximumLength: maximumExcerptLength, countingCut: true), to: &out)
        return out
    }

    /// The longest line ``safe(_:)`` and ``singleLine(_:)`` print whole, in characters
    /// (Unicode scalars); longer ones are cut with "… (N more characters)".
    package static let maximumLineLength = 1_000

    /// `text` with every control character but the line feed written as a `\u{1B}`-style
    /// escape, and each line cut to ``maximumLineLength`` characters with
    /// "… (N more characters)". For network text in a message of several lines.
    package static func safe(_ text: String) -> String {
        var needsWork = false
        for scalar in text.unicodeScalars where scalar.value != 0x0A && isControl(scalar) {
            needsWork = true
            break
        }
        if !needsWork, text.utf8.count <= maximumLineLength { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var out = ""
            appendCut(append(line.unicodeScalars, to: &out, maximumLength: maximumLineLength, countingCut: true), to: &out)
            return out
        }.joined(separator: "\n")
    }

    /// `text` on one line: every control character, line feeds and carriage returns included,
    /// written as a `\u{A}`-style escape, and the whole cut to ``maximumLineLength`` characters
    /// with "… (N more characters)".
    ///
    /// For network text inside a line of its own kind: an `Error:` line on standard error, a
    /// CSV or JSON Lines `error` field. A line feed in a gateway's message must not start a
    /// line that reads as another `Error:`, nor a record of its own.
    package static func singleLine(_ text: String) -> String {
        var out = ""
        appendCut(append(text.unicodeScalars, to: &out, maximumLength: maximumLineLength, countingCut: true), to: &out)
        return out
    }

    /// The one rule: appends `scalars` to `out`, each control character as `\u{1B}`, at most
    /// `maximumLength` of them; returns how many were cut (counted to the end when
    /// `countingCut`, else 1 as soon as one is).
    private static func append(
        _ scalars: some Sequence<Unicode.Scalar>, to out: inout String, maximumLength: Int, countingCut: Bool
    ) -> Int {
        var count = 0
        var cut = 0
        for scalar in scalars {
            if count >= maximumLength {
                cut += 1
                if countingCut { continue } else { break }
            }
            if isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return cut
    }

    private static func appendCut(_ cut: Int, to out: inout String) {
        if cut > 0 { out += "… (\(cut) more characters)" }
    }
}
