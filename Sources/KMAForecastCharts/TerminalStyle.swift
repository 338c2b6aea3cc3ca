/// ANSI colour for a terminal, or none: colour only when standard output is a terminal and
/// `NO_COLOR` is not set (https://no-color.org), so pipes and files get plain text.
struct TerminalStyle {
    let enabled: Bool

    /// The style for a run: colour when `stdout` is a terminal and `NO_COLOR` is unset or empty.
    init(isTerminal: Bool, environment: [String: String]) {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        enabled = isTerminal && !noColor && environment["TERM"] != "dumb"
    }

    init(enabled: Bool) { self.enabled = enabled }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func cyan(_ text: String) -> String { wrap(text, "36") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func blue(_ text: String) -> String { wrap(text, "34") }

    /// A temperature coloured from blue (freezing) through green to red (hot).
    func temperature(_ text: String, celsius: Double?) -> String {
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
