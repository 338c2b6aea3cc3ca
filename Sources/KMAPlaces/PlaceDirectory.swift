/// KMA's grid location table as a directory of places that can be looked up by name.
///
/// ```swift
/// import KMAPlaces
///
/// let place = try PlaceDirectory.kma.place(named: "서울 종로구")
/// print(place.name, place.cell)                        // 서울특별시 종로구 60,127
/// try PlaceDirectory.kma.place(named: "부산").name       // 부산광역시
/// try PlaceDirectory.kma.place(named: "중구")            // throws .ambiguous: 6 regions
/// ```
///
/// **Reading a query.** A query is names from the province down, any level left out and the
/// spaces optional: `종로구`, `서울 종로구 청운효자동`, `서울종로구`, `서울 청운효자동`. Each name
/// may be the official one or an accepted alternative (`서울`, `경기`, `충북`, `강원도`,
/// `영통구` for `수원시영통구`), the city of a district (`고양시` for each of its three
/// districts), the group name of numbered dongs (`역삼동` for `역삼1동` and `역삼2동`), any of
/// these shortened (`종로` for `종로구`, `고양`, `역삼`), or, for the last name only, the start
/// of a name (`청운`); see ``PlaceMatchQuality``. Hangul may be composed (NFC) or decomposed
/// (NFD); spaces, `-` and `_`, the dots in names like `숭의1.3동` (typed `·`, `ㆍ` or `,`), the
/// `제` in `방학제1동`, invisible characters (zero-width space, byte order mark) and ASCII case
/// do not matter. A 10-digit region code is looked up as a code. The 17 top-level regions and
/// the cities (시) also answer to their official English names, with or without the `-do` /
/// `-si` (`Busan`, `Gyeonggi-do`, `Gangwon State`, `Suwon-si`, `Uijeongbu`; see
/// ``Place/englishName``): a province's exactly, a city's exactly with `-si` and shortened
/// without, so `Gwangju` is 광주광역시 and `Gwangju-si` is 경기도 광주시.
///
/// **Choosing one place** (``place(named:)``):
/// 1. Only the matches of the best quality count: exact beats shortened beats partial, at
///    any level (`광주` is 광주광역시, exactly, not 경기도 광주시, shortened).
/// 2. A candidate inside another candidate is dropped: the wider region is the one named
///    (`세종특별자치시` is the city, not its one district of the same name; `고양` is the three
///    districts of 고양시, not 고양동 inside one of them). Of rows with the same full name,
///    the first is kept.
/// 3. One candidate left is the answer; several are ``PlaceLookupError/ambiguous(_:candidates:)``,
///    none is ``PlaceLookupError/notFound(_:suggestions:)`` with the closest names.
///
/// **Cost.** ``kma`` parses the embedded table and builds the index once, on first use
/// (a few milliseconds); a lookup is a binary search per character of the query.
public struct PlaceDirectory: Sendable {
    /// Every place of the table, in the table's order.
    public let places: [Place]
    /// The name search.
    private let index: PlaceIndex
    /// The position of each region code in ``places`` (the current place where a replaced one
    /// had the same code).
    private let positions: [String: Int]
    /// The position of a replaced place whose code its successor kept.
    private let formerPositions: [String: Int]

    /// KMA's grid location table, edition ``kmaEdition`` (3,834 regions), with the map's
    /// changes since (2026: 전남광주통합특별시, 인천's 제물포구, 영종구, 서해구, 검단구, 화성시's
    /// four 구) and the cities the table has only as districts (수원시 …): every region of the
    /// current map, and every replaced one with its successor (``Place/edition``,
    /// ``Place/successorCode``). Embedded in the library: no file or bundle is needed at run
    /// time. Built on first use.
    public static let kma: PlaceDirectory = {
        do {
            let rows = try PlaceTableParser.places(csv: EmbeddedGridTable.csv)
            return PlaceDirectory(places: PlaceMapChanges.apply(PlaceMapChanges.kma, to: rows))
        } catch {
            // The embedded table is checked by KMAPlacesTests; this is a build defect.
            fatalError("The embedded KMA grid table is unreadable (\(error)); regenerate it with Scripts/generate-place-table.py")
        }
    }()

    /// The edition of the embedded table (year and month, YYMM), e.g. `2510`.
    public static let kmaEdition = EmbeddedGridTable.edition

    /// The attribution that KMA's licence (공공누리 제1유형, KOGL type 1) requires wherever
    /// the table's data is used or shown.
    public static let attribution = "출처: 기상청 단기예보 조회서비스 격자 위경도 자료 (KMA grid location table, KOGL type 1)"

    /// A directory of another edition of KMA's table.
    ///
    /// - Parameter csv: The table as CSV: the header `region_code,level1,level2,level3,nx,ny,lon,lat`
    ///   and one region a line (LF or CRLF, no quoting), as `Fixtures/grid/kma_grid_2510.csv`.
    /// - Throws: ``PlaceTableError`` naming the first line that is wrong.
    public init(csv: String) throws(PlaceTableError) {
        self.init(places: try PlaceTableParser.places(csv: csv))
    }

    /// A directory of places as given (codes unique; a successor named by code).
    init(places: [Place]) {
        self.places = places
        self.index = PlaceIndex(places: places)
        var positions: [String: Int] = [:]
        var formerPositions: [String: Int] = [:]
        positions.reserveCapacity(places.count)
        for (position, place) in places.enumerated() {
            if let earlier = positions[place.regionCode], !places[earlier].isCurrent, place.isCurrent {
                formerPositions[place.regionCode] = earlier
            } else if positions[place.regionCode] != nil {
                continue
            }
            positions[place.regionCode] = position
        }
        self.positions = positions
        self.formerPositions = formerPositions
    }

    /// The one place a name means, by the rule in the type's documentation.
    ///
    /// - Parameter name: A region name as a person types it, e.g. `종로구`, `서울 종로`, `부산`.
    /// - Returns: The place of the current map, with KMA's cell for it: a name or code of a
    ///   replaced place (광주광역시 동구, 2911000000) gives its successor (``lookup(_:)`` says so).
    /// - Throws: ``PlaceLookupError/ambiguous(_:candidates:)`` with every candidate, or
    ///   ``PlaceLookupError/notFound(_:suggestions:)`` with the closest names.
    public func place(named name: String) throws(PlaceLookupError) -> Place {
        try lookup(name).place
    }

    /// The one place a name or code means, like ``place(named:)``, and the replaced place the
    /// query named, if it named one: `광주광역시 동구` (until 2026-06-30) is
    /// `전남광주통합특별시 동구`, and the answer says so.
    ///
    /// - Throws: ``PlaceLookupError``, as ``place(named:)``.
    public func lookup(_ name: String) throws(PlaceLookupError) -> PlaceLookup {
        let matches = search(name)
        guard let best = matches.first?.quality else {
            throw .notFound(name, suggestions: suggestions(for: name))
        }
        var found: [(place: Place, named: Place)] = []
        for match in matches where match.quality == best {
            // A replaced place stands for its successor; the wider region is the one named (a
            // candidate inside another is dropped; of the same full name the first is kept).
            let place = current(match.place)
            if found.contains(where: { $0.place.contains(place) }) { continue }
            found.removeAll { place.contains($0.place) }
            found.append((place, match.place))
        }
        guard found.count == 1 else { throw .ambiguous(name, candidates: found.map(\.place)) }
        var named = found[0].named
        // A code a moved town kept (its new one unknown) names the former row too.
        let key = PlaceNameFolding.key(name)
        if key.count == 10, key.allSatisfy(PlaceNameFolding.isDigit), let former = formerPositions[String(decoding: key.map { UInt8($0) }, as: UTF8.self)] {
            named = places[former]
        }
        return PlaceLookup(place: found[0].place, replaced: named == found[0].place ? nil : named)
    }

    /// The place of the current map that `place` is: itself, or its successor's successor …
    /// (a superseded place's ``Place/successorCode``, followed).
    public func current(_ place: Place) -> Place {
        var place = place
        var steps = 0
        while let code = place.successorCode, let next = self.place(regionCode: code), steps < 8 {
            place = next
            steps += 1
        }
        return place
    }

    /// The districts of a city the table has only as districts (수원시: 장안구, 권선구, 팔달구,
    /// 영통구), or of a city with districts (화성시 since 2026-02-01); empty for other places.
    public func parts(of place: Place) -> [Place] {
        guard place.depth == 2 else { return [] }
        return places.filter { $0.depth == 2 && $0.isCurrent && $0 != place && place.contains($0) }
    }

    /// Every place a query matches, best first: by quality, then shallowest, then in table
    /// order. Empty if nothing matches. For suggestions as a person types, or to show a choice.
    ///
    /// - Parameter query: Names as a person types them (see the type's documentation).
    /// - Complexity: A binary search per character of the query, plus the matches.
    public func search(_ query: String) -> [PlaceMatch] {
        let key = PlaceNameFolding.key(query)
        if key.count == 10, key.allSatisfy(PlaceNameFolding.isDigit) {
            return place(regionCode: String(decoding: key.map { UInt8($0) }, as: UTF8.self)).map { [PlaceMatch(place: $0, quality: .exact)] } ?? []
        }
        return index.matches(key)
            .sorted { a, b in
                if a.quality != b.quality { return a.quality > b.quality }
                let depthA = places[a.place].depth, depthB = places[b.place].depth
                return depthA != depthB ? depthA < depthB : a.place < b.place
            }
            .map { PlaceMatch(place: places[$0.place], quality: $0.quality) }
    }

    /// The place with a 10-digit region code, e.g. `1111051500`; `nil` if the table has none.
    public func place(regionCode: String) -> Place? {
        positions[regionCode].map { places[$0] }
    }
}
