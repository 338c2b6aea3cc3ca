/// 강수형태 (`PTY`): the kind of precipitation. The codes differ by product.
///
/// | code | short-term | ultra-short, nowcast |
/// |---|---|---|
/// | 0 | 없음 none | 없음 none |
/// | 1 | 비 rain | 비 rain |
/// | 2 | 비/눈 rain and snow | 비/눈 rain and snow |
/// | 3 | 눈 snow | 눈 snow |
/// | 4 | 소나기 shower | — |
/// | 5 | — | 빗방울 drizzle |
/// | 6 | — | 빗방울눈날림 drizzle and snow flurries |
/// | 7 | — | 눈날림 snow flurries |
///
/// The two tables never give one code two meanings, so a code read without its product
/// (``init(code:product:)`` with `nil`) is still unambiguous; with a product, a code the
/// product does not use is rejected.
public enum PrecipitationType: Int, CaseIterable, Hashable, Sendable, NamedCode {
    /// 없음: no precipitation, code 0. (Not named `none`, which would be taken for
    /// `Optional.none` wherever a type is optional.)
    case noPrecipitation = 0
    /// 비: rain, code 1.
    case rain = 1
    /// 비/눈: rain and snow (sleet), code 2.
    case rainAndSnow = 2
    /// 눈: snow, code 3.
    case snow = 3
    /// 소나기: shower, code 4 (short-term only).
    case shower = 4
    /// 빗방울: drizzle, code 5 (ultra-short and nowcast only).
    case drizzle = 5
    /// 빗방울눈날림: drizzle and snow flurries, code 6 (ultra-short and nowcast only).
    case drizzleAndSnowFlurries = 6
    /// 눈날림: snow flurries, code 7 (ultra-short and nowcast only).
    case snowFlurries = 7


    /// The type for a code as a product uses it.
    ///
    /// - Parameters:
    ///   - code: The `PTY` value.
    ///   - product: The product the value came from; `nil` accepts every code of either table.
    /// - Returns: `nil` for a code the product does not define (4 in the ultra-short forecast,
    ///   5–7 in the short-term forecast, anything outside 0...7).
    public init?(code: Int, product: ForecastProduct?) {
        guard let type = PrecipitationType(rawValue: code) else { return nil }
        if let product, !type.isUsed(by: product) { return nil }
        self = type
    }

    /// Whether a product's table has this code.
    public func isUsed(by product: ForecastProduct) -> Bool {
        switch self {
        case .noPrecipitation, .rain, .rainAndSnow, .snow: true
        case .shower: product == .shortTerm
        case .drizzle, .drizzleAndSnowFlurries, .snowFlurries: product != .shortTerm
        }
    }

    /// The Korean name KMA uses: `없음`, `비`, `비/눈`, `눈`, `소나기`, `빗방울`, `빗방울눈날림`, `눈날림`.
    public var koreanName: String {
        switch self {
        case .noPrecipitation: "없음"
        case .rain: "비"
        case .rainAndSnow: "비/눈"
        case .snow: "눈"
        case .shower: "소나기"
        case .drizzle: "빗방울"
        case .drizzleAndSnowFlurries: "빗방울눈날림"
        case .snowFlurries: "눈날림"
        }
    }

    /// The English name: `none`, `rain`, `rain and snow`, `snow`, `shower`, `drizzle`,
    /// `drizzle and snow flurries`, `snow flurries`.
    public var englishName: String {
        switch self {
        case .noPrecipitation: "none"
        case .rain: "rain"
        case .rainAndSnow: "rain and snow"
        case .snow: "snow"
        case .shower: "shower"
        case .drizzle: "drizzle"
        case .drizzleAndSnowFlurries: "drizzle and snow flurries"
        case .snowFlurries: "snow flurries"
        }
    }
}
