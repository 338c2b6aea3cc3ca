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
    /// The position of each region code in ``places``.
    private let positions: [String: Int]

    /// KMA's grid location table, edition ``kmaEdition`` (3,834 regions), embedded in the
    /// library: no file or bundle is needed at run time. Parsed on first use.
    public static let kma: PlaceDirectory = {
        do {
            return try PlaceDirectory(csv: EmbeddedGridTable.csv)
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
        let places = try PlaceTableParser.places(csv: csv)
        self.places = places
        self.index = PlaceIndex(places: places)
        var positions: [String: Int] = [:]
        positions.reserveCapacity(places.count)
        for (position, place) in places.enumerated() { positions[place.regionCode] = position }
        self.positions = positions
    }

    /// The one place a name means, by the rule in the type's documentation.
    ///
    /// - Parameter name: A region name as a person types it, e.g. `종로구`, `서울 종로`, `부산`.
    /// - Returns: The place, with KMA's cell for it.
    /// - Throws: ``PlaceLookupError/ambiguous(_:candidates:)`` with every candidate, or
    ///   ``PlaceLookupError/notFound(_:suggestions:)`` with the closest names.
    public func place(named name: String) throws(PlaceLookupError) -> Place {
        let matches = search(name)
        guard let best = matches.first?.quality else {
            throw .notFound(name, suggestions: suggestions(for: name))
        }
        var candidates: [Place] = []
        for match in matches where match.quality == best {
            // Matches are shallowest first, so a region's ancestors come before it.
            if !candidates.contains(where: { $0.contains(match.place) }) { candidates.append(match.place) }
        }
        guard candidates.count == 1 else { throw .ambiguous(name, candidates: candidates) }
        return candidates[0]
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
