import KMAForecast
import KMAForecastText

/// An option a command accepts: `--name <value>` or a flag `--name`.
struct OptionSpec: Sendable {
    /// The long name without dashes, e.g. `lat`.
    let name: String
    /// The value's placeholder, e.g. `lat`; `nil` for a flag that takes no value.
    let valueName: String?
    /// One sentence for `--help`.
    let help: String
    /// The values accepted, for options that are a choice (e.g. `text`, `json`, `csv`).
    let allowedValues: [String]?

    init(_ name: String, value valueName: String? = nil, help: String, allowed: [String]? = nil) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.allowedValues = allowed
    }

    /// `--lat <lat>` or `--demo`, as messages and help show it.
    var display: String {
        valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
    }

    /// The `--format text|json|csv` option that every command takes.
    static let format = OptionSpec(
        "format", value: "format", help: "Output format: text (for people), json or csv (for programs).",
        allowed: OutputFormat.allCases.map(\.rawValue)
    )
}

/// The positional arguments a command accepts (e.g. the files of `parse`).
struct PositionalSpec: Sendable {
    /// The placeholder, e.g. `file`.
    let name: String
    /// One sentence for `--help`.
    let help: String
    /// Whether more than one may be given.
    let repeating: Bool
}

/// A command's interface: its name, help and options. Help text and usage lines are made
/// from it, so they cannot drift from what the parser accepts.
struct CommandSpec: Sendable {
    /// The subcommand's name; empty for the tool itself.
    let name: String
    /// One line: what the command does.
    let abstract: String
    /// Usage lines without the `kma-forecast` prefix.
    let usage: [String]
    /// Longer help text shown after the options (examples, notes).
    let discussion: String?
    /// The options, in help order.
    let options: [OptionSpec]
    /// The positional arguments, if any.
    let positional: PositionalSpec?
    /// The key of its Korean help text (``KoreanHelp``), when it is not ``name``.
    var koreanHelpKey: String?
    /// The values of its Korean notes' `{}` (``KoreanHelp/discussion(_:values:)``), e.g. a table's edition.
    var koreanValues: [String] = []

    /// `kma-forecast grid`.
    var commandPath: String { name.isEmpty ? "kma-forecast" : "kma-forecast \(name)" }

    /// The option with a long name, if the command has it.
    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }

    /// The usage block: `Usage: kma-forecast grid …` and the pointer to `--help`.
    var usageHint: String {
        var lines = usageLines(prefix: "Usage: ")
        lines.append("  See '\(commandPath) --help' for more information.")
        return lines.joined(separator: "\n")
    }

    /// ``usageHint`` in Korean (`--lang ko`).
    var koreanUsageHint: String {
        var lines = usageLines(prefix: "사용법: ", indentWidth: Formatting.displayWidth("사용법: "))
        lines.append("  자세한 내용은 '\(commandPath) --help'를 보세요.")
        return lines.joined(separator: "\n")
    }

    private func usageLines(prefix: String, indentWidth: Int? = nil) -> [String] {
        let indent = String(repeating: " ", count: indentWidth ?? prefix.count)
        return usage.enumerated().map { index, line in
            (index == 0 ? prefix : indent) + commandPath + (line.isEmpty ? "" : " " + line)
        }
    }

    /// The whole `--help` text, 80 columns wide.
    var helpText: String { helpText(width: 80) }

    /// The whole `--help` text, wrapped to `width` terminal columns: option help in a column
    /// beside the options (under them on a narrow terminal), long lines of the discussion
    /// broken at spaces and continued at their indentation; in Korean from ``KoreanHelp``.
    func helpText(width: Int, language: DisplayLanguage = .en) -> String {
        let width = max(30, width), ko = language == .ko, key = koreanHelpKey ?? name
        func korean(_ text: String?, _ english: String) -> String { ko ? text ?? english : english }
        var out = Self.wrap((ko ? KoreanHelp.overview : "OVERVIEW: ") + korean(KoreanHelp.abstract(key), abstract), width: width, continuation: "  ") + "\n\n"
        out += usageLines(prefix: ko ? KoreanHelp.usage : "USAGE: ", indentWidth: Formatting.displayWidth(ko ? KoreanHelp.usage : "USAGE: "))
            .map { Self.wrap($0, width: width, continuation: "         ") }.joined(separator: "\n") + "\n"
        if let positional {
            out += ko ? "\n\(KoreanHelp.arguments)\n" : "\nARGUMENTS:\n"
            out += Self.row("<\(positional.name)>" + (positional.repeating ? " ..." : ""), korean(KoreanHelp.option(positional.name, command: key), positional.help), width: width)
        }
        out += ko ? "\n\(KoreanHelp.options)\n" : "\nOPTIONS:\n"
        for option in options {
            var help = korean(KoreanHelp.option(option.name, command: key), option.help)
            if let allowed = option.allowedValues, !help.contains("(") {
                help += " (\(ko ? KoreanHelp.values : "values: ")\(allowed.joined(separator: ", ")))"
            }
            out += Self.row(option.display, help, width: width)
        }
        out += Self.row("-h, --help", ko ? KoreanHelp.helpOption : "Show help information.", width: width)
        if let discussion = ko ? KoreanHelp.discussion(key, values: koreanValues) ?? discussion : discussion {
            out += "\n" + Self.paragraphs(of: discussion).map { Self.wrapParagraph($0, width: width) }.joined(separator: "\n")
            if !discussion.hasSuffix("\n") { out += "\n" }
        }
        return out
    }

    /// The discussion's logical lines, each to be wrapped once to the terminal's width: the
    /// source text is broken for reading in an editor, not for any terminal, so
    ///
    /// - consecutive lines that start in column 0 are one paragraph (as in Markdown);
    /// - an indented line is kept as written (examples, commands, table rows), except that a
    ///   line indented exactly to a row's text column (`  csv   text…` continued under `text`)
    ///   continues that row; one too wide for the terminal continues 4 columns deeper, so a
    ///   broken command does not read as two;
    /// - blank lines are kept.
    static func paragraphs(of text: String) -> [String] {
        var result: [String] = []
        // The column at which a line continues the last logical line, if one may.
        var continuesAt: Int?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            let indent = line.prefix { $0 == " " }.count
            let isBlank = indent == line.count
            if !isBlank, indent == continuesAt, rowTextColumns(line).isEmpty, let last = result.popLast() {
                result.append(last + " " + line.dropFirst(indent))
                continue
            }
            result.append(line)
            continuesAt = isBlank ? nil : indent == 0 ? 0 : rowTextColumns(line).last
        }
        return result
    }

    /// The columns at which a row's text columns start, after each run of two or more spaces
    /// (`  nowcast      getUltraSrtNcst  every hour…` gives 15 and 32); empty for a line that
    /// is not indented or has no such gap.
    static func rowTextColumns(_ line: String) -> [Int] {
        let characters = Array(line)
        var index = characters.prefix { $0 == " " }.count
        guard index > 0, index < characters.count else { return [] }
        var columns: [Int] = []
        var run = 0
        var column = Formatting.displayWidth(String(characters[..<index]))
        while index < characters.count {
            let character = characters[index]
            if character == " " {
                run += 1
            } else {
                if run >= 2 { columns.append(column) }
                run = 0
            }
            column += Formatting.displayWidth(String(character))
            index += 1
        }
        return columns
    }

    /// One logical line of the discussion wrapped to `width`: a paragraph at its own
    /// indentation (column 0), a row under its text column (the rightmost that leaves 20
    /// columns for text, its padding kept as written), any other indented line 4 deeper.
    static func wrapParagraph(_ line: String, width: Int) -> String {
        guard Formatting.displayWidth(line) > width else { return line }
        let indent = line.prefix { $0 == " " }.count
        guard let column = rowTextColumns(line).last(where: { width - $0 >= 20 }) else {
            let deeper = indent == 0 ? 0 : min(indent + 4, width / 2)
            return wrap(line, width: width, continuation: String(repeating: " ", count: deeper))
        }
        // The row's head, up to its text column, verbatim; the text after it wrapped.
        var head = ""
        var rest = Substring(line)
        while Formatting.displayWidth(head) < column, let first = rest.first {
            head.append(first)
            rest = rest.dropFirst()
        }
        return Formatting.wrap(String(rest), width: width, first: head, continuation: String(repeating: " ", count: column), breakingWords: false)
    }

    /// `line` broken at spaces so that no piece is wider than `width` (a word wider than the
    /// width is broken inside), later pieces starting with `continuation`.
    static func wrap(_ line: String, width: Int, continuation: String) -> String {
        guard Formatting.displayWidth(line) > width else { return line }
        let indent = String(line.prefix { $0 == " " })
        return Formatting.wrap(String(line.dropFirst(indent.count)), width: width, first: indent, continuation: continuation, breakingWords: false)
    }

    /// One aligned help row, wrapping long help text under itself; on a terminal narrower
    /// than 60 columns the help goes under the option.
    private static func row(_ label: String, _ help: String, width: Int) -> String {
        let column = width >= 60 ? 26 : 6
        var lines: [String] = []
        var current = ""
        for word in help.split(separator: " ") {
            if !current.isEmpty, Formatting.displayWidth(current) + 1 + Formatting.displayWidth(String(word)) > width - column {
                lines.append(current)
                current = String(word)
            } else {
                current += current.isEmpty ? String(word) : " " + word
            }
        }
        if !current.isEmpty { lines.append(current) }
        let head = "  " + label
        var out = ""
        if head.count < column {
            out += head + String(repeating: " ", count: column - head.count) + (lines.first ?? "") + "\n"
        } else {
            out += head + "\n" + String(repeating: " ", count: column) + (lines.first ?? "") + "\n"
        }
        for line in lines.dropFirst() {
            out += String(repeating: " ", count: column) + line + "\n"
        }
        return out
    }
}
