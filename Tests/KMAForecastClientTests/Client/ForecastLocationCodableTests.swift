import Foundation
import KMAForecastClient
import KMAGrid
import KMAPlaces
import Testing

/// Issue 28: a resolved place travels on as `.place(Place)`; the JSON still reads what the
/// library wrote before (`{"place":{"_0":"서울"}}`, a name looked up when resolved).
@Suite("ForecastLocation's JSON: the earlier shape still decodes; a resolved place round-trips")
struct ForecastLocationCodableTests {
    @Test("What the earlier, synthesized encoding wrote decodes to the same location", arguments: [
        (#"{"place":{"_0":"서울"}}"#, ForecastLocation.place("서울")),
        (#"{"cell":{"_0":{"nx":60,"ny":127}}}"#, ForecastLocation.cell(GridCell.all[0])),
    ])
    func earlierShape(_ json: String, _ expected: ForecastLocation) throws {
        let decoded = try JSONDecoder().decode(ForecastLocation.self, from: Data(json.utf8))
        if case .cell = expected {
            #expect(decoded == .cell(try GridCell(nx: 60, ny: 127)))
        } else {
            #expect(decoded == expected)
            #expect(try JSONEncoder().encode(decoded) == Data(json.utf8))
        }
    }

    @Test("Every case round-trips; a resolved place keeps its region code, cell and point")
    func roundTrip() throws {
        let haeundae = try PlaceDirectory.kma.place(named: "해운대구")
        let locations: [ForecastLocation] = [
            .coordinate(GeoCoordinate(latitude: 37.5665, longitude: 126.978)), .cell(try GridCell(nx: 60, ny: 127)),
            .place("중구"), .place(haeundae),
        ]
        for location in locations {
            let data = try JSONEncoder().encode(location)
            #expect(try JSONDecoder().decode(ForecastLocation.self, from: data) == location, "\(String(decoding: data, as: UTF8.self))")
        }
        // A reader of the earlier shape still finds the place's name under "_0".
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(ForecastLocation.place(haeundae))) as? [String: [String: Any]]
        #expect(object?["place"]?["_0"] as? String == "부산광역시 해운대구")
    }
}
