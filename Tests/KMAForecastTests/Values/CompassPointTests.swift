import Testing
@testable import KMAForecast

@Suite("CompassPoint: KMA's 16-point rule")
struct CompassPointTests {
    static let boundaries: [(Double, CompassPoint?)] = [
        (0, .north), (11.2499, .north), (11.25, .northNortheast), (33.7499, .northNortheast), (33.75, .northeast),
        (90, .east), (180, .south), (241, .westSouthwest), (270, .west),
        (348.7499, .northNorthwest), (348.75, .north), (359.9, .north), (360, .north),
        (-0.001, nil), (360.001, nil), (.nan, nil), (.infinity, nil),
    ]

    @Test("Boundaries: lower edge included, 348.75 and 360 are north", arguments: boundaries)
    func pointsAtBoundaries(_ degrees: Double, _ expected: CompassPoint?) {
        #expect(CompassPoint(degrees: degrees) == expected)
        #expect(WindDirection(degrees: degrees)?.compassPoint == expected)
    }

    @Test("Each point's centre and both edges by k = floor((VEC + 11.25) / 22.5)", arguments: CompassPoint.allCases)
    func centres(_ point: CompassPoint) {
        let centre = Double(point.rawValue) * 22.5
        #expect(point.degrees == centre)
        #expect(CompassPoint(degrees: centre) == point)
        let lowerEdge = centre - 11.25
        #expect(CompassPoint(degrees: lowerEdge < 0 ? lowerEdge + 360 : lowerEdge) == point)
        let justBelowUpperEdge = centre + 11.25 - 1e-9
        #expect(CompassPoint(degrees: justBelowUpperEdge < 0 ? justBelowUpperEdge + 360 : justBelowUpperEdge) == point)
    }

    @Test("Names in both languages, in order")
    func names() {
        #expect(CompassPoint.allCases.map(\.abbreviation) == [
            "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
        ])
        #expect(CompassPoint.allCases.map(\.koreanName) == [
            "북", "북북동", "북동", "동북동", "동", "동남동", "남동", "남남동", "남", "남남서", "남서", "서남서", "서", "서북서", "북서", "북북서",
        ])
        #expect(CompassPoint.northNortheast.englishName == "north-northeast")
        #expect(CompassPoint.westSouthwest.name(in: .ko) == "서남서")
        #expect(CompassPoint.westSouthwest.name(in: .en) == "WSW")
    }
}
