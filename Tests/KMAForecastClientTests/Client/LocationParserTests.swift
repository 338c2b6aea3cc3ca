import Foundation
import KMAForecastClient
import KMAGrid
import KMAPlaces
import Testing

/// Issue 28: one reader of locations from text, with the hints every face shows alike.
@Suite("LocationParser: text to a location, with the likely fix")
struct LocationParserTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        var forms: LocationParser.Forms = [.coordinates, .places]
        /// The cell it names, or `nil` when it is refused.
        var cell: (Int, Int)?
        /// Texts the error must contain.
        var error: [String] = []
        var testDescription: String { "'\(text)'" }
    }

    static let cases: [Case] = [
        Case(text: "37.5665,126.978", cell: (60, 127)),
        Case(text: "37.5665, 126.978", cell: (60, 127)),
        Case(text: " 37.5665 126.978 ", cell: (60, 127)),
        Case(text: "서울", cell: (60, 127)),
        Case(text: "부산 해운대구", cell: (99, 75)),
        Case(text: "Busan", cell: (98, 76)),
        Case(text: "nx 60 ny 127", forms: .all, cell: (60, 127)),
        Case(text: "NX=60,NY=127", forms: .all, cell: (60, 127)),
        Case(text: "nx 200 ny 127", forms: .all, error: ["nx 200 is outside 1...149"]),
        // Swapped: off the grid, on it the other way round.
        Case(text: "126.97,37.56", error: ["Latitude 126.97 is outside -90...90", "Latitude and longitude swapped? Latitude 37.56 with longitude 126.97 is on the grid (nx 60, ny 127)."]),
        // Decimal commas.
        Case(text: "37,56,126,97", error: ["use decimal points: '37.56,126.97'"]),
        Case(text: "37,56 126,97", error: ["use decimal points: '37.56 126.97'"]),
        // Off the grid, and off it swapped too: one coverage statement, no swap.
        Case(text: "10,10", error: ["The point 10.0, 10.0 is outside the KMA forecast grid", "about 32...43°N, 123...133°E."]),
        Case(text: "37.56", error: ["'37.56' is one number; give a latitude and a longitude"]),
        Case(text: "해운데구", error: ["No region in KMA's grid table matches '해운데구'; did you mean '부산광역시 해운대구'?"]),
        Case(text: "중구", error: ["'중구' matches 6 regions; give more of the name", "\n  서울특별시 중구 (nx 60, ny 127)"]),
        Case(text: "  ", error: ["No location given"]),
        Case(text: "서울", forms: .coordinates, error: ["'서울' is not a number (latitude)"]),
    ]

    @Test("Texts and what they name", arguments: cases)
    func parse(_ test: Case) throws {
        if let (nx, ny) = test.cell {
            let location = try LocationParser.location(test.text, accepting: test.forms)
            #expect(try location.resolved().cell == GridCell(nx: nx, ny: ny), "\(location)")
        } else {
            let error = #expect(throws: LocationInputError.self) { try LocationParser.location(test.text, accepting: test.forms) }
            for text in test.error { #expect(error?.description.contains(text) == true, "\(error?.description ?? "")") }
            #expect(error?.description.contains("swapped") == test.error.contains { $0.contains("swapped") })
        }
    }

    @Test("A place travels on resolved: .place(Place), its own cell and name, no second lookup")
    func placeTravels() throws {
        let location = try LocationParser.location("해운대구")
        guard case .place(let place) = location else { Issue.record("\(location)"); return }
        #expect(place.name == "부산광역시 해운대구")
        let resolved = try location.resolved()
        #expect(resolved.cell == place.cell && resolved.placeName == place.displayName && resolved.midTermRegions != nil)
    }

    struct FieldCase: Sendable, CustomTestStringConvertible {
        let latitude: String
        let longitude: String
        let arguments: (latitude: String, longitude: String)?
        let message: String
        var testDescription: String { "\(latitude) \(longitude)" }
    }

    @Test("Two fields: a decimal comma, a non-number, named as the face names them", arguments: [
        FieldCase(latitude: "37,56", longitude: "126.97", arguments: ("'--lat <lat>'", "'--lon <lon>'"),
                  message: "The value '37,56' is invalid for '--lat <lat>': expected a latitude in degrees north, -90...90; use a decimal point: '37.56'"),
        FieldCase(latitude: "37.56", longitude: "126,97", arguments: ("'latitude'", "'longitude'"),
                  message: "The value '126,97' is invalid for 'longitude': expected a longitude in degrees east, -180...180; use a decimal point: '126.97'"),
        FieldCase(latitude: "north", longitude: "126.97", arguments: nil, message: "'north' is not a number (latitude)"),
        FieldCase(latitude: "37,56,1", longitude: "126.97", arguments: nil, message: "'37,56,1' is not a number (latitude)"),
    ])
    func fields(_ test: FieldCase) {
        let error = #expect(throws: LocationInputError.self) {
            try LocationParser.coordinate(latitude: test.latitude, longitude: test.longitude, arguments: test.arguments)
        }
        #expect(error?.description == test.message)
    }

    @Test("A cell's column and row: whole numbers in range, named as the face names them")
    func cells() throws {
        #expect(try LocationParser.cell(nx: "60", ny: "127") == GridCell(nx: 60, ny: 127))
        let range = #expect(throws: LocationInputError.self) { try LocationParser.cell(nx: "60", ny: "300", arguments: ("'nx'", "'ny'")) }
        #expect(range?.description == "The value '300' is invalid for 'ny': a grid row must be in 1...253")
        let word = #expect(throws: LocationInputError.self) { try LocationParser.cell(nx: "a", ny: "1") }
        #expect(word?.description == "'a' is not a whole number (nx)")
    }
}
