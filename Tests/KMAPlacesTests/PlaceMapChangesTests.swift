@testable import KMAPlaces
import Testing
import _KMATestSupport

/// Issue 35: the 2026 map (전남광주통합특별시, 인천's new 구, 화성시's 구) over KMA's table of
/// edition 2510, every replaced name and code resolving to its successor.
@Suite("The 2026 map: new regions, successors, editions")
struct PlaceMapChangesTests {
    let directory = PlaceDirectory.kma

    @Test("The embedded change table is Fixtures/grid/place_changes.csv, line for line")
    func embedded() throws {
        let fixture = try Fixtures.text("grid/place_changes.csv").split(separator: "\n").map(String.init)
        #expect(EmbeddedPlaceChangeTable.csv.split(separator: "\n").map(String.init) == fixture)
        #expect(PlaceMapChanges.kma.count == fixture.count - 1)
    }

    @Test("Every replaced row, by its full name and by its code, resolves to a place of the current map and says it was replaced")
    func everyOldNameAndCodeResolves() throws {
        let replaced = directory.places.filter { !$0.isCurrent }
        #expect(replaced.count > 400)
        for old in replaced {
            let current = directory.current(old)
            #expect(current.isCurrent, "\(old.name)")
            #expect(current.edition != PlaceDirectory.kmaEdition, "\(old.name) → \(current.name)")
            let byCode = try directory.lookup(old.regionCode)
            #expect(byCode.place == current && byCode.replaced == old, "\(old.regionCode)")
            let byName = try directory.lookup(old.name)
            #expect(byName.place == current, "\(old.name)")
        }
    }

    @Test("No region of the new map has a cell KMA's table does not give its row")
    func cellsComeFromTheTable() throws {
        for place in directory.places where !place.isInKMATable {
            let row = try #require(directory.places.first { $0.isInKMATable && $0.regionCode == place.kmaRegionCode }, "\(place.name)")
            #expect(row.cell == place.cell && row.coordinate == place.coordinate, "\(place.name)")
        }
        // Codes are unique among the current places; a moved town that kept its code (its new one
        // unknown) gives the current place for it, and says which former row the code was.
        let current = directory.places.filter(\.isCurrent)
        #expect(Set(current.map(\.regionCode)).count == current.count)
    }

    @Test("광주광역시 and 전라남도 are gone: every region of theirs is under 전남광주통합특별시 now")
    func jeonnamGwangju() throws {
        for place in directory.places where ["광주광역시", "전라남도"].contains(place.levels[0]) {
            #expect(!place.isCurrent, "\(place.name)")
            let current = directory.current(place)
            #expect(current.levels[0] == "전남광주통합특별시" && current.regionCode.hasPrefix("12"), "\(current.name)")
            #expect(Array(current.levels.dropFirst()) == Array(place.levels.dropFirst()), "\(place.name)")
        }
        let province = try directory.place(named: "전남광주통합특별시")
        #expect(province.regionCode == "1200000000" && province.edition == "2026-07-01")
        #expect(try directory.place(named: "광주특별시") == province)
        #expect(try directory.lookup("전라남도").replaced?.name == "전라남도")
    }

    @Test("인천: 중구 and 동구 became 제물포구 and 영종구, 서구 서해구 and 검단구", arguments: [
        ("영종구", "인천광역시 영종구", "2815500000"), ("인천 제물포구", "인천광역시 제물포구", "2812500000"),
        ("검단구", "인천광역시 검단구", "2829000000"), ("인천 서해구", "인천광역시 서해구", "2827500000"),
        ("인천광역시 중구", "인천광역시 제물포구", "2812500000"), ("2814000000", "인천광역시 제물포구", "2812500000"),
        ("인천 중구 운서동", "인천광역시 영종구 운서동", "2815562800"), ("인천 서구 당하동", "인천광역시 검단구 당하동", "2829071000"),
    ])
    func incheon(_ query: String, _ name: String, _ code: String) throws {
        let place = try directory.place(named: query)
        #expect(place.name == name && place.regionCode == code && place.edition == "2026-07-01")
        #expect(place.cell == directory.place(regionCode: place.kmaRegionCode)?.cell)
    }

    @Test("화성시 has four 구 since 2026-02-01; 화성시 is one city with them as parts")
    func hwaseong() throws {
        let city = try directory.place(named: "화성시")
        #expect(city.name == "경기도 화성시" && city.isCurrent)
        #expect(directory.parts(of: city).map(\.name) == ["경기도 화성시만세구", "경기도 화성시효행구", "경기도 화성시병점구", "경기도 화성시동탄구"])
        let dongtan = try directory.place(named: "동탄구")
        #expect(dongtan.edition == "2026-02-01" && dongtan.regionCode == "4159700000")
        let town = try directory.lookup("화성시 봉담읍")
        #expect(town.place.name == "경기도 화성시효행구 봉담읍" && town.replaced?.name == "경기도 화성시 봉담읍")
    }

    @Test("A city the table has only as districts is one city, with its city hall's cell and its districts as parts", arguments: [
        ("수원", "경기도 수원시", 4), ("Suwon", "경기도 수원시", 4), ("고양시", "경기도 고양시", 3), ("Changwon", "경상남도 창원시", 5),
    ])
    func cityOfDistricts(_ query: String, _ name: String, _ parts: Int) throws {
        let city = try directory.place(named: query)
        #expect(city.name == name)
        #expect(directory.parts(of: city).count == parts)
        #expect(directory.place(regionCode: city.kmaRegionCode).map(city.contains) == true)
    }
}
