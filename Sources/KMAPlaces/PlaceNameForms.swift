/// The ways a person may type one level of a region's name, as search keys
/// (``PlaceNameFolding``).
///
/// - exact: the official name and its accepted alternatives (``ProvinceNames``, `대정읍` and
///   `마라도` for `대정읍/마라도포함`, `영통구` for `수원시영통구`);
/// - shortened: an exact form without its unit suffix (`종로` for `종로구`, `조치원` for
///   `조치원읍`, `영통` for `수원시영통구`), when at least two characters remain;
/// - umbrella: the common name of a numbered dong, digits removed (`역삼동` for `역삼1동`,
///   `상계동` for `상계6.7동`, `성수동` for `성수1가제1동`).
struct PlaceNameForms: Sendable {
    /// Keys that name the level exactly.
    var exact: [[UInt16]]
    /// Keys that name it without its unit suffix.
    var shortened: [[UInt16]]
    /// Keys of the common name of a numbered dong.
    var umbrella: [[UInt16]]

    /// The forms of a name and its alternatives.
    ///
    /// - Parameters:
    ///   - name: The official name, as in the table.
    ///   - alternatives: Other names that count as exact (e.g. province short forms).
    init(name: String, alternatives: [String] = []) {
        let key = PlaceNameFolding.key(name)
        var exact = [key] + alternatives.map { PlaceNameFolding.key($0) }
        exact += Self.slashParts(of: key)
        self.init(exact: exact, umbrellaOf: key)
    }

    /// The forms from exact keys; shortened forms are derived, the umbrella only from `umbrellaOf`.
    private init(exact: [[UInt16]], umbrellaOf key: [UInt16]?) {
        var unique: [[UInt16]] = []
        for form in exact where !form.isEmpty && !unique.contains(form) { unique.append(form) }
        self.exact = unique
        var shortened: [[UInt16]] = []
        for form in unique {
            if let stem = Self.stem(of: form), !unique.contains(stem), !shortened.contains(stem) { shortened.append(stem) }
        }
        self.shortened = shortened
        self.umbrella = key.flatMap(Self.umbrella(of:)).map { [$0] } ?? []
    }

    /// A level-2 name made of a city and one of its districts, like `수원시영통구` or
    /// `고양시일산동구`, split into the city (`수원시`, not a region of its own in the table)
    /// and the district (`영통구`, also matched by the whole name). `nil` for other names.
    static func cityAndDistrict(_ name: String) -> (city: PlaceNameForms, district: PlaceNameForms)? {
        let key = PlaceNameFolding.key(name)
        guard key.last == Unit.gu, key.count >= 5 else { return nil }
        for index in 2..<(key.count - 2) where key[index] == Unit.si {
            let city = Array(key[...index])
            let district = Array(key[(index + 1)...])
            return (PlaceNameForms(exact: [city], umbrellaOf: nil), PlaceNameForms(exact: [district, key], umbrellaOf: nil))
        }
        return nil
    }

    /// Code units of the suffixes that matter here.
    private enum Unit {
        static let si: UInt16 = 0xC2DC  // 시
        static let gu: UInt16 = 0xAD6C  // 구
        static let ga: UInt16 = 0xAC00  // 가
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

    /// `역삼1동` → `역삼동`: digits removed, with a `가` that follows them; `nil` if there are none.
    static func umbrella(of key: [UInt16]) -> [UInt16]? {
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
