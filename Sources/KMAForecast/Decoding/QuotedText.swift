/// Text quoted from a response body into an error message (a gateway's `returnAuthMsg`, API
/// Hub's `message`): safe to print on a terminal and short enough to read.
///
/// Control characters (C0, DEL and C1, escape sequences included) become spaces, runs of
/// whitespace become one space, the ends are trimmed, and text longer than ``limit``
/// characters is cut with `…`. Keys are not this type's business: messages pass through
/// ``KeyRedaction`` when they are shown.
enum QuotedText {
    /// The most characters kept.
    static let limit = 300

    /// `text` cleaned for quoting.
    static func clean(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        var count = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isControl = value < 0x20 || (value >= 0x7F && value < 0xA0)
            if isControl || scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.unicodeScalars.append(" ")
                count += 1
                pendingSpace = false
            }
            guard count < limit else { return out + "…" }
            out.unicodeScalars.append(scalar)
            count += 1
        }
        return out
    }
}
