import _KMATestSupport
import KMAGrid
@testable import KMAPlaces
import Testing

@Suite("The embedded table")
struct EmbeddedGridTableTests {
    @Test("The embedded table is the fixture, line for line (regenerate with Scripts/generate-place-table.py)")
    func sameAsFixture() throws {
        let fixture = try Fixtures.text("grid/kma_grid_2510.csv")
        let fixtureLines = fixture.unicodeScalars.split(separator: "\n").map { String(String.UnicodeScalarView($0.last == "\r" ? $0.dropLast() : $0)) }
        let embeddedLines = EmbeddedGridTable.csv.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
        #expect(embeddedLines.count == 3_835)
        #expect(embeddedLines == fixtureLines)
    }

    @Test("Every row became a place with its code, names, cell and position")
    func rows() throws {
        let rows = try Fixtures.officialGridTable()
        let places = PlaceDirectory.kma.places.filter(\.isInKMATable)
        #expect(places.count == rows.count)
        for (place, row) in zip(places, rows) {
            #expect(place.regionCode == row.regionCode)
            #expect(place.levels == [row.level1, row.level2, row.level3].filter { !$0.isEmpty })
            #expect(place.cell.nx == row.nx && place.cell.ny == row.ny)
            if row.latitude == 0 && row.longitude == 0 {
                #expect(place.coordinate == nil)
            } else {
                #expect(place.coordinate == GeoCoordinate(latitude: row.latitude, longitude: row.longitude))
            }
        }
        #expect(PlaceDirectory.kmaEdition == "2510")
    }

    @Test("Every row is found by its own full name, with its own cell (a replaced row: its successor, with the same cell)")
    func everyRowByName() {
        let directory = PlaceDirectory.kma
        var names: [String: Int] = [:]
        for place in directory.places { names[place.name, default: 0] += 1 }
        var failures: [String] = []
        for place in directory.places {
            let current = directory.current(place)
            guard let found = try? directory.place(named: place.name), found.name == current.name, found.cell == current.cell,
                  names[place.name] != 1 || found.regionCode == current.regionCode else {
                failures.append(place.name)
                continue
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    @Test("Every row is found by its name with the province's short form, and by its region code")
    func everyRowByShortName() {
        let directory = PlaceDirectory.kma
        var failures: [String] = []
        for place in directory.places {
            let short = (ProvinceNames.alternatives[place.levels[0]]?.first ?? place.levels[0])
            let query = ([short] + place.levels.dropFirst()).joined(separator: " ")
            let current = directory.current(place)
            if (try? directory.place(named: query))?.name != current.name { failures.append(query) }
            if (try? directory.place(named: place.regionCode)) != current { failures.append(place.regionCode) }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    @Test("The level-2 names that are a city and its district are exactly the 35 in the table")
    func cityDistricts() {
        let names = Set(PlaceDirectory.kma.places.filter { $0.depth == 2 && $0.isInKMATable }.map { $0.levels[1] })
        let split = names.filter { PlaceNameForms.cityAndDistrict($0) != nil }
        #expect(split.count == 35)
        #expect(split.allSatisfy { $0.hasSuffix("구") && $0.contains("시") })
    }
}
