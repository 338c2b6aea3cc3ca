/// The snow code (`SNO`) of the short-term forecast's extended days (see
/// ``ForecastProduct/isExtendedDay(base:forecastDate:)``): how hard it snows, not how much.
///
/// | code | Korean | rate |
/// |---|---|---|
/// | 1 | 보통 눈 | under 1 cm/h |
/// | 2 | 많은 눈 | 1 cm/h or more |
public enum SnowIntensity: Int, CaseIterable, Hashable, Comparable, Sendable, NamedCode {
    /// 보통 눈: moderate snow, under 1 cm/h. Code 1.
    case moderate = 1
    /// 많은 눈: heavy snow, 1 cm/h or more. Code 2.
    case heavy = 2


    /// The intensity for a KMA code, or `nil` for any other code.
    public init?(code: Int) {
        self.init(rawValue: code)
    }

    /// The rate the code stands for, in cm/h (``ForecastUnit/centimetersPerHour``).
    public var rate: AmountRange {
        switch self {
        case .moderate: .lessThan(1)
        case .heavy: .atLeast(1)
        }
    }

    /// The Korean name KMA uses: `보통 눈`, `많은 눈`.
    public var koreanName: String {
        switch self {
        case .moderate: "보통 눈"
        case .heavy: "많은 눈"
        }
    }

    /// The English name: `moderate snow`, `heavy snow`.
    public var englishName: String {
        switch self {
        case .moderate: "moderate snow"
        case .heavy: "heavy snow"
        }
    }

    /// Orders from moderate to heavy.
    public static func < (lhs: SnowIntensity, rhs: SnowIntensity) -> Bool { lhs.rawValue < rhs.rawValue }
}
