/// Which characters the terminal can show: Unicode (braille dots, block elements, box
/// drawing) when the locale's character set is UTF-8, plain ASCII otherwise.
///
/// The locale is the first of `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not empty, as
/// the C library reads it; with none set the locale is `C` (POSIX), whose character set is ASCII.
enum TerminalGlyphs: Sendable, Equatable {
    /// Braille, blocks and box drawing.
    case unicode
    /// `*`, `#`, `|`, `-` and `+` only.
    case ascii

    /// The glyphs the environment's locale can show.
    static func forLocale(_ environment: [String: String]) -> TerminalGlyphs {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let folded = value.lowercased()
            return folded.contains("utf-8") || folded.contains("utf8") ? .unicode : .ascii
        }
        return .ascii
    }
}
