import KMAForecastText

/// Text from outside (KMA's answers, what a user typed, file names) made safe to print on a
/// terminal: control characters shown as escapes, never sent, and lines cut to a length a
/// person can read.
///
/// `ESC ]0;…BEL ESC [2J` quoted from a gateway's error text would retitle and clear the
/// user's terminal; a 120,000-character `--place` echoed whole buries the message.
enum TerminalText {
    /// The longest line printed whole, in characters; longer ones are cut with a note.
    static let maximumLineLength = 1_000

    /// `text` with every control character but the line feed (C0, DEL, C1, and the bidi
    /// overrides that reorder what follows) written as `\u{1B}`-style escapes, and each line
    /// cut to ``maximumLineLength`` characters with "… (N more characters)".
    static func safe(_ text: String) -> String {
        var needsWork = false
        for scalar in text.unicodeScalars where isUnsafe(scalar) {
            needsWork = true
            break
        }
        if !needsWork, text.utf8.count <= maximumLineLength { return text }
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var out = ""
            var count = 0
            var cut = 0
            for scalar in line.unicodeScalars {
                if count >= maximumLineLength {
                    cut += 1
                    continue
                }
                if isUnsafe(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
                count += 1
            }
            if cut > 0 { out += "… (\(cut) more characters)" }
            lines.append(out)
        }
        return lines.joined(separator: "\n")
    }

    /// `text` on one line: every control character, line feeds and carriage returns included,
    /// written as a `\u{A}`-style escape, and the whole cut to ``maximumLineLength`` characters
    /// with "… (N more characters)".
    ///
    /// For network text inside a line of its own kind: an `Error:` line on standard error, a
    /// CSV or JSON Lines `error` field. A line feed in a gateway's message must not start a
    /// line that reads as another `Error:`, nor a record of its own.
    static func singleLine(_ text: String) -> String {
        var out = ""
        var count = 0
        var cut = 0
        for scalar in text.unicodeScalars {
            if count >= maximumLineLength {
                cut += 1
                continue
            }
            if PrintableText.isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        if cut > 0 { out += "… (\(cut) more characters)" }
        return out
    }

    /// C0 controls but the line feed, DEL, C1 controls, and the bidirectional overrides and
    /// isolates (U+202A–U+202E, U+2066–U+2069).
    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value != 0x0A && PrintableText.isControl(scalar)
    }
}
