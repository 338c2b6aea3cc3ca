/// Text for SVG pictures (the forecast chart, the grid-field map): one escaping rule.
enum SVGText {
    /// Text made safe inside an SVG element or attribute: `&`, `<`, `>`, `"` and `'` as
    /// entities, and control characters (which XML 1.0 forbids) dropped but for tab and newline.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
