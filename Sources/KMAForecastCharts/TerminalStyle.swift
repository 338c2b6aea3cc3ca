/// ANSI colour in a text chart, or none. The caller decides: the CLI turns it on when standard
/// output is a terminal and `NO_COLOR` is not set (https://no-color.org); a bot posting text
/// turns it off.
///
/// ```swift
/// let chart = TerminalChart(language: .en, units: .metric, style: TerminalStyle(enabled: false), glyphs: .unicode)
/// ```
public struct TerminalStyle: Sendable, Equatable {
    /// Whether the text carries ANSI colour sequences (`ESC [ … m`).
    public let enabled: Bool

    /// A style with colour on or off.
    public init(enabled: Bool) { self.enabled = enabled }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// `text` in bold.
    package func bold(_ text: String) -> String { wrap(text, "1") }
    /// `text` dimmed (axes, day marks).
    package func dim(_ text: String) -> String { wrap(text, "2") }
    /// `text` in cyan (rain chance).
    package func cyan(_ text: String) -> String { wrap(text, "36") }
    /// `text` in yellow (the temperature line).
    package func yellow(_ text: String) -> String { wrap(text, "33") }
    /// `text` in blue (precipitation).
    package func blue(_ text: String) -> String { wrap(text, "34") }
    /// `text` in bold red (weather warnings in force).
    package func alert(_ text: String) -> String { wrap(text, "1;31") }

    /// A temperature coloured from blue (freezing) through green to red (hot).
    package func temperature(_ text: String, celsius: Double?) -> String {
        guard let celsius else { return text }
        switch celsius {
        case ..<0: return wrap(text, "34")
        case ..<10: return wrap(text, "36")
        case ..<20: return wrap(text, "32")
        case ..<28: return wrap(text, "33")
        default: return wrap(text, "31")
        }
    }
}
