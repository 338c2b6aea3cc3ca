import KMAGrid
import KMAPlaces
import Testing

@Suite("Reading a grid table")
struct PlaceTableParserTests {
    static let header = "region_code,level1,level2,level3,nx,ny,lon,lat"

    @Test("LF or CRLF, a byte order mark, a final newline or none; 0,0 is no position")
    func formats() throws {
        let body = ["1100000000,서울특별시,,,60,127,126.980008333333,37.5635694444444", "5019000000,이어도,,,28,8,0,0"]
        for text in [
            ([Self.header] + body).joined(separator: "\n"),
            "\u{FEFF}" + ([Self.header] + body).joined(separator: "\r\n") + "\r\n",
        ] {
            let directory = try PlaceDirectory(csv: text)
            #expect(directory.places.map(\.name) == ["서울특별시", "이어도"])
            #expect(directory.places[0].coordinate == GeoCoordinate(latitude: 37.5635694444444, longitude: 126.980008333333))
            #expect(directory.places[1].coordinate == nil)
            #expect(try directory.place(named: "서울").cell == GridCell(nx: 60, ny: 127))
        }
    }

    static let malformedCases: [(String, PlaceTableError)] = [
        ("", .unexpectedHeader("")),
        ("region_code,name,nx,ny", .unexpectedHeader("region_code,name,nx,ny")),
        (header, .noRows),
        (header + "\n1100000000,서울특별시,,,60,127,126.98", .malformedRow(line: 2, reason: "expected 8 fields (region_code,level1,level2,level3,nx,ny,lon,lat), found 7")),
        (header + "\n11000,서울특별시,,,60,127,126.98,37.56", .malformedRow(line: 2, reason: "region code '11000' is not 10 digits")),
        (header + "\n1100000000,,,,60,127,126.98,37.56", .malformedRow(line: 2, reason: "the region has no name (level1 is empty)")),
        (header + "\n1100000000,서울특별시,,청운효자동,60,127,126.98,37.56", .malformedRow(line: 2, reason: "a name level is empty between two others")),
        (header + "\n1100000000,서울특별시,,,60.5,127,126.98,37.56", .malformedRow(line: 2, reason: "nx '60.5' or ny '127' is not a whole number")),
        (header + "\n1100000000,서울특별시,,,0,127,126.98,37.56", .malformedRow(line: 2, reason: "nx 0 is outside 1...149")),
        (header + "\n1100000000,서울특별시,,,60,127,east,37.56", .malformedRow(line: 2, reason: "lon 'east' or lat '37.56' is not a number")),
        (header + "\n1100000000,서울특별시,,,60,127,126.98,nan", .malformedRow(line: 2, reason: "lat nan, lon 126.98 is not a position in degrees (lat -90...90, lon -180...180)")),
        (header + "\n1100000000,서울특별시,,,60,127,126.98,37.56\n1100000000,서울,,,60,127,126.98,37.56", .duplicateRegionCode("1100000000", line: 3)),
    ]

    @Test("Malformed tables name the line and the problem", arguments: malformedCases)
    func malformed(_ text: String, _ error: PlaceTableError) {
        #expect(throws: error) { try PlaceDirectory(csv: text) }
    }

    @Test("Error messages say where and what")
    func descriptions() {
        #expect(PlaceTableError.malformedRow(line: 7, reason: "nx 0 is outside 1...149").description == "line 7 of the grid table: nx 0 is outside 1...149")
        #expect(PlaceTableError.unexpectedHeader("a,b").description.contains("expected 'region_code,level1,level2,level3,nx,ny,lon,lat'"))
    }
}
