/// The official English names of KMA's top-level regions (시·도) and of its cities (시), so
/// that `--place Busan`, `Gyeonggi-do Suwon-si` or `Jeju` find them.
///
/// **Source.** The Revised Romanization of Korean (국어의 로마자 표기법, Ministry of Culture and
/// Tourism notice 2000-8, maintained by the National Institute of Korean Language, 국립국어원),
/// which the Korean government uses for administrative names, with the administrative unit
/// written as a hyphenated suffix (`Gyeonggi-do`, `Suwon-si`), as in the Ministry of the
/// Interior and Safety's English list of local governments; the metropolitan cities are
/// named without a unit (`Busan`, the English their governments use, also `Busan Metropolitan
/// City`), and the two special self-governing provinces by their English names since they
/// were renamed, `Gangwon State` (강원특별자치도, 2023) and `Jeonbuk State` (전북특별자치도,
/// 2024), with their former names `Gangwon-do` and `Jeollabuk-do`.
///
/// **Forms accepted.** Official names and the same without their `-do` / `-si` suffix (or
/// ` State`), folded like Korean names (ASCII case, spaces and hyphens do not matter:
/// `gyeonggi do`, `SUWON-SI`). A province's forms count as exact, as `경기` does. A city's
/// suffixed name is exact and its bare name shortened, as `수원시` and `수원` are; so `Gwangju`
/// is the metropolitan city 광주광역시 (exact) and not 경기도 광주시 (`Gwangju-si`, exact for
/// that one), and `Jeju` is the province, `Jeju-si` the city. Counties (군), districts (구)
/// and the cities not listed take their names' Revised Romanization (``county(_:)``).
enum EnglishPlaceNames {
    /// A region's English name and the forms that find it.
    struct Names: Sendable {
        /// The name to show, e.g. `Gyeonggi-do`, `Suwon-si`.
        let name: String
        /// Forms that name the region exactly (the name included).
        let exact: [String]
        /// Forms that name it without its unit suffix.
        let shortened: [String]
    }

    /// The names of a top-level region by its name in KMA's table.
    static func province(_ korean: String) -> Names? {
        provinces[korean].map { Names(name: $0[0], exact: $0, shortened: []) }
    }

    /// The names of a city (시) by its name in KMA's table (`수원시`, also the city part of
    /// `수원시장안구`).
    static func city(_ korean: String) -> Names? {
        guard let name = cities[korean] else { return nil }
        let bare = name.hasSuffix("-si") ? String(name.dropLast(3)) : name
        return Names(name: name, exact: [name], shortened: bare == name ? [] : [bare])
    }

    /// The names of a county, district or city of the table (a level-2 name, or the district
    /// part of one like `영통구` of `수원시영통구`): a city of ``cities`` by its name there, any
    /// other name ending in 구, 군 or 시 by its stem in the Revised Romanization
    /// (``RevisedRomanization``) and the unit as a suffix (`종로구` → `Jongno-gu`, `가평군` →
    /// `Gapyeong-gun`, `해운대구` → `Haeundae-gu`), as the government and `CLGeocoder` write them.
    /// Exact with the unit, shortened without when the stem has two syllables or more
    /// (`Haeundae`; not `Jung` for 중구, as `중` is not a form of 중구). `nil` for other names.
    static func county(_ korean: String) -> Names? {
        if let names = city(korean) { return names }
        guard let unit = korean.last, let suffix = unitSuffixes[unit], korean.count >= 2,
              !korean.contains("특별"), !korean.contains("광역"),
              let stem = RevisedRomanization.romanized(String(korean.dropLast())) else { return nil }
        let name = stem + suffix
        return Names(name: name, exact: [name], shortened: korean.count >= 3 ? [stem] : [])
    }

    /// The English unit suffixes of the Korean ones.
    static let unitSuffixes: [Character: String] = ["구": "-gu", "군": "-gun", "시": "-si"]

    /// The English name of a place of the table: a province or metropolitan city (depth 1), a
    /// city, county or district (depth 2: `Uijeongbu-si`, `Jongno-gu`, `Suwon-si Yeongtong-gu`);
    /// `nil` for a town (depth 3) or a name that is not Hangul.
    static func name(of levels: [String]) -> String? {
        switch levels.count {
        case 1: return province(levels[0])?.name
        case 2:
            let name = levels[1]
            if name.hasSuffix("구"), let si = name.dropFirst(2).firstIndex(of: "시"), name.index(after: si) < name.index(before: name.endIndex),
               let city = county(String(name[...si])), let district = county(String(name[name.index(after: si)...])) {
                return city.name + " " + district.name
            }
            return county(name)?.name
        default: return nil
        }
    }

    /// The 17 top-level regions: the name to show first, then the other forms.
    static let provinces: [String: [String]] = [
        "서울특별시": ["Seoul"],
        "부산광역시": ["Busan", "Busan Metropolitan City"],
        "대구광역시": ["Daegu", "Daegu Metropolitan City"],
        "인천광역시": ["Incheon", "Incheon Metropolitan City"],
        "광주광역시": ["Gwangju", "Gwangju Metropolitan City"],
        "대전광역시": ["Daejeon", "Daejeon Metropolitan City"],
        "울산광역시": ["Ulsan", "Ulsan Metropolitan City"],
        "세종특별자치시": ["Sejong", "Sejong City"],
        "경기도": ["Gyeonggi-do", "Gyeonggi"],
        "강원특별자치도": ["Gangwon State", "Gangwon-do", "Gangwon"],
        "충청북도": ["Chungcheongbuk-do", "Chungcheongbuk"],
        "충청남도": ["Chungcheongnam-do", "Chungcheongnam"],
        "전북특별자치도": ["Jeonbuk State", "Jeollabuk-do", "Jeonbuk", "Jeollabuk"],
        "전라남도": ["Jeollanam-do", "Jeollanam"],
        "경상북도": ["Gyeongsangbuk-do", "Gyeongsangbuk"],
        "경상남도": ["Gyeongsangnam-do", "Gyeongsangnam"],
        "제주특별자치도": ["Jeju-do", "Jeju", "Jeju Special Self-Governing Province"],
        // 2026-07-01. No English name was found in the law as reported; this is its Revised
        // Romanization (unconfirmed), with the former provinces' English names finding it as
        // their successor.
        "전남광주통합특별시": ["Jeonnam-Gwangju", "Jeonnam Gwangju Special City"],
    ]

    /// Every city (시) of KMA's table (edition 2510: 77), by province.
    static let cities: [String: String] = [
        // 경기도
        "고양시": "Goyang-si", "과천시": "Gwacheon-si", "광명시": "Gwangmyeong-si", "광주시": "Gwangju-si",
        "구리시": "Guri-si", "군포시": "Gunpo-si", "김포시": "Gimpo-si", "남양주시": "Namyangju-si",
        "동두천시": "Dongducheon-si", "부천시": "Bucheon-si", "성남시": "Seongnam-si", "수원시": "Suwon-si",
        "시흥시": "Siheung-si", "안산시": "Ansan-si", "안성시": "Anseong-si", "안양시": "Anyang-si",
        "양주시": "Yangju-si", "여주시": "Yeoju-si", "오산시": "Osan-si", "용인시": "Yongin-si",
        "의왕시": "Uiwang-si", "의정부시": "Uijeongbu-si", "이천시": "Icheon-si", "파주시": "Paju-si",
        "평택시": "Pyeongtaek-si", "포천시": "Pocheon-si", "하남시": "Hanam-si", "화성시": "Hwaseong-si",
        // 강원특별자치도
        "강릉시": "Gangneung-si", "동해시": "Donghae-si", "삼척시": "Samcheok-si", "속초시": "Sokcho-si",
        "원주시": "Wonju-si", "춘천시": "Chuncheon-si", "태백시": "Taebaek-si",
        // 충청북도
        "제천시": "Jecheon-si", "청주시": "Cheongju-si", "충주시": "Chungju-si",
        // 충청남도
        "계룡시": "Gyeryong-si", "공주시": "Gongju-si", "논산시": "Nonsan-si", "당진시": "Dangjin-si",
        "보령시": "Boryeong-si", "서산시": "Seosan-si", "아산시": "Asan-si", "천안시": "Cheonan-si",
        // 전북특별자치도
        "군산시": "Gunsan-si", "김제시": "Gimje-si", "남원시": "Namwon-si", "익산시": "Iksan-si",
        "전주시": "Jeonju-si", "정읍시": "Jeongeup-si",
        // 전라남도
        "광양시": "Gwangyang-si", "나주시": "Naju-si", "목포시": "Mokpo-si", "순천시": "Suncheon-si",
        "여수시": "Yeosu-si",
        // 경상북도
        "경산시": "Gyeongsan-si", "경주시": "Gyeongju-si", "구미시": "Gumi-si", "김천시": "Gimcheon-si",
        "문경시": "Mungyeong-si", "상주시": "Sangju-si", "안동시": "Andong-si", "영주시": "Yeongju-si",
        "영천시": "Yeongcheon-si", "포항시": "Pohang-si",
        // 경상남도
        "거제시": "Geoje-si", "김해시": "Gimhae-si", "밀양시": "Miryang-si", "사천시": "Sacheon-si",
        "양산시": "Yangsan-si", "진주시": "Jinju-si", "창원시": "Changwon-si", "통영시": "Tongyeong-si",
        // 제주특별자치도
        "서귀포시": "Seogwipo-si", "제주시": "Jeju-si",
    ]
}
