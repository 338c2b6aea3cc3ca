/// The KMA office (지방기상청 or 기상지청) that forecasts for a province.
///
/// **Source: unconfirmed.** No official list of the offices' areas was found to cite (the
/// search reached only encyclopaedia pages of 2016, which predate the 대구 and 기상지청
/// reorganisations); the table is KMA's organisation as known to the maintainers (2026-12), one
/// office per province. ``isConfirmed`` is `false` for every entry until an official source is
/// cited in `Fixtures/grid/SOURCES.md`.
public struct ForecastOffice: Hashable, Sendable {
    /// The office's Korean name, e.g. `수도권기상청`.
    public let name: String
    /// Its English name, e.g. `Seoul Metropolitan Office of Meteorology`.
    public let englishName: String
    /// Whether the province → office assignment is confirmed by a cited official source.
    public let isConfirmed: Bool

    /// The office of a province, by the province's name in KMA's table or the 2026 map
    /// (former names too); `nil` for another name (이어도).
    public static func office(forProvince province: String) -> ForecastOffice? {
        offices[province].map { ForecastOffice(name: $0.0, englishName: $0.1, isConfirmed: false) }
    }

    private static let capital = ("수도권기상청", "Seoul Metropolitan Office of Meteorology")
    private static let busan = ("부산지방기상청", "Busan Regional Office of Meteorology")
    private static let gwangju = ("광주지방기상청", "Gwangju Regional Office of Meteorology")
    private static let daejeon = ("대전지방기상청", "Daejeon Regional Office of Meteorology")
    private static let daegu = ("대구지방기상청", "Daegu Regional Office of Meteorology")

    private static let offices: [String: (String, String)] = [
        "서울특별시": capital, "인천광역시": capital, "경기도": capital,
        "강원특별자치도": ("강원지방기상청", "Gangwon Regional Office of Meteorology"), "강원도": ("강원지방기상청", "Gangwon Regional Office of Meteorology"),
        "대전광역시": daejeon, "세종특별자치시": daejeon, "충청남도": daejeon,
        "충청북도": ("청주기상지청", "Cheongju Meteorological Office"),
        "광주광역시": gwangju, "전라남도": gwangju, "전남광주통합특별시": gwangju,
        "전북특별자치도": ("전주기상지청", "Jeonju Meteorological Office"), "전라북도": ("전주기상지청", "Jeonju Meteorological Office"),
        "대구광역시": daegu, "경상북도": daegu,
        "부산광역시": busan, "울산광역시": busan, "경상남도": busan,
        "제주특별자치도": ("제주지방기상청", "Jeju Regional Office of Meteorology"),
    ]
}
