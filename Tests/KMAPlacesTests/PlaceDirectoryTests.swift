import KMAGrid
@testable import KMAPlaces
import Testing

@Suite("Looking up places by name")
struct PlaceDirectoryTests {
    let directory = PlaceDirectory.kma

    struct Case: Sendable, CustomTestStringConvertible {
        let query: String
        let name: String
        let nx: Int
        let ny: Int
        var testDescription: String { query }
        init(_ query: String, _ name: String, _ nx: Int, _ ny: Int) {
            (self.query, self.name, self.nx, self.ny) = (query, name, nx, ny)
        }
    }

    static let found: [Case] = [
        // Exact names at each level.
        Case("종로구", "서울특별시 종로구", 60, 127),
        Case("서울특별시 종로구 청운효자동", "서울특별시 종로구 청운효자동", 60, 127),
        Case("청운효자동", "서울특별시 종로구 청운효자동", 60, 127),
        Case("부산광역시", "부산광역시", 98, 76),
        // Short forms of provinces and cities, and former names.
        Case("부산", "부산광역시", 98, 76),
        Case("서울", "서울특별시", 60, 127),
        Case("서울시", "서울특별시", 60, 127),
        Case("서울 종로구 청운효자동", "서울특별시 종로구 청운효자동", 60, 127),
        Case("경기", "경기도", 60, 120),
        Case("충북", "충청북도", 69, 107),
        Case("전남", "전남광주통합특별시", 51, 67),     // 전라남도 is 전남광주통합특별시 since 2026-07-01
        Case("제주", "제주특별자치도", 52, 38),
        Case("강원", "강원특별자치도", 73, 134),
        Case("강원도", "강원특별자치도", 73, 134),
        Case("전북", "전북특별자치도", 63, 89),
        Case("전라북도 전주시완산구", "전북특별자치도 전주시완산구", 63, 89),
        Case("세종", "세종특별자치시", 66, 103),
        Case("광주", "전남광주통합특별시", 51, 67),     // exactly 광주광역시 (beats 경기도 광주시, shortened), now 전남광주통합특별시
        // Spacing.
        Case("서울종로구", "서울특별시 종로구", 60, 127),
        Case("  서울   종로구 ", "서울특별시 종로구", 60, 127),
        Case("서울종로구청운효자동", "서울특별시 종로구 청운효자동", 60, 127),
        // Shortened and partial names.
        Case("서울 종로", "서울특별시 종로구", 60, 127),
        Case("종로", "서울특별시 종로구", 60, 127),
        Case("경기 광주", "경기도 광주시", 65, 123),
        Case("부산진", "부산광역시 부산진구", 97, 75),   // 부산 does not swallow 부산진구
        Case("서울 청운", "서울특별시 종로구 청운효자동", 60, 127),
        Case("강원 고성", "강원특별자치도 고성군", 85, 145),
        Case("세종 조치원", "세종특별자치시 세종특별자치시 조치원읍", 66, 106),
        // A level left out.
        Case("서울 청운효자동", "서울특별시 종로구 청운효자동", 60, 127),
        Case("부산 중앙동", "부산광역시 중구 중앙동", 97, 74),
        // City and district written as one level-2 name.
        Case("수원시영통구", "경기도 수원시영통구", 61, 120),
        Case("수원시 영통구", "경기도 수원시영통구", 61, 120),
        Case("영통구", "경기도 수원시영통구", 61, 120),
        Case("수원 영통", "경기도 수원시영통구", 61, 120),
        Case("경기 수원시 영통구 매탄1동", "경기도 수원시영통구 매탄1동", 61, 120),
        Case("수원시 매탄1동", "경기도 수원시영통구 매탄1동", 61, 120),
        Case("수원 매탄1동", "경기도 수원시영통구 매탄1동", 61, 120),
        Case("분당", "경기도 성남시분당구", 62, 123),     // 분당구 shortened; 분당동 is inside it
        Case("성남시 분당구", "경기도 성남시분당구", 62, 123),
        Case("고양 일산서구", "경기도 고양시일산서구", 56, 129),
        // The start two districts of a city share (일산 for 일산동구 and 일산서구).
        Case("일산 풍산동", "경기도 고양시일산동구 풍산동", 57, 129),
        Case("창원 마산합포", "경상남도 창원시마산합포구", 89, 76),
        // A group of numbered dongs gives way to a sibling of that very name.
        Case("분당 정자동", "경기도 성남시분당구 정자동", 62, 122),
        Case("포항 송도동", "경상북도 포항시남구 송도동", 102, 94),
        // The parent wins over a child of the same name; each is reachable.
        Case("세종특별자치시", "세종특별자치시", 66, 103),
        Case("세종특별자치시 세종특별자치시", "세종특별자치시 세종특별자치시", 66, 103),
        // Invisible characters from pasted text; - and _ for spaces.
        Case("종로구\u{200B}", "서울특별시 종로구", 60, 127),
        Case("\u{FEFF}종로구", "서울특별시 종로구", 60, 127),
        Case("서울\u{200B} 종로구\u{2060}", "서울특별시 종로구", 60, 127),
        Case("서울-종로구", "서울특별시 종로구", 60, 127),
        Case("서울_종로구_청운효자동", "서울특별시 종로구 청운효자동", 60, 127),
        // Dots, 제, slashes.
        Case("숭의1·3동", "인천광역시 미추홀구 숭의1.3동", 54, 125),
        Case("숭의1ㆍ3동", "인천광역시 미추홀구 숭의1.3동", 54, 125),
        Case("숭의13동", "인천광역시 미추홀구 숭의1.3동", 54, 125),
        Case("방학1동", "서울특별시 도봉구 방학제1동", 61, 129),
        Case("마라도", "제주특별자치도 서귀포시 대정읍/마라도포함", 48, 32),
        Case("대정읍", "제주특별자치도 서귀포시 대정읍/마라도포함", 48, 32),
        // 이어도: no position in the table, cell 28, 8.
        Case("이어도", "이어도", 28, 8),
        // A region code.
        Case("1111051500", "서울특별시 종로구 청운효자동", 60, 127),
    ]

    @Test("Names a person types find the place, with the table's cell", arguments: found)
    func lookup(_ c: Case) throws {
        let place = try directory.place(named: c.query)
        #expect(place.name == c.name)
        #expect(place.cell.nx == c.nx && place.cell.ny == c.ny)
    }

    @Test("Decomposed Hangul (NFD) finds the same places as NFC", arguments: found)
    func decomposed(_ c: Case) throws {
        let nfd = PlaceNameFoldingTests.decomposed(c.query)
        #expect(nfd.unicodeScalars.count > c.query.unicodeScalars.count || !c.query.unicodeScalars.contains { $0.value >= 0xAC00 })
        #expect(try directory.place(named: nfd).name == c.name)
    }

    @Test("Match quality: exact, shortened, partial")
    func quality() {
        #expect(directory.search("서울 종로구").first?.quality == .exact)
        #expect(directory.search("서울 종로").first?.quality == .shortened)
        #expect(directory.search("서울 청운").first?.quality == .partial)
        #expect(directory.search("역삼동").map(\.quality) == [.exact, .exact])
        #expect(directory.search("역삼").map(\.quality) == [.shortened, .shortened])
        #expect(directory.search("역").allSatisfy { $0.quality == .partial })
        #expect(directory.search("고양시").prefix(3).map(\.quality) == [.exact, .exact, .exact])
        #expect(directory.search("고양").prefix(3).map(\.quality) == [.shortened, .shortened, .shortened])
        #expect(directory.search("일산").first?.quality == .shortened)
        // Ancestors must be named exactly or shortened, never by their start.
        #expect(directory.search("서 종로구").isEmpty)
    }

    @Test("Search lists every match, best first, then shallowest, then in table order")
    func search() {
        let names = directory.search("부산").map(\.place.name)
        #expect(names.first == "부산광역시")
        #expect(names.contains("부산광역시 부산진구"))
        let matches = directory.search("부산")
        #expect(zip(matches, matches.dropFirst()).allSatisfy { $0.quality > $1.quality || ($0.quality == $1.quality && $0.place.depth <= $1.place.depth) })
    }

    @Test("이어도: two rows of the same name, no position, cell 28, 8")
    func ieodo() throws {
        let place = try directory.place(named: "이어도")
        #expect(place.regionCode == "5019000000")
        #expect(place.coordinate == nil)
        #expect(directory.places.filter { $0.name == "이어도" }.map(\.regionCode) == ["5019000000", "5019099000"])
        #expect(directory.place(regionCode: "5019099000")?.cell == place.cell)
    }

    @Test("A place keeps the table's cell where the formula disagrees")
    func tableCellWins() throws {
        var differing = 0
        for place in directory.places {
            guard let point = place.coordinate else { continue }
            if place.isInKMATable, (try? ForecastGrid.kma.cell(latitude: point.latitude, longitude: point.longitude)) != place.cell { differing += 1 }
        }
        #expect(differing == 43)   // plus the two 이어도 rows without a position: 45
    }

    // MARK: Ambiguity

    struct AmbiguousCase: Sendable, CustomTestStringConvertible {
        let query: String
        let candidates: [String]
        var testDescription: String { query }
        init(_ query: String, _ candidates: [String]) {
            (self.query, self.candidates) = (query, candidates)
        }
    }

    static let goyang = ["경기도 고양시덕양구", "경기도 고양시일산동구", "경기도 고양시일산서구"]
    static let songdo = ["인천광역시 연수구 송도1동", "인천광역시 연수구 송도2동", "인천광역시 연수구 송도3동",
                         "인천광역시 연수구 송도4동", "인천광역시 연수구 송도5동", "경상북도 포항시남구 송도동"]
    static let suwon = ["경기도 수원시장안구", "경기도 수원시권선구", "경기도 수원시팔달구", "경기도 수원시영통구"]

    static let ambiguousCases: [AmbiguousCase] = [
        // 인천 중구 is 제물포구 since 2026-07-01 (its successor stands in the list).
        AmbiguousCase("중구", ["서울특별시 중구", "부산광역시 중구", "대구광역시 중구", "인천광역시 제물포구", "대전광역시 중구", "울산광역시 중구"]),
        AmbiguousCase("고성", ["경상남도 고성군", "강원특별자치도 고성군", "대구광역시 북구 고성동"]),
        AmbiguousCase("광주시", ["전남광주통합특별시", "경기도 광주시"]),
        // A city that the table splits into districts is one place now (issue 35); its
        // districts and a dong inside one of them give way, other places of the name do not.
        AmbiguousCase("성남", ["경기도 성남시", "대전광역시 동구 성남동", "충청남도 천안시동남구 성남면"]),
        // The start two districts share, beside dongs of that name elsewhere.
        AmbiguousCase("일산", ["경기도 고양시일산동구", "경기도 고양시일산서구", "울산광역시 동구 일산동", "강원특별자치도 원주시 일산동"]),
        AmbiguousCase("마산", ["경상남도 창원시마산합포구", "경상남도 창원시마산회원구", "경기도 김포시 마산동",
                              "충청남도 서천군 마산면", "전남광주통합특별시 구례군 마산면", "전남광주통합특별시 해남군 마산면"]),
        // Numbered dongs by their group name compete with a dong of that name.
        AmbiguousCase("송도", songdo),
        AmbiguousCase("송도동", songdo),
        AmbiguousCase("인천 송도", Array(songdo.prefix(5))),
        AmbiguousCase("역삼동", ["서울특별시 강남구 역삼1동", "서울특별시 강남구 역삼2동"]),
        AmbiguousCase("잠실동", ["서울특별시 송파구 잠실본동", "서울특별시 송파구 잠실2동", "서울특별시 송파구 잠실3동",
                                "서울특별시 송파구 잠실4동", "서울특별시 송파구 잠실6동", "서울특별시 송파구 잠실7동"]),
    ]

    @Test("An ambiguous name lists every candidate, shallowest first, then in table order", arguments: ambiguousCases)
    func ambiguous(_ c: AmbiguousCase) {
        #expect(candidates(c.query) == c.candidates)
        #expect(candidates(PlaceNameFoldingTests.decomposed(c.query)) == c.candidates)
    }

    @Test("The ambiguity error carries the places themselves")
    func ambiguousError() {
        #expect(throws: PlaceLookupError.ambiguous("중구", candidates: directory.places.filter { $0.levels.count == 2 && $0.levels[1] == "중구" && $0.isInKMATable }.map(directory.current))) {
            try directory.place(named: "중구")
        }
        #expect(candidates("중앙동").count == 32)
    }

    func candidates(_ query: String) -> [String] {
        do {
            _ = try directory.place(named: query)
        } catch .ambiguous(_, let candidates) {
            return candidates.map(\.name)
        } catch {
            return ["not ambiguous: \(error)"]
        }
        return ["found"]
    }

    @Test("The ambiguity message shows full names and cells")
    func ambiguousDescription() {
        let error = PlaceLookupError.ambiguous("중구", candidates: directory.search("중구").filter { $0.quality == .exact }.map(\.place))
        #expect(error.description.hasPrefix("""
            '중구' matches 6 regions; give more of the name, e.g. '서울특별시 중구':
              서울특별시 중구 (nx 60, ny 127)
              부산광역시 중구 (nx 97, ny 74)
            """))
        let many = PlaceLookupError.ambiguous("중앙동", candidates: directory.search("중앙동").filter { $0.quality == .exact && $0.place.isCurrent }.map(\.place))
        #expect(many.description.split(separator: "\n").count == 1 + PlaceLookupError.listedCandidates + 1)
        #expect(many.description.hasSuffix("\n  … and 20 more"))
    }

    // MARK: Not found

    @Test("No match: the closest names are suggested", arguments: [
        ("종루구", "서울특별시 종로구"),
        ("서울 종루구", "서울특별시 종로구"),
        ("해운데구", "부산광역시 해운대구"),
        ("부산 해운데", "부산광역시 해운대구"),
        ("겅기도", "경기도"),
        ("청운동", "서울특별시 종로구 청운효자동"),
    ])
    func notFound(_ query: String, _ suggestion: String) {
        do {
            let place = try directory.place(named: query)
            Issue.record("found \(place)")
        } catch .notFound(let echoed, let suggestions) {
            #expect(echoed == query)
            #expect(suggestions.map(\.name).contains(suggestion), "\(suggestions.map(\.name))")
            #expect(suggestions.count <= 5)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("Not-found messages name the query and what to type")
    func notFoundDescription() {
        #expect(throws: PlaceLookupError.notFound("London", suggestions: [])) { try directory.place(named: "London") }
        #expect(PlaceLookupError.notFound("London", suggestions: []).description
            == "no region in KMA's grid table matches 'London'; give a Korean region name as KMA's table has it, e.g. '서울', '종로구' or '서울 종로구 청운효자동' (a province or city may also be given in English: 'Busan', 'Gyeonggi-do', 'Suwon-si')")
        let suggestions = directory.suggestions(for: "종루구")
        #expect(PlaceLookupError.notFound("종루구", suggestions: suggestions).description
            == "no region in KMA's grid table matches '종루구'; did you mean '서울특별시 종로구'?")
        #expect(throws: PlaceLookupError.notFound(" ", suggestions: [])) { try directory.place(named: " ") }
        #expect(PlaceLookupError.notFound(" ", suggestions: []).description.hasPrefix("no place name given"))
        #expect(directory.place(regionCode: "1111099999") == nil)
        #expect(throws: PlaceLookupError.notFound("1111099999", suggestions: [])) { try directory.place(named: "1111099999") }
    }
}
