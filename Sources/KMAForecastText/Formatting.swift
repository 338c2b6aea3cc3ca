import KMAForecast

/// Numbers, coordinates and column widths for people, without Foundation's locale machinery
/// (`package`: the CLI's views and the charts share it).
package enum Formatting {
    /// `value` rounded to `decimals` places, e.g. `fixed(37.57987, 4)` → `37.5799`.
    /// Trailing zeros are kept so columns line up.
    package static func fixed(_ value: Double, _ decimals: Int) -> String {
        NumberText.fixed(value, decimals: decimals, trimmingZeros: false)
    }

    /// A latitude for people: `37.5665°N` (or °S).
    package static func latitude(_ value: Double, decimals: Int = 4) -> String {
        fixed(abs(value), decimals) + (value < 0 ? "°S" : "°N")
    }

    /// A longitude for people: `126.9780°E` (or °W).
    package static func longitude(_ value: Double, decimals: Int = 4) -> String {
        fixed(abs(value), decimals) + (value < 0 ? "°W" : "°E")
    }

    /// `text` padded with spaces on the right to `width` display columns (Hangul and other
    /// wide characters count as two).
    package static func padRight(_ text: String, _ width: Int) -> String {
        let columns = displayWidth(text)
        return columns >= width ? text : text + String(repeating: " ", count: width - columns)
    }

    /// `text` padded with spaces on the left to `width` display columns.
    package static func padLeft(_ text: String, _ width: Int) -> String {
        let columns = displayWidth(text)
        return columns >= width ? text : String(repeating: " ", count: width - columns) + text
    }

    /// The number of terminal columns `text` takes: East Asian wide characters count two,
    /// ANSI escape sequences (colour) count nothing.
    package static func displayWidth(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                continue
            }
            if scalar.value == 0x1B {
                inEscape = true
                continue
            }
            let v = scalar.value
            if v < 0x20 || (0x300...0x36F).contains(v) || v == 0x200B { continue }
            let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v)
                || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v)
                || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
                || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v)
            width += wide ? 2 : 1
        }
        return width
    }

    /// `text` with the spaces at the end of each line removed (line breaks kept).
    package static func trimmingTrailingSpaces(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.last == " " ? String(line.reversed().drop { $0 == " " }.reversed()) : String(line) }
            .joined(separator: "\n")
    }
}
