import Testing
import KMAGrid
@testable import KMAPlaces
import _KMATestSupport

@Suite("Warning zones: KMA's 2026-06-01 list, places and coordinates to zones, approximate where a county is split")
struct WarningZonesTests {
    static func zone(_ name: String) throws -> WarningZoneAssignment {
        try WarningZones.kma.assignment(for: PlaceDirectory.kma.place(named: name))
    }

    @Test("The embedded table is the fixture's, line for line: 301 land zones, 113 sea zones")
    func table() throws {
        let land = try Fixtures.text("warnings/warning_zones_land_260601.csv").split(whereSeparator: \.isNewline)
        let sea = try Fixtures.text("warnings/warning_zones_sea.csv").split(whereSeparator: \.isNewline)
        #expect(EmbeddedWarningZoneTable.land.split(separator: "\n") == land)
        #expect(EmbeddedWarningZoneTable.sea.split(separator: "\n") == sea)
        #expect(WarningZones.kma.zones.filter { !$0.isSea }.count == 301)
        #expect(WarningZones.kma.zones.filter(\.isSea).count == 113)
        #expect(WarningZones.kma.zone(id: "L1100100")?.name == "서울동남권")
        #expect(WarningZones.kma.zone(id: "S1323300")?.name == "제주도남부앞바다")
        #expect(WarningZones.kma.children(of: "L1013700").map(\.id) == ["L1013710", "L1013720", "L1013730"])
    }

    @Test("A county with one zone, and towns and islands with their own zone, are exact")
    func exact() throws {
        let cases: [(String, String)] = [
            ("경기도 수원시권선구", "L1011900"), ("대구광역시 수성구", "L1140100"), ("대구광역시 군위군", "L1070200"),
            ("대전광역시 유성구", "L1030100"), ("경상북도 울릉군", "L1072100"), ("전라남도 신안군 흑산면", "L1052500"),
            ("전라남도 신안군 지도읍", "L1052200"), ("제주특별자치도 제주시 추자면", "L1091000"), ("인천광역시 중구 운서동", "L1110110"),
            ("인천광역시 옹진군 백령면", "L1014200"), ("인천광역시 옹진군 연평면", "L1014300"), ("인천광역시 강화군", "L1010900"),
            ("전라남도 여수시 삼산면", "L1052600"), ("전라남도 영광군 낙월면", "L1052720"), ("전라남도 영광군 영광읍", "L1052710"),
            ("충청남도 보령시 대천1동", "L1031910"), ("경상남도 창원시의창구", "L1080600"), ("충청남도 천안시동남구", "L1030200"),
            ("경상남도 고성군", "L1082300"), ("강원특별자치도 고성군 간성읍", "L1022210"),
        ]
        for (name, id) in cases {
            let found = try Self.zone(name)
            #expect(found.zone.id == id, "\(name)")
            if id != "L1022210" { #expect(!found.isApproximate && found.method == .name, "\(name)") }
        }
    }

    @Test("A split county: one part, flagged approximate with the others listed, never silent")
    func approximate() throws {
        let gangnam = try Self.zone("서울특별시 강남구")
        #expect(gangnam.zone.id == "L1100100" && gangnam.isApproximate && gangnam.method == .direction && gangnam.alternatives.count == 3)
        #expect(try Self.zone("서울특별시 노원구").zone.id == "L1100200")
        #expect(try Self.zone("서울특별시 관악구").zone.id == "L1100300")
        #expect(try Self.zone("서울특별시 은평구").zone.id == "L1100400")
        let paju = try Self.zone("경기도 파주시")
        #expect(["L1013710", "L1013720", "L1013730"].contains(paju.zone.id) && paju.isApproximate && paju.alternatives.count == 2)
        let gangneung = try Self.zone("강원특별자치도 강릉시")
        #expect(gangneung.zone.id == "L1022510" && gangneung.method == .lowland && gangneung.alternatives.map(\.id) == ["L1022520"])
        let ocheon = try Self.zone("충청남도 보령시 오천면")
        #expect(ocheon.zone.id == "L1031910" && ocheon.isApproximate && ocheon.alternatives.map(\.id) == ["L1031920"])
        #expect(!gangnam.note.isEmpty && gangnam.note.contains("서울동남권"))
        #expect(try Self.zone("경기도 수원시권선구").note.isEmpty)
    }

    @Test("Every place of KMA's table (but 이어도) is in a land zone that has no parts below it")
    func everyPlace() throws {
        var count = 0
        for place in PlaceDirectory.kma.places where place.levels.first != "이어도" {
            let found = try WarningZones.kma.assignment(for: place)
            #expect(!found.zone.isSea && WarningZones.kma.children(of: found.zone.id).isEmpty, "\(place.name) → \(found.zone.id)")
            #expect(found.isApproximate == !found.note.isEmpty, "\(place.name)")
            #expect(found.isApproximate == !found.alternatives.isEmpty || found.method == .province, "\(place.name)")
            if place.depth == 1 { #expect(found.method == .province && found.isApproximate, "\(place.name)") }
            count += 1
        }
        #expect(count > 3800)
        #expect(throws: WarningZoneError.self) { try WarningZones.kma.assignment(for: PlaceDirectory.kma.place(named: "이어도")) }
    }

    @Test("A coordinate: the nearest place's zone; off the grid is an error")
    func coordinates() throws {
        let chuncheon = try WarningZones.kma.assignment(for: GeoCoordinate(latitude: 37.8813, longitude: 127.7298))
        #expect(chuncheon.zone.id == "L1021600")
        let seoul = try WarningZones.kma.assignment(for: GeoCoordinate(latitude: 37.4979, longitude: 127.0276))
        #expect(seoul.zone.id == "L1100100" && seoul.isApproximate)
        #expect(throws: WarningZoneError.self) { try WarningZones.kma.assignment(for: GeoCoordinate(latitude: 10, longitude: 100)) }
    }
}
