/// The wind code (`WSD`) of the short-term forecast's extended days (see
/// ``ForecastProduct/isExtendedDay(base:forecastDate:)``), and the same classes for a speed.
///
/// | code | Korean | speed |
/// |---|---|---|
/// | 1 | 약한 바람 | under 4 m/s |
/// | 2 | 약간 강한 바람 | 4 to under 9 m/s |
/// | 3 | 강한 바람 | 9 m/s or more |
public enum WindStrength: Int, CaseIterable, Hashable, Comparable, Sendable, NamedCode {
    /// 약한 바람: light wind, under 4 m/s. Code 1.
    case light = 1
    /// 약간 강한 바람: moderately strong wind, 4 to under 9 m/s. Code 2.
    case moderate = 2
    /// 강한 바람: strong wind, 9 m/s or more. Code 3.
    case strong = 3


    /// The strength for a KMA code, or `nil` for any other code.
    public init?(code: Int) {
        self.init(rawValue: code)
    }

    /// The class KMA's codes would give a measured speed.
    ///
    /// - Parameter metersPerSecond: A speed in m/s; `nil` for a negative or non-finite one.
    public init?(metersPerSecond speed: Double) {
        guard speed.isFinite, speed >= 0 else { return nil }
        self = speed < 4 ? .light : speed < 9 ? .moderate : .strong
    }

    /// The speeds the code stands for, in m/s (``ForecastUnit/metersPerSecond``).
    public var speed: AmountRange {
        switch self {
        case .light: .lessThan(4)
        case .moderate: .range(4, 9)
        case .strong: .atLeast(9)
        }
    }

    /// The Korean name KMA uses: `약한 바람`, `약간 강한 바람`, `강한 바람`.
    public var koreanName: String {
        switch self {
        case .light: "약한 바람"
        case .moderate: "약간 강한 바람"
        case .strong: "강한 바람"
        }
    }

    /// The English name: `light wind`, `moderately strong wind`, `strong wind`.
    public var englishName: String {
        switch self {
        case .light: "light wind"
        case .moderate: "moderately strong wind"
        case .strong: "strong wind"
        }
    }

    /// Orders from light to strong.
    public static func < (lhs: WindStrength, rhs: WindStrength) -> Bool { lhs.rawValue < rhs.rawValue }
}
