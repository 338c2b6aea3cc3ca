/// The rain code (`PCP`) of the short-term forecast's extended days (see
/// ``ForecastProduct/isExtendedDay(base:forecastDate:)``): how hard it rains, not how much.
///
/// | code | Korean | rate |
/// |---|---|---|
/// | 1 | 약한 비 | under 3 mm/h |
/// | 2 | 보통 비 | 3 to under 15 mm/h |
/// | 3 | 강한 비 | 15 mm/h or more |
public enum RainIntensity: Int, CaseIterable, Hashable, Comparable, Sendable, NamedCode {
    /// 약한 비: light rain, under 3 mm/h. Code 1.
    case light = 1
    /// 보통 비: moderate rain, 3 to under 15 mm/h. Code 2.
    case moderate = 2
    /// 강한 비: heavy rain, 15 mm/h or more. Code 3.
    case heavy = 3


    /// The intensity for a KMA code, or `nil` for any other code.
    public init?(code: Int) {
        self.init(rawValue: code)
    }

    /// The rate the code stands for, in mm/h (``ForecastUnit/millimetersPerHour``).
    public var rate: AmountRange {
        switch self {
        case .light: .lessThan(3)
        case .moderate: .range(3, 15)
        case .heavy: .atLeast(15)
        }
    }

    /// The Korean name KMA uses: `약한 비`, `보통 비`, `강한 비`.
    public var koreanName: String {
        switch self {
        case .light: "약한 비"
        case .moderate: "보통 비"
        case .heavy: "강한 비"
        }
    }

    /// The English name: `light rain`, `moderate rain`, `heavy rain`.
    public var englishName: String {
        switch self {
        case .light: "light rain"
        case .moderate: "moderate rain"
        case .heavy: "heavy rain"
        }
    }

    /// Orders from light to heavy.
    public static func < (lhs: RainIntensity, rhs: RainIntensity) -> Bool { lhs.rawValue < rhs.rawValue }
}
