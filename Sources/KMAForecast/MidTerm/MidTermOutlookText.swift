/// A `getMidFcst` answer: the forecaster's outlook text for one station, cut to a size a person
/// reads.
///
/// KMA's outlooks are a few hundred characters over a handful of lines. A longer text (a
/// 200,000-line `wfSv` from a broken or hostile gateway) is cut after ``maximumLines`` lines
/// or ``maximumCharacters`` characters, whichever comes first, and ends with
/// `… (cut: N more lines)`, so every consumer (text, JSON, CSV) shows a bounded text that says
/// it was cut.
public struct MidTermOutlookText: Hashable, Sendable {
    /// The most lines kept: 60.
    public static let maximumLines = 60
    /// The most characters kept (line feeds included): 4,000.
    public static let maximumCharacters = 4_000

    /// The station the answer says it is for (`stnId`, e.g. `109`), `""` when it does not say.
    public var stationID: String
    /// The text (`wfSv`, or `wfSv1` in older answers), whitespace at the ends removed and cut as
    /// described above; `nil` when the answer has none.
    public var text: String?
    /// How many lines were cut off (a line cut in its middle counts), 0 when the text is whole.
    public var cutLines: Int

    /// An outlook; `text` is cut to ``maximumLines`` and ``maximumCharacters``.
    public init(stationID: String, text: String?) {
        self.stationID = stationID
        guard let text else {
            self.text = nil
            cutLines = 0
            return
        }
        let (kept, cut) = Self.cut(text)
        self.text = cut == 0 ? kept : kept + "… (cut: \(cut) more \(cut == 1 ? "line" : "lines"))"
        cutLines = cut
    }

    /// The head of `text` within the limits, and how many lines (whole or begun) are left out.
    ///
    /// - Complexity: O(``maximumCharacters``) characters read as characters, then one byte
    ///   count of line feeds over the rest.
    static func cut(_ text: String) -> (kept: String, cutLines: Int) {
        var lines = 1
        var characters = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\n" || character == "\r\n" {
                if lines == maximumLines { break }
                lines += 1
            }
            if characters == maximumCharacters { break }
            characters += 1
            index = text.index(after: index)
        }
        guard index < text.endIndex else { return (text, 0) }
        let rest = text.utf8[index...]
        // Lines not shown whole: the one cut in its middle (if any) and every line after it
        // (a line feed that ends the text begins none).
        let atBreak = rest.first == UInt8(ascii: "\n") || rest.first == UInt8(ascii: "\r")
        var cut = atBreak ? 0 : 1
        var previous: UInt8 = 0
        for byte in rest {
            if byte == UInt8(ascii: "\n") { cut += 1 }
            previous = byte
        }
        if previous == UInt8(ascii: "\n") { cut -= 1 }
        var kept = String(text[..<index])
        guard cut > 0 else { return (text, 0) }
        while let last = kept.last, last.isNewline { kept.removeLast() }
        return (kept, cut)
    }
}
