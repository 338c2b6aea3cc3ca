@testable import KMAPlaces
import Testing

/// Issue 22: the 17 top-level regions and the cities (시) are found by their official English
/// names (Revised Romanization, as the government writes them), with and without the unit suffix.
@Suite("English names of provinces and cities")
struct EnglishPlaceNamesTests {
    let directory = PlaceDirectory.kma

    static let provinces: [(english: String, korean: String)] = [
        ("Seoul", "서울특별시"), ("Busan", "부산광역시"), ("Daegu", "대구광역시"), ("Incheon", "인천광역시"),
        ("Gwangju", "광주광역시"), ("Daejeon", "대전광역시"), ("Ulsan", "울산광역시"), ("Sejong", "세종특별자치시"),
        ("Gyeonggi-do", "경기도"), ("Gangwon State", "강원특별자치도"), ("Chungcheongbuk-do", "충청북도"),
        ("Chungcheongnam-do", "충청남도"), ("Jeonbuk State", "전북특별자치도"), ("Jeollanam-do", "전라남도"),
        ("Gyeongsangbuk-do", "경상북도"), ("Gyeongsangnam-do", "경상남도"), ("Jeju-do", "제주특별자치도"),
    ]

    /// The name without its `-do` or ` State`, as people also write it.
    static func bare(_ name: String) -> String {
        for suffix in ["-do", " State"] where name.hasSuffix(suffix) { return String(name.dropLast(suffix.count)) }
        return name
    }

    @Test("All 17 top-level regions, by name, bare, and in any case", arguments: provinces)
    func province(_ english: String, _ korean: String) throws {
        let place = try #require(directory.places.first { $0.levels == [korean] })
        for query in [english, Self.bare(english), english.lowercased(), english.uppercased(), Self.bare(english).lowercased()] {
            // 광주광역시 and 전라남도 answer with their successor, 전남광주통합특별시 (2026-07-01).
            #expect(try directory.place(named: query) == directory.current(place), "\(query)")
        }
        #expect(place.englishName == english)
        #expect(directory.search(english).first?.place == place)
        #expect(directory.search(english).first?.quality == .exact)
    }

    @Test("Former names and full forms", arguments: [
        ("Gangwon-do", "강원특별자치도"), ("Jeollabuk-do", "전북특별자치도"), ("Jeonbuk", "전북특별자치도"),
        ("Busan Metropolitan City", "부산광역시"), ("Sejong City", "세종특별자치시"),
        ("Jeju Special Self-Governing Province", "제주특별자치도"), ("gyeonggi do", "경기도"),
    ])
    func formerNames(_ query: String, _ korean: String) throws {
        #expect(try directory.place(named: query).levels == [korean])
    }

    @Test("Cities: with and without -si, alone or after the province", arguments: [
        ("Uijeongbu-si", "경기도 의정부시"), ("Uijeongbu", "경기도 의정부시"), ("uijeongbu si", "경기도 의정부시"),
        ("Chuncheon", "강원특별자치도 춘천시"), ("Gimhae-si", "경상남도 김해시"), ("Seogwipo", "제주특별자치도 서귀포시"),
        ("Jeju-si", "제주특별자치도 제주시"), ("Gyeongju", "경상북도 경주시"), ("Yeosu-si", "전남광주통합특별시 여수시"),
        ("Gyeonggi-do Gwangju-si", "경기도 광주시"), ("Gyeonggi Gwangju", "경기도 광주시"), ("경기 Paju", "경기도 파주시"),
        ("Chungcheongnam-do Gongju-si", "충청남도 공주시"),
    ])
    func city(_ query: String, _ name: String) throws {
        let place = try directory.place(named: query)
        #expect(place.name == name, "\(query)")
        #expect(place.englishName == EnglishPlaceNames.cities[place.levels[1]])
    }

    /// `Gwangju` is both 광주광역시 and 경기도 광주시 (`Gwangju-si`), as `광주` is in Korean: the
    /// metropolitan city's name is exactly `Gwangju`, the city's only without its `-si`
    /// (shortened), so the metropolitan city wins; `Gwangju-si` is 경기도 광주시. Likewise
    /// `Jeju` is the province and `Jeju-si` the city.
    @Test("An English name two regions share: the exact one wins")
    func ambiguousEnglish() throws {
        // 광주광역시, and since 2026-07-01 its successor.
        #expect(try directory.lookup("Gwangju").replaced?.name == "광주광역시")
        #expect(try directory.place(named: "Gwangju").name == "전남광주통합특별시")
        #expect(try directory.place(named: "Gwangju-si").name == "경기도 광주시")
        #expect(try directory.place(named: "Jeju").name == "제주특별자치도")
        #expect(try directory.place(named: "Jeju-si").name == "제주특별자치도 제주시")
        let matches = directory.search("Gwangju")
        #expect(matches.first.map { ($0.place.name, $0.quality) } ?? ("", .partial) == ("광주광역시", .exact))
        #expect(matches.contains { $0.place.name == "경기도 광주시" && $0.quality == .shortened })
    }

    @Test("A city made of districts is one city (issue 35): its English and Korean names find the city, its districts are parts")
    func cityOfDistricts() throws {
        for query in ["Suwon-si", "Suwon", "수원시", "수원", "Gyeonggi-do Suwon-si"] {
            let place = try directory.place(named: query)
            #expect(place.name == "경기도 수원시", "\(query)")
            #expect(directory.parts(of: place).map(\.name) == ["경기도 수원시장안구", "경기도 수원시권선구", "경기도 수원시팔달구", "경기도 수원시영통구"])
        }
        #expect(directory.places.first { $0.name == "경기도 수원시영통구" }?.englishName == "Suwon-si Yeongtong-gu")
    }

    @Test("Every city (시) of the table has an English name, and each finds its city")
    func everyCity() throws {
        var tableCities: Set<String> = []
        for place in directory.places where place.depth == 2 {
            let name = place.levels[1]
            if name.hasSuffix("시"), name != "세종특별자치시" {
                tableCities.insert(name)
            } else if name.hasSuffix("구"), let si = name.firstIndex(of: "시"), name.distance(from: name.startIndex, to: si) >= 1 {
                tableCities.insert(String(name[...si]))
            }
        }
        #expect(tableCities.count == 77)
        #expect(Set(EnglishPlaceNames.cities.keys) == tableCities)
        #expect(Set(EnglishPlaceNames.cities.values).count == EnglishPlaceNames.cities.count)
        for (korean, english) in EnglishPlaceNames.cities {
            #expect(english.hasSuffix("-si") && english.first?.isUppercase == true, "\(english)")
            // The city itself, or, for a city of districts, each of its districts.
            var inCity: [Place] = []
            do {
                inCity = [try directory.place(named: english)]
            } catch .ambiguous(_, let candidates) {
                inCity = candidates
            } catch {
                Issue.record("\(english): \(error)")
            }
            #expect(inCity.allSatisfy { $0.levels.count == 2 && $0.levels[1].hasPrefix(korean) }, "\(english): \(inCity.map(\.name))")
        }
    }

    @Test("englishName: provinces, cities, counties and districts; nil for towns")
    func englishName() throws {
        // Every depth-1 row but 이어도 (a point at sea, not a region with an English name).
        let named = directory.places.filter { $0.depth == 1 && $0.englishName != nil }
        #expect(Set(named.map(\.levels[0])) == Set(Self.provinces.map(\.korean) + ["전남광주통합특별시"]))
        #expect(directory.places.filter { $0.depth == 1 && $0.englishName == nil }.map(\.name) == ["이어도", "이어도"])
        #expect(try directory.place(named: "종로구").englishName == "Jongno-gu")
        #expect(try directory.place(named: "청운효자동").englishName == nil)
        #expect(try directory.place(named: "의정부시").englishName == "Uijeongbu-si")
        #expect(try directory.place(named: "서귀포").englishName == "Seogwipo-si")
    }

    @Test("Typos in an English name get suggestions", arguments: [("Bussan", "부산광역시"), ("Daejon", "대전광역시"), ("Uijeongbu-so", "경기도 의정부시")])
    func suggestions(_ query: String, _ suggestion: String) {
        do {
            let place = try directory.place(named: query)
            Issue.record("found \(place)")
        } catch .notFound(_, let suggestions) {
            #expect(suggestions.map(\.name).contains(suggestion), "\(suggestions.map(\.name))")
        } catch {
            Issue.record("\(error)")
        }
    }
}
