/// The weather of an hour as one typed condition, for an app's icons and a person's words:
/// the precipitation type (`PTY`) when something falls, else the sky (`SKY`).
///
/// This is the rule KMA's own pages use: "비" wins over "흐림". An app maps the cases to its
/// symbols; ``koreanName`` and ``englishName`` are the words.
///
/// ```swift
/// switch row.condition {
/// case .clear?: "sun.max"
/// case .rain?, .shower?, .drizzle?: "cloud.rain"
/// default: "cloud"
/// }
/// ```
public enum ForecastCondition: String, CaseIterable, Hashable, Sendable, Codable {
    /// 맑음: clear sky, nothing falling (`SKY` 1, `PTY` 0).
    case clear
    /// 구름많음: mostly cloudy, nothing falling (`SKY` 3).
    case mostlyCloudy
    /// 흐림: overcast, nothing falling (`SKY` 4).
    case overcast
    /// 비: rain (`PTY` 1).
    case rain
    /// 비/눈: rain and snow (`PTY` 2).
    case rainAndSnow
    /// 눈: snow (`PTY` 3).
    case snow
    /// 소나기: shower (`PTY` 4, short-term forecast only).
    case shower
    /// 빗방울: drizzle (`PTY` 5, nowcast and ultra-short only).
    case drizzle
    /// 빗방울눈날림: drizzle and snow flurries (`PTY` 6, nowcast and ultra-short only).
    case drizzleAndSnowFlurries
    /// 눈날림: snow flurries (`PTY` 7, nowcast and ultra-short only).
    case snowFlurries

    /// The condition for a precipitation type and a sky: the type when something falls,
    /// else the sky. `nil` when nothing falls (or the type is unknown) and the sky is unknown:
    /// the nowcast, for one, reports no sky.
    ///
    /// - Parameters:
    ///   - precipitationType: `PTY`, or `nil` when the hour has none.
    ///   - sky: `SKY`, or `nil` when the hour has none.
    public init?(precipitationType: PrecipitationType?, sky: SkyCondition?) {
        switch precipitationType {
        case .rain?: self = .rain
        case .rainAndSnow?: self = .rainAndSnow
        case .snow?: self = .snow
        case .shower?: self = .shower
        case .drizzle?: self = .drizzle
        case .drizzleAndSnowFlurries?: self = .drizzleAndSnowFlurries
        case .snowFlurries?: self = .snowFlurries
        case .noPrecipitation?, nil:
            switch sky {
            case .clear?: self = .clear
            case .mostlyCloudy?: self = .mostlyCloudy
            case .overcast?: self = .overcast
            case nil: return nil
            }
        }
    }

    /// Whether something falls (rain, snow, a shower, drizzle or flurries).
    public var isPrecipitation: Bool {
        switch self {
        case .clear, .mostlyCloudy, .overcast: false
        default: true
        }
    }

    /// The precipitation type when something falls, else `nil`.
    public var precipitationType: PrecipitationType? {
        switch self {
        case .clear, .mostlyCloudy, .overcast: nil
        case .rain: .rain
        case .rainAndSnow: .rainAndSnow
        case .snow: .snow
        case .shower: .shower
        case .drizzle: .drizzle
        case .drizzleAndSnowFlurries: .drizzleAndSnowFlurries
        case .snowFlurries: .snowFlurries
        }
    }

    /// The Korean name KMA uses, e.g. `맑음`, `비`, `빗방울눈날림`.
    public var koreanName: String {
        precipitationType?.koreanName ?? sky.koreanName
    }

    /// The English name, e.g. `clear`, `rain`, `drizzle and snow flurries`.
    public var englishName: String {
        precipitationType?.englishName ?? sky.englishName
    }

    /// The name in a language.
    public func name(in language: DisplayLanguage) -> String {
        language == .ko ? koreanName : englishName
    }

    /// The sky of a dry condition (only read when ``precipitationType`` is `nil`).
    private var sky: SkyCondition {
        switch self {
        case .mostlyCloudy: .mostlyCloudy
        case .overcast: .overcast
        default: .clear
        }
    }
}
