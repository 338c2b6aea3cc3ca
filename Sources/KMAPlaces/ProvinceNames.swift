/// The short and former names people use for KMA's level-1 regions (시·도).
///
/// The short forms are the usual ones (서울, 부산, 경기, 충북 …) plus `…시` for the
/// metropolitan cities (서울시, 부산시); the former names are 강원도 (강원특별자치도 since
/// June 2023), 전라북도 (전북특별자치도 since January 2024) and 제주도. Each counts as typing the
/// official name exactly. `광주시` is both 광주광역시 and 경기도 광주시, and is ambiguous.
enum ProvinceNames {
    /// Alternatives by official name, as in KMA's table.
    static let alternatives: [String: [String]] = [
        "서울특별시": ["서울", "서울시"],
        "부산광역시": ["부산", "부산시"],
        "대구광역시": ["대구", "대구시"],
        "인천광역시": ["인천", "인천시"],
        "광주광역시": ["광주", "광주시"],
        "대전광역시": ["대전", "대전시"],
        "울산광역시": ["울산", "울산시"],
        "세종특별자치시": ["세종", "세종시"],
        "경기도": ["경기"],
        "강원특별자치도": ["강원", "강원도"],
        "충청북도": ["충북"],
        "충청남도": ["충남"],
        "전북특별자치도": ["전북", "전라북도"],
        "전라남도": ["전남"],
        "경상북도": ["경북"],
        "경상남도": ["경남"],
        "제주특별자치도": ["제주", "제주도"],
        // 2026-07-01 (전남광주통합특별시 설치를 위한 특별법): its short name 광주특별시 and the
        // agreed name 전남광주특별시. 광주 and 전남 stay the former provinces' (they resolve to it).
        "전남광주통합특별시": ["전남광주특별시", "광주특별시", "전남광주"],
    ]
}
