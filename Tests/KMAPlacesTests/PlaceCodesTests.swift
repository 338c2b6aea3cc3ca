@testable import KMAPlaces
import Testing

/// Issue 35: every code of a place in one call, offline.
@Suite("Every code of a place")
struct PlaceCodesTests {
    let directory = PlaceDirectory.kma

    @Test("A city's warning zone is the coastal part its hall is in, never a band by height", arguments: [
        ("제주시", "L1091320", "제주시북부"), ("서귀포시", "L1091420", "서귀포시남부"),
    ])
    func jejuCities(_ query: String, _ id: String, _ name: String) throws {
        let zone = try #require(try directory.place(named: query).codes.warningZone)
        #expect(zone.zone.id == id && zone.zone.name == name)
        #expect(zone.alternatives.contains { $0.name.hasSuffix("중산간") })
    }

    @Test("No row of KMA's table is put in a zone named by height (중산간) when its county has parts named by direction")
    func noHeightBandByDirection() throws {
        for place in directory.places where place.isInKMATable && place.depth >= 2 && place.levels[0] == "제주특별자치도" {
            guard let zone = place.codes.warningZone else { continue }
            #expect(!WarningZones.isHeightBand(zone.zone.shortName), "\(place.name): \(zone.zone.name)")
        }
    }

    @Test("A region of the 2026 map has KMA's codes through the row its cell comes from")
    func newRegion() throws {
        let codes = try directory.place(named: "영종구").codes
        #expect(codes.regionCode == "2815500000" && codes.areaNo == "2811062200")
        #expect(codes.cell.nx == 53 && codes.cell.ny == 125)
        #expect(codes.warningZone?.zone.id == "L1110110")
        #expect(codes.midTerm?.landRegion.id == "11B00000")
        #expect(codes.forecastOffice?.name == "수도권기상청" && codes.forecastOffice?.isConfirmed == false)
        let gwangju = try directory.place(named: "광주 서구").codes
        #expect(gwangju.place.name == "전남광주통합특별시 서구" && gwangju.areaNo == "2914000000")
        #expect(gwangju.midTerm?.landRegion.id == "11F20000")
        #expect(gwangju.warningZone?.zone.id.hasPrefix("L113") == true)
        #expect(gwangju.forecastOffice?.name == "광주지방기상청")
    }

    @Test("Every province and county of the current map has a grid cell, mid-term codes, a warning zone and an office (이어도 aside)")
    func everyPlaceHasCodes() {
        for place in directory.places where place.isCurrent && place.depth <= 2 && place.levels[0] != "이어도" {
            let codes = place.codes
            #expect(codes.midTerm != nil && codes.warningZone != nil && codes.forecastOffice != nil, "\(place.name)")
        }
    }
}
