import KMAForecast
import KMAForecastText

extension DisplayLanguage {
    /// The language a person's environment asks for: `ko` when `LC_ALL`, `LC_MESSAGES` or
    /// `LANG` (the first that is set) starts with `ko`, else `en`.
    static func preferred(in environment: [String: String]) -> DisplayLanguage {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty {
                return value.lowercased().hasPrefix("ko") ? .ko : .en
            }
        }
        return .en
    }
}

extension DisplayLanguage {
    /// The language a run asks for before (or without) its arguments parsing: `--lang ko`
    /// (or `--lang=ko`) anywhere before `--`, else the environment's (``preferred(in:)``).
    static func requested(_ context: CommandContext) -> DisplayLanguage {
        var arguments = context.arguments[...]
        while let argument = arguments.popFirst(), argument != "--" {
            let value = argument == "--lang" ? arguments.first : argument.hasPrefix("--lang=") ? String(argument.dropFirst(7)) : nil
            if let value, let language = DisplayLanguage(rawValue: value) { return language }
        }
        return preferred(in: context.environment)
    }
}

/// The `--lang` and `--units` options that every view for people takes.
extension OptionSpec {
    static let language = OptionSpec(
        "lang", value: "language", help: "Labels and words in Korean (ko) or English (en). Default: from LANG.",
        allowed: DisplayLanguage.allCases.map(\.rawValue)
    )
    static let units = OptionSpec(
        "units", value: "units", help: "metric (°C, m/s, mm) or imperial (°F, mph, in). Default: metric.",
        allowed: UnitSystem.allCases.map(\.rawValue)
    )
    static let bom = OptionSpec("bom", help: "With --format csv: start with a UTF-8 byte order mark, so that Excel opens Korean names as UTF-8.")
}

extension ParsedArguments {
    /// `--lang`, or the environment's language.
    func language(_ environment: [String: String]) -> DisplayLanguage {
        string("lang").flatMap(DisplayLanguage.init(rawValue:)) ?? .preferred(in: environment)
    }

    /// `--units`, metric unless given.
    var units: UnitSystem { choice("units", default: .metric) }
}
