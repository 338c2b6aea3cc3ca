/// Writing CSV (RFC 4180), the other half of ``CSVRecords``: fields are quoted only when they
/// must be. Every CSV the package writes goes through it (forecast rows, many places, the
/// command line's tables).
package enum CSVText {
    /// A field, quoted when it contains a comma, a quote, or a line break (quotes doubled).
    package static func field(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else {
            return text
        }
        return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }

    /// The UTF-8 byte order mark (EF BB BF) `--bom` puts before a CSV: without it Excel reads a
    /// CSV file as the system's legacy code page (CP949 on a Korean Windows), and Korean names
    /// come out garbled.
    package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// A record: fields joined by commas, ending in a line feed.
    package static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }
}

extension String {
    /// The string with every occurrence of `target` replaced (no Foundation needed).
    package func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
