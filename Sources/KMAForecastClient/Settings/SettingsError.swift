/// Why the settings give no client: the one set of messages the command line and the MCP
/// server show for a setting (each face adds only how to change a setting there: a flag, or
/// the MCP client's `env`).
package enum SettingsError: Error, Hashable, Sendable {
    /// Where a setting came from.
    package enum Source: Hashable, Sendable {
        /// A command-line option, as the usage shows it: `--max-requests <n>`.
        case flag(String)
        /// An environment variable.
        case environment(EnvironmentVariable)

        /// `'--max-requests <n>'`, `KMA_MAX_REQUESTS`.
        package var name: String {
            switch self {
            case .flag(let display): "'\(display)'"
            case .environment(let variable): variable.rawValue
            }
        }

        /// `--service-key`, `KMA_SERVICE_KEY`: the name without quotes or value.
        package var bareName: String {
            switch self {
            case .flag(let display): String(display.prefix { $0 != " " })
            case .environment(let variable): variable.rawValue
            }
        }
    }

    /// No key. `gridOperation`: the API Hub grid operation a field needs, `nil` for the
    /// forecast services.
    case missingKey(gridOperation: String?)
    /// The key cannot be used (the reason never quotes it).
    case invalidKey(Source, reason: String)
    /// A provider that is neither `data.go.kr` nor `apihub`.
    case invalidProvider(String, Source)
    /// A value that is not what the setting takes: the value, where it came from, what it
    /// must be (`a number of requests, a whole number in 0...2147483647`).
    case invalidValue(String, Source, expected: String)
    /// A value out of the setting's range: the value, where it came from, the sentence
    /// (`a number of requests must be in 0...2147483647`).
    case outOfRange(String, Source, rule: String)
    /// Two settings that exclude each other, both given.
    case conflicting(String, String)
    /// The client refused the configuration (a service URL that is not http(s), …).
    case client(ForecastClientError)

    /// How to get a key for the forecast services, one sentence.
    package static let keyInstructions = "Get a key: sign in at https://www.data.go.kr, open 기상청_단기예보 조회서비스 "
        + "(https://www.data.go.kr/data/15084084/openapi.do) and apply for use (활용신청); "
        + "the key is on your My Page (a new key, or a new 활용신청, can take an hour or more to become active)."

    /// Whether the error is about a value the person typed (a flag), or a number that is not
    /// one a setting takes (a flag's or a variable's, ``SettingNumber``): a usage error.
    package var isUsage: Bool {
        switch self {
        case .missingKey: false
        case .invalidValue, .outOfRange: true
        case .invalidKey(let source, _), .invalidProvider(_, let source):
            if case .flag = source { true } else { false }
        case .conflicting: true
        case .client(let error): error.stage == .request
        }
    }
}

extension SettingsError: CustomStringConvertible {
    /// The message, e.g. `No KMA service key is set (KMA_SERVICE_KEY). Get a key: …`.
    package var description: String {
        switch self {
        case .missingKey(let operation?):
            "No KMA API Hub key is set (KMA_SERVICE_KEY): whole-country fields come from apihub.kma.go.kr; "
                + "give an API Hub key (authKey) that has applied (활용신청) for \(operation)."
        case .missingKey(nil):
            "No KMA service key is set (KMA_SERVICE_KEY). " + Self.keyInstructions
        case .invalidKey(let source, let reason):
            "\(source.bareName): \(reason)"
        case .invalidProvider(let text, let source):
            "\(source.name) is '\(text)'; use data.go.kr or apihub"
        case .invalidValue(let text, let source, let expected):
            "The value '\(text)' is invalid for \(source.name): expected \(expected)"
        case .outOfRange(let text, let source, let rule):
            "The value '\(text)' is invalid for \(source.name): \(rule)"
        case .conflicting(let first, let second):
            "Give only one of '\(first)' and '\(second)'"
        case .client(let error):
            error.description
        }
    }
}
