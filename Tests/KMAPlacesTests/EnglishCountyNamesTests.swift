@testable import KMAPlaces
import Testing

/// Issue 35: English names down to 구, 군 and 시, as `CLGeocoder` gives them on an English device.
@Suite("English names of counties and districts")
struct EnglishCountyNamesTests {
    let directory = PlaceDirectory.kma

    @Test("Revised Romanization with the sound changes between syllables", arguments: [
        ("종로", "Jongno"), ("신라", "Silla"), ("울릉", "Ulleung"), ("상록", "Sangnok"), ("관악", "Gwanak"), ("덕양", "Deogyang"),
        ("백마", "Baengma"), ("중랑", "Jungnang"), ("마산합포", "Masanhappo"), ("철원", "Cheorwon"), ("해운대", "Haeundae"),
        ("의정부", "Uijeongbu"), ("영등포", "Yeongdeungpo"), ("십리", "Simni"), ("독립", "Dongnip"),
    ])
    func romanization(_ korean: String, _ latin: String) {
        #expect(RevisedRomanization.romanized(korean) == latin)
    }

    @Test("What CLGeocoder gives resolves", arguments: [
        ("Jongno-gu", "서울특별시 종로구"), ("Gangnam-gu", "서울특별시 강남구"), ("Haeundae", "부산광역시 해운대구"),
        ("Haeundae-gu", "부산광역시 해운대구"), ("Busan Haeundae-gu", "부산광역시 해운대구"), ("Seoul Jongno-gu", "서울특별시 종로구"),
        ("Seoul", "서울특별시"), ("Jeju-si", "제주특별자치도 제주시"), ("Gapyeong-gun", "경기도 가평군"),
        ("Gyeonggi-do Suwon-si Yeongtong-gu", "경기도 수원시영통구"), ("Yeongtong-gu", "경기도 수원시영통구"),
        ("Incheon Yeongjong-gu", "인천광역시 영종구"), ("Dongtan-gu", "경기도 화성시동탄구"),
    ])
    func geocoderNames(_ query: String, _ name: String) throws {
        #expect(try directory.place(named: query).name == name)
    }

    @Test("Every city, county and district of the current map has an English name that finds it (or a list with it)")
    func everyCounty() throws {
        var count = 0
        for place in directory.places where place.depth == 2 && place.isCurrent && place.levels[0] != "세종특별자치시" {
            let english = try #require(place.englishName, "\(place.name)")
            count += 1
            for query in [english, (EnglishPlaceNames.name(of: [place.levels[0]]) ?? "") + " " + english] {
                if let found = try? directory.place(named: query) {
                    #expect(found == place, "\(query)")
                } else {
                    // Alone, a name several provinces have (Jung-gu) is ambiguous, with the place among the matches.
                    #expect(query == english, "\(query)")
                    #expect(directory.search(query).contains { directory.current($0.place) == place }, "\(query)")
                }
            }
        }
        #expect(count > 240)
    }
}
