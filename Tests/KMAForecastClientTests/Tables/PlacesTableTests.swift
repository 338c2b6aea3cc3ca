import Foundation
import KMAForecastClient
import KMAGrid
import KMAPlaces
import Testing

/// Issue 28: the places table reader as library API (what `--input` and `field --input` read
/// through): RFC 4180 records, a header or none, KMA's cell for KMA's rows, a bad row's error
/// kept in its place, typed errors in the command line's words, a bound on the input.
@Suite("PlacesTable: CSV of places to locations, one row each, errors in place")
struct PlacesTableTests {
    static func table(_ text: String, reserved: Set<String> = []) throws(PlacesTableError) -> PlacesTable {
        try PlacesTable(csv: Array(text.utf8), source: "places.csv", reservedColumns: reserved)
    }

    static func refusal(_ bytes: [UInt8], reserved: Set<String> = []) -> PlacesTableError? {
        do throws(PlacesTableError) {
            _ = try PlacesTable(csv: bytes, source: "places.csv", reservedColumns: reserved)
            return nil
        } catch {
            return error
        }
    }

    static func cells(_ table: PlacesTable) -> [GridCell?] { table.rows.map { try? $0.cell.get() } }

    @Test("RFC 4180: quoted commas, doubled quotes and line breaks; blanks around a field dropped; each row's first line and text as given")
    func quoting() throws {
        let table = try Self.table("name,lat,lon\n\"서울\n시청\",37.5665,126.978\n\"a, \"\"b\"\"\",35.1770194,129.0769528\n\n  \"c\" , 33.5 ,126.5\n")
        #expect(table.columns == ["name", "lat", "lon"] && table.header == "name,lat,lon")
        #expect(table.rows.map(\.fields) == [["서울\n시청", "37.5665", "126.978"], [#"a, "b""#, "35.1770194", "129.0769528"], ["c", "33.5", "126.5"]])
        #expect(table.rows.map(\.line) == [2, 4, 6])
        #expect(table.rows[0].text == "\"서울\n시청\",37.5665,126.978")
        #expect(table.rows[2].text == "  \"c\" , 33.5 ,126.5")
        #expect(try table.rows[0].cell.get() == GridCell(nx: 60, ny: 127))
        #expect(try table.rows[0].location.get() == .coordinate(GeoCoordinate(latitude: 37.5665, longitude: 126.978)))
    }

    @Test("A byte order mark is skipped; CRLF, CR and LF end records alike")
    func bomAndLineEnds() throws {
        let lf = try Self.table("lat,lon\n37.5665,126.978\n35.1,129.04\n")
        let crlf = try PlacesTable(csv: [0xEF, 0xBB, 0xBF] + Array("lat,lon\r\n37.5665,126.978\r\n35.1,129.04\r\n".utf8))
        let cr = try Self.table("lat,lon\r37.5665,126.978\r35.1,129.04")
        for table in [crlf, cr] {
            #expect(table.columns == ["lat", "lon"] && table.header == "lat,lon")
            #expect(table.rows.map(\.fields) == lf.rows.map(\.fields))
            #expect(table.rows.map(\.line) == [2, 3])
            #expect(Self.cells(table) == Self.cells(lf))
        }
    }

    @Test("A header names its place columns wherever they stand (nx,ny first, then lat,lon, then a name); without one a line is a name or lat,lon")
    func header() throws {
        let named = try Self.table("id,LONGITUDE,note,위도\n7,126.978,x,37.5665\n")
        #expect(named.columns == ["id", "LONGITUDE", "note", "위도"])
        #expect(Self.cells(named) == [try GridCell(nx: 60, ny: 127)])
        let both = try Self.table("lat,lon,nx,ny\n37.5665,126.978,98,76\n")
        #expect(Self.cells(both) == [try GridCell(nx: 98, ny: 76)])
        let places = try Self.table("지역\n서울\n")
        #expect(try places.rows[0].location.get() == .place(try PlaceDirectory.kma.place(named: "서울")))
        let bare = try Self.table("서울\n부산\n")
        #expect(bare.columns == ["place"] && bare.header == nil && bare.rows.count == 2)
        let pairs = try Self.table("37.5665,126.978\n")
        let seoul = try GridCell(nx: 60, ny: 127)
        #expect(pairs.columns == ["lat", "lon"] && pairs.header == nil && Self.cells(pairs) == [seoul])
        #expect(Self.refusal(Array("city,country\nSeoul,KR\n".utf8))?.reason == .noPlaceColumns(header: ["city", "country"]))
    }

    /// A row of KMA's table whose representative point falls, by the formula, in another cell
    /// than the table gives it.
    static func tableRowOffItsCell() throws -> Place {
        try #require(PlaceDirectory.kma.places.first { place in
            guard let point = place.coordinate, point.latitude != 0 else { return false }
            return (try? ForecastGrid.kma.cell(for: point)) != place.cell
        })
    }

    @Test("A row of KMA's table gets KMA's cell: its point is that row's place; a point beside it the formula's cell; KMA's own table rows by their cells")
    func kmaTableRow() throws {
        let place = try Self.tableRowOffItsCell()
        let point = try #require(place.coordinate)
        let formula = try ForecastGrid.kma.cell(for: point)
        #expect(formula != place.cell)
        let table = try Self.table("name,lat,lon\nrow,\(point.latitude),\(point.longitude)\nnear,\(point.latitude + 0.000001),\(point.longitude)\n")
        #expect(try table.rows[0].cell.get() == place.cell)
        let found = try table.rows[0].location.get()
        #expect(try found.resolved().cell == place.cell)
        guard case .place(let row) = found else { Issue.record("not a place: \(found)"); return }
        #expect(row.cell == place.cell && row.coordinate == point)
        #expect(try table.rows[1].location.get() == .coordinate(GeoCoordinate(latitude: point.latitude + 0.000001, longitude: point.longitude)))
        #expect(try table.rows[1].cell.get() == ForecastGrid.kma.cell(latitude: point.latitude + 0.000001, longitude: point.longitude))
        // KMA's grid table itself: read by nx,ny, so a row without a point (0,0) has its cell.
        let kma = try Self.table("region_code,level1,level2,level3,nx,ny,lon,lat\n1100000000,서울특별시,,,60,127,126.98,37.56\n4700000000,경상북도,울릉군,독도,144,123,0,0\n")
        #expect(Self.cells(kma) == [try GridCell(nx: 60, ny: 127), try GridCell(nx: 144, ny: 123)])
        #expect(try kma.rows[1].location.get() == .cell(GridCell(nx: 144, ny: 123)))
    }

    @Test("A bad row keeps its place with its error, in the command line's words; the rows after it are read")
    func badRowInPlace() throws {
        let table = try Self.table("name,lat,lon\na,37.5665,126.978\nswapped,126.978,37.5665\nshort,37.5\ncomma,\"37,5665\",126.978\nz,35.1,129.04\n")
        #expect(table.rows.map(\.line) == [2, 3, 4, 5, 6])
        #expect(table.rows.map { (try? $0.cell.get()) != nil } == [true, false, false, false, true])
        guard case .failure(.location(.coordinate(_, let swapped))) = table.rows[1].location else {
            Issue.record("\(table.rows[1].location)")
            return
        }
        #expect(swapped?.cell == (try GridCell(nx: 60, ny: 127)))
        #expect(table.rows[1].location.failureText?.contains("Latitude and longitude swapped? Latitude 37.5665 with longitude 126.978 is on the grid (nx 60, ny 127).") == true)
        #expect(table.rows[2].cell.failureText == "expected 3 fields as in the header, found 2")
        #expect(table.rows[2].location == .failure(.fieldCount(expected: 3, found: 2)))
        #expect(table.rows[3].location.failureText == "'37,5665' is not a number (latitude); use a decimal point: '37.5665'")
        #expect(table.rows[4].fields == ["z", "35.1", "129.04"])
    }

    @Test("Typed refusals of the whole table, in the command line's words")
    func refusals() throws {
        var cp949 = Array("name,lat,lon\n서울,37.5,127\n".utf8)
        cp949 += [0xBC, 0xAD, 0xBF, 0xEF] + Array(",37.5,127\n".utf8)
        let notUTF8 = try #require(Self.refusal(cp949))
        #expect(notUTF8.reason == .notUTF8(line: 3, offset: 29, byte: 0xBC))
        #expect(notUTF8.description == "places.csv is not UTF-8 text: line 3 has the byte 0xBC (byte 30 of the file). Save it as UTF-8 (from CP949/EUC-KR: iconv -f CP949 -t UTF-8)")
        let unclosed = try #require(Self.refusal(Array("lat,lon\n37.5,127\n\"37.5,127\n".utf8)))
        #expect(unclosed.reason == .unclosedQuote(line: 3))
        #expect(unclosed.description == "places.csv line 3: a quoted field is never closed (a '\"' is missing); quote a field as \"…\" and write a quote inside it as \"\"")
        #expect(Self.refusal(Array("\n  \n\r\n".utf8))?.description == "places.csv holds no places: give one 'lat,lon' pair, 'nx,ny' pair or place name a line (a header row naming them may come first)")
        #expect(Self.refusal(Array("name,LAT,lon,Lat\n서울,37.5,127,38\n".utf8))?.description
            == "The header of places.csv names the column 'Lat' twice; give each column its own name, so the output can be read by name")
        #expect(Self.refusal(Array("lat,lon,Value\n37.5,127,1\n".utf8), reserved: ["VALUE"])?.description
            == "The header of places.csv has a column named 'Value', which the output adds itself; rename that column (e.g. 'input_Value')")
        #expect(Self.refusal(Array("lat,lon,value\n37.5,127,1\n".utf8)) == nil)
        let escaped = try #require(Self.refusal(Array("city,\u{1B}[2J\nSeoul,x\n".utf8)))
        #expect(escaped.description.contains("('city,\\u{1B}[2J')"), "\(escaped)")
        #expect(escaped.localizedDescription == escaped.description)
    }

    // The bound comes before any reading: without it, these bytes read as blank lines.
    @Test("More than maximumSize (64 MiB) bytes are refused before they are read")
    func sizeBound() {
        #expect(PlacesTable.maximumSize == 64 << 20)
        let error = Self.refusal([UInt8](repeating: 0x0A, count: PlacesTable.maximumSize + 1))
        #expect(error?.reason == .tooLarge(limit: 64 << 20))
        #expect(error?.description == "places.csv holds more than 64 MiB, the most an input is read (a device such as /dev/zero, or the wrong file?): split it into smaller files")
    }
}

extension Result {
    /// The failure's description, `nil` for a success.
    fileprivate var failureText: String? {
        guard case .failure(let error) = self else { return nil }
        return "\(error)"
    }
}
