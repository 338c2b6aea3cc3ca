/// Which characters a text chart may use: Unicode (braille dots, block elements, box drawing)
/// or plain ASCII, for a terminal or a font that lacks them. The caller decides (the CLI from
/// the locale's character set).
public enum TerminalGlyphs: Sendable, Equatable {
    /// Braille, blocks and box drawing.
    case unicode
    /// `*`, `#`, `|`, `-` and `+` only.
    case ascii
}
