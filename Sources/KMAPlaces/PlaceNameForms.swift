/// The ways a person may type one level of a region's name, as search keys
/// (``PlaceNameFolding``).
///
/// - exact: the official name and its accepted alternatives (``ProvinceNames``, `대정읍` and
///   `마라도` for `대정읍/마라도포함`, `영통구` for `수원시영통구`), and the group name of a
///   numbered dong (`역삼동` for `역삼1동`, `상계동` for `상계6.7동`, `성수동` for
///   `성수1가제1동`, `잠실동` for `잠실본동`) unless a sibling has that name itself (`정자동`
///   beside `정자1동`);
/// - shortened: an exact form without its unit suffix (`종로` for `종로구`, `조치원` for
///   `조치원읍`, `영통` for `수원시영통구`, `역삼` for `역삼1동`), when at least two characters
///   remain, and the start that two districts of one city share (`일산` for `일산동구` and
///   `일산서구`, `마산` for `마산합포구` and `마산회원구`).
struct PlaceNameForms: Sendable {
    /// Keys that name the level exactly.
    var exact: [[UInt16]]
    /// Keys that name it without its unit suffix.
    var shortened: [[UInt16]]

    /// The forms of a name and its alternatives.
    ///
    /// - Parameters:
    ///   - name: The official name, as in the table.
    ///   - alternatives: Other names that count as exact (e.g. province short forms, the
    ///     official English name, ``EnglishPlaceNames``).
    ///   - shortenedAlternatives: Other names that count as shortened (an English city name
    ///     without its `-si`).
    ///   - siblings: The names under the same parent, as keys: a numbered dong's group name
    ///     is left out when one of them is that name.
    init(name: String, alternatives: [String] = [], shortenedAlternatives: [String] = [], siblings: [[UInt16]] = []) {
        let key = PlaceNameFolding.key(name)
        var exact = [key] + alternatives.map { PlaceNameFolding.key($0) }
        exact += Self.slashParts(of: key)
        if let group = Self.groupName(of: key), !siblings.contains(group) { exact.append(group) }
        self.init(exact: exact, shortened: shortenedAlternatives.map { PlaceNameFolding.key($0) })
    }

    /// The forms of a level-1 name (시·도): its Korean alternatives (``ProvinceNames``) and its
    /// English names (``EnglishPlaceNames``), all exact.
    static func province(_ name: String) -> PlaceNameForms {
        PlaceNameForms(name: name, alternatives: (ProvinceNames.alternatives[name] ?? []) + (EnglishPlaceNames.province(name)?.exact ?? []))
    }

    /// The forms of a level-2 name that is neither split into city and district: a city's
    /// English name (``EnglishPlaceNames``) is exact with its `-si`, shortened without.
    static func level2(_ name: String, siblings: [[UInt16]]) -> PlaceNameForms {
        let english = EnglishPlaceNames.county(name)
        return PlaceNameForms(name: name, alternatives: english?.exact ?? [], shortenedAlternatives: english?.shortened ?? [], siblings: siblings)
    }

    /// The forms from exact keys; shortened forms are their stems and `shortened`.
    private init(exact: [[UInt16]], shortened extra: [[UInt16]] = []) {
        var unique: [[UInt16]] = []
        for form in exact where !form.isEmpty && !unique.contains(form) { unique.append(form) }
        self.exact = unique
        var shortened: [[UInt16]] = []
        for form in unique.compactMap(Self.stem(of:)) + extra where !unique.contains(form) && !shortened.contains(form) {
            shortened.append(form)
        }
        self.shortened = shortened
    }

    /// A level-2 name made of a city and one of its districts, like `수원시영통구` or
    /// `고양시일산동구`, split into the city (`수원시`, not a region of its own in the table)
    /// and the district (`영통구`, also matched by the whole name). `nil` for other names.
    ///
    /// - Parameters:
    ///   - name: The level-2 name.
    ///   - siblings: The level-2 names of the same province, as keys: the start that the
    ///     district shares with another district of the city is a shortened form of it
    ///     (`일산` for `고양시일산동구` beside `고양시일산서구`).
    static func cityAndDistrict(_ name: String, siblings: [[UInt16]] = []) -> (city: PlaceNameForms, district: PlaceNameForms)? {
        guard let (city, district) = splitCity(PlaceNameFolding.key(name)) else { return nil }
        var shared: [[UInt16]] = []
        for sibling in siblings {
            guard let (otherCity, otherDistrict) = splitCity(sibling), otherCity == city, otherDistrict != district else { continue }
            let start = zip(district, otherDistrict).prefix { $0 == $1 }.map(\.0)
            if start.count >= 2 { shared.append(start) }
        }
        // The city's English name (수원시 → Suwon-si, Suwon), as for a city that is a row.
        let english = EnglishPlaceNames.city(String(decoding: city, as: UTF16.self))
        let cityForms = PlaceNameForms(
            exact: [city] + (english?.exact ?? []).map { PlaceNameFolding.key($0) },
            shortened: (english?.shortened ?? []).map { PlaceNameFolding.key($0) }
        )
        // The district's English name (영통구 → Yeongtong-gu, Yeongtong), as for a county.
        let districtEnglish = EnglishPlaceNames.county(String(decoding: district, as: UTF16.self))
        return (cityForms, PlaceNameForms(
            exact: [district, city + district] + (districtEnglish?.exact ?? []).map { PlaceNameFolding.key($0) },
            shortened: shared + (districtEnglish?.shortened ?? []).map { PlaceNameFolding.key($0) }
        ))
    }

    /// `수원시영통구` → `수원시`, `영통구`: a key that ends in 구 and has a 시 after its second
    /// character and before its last two.
    private static func splitCity(_ key: [UInt16]) -> (city: [UInt16], district: [UInt16])? {
        guard key.last == Unit.gu, key.count >= 5 else { return nil }
        for index in 2..<(key.count - 2) where key[index] == Unit.si {
            return (Array(key[...index]), Array(key[(index + 1)...]))
        }
        return nil
    }

    /// Code units of the suffixes that matter here.
    private enum Unit {
        static let si: UInt16 = 0xC2DC  // 시
        static let gu: UInt16 = 0xAD6C  // 구
        static let ga: UInt16 = 0xAC00  // 가
        static let bon: UInt16 = 0xBCF8  // 본
        static let dong: UInt16 = 0xB3D9  // 동
        static let slash: UInt16 = 0x2F  // /
    }

    /// Unit suffixes of Korean administrative names, longest first.
    private static let suffixes: [[UInt16]] = ["특별자치시", "특별자치도", "특별시", "광역시", "도", "시", "군", "구", "읍", "면", "동", "가", "리"]
        .map { Array($0.utf16) }

    /// `key` without its unit suffix, if at least two characters remain.
    static func stem(of key: [UInt16]) -> [UInt16]? {
        for suffix in suffixes where key.count >= suffix.count + 2 && key.suffix(suffix.count).elementsEqual(suffix) {
            return Array(key.dropLast(suffix.count))
        }
        return nil
    }

    /// `역삼1동` → `역삼동`, `잠실본동` → `잠실동`: the name of a group of numbered dongs,
    /// digits removed with a `가` that follows them, or the `본` ("main") of a name without
    /// digits removed before its final `동`; `nil` for other names.
    static func groupName(of key: [UInt16]) -> [UInt16]? {
        if key.count >= 4, key.suffix(2).elementsEqual([Unit.bon, Unit.dong]), !key.contains(where: PlaceNameFolding.isDigit) {
            return Array(key.dropLast(2)) + [Unit.dong]
        }
        var out: [UInt16] = []
        var index = 0
        while index < key.count {
            guard PlaceNameFolding.isDigit(key[index]) else {
                out.append(key[index])
                index += 1
                continue
            }
            while index < key.count, PlaceNameFolding.isDigit(key[index]) { index += 1 }
            if index < key.count, key[index] == Unit.ga { index += 1 }
        }
        return out.count != key.count && out.count >= 2 ? out : nil
    }

    /// `대정읍/마라도포함` → `대정읍`, `마라도`: the parts of a name with a slash ("포함", "including", dropped).
    private static func slashParts(of key: [UInt16]) -> [[UInt16]] {
        guard key.contains(Unit.slash) else { return [] }
        let including = Array("포함".utf16)
        return key.split(separator: Unit.slash).map { part in
            part.count > including.count + 1 && part.suffix(including.count).elementsEqual(including) ? Array(part.dropLast(including.count)) : Array(part)
        }
    }
}
