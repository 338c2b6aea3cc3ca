/// Removes service keys from text before it is shown, logged or stored.
///
/// Any `serviceKey=…` or `authKey=…` query value (any letter case, encoded or not) is replaced
/// by `REDACTED`, and so is any occurrence of the caller's own key (in its decoded and
/// percent-encoded forms), wherever it appears.
public enum KeyRedaction {
    /// The text that replaces a key.
    public static let placeholder = "REDACTED"

    /// `text` with every key value replaced by ``placeholder``.
    ///
    /// - Parameters:
    ///   - text: A URL, an error message, a response excerpt.
    ///   - keys: Keys known to the caller, removed wherever they appear verbatim.
    public static func redact(_ text: String, keys: [String] = []) -> String {
        var result = text
        for key in keys where key.count >= 4 {
            result = replacingOccurrences(of: key, in: result)
        }
        return redactQueryValues(result)
    }

    /// Replaces the values of `serviceKey=` and `authKey=` parameters (case-insensitive).
    private static func redactQueryValues(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let names: [[UInt8]] = [Array("servicekey=".utf8), Array("authkey=".utf8)]
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        outer: while index < bytes.count {
            for name in names where index + name.count <= bytes.count {
                var matches = true
                for offset in 0..<name.count {
                    var byte = bytes[index + offset]
                    if byte >= 65 && byte <= 90 { byte += 32 }
                    if byte != name[offset] { matches = false; break }
                }
                // Only at the start of a parameter name (not inside a longer word).
                if matches, index == 0 || !isNameByte(bytes[index - 1]) {
                    out.append(contentsOf: bytes[index..<(index + name.count)])
                    index += name.count
                    while index < bytes.count, !isValueEnd(bytes[index]) { index += 1 }
                    out.append(contentsOf: Array(placeholder.utf8))
                    continue outer
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
    }

    private static func isValueEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
            || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }

    private static func replacingOccurrences(of key: String, in text: String) -> String {
        let needle = Array(key.utf8)
        let bytes = Array(text.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if index + needle.count <= bytes.count, bytes[index..<(index + needle.count)].elementsEqual(needle) {
                out.append(contentsOf: Array(placeholder.utf8))
                index += needle.count
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
