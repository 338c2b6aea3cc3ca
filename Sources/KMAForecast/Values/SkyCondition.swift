/// 하늘상태 (`SKY`): how much of the sky is covered.
///
/// KMA's codes since 2019: 1 맑음 (clear), 3 구름많음 (mostly cloudy), 4 흐림 (overcast).
/// Code 2 (구름조금) belonged to the retired service and is not accepted.
///
/// Conditions are ordered from clear to overcast, so `max` gives the cloudier one.
public enum SkyCondition: Int, CaseIterable, Hashable, Comparable, Sendable, NamedCode {
    /// 맑음: clear, code 1.
    case clear = 1
    /// 구름많음: mostly cloudy, code 3.
    case mostlyCloudy = 3
    /// 흐림: overcast, code 4.
    case overcast = 4


    /// The condition for a KMA code, or `nil` for any other code.
    public init?(code: Int) {
        self.init(rawValue: code)
    }

    /// The Korean name KMA uses: `맑음`, `구름많음`, `흐림`.
    public var koreanName: String {
        switch self {
        case .clear: "맑음"
        case .mostlyCloudy: "구름많음"
        case .overcast: "흐림"
        }
    }

    /// The English name: `clear`, `mostly cloudy`, `overcast`.
    public var englishName: String {
        switch self {
        case .clear: "clear"
        case .mostlyCloudy: "mostly cloudy"
        case .overcast: "overcast"
        }
    }

    /// Orders from clear to overcast.
    public static func < (lhs: SkyCondition, rhs: SkyCondition) -> Bool { lhs.rawValue < rhs.rawValue }
}
