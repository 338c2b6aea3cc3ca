/// The three products of KMA's short-term forecast service, named the same everywhere:
/// in this API, on the command line (`--product short-term`) and in the docs.
///
/// | name | operation | base times | available from |
/// |---|---|---|---|
/// | `nowcast` | `getUltraSrtNcst` | every hour, HH00 | HH:10 |
/// | `ultra-short` | `getUltraSrtFcst` | every hour, HH30 | HH:45 |
/// | `short-term` | `getVilageFcst` | 02, 05, 08, 11, 14, 17, 20, 23 h | +10 min |
public enum ForecastProduct: String, CaseIterable, Hashable, Sendable, Codable {
    /// 초단기실황: the observed current conditions at a grid cell (`getUltraSrtNcst`).
    case nowcast = "nowcast"
    /// 초단기예보: hourly forecast for the next 6 hours (`getUltraSrtFcst`).
    case ultraShort = "ultra-short"
    /// 단기예보: the forecast to the end of day +3 or +4 (`getVilageFcst`).
    case shortTerm = "short-term"

    /// The API operation, the last path component of the request URL.
    public var operation: String {
        switch self {
        case .nowcast: "getUltraSrtNcst"
        case .ultraShort: "getUltraSrtFcst"
        case .shortTerm: "getVilageFcst"
        }
    }

    /// The product's Korean name, as KMA writes it.
    public var koreanName: String {
        switch self {
        case .nowcast: "초단기실황"
        case .ultraShort: "초단기예보"
        case .shortTerm: "단기예보"
        }
    }

    /// The product's English name.
    public var englishName: String {
        switch self {
        case .nowcast: "nowcast (current observation)"
        case .ultraShort: "ultra-short-term forecast"
        case .shortTerm: "short-term forecast"
        }
    }

    /// The product for an API operation name (`getVilageFcst` → `.shortTerm`), or `nil`.
    public init?(operation: String) {
        guard let product = Self.allCases.first(where: { $0.operation == operation }) else { return nil }
        self = product
    }

    /// The issuance schedule with KMA's documented availability delays.
    public var schedule: IssuanceSchedule { IssuanceSchedule(product: self) }
}
