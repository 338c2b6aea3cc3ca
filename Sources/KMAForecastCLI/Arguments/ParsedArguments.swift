import KMAForecastClient
import KMAPlaces
import KMAForecast
import KMAForecastText

/// The arguments of one command, parsed against its ``CommandSpec``, with typed accessors
/// whose errors use swift-argument-parser's wording.
struct ParsedArguments: Sendable {
    let spec: CommandSpec
    /// The last value given for each option.
    private(set) var values: [String: String] = [:]
    /// Every option value given, in command-line order (for options that may repeat, e.g.
    /// `--place A --place B`).
    private(set) var occurrences: [(name: String, value: String)] = []
    /// The flags given.
    private(set) var flags: Set<String> = []
    /// The positional arguments, in order.
    private(set) var positionals: [String] = []
    /// Whether `-h`/`--help` was given.
    private(set) var wantsHelp = false

    /// Parses arguments for a command.
    ///
    /// Accepts `--name value`, `--name=value`, flags, `-h`/`--help`, `--` (everything after is
    /// positional) and `-` (standard input) as a positional. A value may start with `-` when
    /// it is a number (`--lon -70.5`).
    ///
    /// - Throws: ``CLIError/usage(_:)`` for an unknown option, a missing value, a value for a
    ///   flag, or a positional argument the command does not take.
    static func parse(_ arguments: [String], spec: CommandSpec) throws(CLIError) -> ParsedArguments {
        var result = ParsedArguments(spec: spec)
        // --help wins over any other problem, as in swift-argument-parser.
        if contains(flag: ["--help", "-h"], in: arguments, spec: spec) {
            result.wantsHelp = true
            return result
        }
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                try result.addPositional(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            guard argument.hasPrefix("--") else {
                if isNumber(argument) {
                    try result.addPositional(argument)
                    continue
                }
                throw .usage("Unknown option '\(argument)'" + suggestion(for: argument, in: spec))
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = spec.option(named: name) else {
                throw .usage("Unknown option '--\(name)'" + suggestion(for: "--" + name, in: spec))
            }
            if option.valueName == nil {
                if let inlineValue {
                    throw .usage("The flag '\(option.display)' does not take a value (got '\(inlineValue)')")
                }
                result.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !looksLikeOption(arguments[index]) {
                value = arguments[index]
                index += 1
            } else {
                throw .usage("Missing value for '\(option.display)'")
            }
            if let allowed = option.allowedValues, !allowed.contains(value) {
                throw .misused("The value '\(value)' is invalid for '\(option.display)'. Please provide one of \(listing(allowed)).", korean: KoreanMessages.text("invalidChoice", value, option.display, listing(allowed, or: "또는")))
            }
            result.values[name] = value
            result.occurrences.append((name, value))
        }
        return result
    }

    private mutating func addPositional(_ argument: String) throws(CLIError) {
        guard let positional = spec.positional, positional.repeating || positionals.isEmpty else {
            throw .usage("Unexpected argument '\(argument)'")
        }
        positionals.append(argument)
    }

    /// Whether one of `flags` (`--help`, `--version`) stands among `arguments` as a flag: not
    /// as the value of one of `spec`'s options that take one (`--place --help` names a place),
    /// and not after `--`.
    static func contains(flag flags: Set<String>, in arguments: [String], spec: CommandSpec) -> Bool {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return false }
            if flags.contains(argument) { return true }
            if argument.hasPrefix("--"), spec.option(named: String(argument.dropFirst(2)))?.valueName != nil { index += 1 }
            index += 1
        }
        return false
    }

    /// Whether an argument is an option name rather than a value (`-70.5` is a value).
    private static func looksLikeOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-" && !isNumber(argument)
    }

    /// Whether text reads as a decimal number, e.g. `-70.5` or `1e3`.
    private static func isNumber(_ text: String) -> Bool { DecimalParser.parse(text) != nil }

    /// " Did you mean '--name'?" for the closest option name, or "".
    private static func suggestion(for argument: String, in spec: CommandSpec) -> String {
        let candidates = spec.options.map { "--" + $0.name } + ["--help"]
        guard let best = Suggestion.closest(to: argument, among: candidates) else { return "" }
        return ". Did you mean '\(best)'?"
    }

    /// `'text', 'json' or 'csv'`.
    static func listing(_ values: [String], or word: String = "or") -> String {
        let quoted = values.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " \(word) " + quoted[quoted.count - 1]
    }

    // MARK: Accessors

    /// Whether an option or flag was given.
    func has(_ name: String) -> Bool { values[name] != nil || flags.contains(name) }

    /// The value of an option, as given.
    func string(_ name: String) -> String? { values[name] }

    /// How many times an option was given.
    func count(_ name: String) -> Int { occurrences.lazy.filter { $0.name == name }.count }

    /// The value of an option as a finite number.
    ///
    /// - Throws: ``CLIError/usage(_:)`` "The value 'x' is invalid for '--lat <lat>': …".
    func double(_ name: String, meaning: String) throws(CLIError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let value = DecimalParser.parse(text), value.isFinite else {
            throw .usage("The value '\(text)' is invalid for '\(display(name))': expected \(meaning)" + LocationInputError.decimalCommaHint(text))
        }
        return value
    }

    /// The value of an option as a whole number in a range, read strictly by the one reader
    /// of numeric settings (``SettingNumber/whole(_:_:in:meaning:)``: digits only).
    ///
    /// - Throws: ``CLIError/usage(_:)`` naming the option, the value and the accepted form.
    func int(_ name: String, range: ClosedRange<Int>, meaning: String) throws(CLIError) -> Int? {
        guard let text = values[name] else { return nil }
        do throws(SettingsError) {
            return try SettingNumber.whole(text, .flag(display(name)), in: range, meaning: meaning)
        } catch {
            throw CLIError(error)
        }
    }

    /// The value of a choice option (allowed values are checked while parsing).
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, default defaultValue: T) -> T where T.RawValue == String {
        values[name].flatMap(T.init(rawValue:)) ?? defaultValue
    }

    /// The output format (`--format`), text unless given.
    var format: OutputFormat { choice("format", default: .text) }

    /// `--lat <lat>` for a name.
    func display(_ name: String) -> String { spec.option(named: name)?.display ?? "--\(name)" }

    /// Fails unless every named option was given.
    func require(_ names: String...) throws(CLIError) {
        for name in names where !has(name) {
            throw .usage("Missing expected argument '\(display(name))'")
        }
    }
}
