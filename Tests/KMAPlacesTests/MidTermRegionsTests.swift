import _KMATestSupport
import Foundation
import KMAGrid
@testable import KMAPlaces
import Testing

@Suite("Mid-term region codes: the land region from the province, the nearest temperature point inside it")
struct MidTermRegionsTests {
    @Test("The embedded table is the fixture, line for line (regenerate with Scripts/generate-place-table.py)")
    func sameAsFixture() throws {
        let fixture = try Fixtures.text("midterm/midterm_regions.csv")
        let lines = fixture.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        let embedded = EmbeddedMidTermRegionTable.csv.split(separator: "\n").map(String.init)
        #expect(embedded == lines)
        let regions = MidTermRegions.kma
        #expect(regions.landRegions.count == 10 && regions.temperaturePoints.count == 176)
        #expect(regions.temperaturePoints.filter { $0.coordinate == nil }.map(\.id) == ["11F10204", "11F20505", "11G00901", "11G01001", "11H10707"])
    }

    @Test("Every point's position is the one in KMA's getFcstZoneCd dump behind the table")
    func positionsFromTheDump() throws {
        let dump = try Fixtures.text("midterm/getFcstZoneCd_2023-08.json")
        for point in MidTermRegions.kma.temperaturePoints {
            guard let position = point.coordinate, let range = dump.range(of: "\"regId\":\"\(point.id)\"") else { continue }
            let entry = dump[range.upperBound...].prefix(300)
            #expect(entry.contains(String(position.latitude).prefix(7)) || entry.contains(String(position.latitude).prefix(6)), "\(point.id)")
        }
    }

    @Test("The prefix table", arguments: [
        ("11A00101", "11B00000"), ("11B10101", "11B00000"), ("11C10301", "11C10000"), ("11C20401", "11C20000"),
        ("11D10301", "11D10000"), ("11D20501", "11D20000"), ("11E00101", "11H10000"), ("11F10202", "11F10000"),
        ("21F10501", "11F10000"), ("11F20501", "11F20000"), ("21F20801", "11F20000"), ("11G00201", "11G00000"),
        ("11H10701", "11H10000"), ("11H20201", "11H20000"), ("11X00000", ""), ("21F30000", ""),
    ])
    func prefixes(point: String, land: String) {
        #expect(MidTermRegions.landRegionID(forPointID: point) ?? "" == land)
    }

    @Test("Named places", arguments: [
        ("익산", "11F10000", "11F10202", false, "11F10202"),
        ("익산 여산면", "11F10000", "11F10202", false, "11C20602"),     // nearest alone: 논산
        ("연천", "11B00000", "11B20401", false, "11D10101"),            // nearest alone: 철원; chosen 동두천
        ("대구 달성군", "11H10000", "11H10604", false, "11H10604"),
        ("기장", "11H20000", "11H20102", false, "11H20102"),            // 양산, nearer than 부산
        ("백령면", "11B00000", "11A00101", true, "11A00101"),
        ("연평면", "11B00000", "11B20101", true, "11B20101"),
        ("울릉군", "11H10000", "11E00101", true, "11E00101"),
        ("울릉군 독도", "11H10000", "11E00101", true, "11E00101"),      // 독도 is never "nearest"
        ("서귀포시", "11G00000", "11G00401", false, "11G00401"),
        ("강릉", "11D20000", "11D20501", false, "11D20501"),
        ("평창군", "11D10000", "11D10503", false, "11D10503"),
        ("세종특별자치시", "11C20000", "11C20404", false, "11C20404"),
    ])
    func named(name: String, land: String, point: String, approximate: Bool, nearest: String) throws {
        let place = try PlaceDirectory.kma.place(named: name)
        let codes = try MidTermRegions.kma.assignment(for: place)
        #expect(codes.landRegion.id == land && codes.temperaturePoint.id == point && codes.isApproximate == approximate, "\(name): \(codes.temperaturePoint.name)")
        #expect(codes.nearestPoint.id == nearest, "\(name): nearest \(codes.nearestPoint.name)")
        #expect(codes.nearestIsElsewhere == (MidTermRegions.landRegionID(forPointID: nearest) != land))
    }

    @Test("Coordinates: the province of the nearest table row; a point at sea; off the grid")
    func coordinates() throws {
        let seoul = try MidTermRegions.kma.assignment(for: GeoCoordinate(latitude: 37.56, longitude: 126.97))
        #expect(seoul.landRegion.id == "11B00000" && seoul.temperaturePoint.id == "11B10101" && seoul.place.levels[0] == "서울특별시")
        // In the sea west of 추자도: the nearest row is 제주시 추자면, so 제주, point 추자도.
        let sea = try MidTermRegions.kma.assignment(for: GeoCoordinate(latitude: 34.0, longitude: 126.0))
        #expect(sea.landRegion.id == "11G00000" && sea.place.name == "제주특별자치도 제주시 추자면" && sea.temperaturePoint.id == "11G00800")
        // Off 태안 in the Yellow Sea: the nearest row is in 충남.
        let yellowSea = try MidTermRegions.kma.assignment(for: GeoCoordinate(latitude: 36.6, longitude: 125.6))
        #expect(yellowSea.landRegion.id == "11C20000" && yellowSea.place.levels[0] == "충청남도", "\(yellowSea.place.name) \(yellowSea.temperaturePoint.name)")
        // 이어도's own position: no land row near, but it resolves (approximately) through 제주 or 전남, never to 이어도 11G00601.
        let ieodo = try MidTermRegions.kma.assignment(for: GeoCoordinate(latitude: 32.1230, longitude: 125.1824))
        #expect(ieodo.temperaturePoint.id != "11G00601")
        #expect(throws: MidTermRegionError.self) { try MidTermRegions.kma.assignment(for: GeoCoordinate(latitude: 10, longitude: 100)) }
    }

    /// The whole table: every place gets a land region and a point the prefix table agrees with,
    /// and the places whose nearest point lies in another region are the few the rule is for.
    /// `KMA_PRINT_MIDTERM_REASSIGNMENTS=1 swift test --filter MidTermRegionsTests` lists them.
    @Test("Every one of the 3,834 places resolves, and the prefix table agrees")
    func everyPlace() throws {
        let regions = MidTermRegions.kma
        var elsewhere: [(Place, MidTermAssignment)] = []
        for place in PlaceDirectory.kma.places {
            let codes = try regions.assignment(for: place)
            #expect(MidTermRegions.landRegionID(forPointID: codes.temperaturePoint.id) == codes.landRegion.id, "\(place.name)")
            #expect(codes.temperaturePoint.isCandidateForNearest)
            if codes.nearestIsElsewhere { elsewhere.append((place, codes)) }
        }
        #expect(PlaceDirectory.kma.places.filter(\.isInKMATable).count == 3_834)
        // "Nearest alone sends about 2 % of KMA's 3,834 places to a neighbouring region."
        #expect((40...120).contains(elsewhere.count), "\(elsewhere.count)")
        #expect(elsewhere.contains { $0.0.name == "전북특별자치도 익산시 여산면" && $0.1.nearestPoint.name == "논산" })
        #expect(elsewhere.contains { $0.0.name == "경기도 연천군" && $0.1.nearestPoint.name == "철원" })
        if ProcessInfo.processInfo.environment["KMA_PRINT_MIDTERM_REASSIGNMENTS"] != nil {
            print("places whose nearest point lies in another land region: \(elsewhere.count)")
            for (place, codes) in elsewhere {
                print("\(place.regionCode)\t\(place.name)\tnearest \(codes.nearestPoint.id) \(codes.nearestPoint.name) (\(codes.nearestPoint.landRegionID))\tchosen \(codes.landRegion.id) \(codes.landRegion.name) / \(codes.temperaturePoint.id) \(codes.temperaturePoint.name)")
            }
        }
    }

    @Test("Bad tables are refused with the line", arguments: [
        ("", PlaceTableError.noRows),
        ("regId,name\n", .unexpectedHeader("regId,name")),
        ("regId,regName,regSp,regUp,lat,lon\n11B00000,x,A,1,,\n11B10101,서울,C,1,37.5\n", .malformedRow(line: 3, reason: "expected 6 fields, found 5")),
        ("regId,regName,regSp,regUp,lat,lon\n11B00000,x,A,1,,\n11Z10101,?,C,1,,\n", .malformedRow(line: 3, reason: "temperature point 11Z10101 has no land region in the prefix table")),
        ("regId,regName,regSp,regUp,lat,lon\n11B00000,x,A,1,,\n11B00000,x,A,1,,\n", .duplicateRegionCode("11B00000", line: 3)),
        ("regId,regName,regSp,regUp,lat,lon\n11B00000,x,A,1,,\n11B10101,서울,C,1,0,0\n", .malformedRow(line: 3, reason: "lat '0', lon '0' is not a position in Korea")),
    ])
    func badTables(csv: String, error: PlaceTableError) {
        #expect(throws: error) { try MidTermRegions(csv: csv) }
    }
}
