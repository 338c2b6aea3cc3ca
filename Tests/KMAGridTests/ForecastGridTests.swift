import Testing
@testable import KMAGrid
import _KMATestSupport

/// A known point: latitude/longitude and the cell the official table gives.
struct KnownPoint: Sendable, CustomTestStringConvertible {
    let name: String
    let latitude: Double
    let longitude: Double
    let nx: Int
    let ny: Int
    var testDescription: String { name }
}

@Suite("ForecastGrid: forward and inverse")
struct ForecastGridTests {
    let grid = ForecastGrid.kma

    static let knownPoints: [KnownPoint] = [
        KnownPoint(name: "Seoul City Hall", latitude: 37.5665, longitude: 126.9780, nx: 60, ny: 127),
        KnownPoint(name: "서울특별시", latitude: 37.5635694, longitude: 126.9800083, nx: 60, ny: 127),
        KnownPoint(name: "부산광역시", latitude: 35.1770194, longitude: 129.0769528, nx: 98, ny: 76),
        KnownPoint(name: "대구광역시", latitude: 35.8685417, longitude: 128.6035528, nx: 89, ny: 90),
        KnownPoint(name: "인천광역시", latitude: 37.4532333, longitude: 126.7073528, nx: 55, ny: 124),
        KnownPoint(name: "광주광역시", latitude: 35.1569750, longitude: 126.8533639, nx: 58, ny: 74),
        KnownPoint(name: "대전광역시", latitude: 36.3471194, longitude: 127.3865667, nx: 67, ny: 100),
        KnownPoint(name: "울산광역시", latitude: 35.5354083, longitude: 129.3136889, nx: 102, ny: 84),
        KnownPoint(name: "제주특별자치도", latitude: 33.4856944, longitude: 126.5003333, nx: 52, ny: 38),
    ]

    @Test("Known points land in the official cells", arguments: knownPoints)
    func knownPoint(_ point: KnownPoint) throws {
        let cell = try grid.cell(latitude: point.latitude, longitude: point.longitude)
        #expect(cell.nx == point.nx)
        #expect(cell.ny == point.ny)
    }

    @Test("The reference-points fixture agrees with the formula")
    func referencePointsFixture() throws {
        let lines = try Fixtures.text("grid/reference-points.tsv").split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.count == 9)
        for line in lines {
            let f = line.split(separator: "\t").map(String.init)
            let cell = try grid.cell(latitude: try #require(Double(f[1])), longitude: try #require(Double(f[2])))
            #expect("\(cell.nx),\(cell.ny)" == "\(f[3]),\(f[4])", "\(f[0])")
        }
    }

    /// Reference values from mpmath at 40 significant digits, same formula:
    /// `ra = (R/grid)·F / tan(π/4 + φ/2)^n`, `x = ra·sin(n(λ−λ0)) + 42`, `y = ρ0 − ra·cos(n(λ−λ0)) + 135`.
    static let highPrecisionForward: [(String, Double, Double, Double, Double)] = [
        ("Seoul City Hall", 37.5665, 126.9780, 58.808485490068956013, 125.70770238548007035),
        ("서울특별시", 37.5635694, 126.9800083, 58.843777322220470537, 125.6445844897458454),
        ("부산광역시", 35.1770194, 129.0769528, 96.867218266353907357, 74.690029777628328795),
        ("제주특별자치도", 33.4856944, 126.5003333, 51.155144909206520824, 36.659853788989776438),
        ("origin", 38, 126, 42.0, 135.0),
        ("south-west", 31.8, 123.8, 0.72990438125502779852, 0.10292155176694368886),
        ("north-east", 43.2, 132.7, 146.8613180324606217, 251.52546401408196622),
    ]

    @Test("Continuous coordinates match a 40-digit reference to 1e-9 grid units (5 µm)")
    func continuousCoordinates() throws {
        for (name, lat, lon, x, y) in Self.highPrecisionForward {
            let position = try grid.gridCoordinate(latitude: lat, longitude: lon)
            #expect(abs(position.x - x) < 1e-9, "\(name): x \(position.x) vs \(x), error \(position.x - x)")
            #expect(abs(position.y - y) < 1e-9, "\(name): y \(position.y) vs \(y), error \(position.y - y)")
        }
    }

    static let highPrecisionInverse: [(Int, Int, Double, Double)] = [
        (60, 127, 37.579871128849337442, 126.98935225645432835),
        (1, 1, 31.794423165915352517, 123.76126418123119906),
        (149, 253, 43.217546305348315192, 132.77496940983735765),
        (43, 136, 38.0, 126.0),
        (98, 76, 35.19098014337238148, 129.08506126961981114),
    ]

    @Test("Cell centres match a 40-digit reference to 1e-12 degrees")
    func cellCentres() throws {
        for (nx, ny, lat, lon) in Self.highPrecisionInverse {
            let centre = try grid.center(nx: nx, ny: ny)
            #expect(abs(centre.latitude - lat) < 1e-12, "\(nx),\(ny): latitude error \(centre.latitude - lat)")
            #expect(abs(centre.longitude - lon) < 1e-12, "\(nx),\(ny): longitude error \(centre.longitude - lon)")
        }
    }

    @Test("Projection constants are the official ones")
    func constants() {
        let p = LambertConformalConic.kma
        #expect(abs(p.n - 0.7155668471806278662776917) < 1e-15)
        #expect(abs(p.scaledF - 2284.676397540234940269369) < 1e-10)
        #expect(abs(p.rho0 - 1366.777782832094268347233) < 1e-10)
        #expect(p.originX == 42 && p.originY == 135)
    }

    @Test("Every one of the 37,697 cell centres maps back to its own cell")
    func exhaustiveRoundTrip() throws {
        var checked = 0
        for cell in GridCell.all {
            let centre = grid.center(of: cell)
            let back = try grid.cell(for: centre)
            if back != cell { Issue.record("cell \(cell) → \(centre) → \(back)") }
            checked += 1
        }
        #expect(checked == 37_697)
    }

    @Test("The official table agrees with the formula on 3,789 of its 3,832 rows with a position")
    func officialTable() throws {
        let rows = try Fixtures.officialGridTable()
        #expect(rows.count == 3834)
        let placed = rows.filter { !($0.latitude == 0 && $0.longitude == 0) }
        #expect(placed.count == 3832)
        // The two 이어도 rows have lat/lon 0,0 and cell 28,8.
        let ieodo = rows.filter { $0.latitude == 0 && $0.longitude == 0 }
        #expect(ieodo.allSatisfy { $0.nx == 28 && $0.ny == 8 })
        var agree = 0
        var disagreements: [OfficialGridRow] = []
        for row in placed {
            let cell = try grid.cell(latitude: row.latitude, longitude: row.longitude)
            if cell.nx == row.nx && cell.ny == row.ny { agree += 1 } else { disagreements.append(row) }
        }
        #expect(agree == 3789)
        // Where KMA moved a representative point without recomputing its cell, the cell is a
        // neighbour: never more than one step in each direction.
        for row in disagreements {
            let cell = try grid.cell(latitude: row.latitude, longitude: row.longitude)
            #expect(abs(cell.nx - row.nx) <= 1 && abs(cell.ny - row.ny) <= 1, "\(row.level1) \(row.level2) \(row.level3)")
        }
    }
}

@Suite("ForecastGrid: the rounding rule at cell edges")
struct RoundingRuleTests {
    let grid = ForecastGrid.kma

    @Test("An edge belongs to the cell above it: ⌊x + 1.5⌋")
    func edgesOfContinuousPositions() throws {
        // x = 58.5 is the edge between nx 59 (centre 58) and nx 60 (centre 59).
        #expect(grid.cell(containing: GridCoordinate(x: 58.5, y: 126))?.nx == 60)
        #expect(grid.cell(containing: GridCoordinate(x: 58.5.nextDown, y: 126))?.nx == 59)
        #expect(grid.cell(containing: GridCoordinate(x: 58, y: 125.5))?.ny == 127)
        #expect(grid.cell(containing: GridCoordinate(x: 58, y: 125.5.nextDown))?.ny == 126)
        // The grid's outer edges: x from −0.5 (inclusive) to 148.5 (exclusive).
        #expect(grid.cell(containing: GridCoordinate(x: -0.5, y: 0))?.nx == 1)
        #expect(grid.cell(containing: GridCoordinate(x: (-0.5).nextDown, y: 0)) == nil)
        #expect(grid.cell(containing: GridCoordinate(x: 148.5.nextDown, y: 252.5.nextDown)) == (try GridCell(nx: 149, ny: 253)))
        #expect(grid.cell(containing: GridCoordinate(x: 148.5, y: 0)) == nil)
        #expect(grid.cell(containing: GridCoordinate(x: 0, y: 252.5)) == nil)
        #expect(grid.cell(containing: GridCoordinate(x: .nan, y: 0)) == nil)
        #expect(grid.cell(containing: GridCoordinate(x: .infinity, y: 0)) == nil)
    }

    @Test("Points half a millimetre either side of a cell edge", arguments: [(59, 127), (1, 1), (100, 200), (149, 253), (43, 136)])
    func pointsNextToEdges(nx: Int, ny: Int) throws {
        // West edge of (nx, ny) is x = nx − 1.5; 1e-7 grid units is 0.5 mm.
        let offset = 1e-7
        let xEdge = Double(nx) - 1.5
        let yEdge = Double(ny) - 1.5
        let y = Double(ny - 1)
        let x = Double(nx - 1)
        let inside = try grid.coordinate(at: GridCoordinate(x: xEdge + offset, y: y))
        #expect(try grid.cell(for: inside) == GridCell(nx: nx, ny: ny))
        if nx > 1 {
            let outside = try grid.coordinate(at: GridCoordinate(x: xEdge - offset, y: y))
            #expect(try grid.cell(for: outside) == GridCell(nx: nx - 1, ny: ny))
        }
        let above = try grid.coordinate(at: GridCoordinate(x: x, y: yEdge + offset))
        #expect(try grid.cell(for: above) == GridCell(nx: nx, ny: ny))
        if ny > 1 {
            let below = try grid.coordinate(at: GridCoordinate(x: x, y: yEdge - offset))
            #expect(try grid.cell(for: below) == GridCell(nx: nx, ny: ny - 1))
        }
    }

    /// Regression guard for the off-by-one seen in copied code (43/136 with +1.5, e.g.
    /// `smart_commute/utils/grid_convert.py`): the official forms agree, the mixed one shifts.
    @Test("The C form (42/135, +1.5) and the JS form (43/136, +0.5) agree; the mixed form is off by one")
    func mixedFormsAreOffByOne() throws {
        let p = LambertConformalConic.kma
        for point in ForecastGridTests.knownPoints {
            let (x, y) = p.forward(latitude: point.latitude, longitude: point.longitude)
            let xRelative = x - 42, yRelative = y - 135
            let jsNX = Int((xRelative + 43 + 0.5).rounded(.down))
            let jsNY = Int((yRelative + 136 + 0.5).rounded(.down))
            let mixedNX = Int((xRelative + 43 + 1.5).rounded(.down))
            #expect(jsNX == point.nx && jsNY == point.ny, "\(point.name)")
            #expect(mixedNX == point.nx + 1, "\(point.name)")
        }
    }
}

@Suite("ForecastGrid: bad input is an error that names the value")
struct GridErrorTests {
    let grid = ForecastGrid.kma

    @Test("Latitudes outside −90…90, NaN and infinity", arguments: [91.0, -90.5, .nan, .infinity, -.infinity, 1e300])
    func badLatitude(_ latitude: Double) {
        #expect(throws: GridError.self) { try grid.cell(latitude: latitude, longitude: 127) }
        do {
            _ = try grid.cell(latitude: latitude, longitude: 127)
        } catch {
            guard case .latitudeOutOfRange = error else { Issue.record("unexpected \(error)"); return }
            #expect(error.description.contains("-90...90"))
        }
    }

    @Test("Longitudes outside −180…180, NaN and infinity", arguments: [180.5, -181.0, .nan, .infinity, 486.97])
    func badLongitude(_ longitude: Double) {
        #expect(throws: GridError.self) { try grid.cell(latitude: 37, longitude: longitude) }
        do {
            _ = try grid.cell(latitude: 37, longitude: longitude)
        } catch {
            guard case .longitudeOutOfRange = error else { Issue.record("unexpected \(error)"); return }
            #expect(error.description.contains("-180...180"))
        }
    }

    @Test("Valid coordinates outside the grid are not clamped", arguments: [
        (10.0, 10.0), (37.5, 140.0), (50.0, 127.0), (25.0, 127.0), (90.0, 126.0), (-90.0, 126.0), (0.0, 0.0), (37.5, -53.0),
    ])
    func outsideGrid(latitude: Double, longitude: Double) {
        #expect(throws: GridError.self) { try grid.cell(latitude: latitude, longitude: longitude) }
        do {
            _ = try grid.cell(latitude: latitude, longitude: longitude)
        } catch {
            guard case .outsideGrid(let point, _, _) = error else { Issue.record("unexpected \(error)"); return }
            #expect(point == GeoCoordinate(latitude: latitude, longitude: longitude))
            #expect(error.description.contains("nx 1...149, ny 1...253"))
        }
    }

    @Test("The message for a point outside the grid says where it would be")
    func outsideGridMessage() {
        #expect(throws: GridError.outsideGrid(GeoCoordinate(latitude: 10, longitude: 10), nx: -1957, ny: 1257)) {
            try grid.cell(latitude: 10, longitude: 10)
        }
    }

    @Test("Cells out of range", arguments: [(0, 1), (150, 1), (1, 0), (1, 254), (-5, 100), (Int.max, 1)])
    func badCell(nx: Int, ny: Int) {
        #expect(throws: GridError.self) { try GridCell(nx: nx, ny: ny) }
        #expect(throws: GridError.self) { try grid.center(nx: nx, ny: ny) }
    }

    @Test("Cell range messages name the value and the range")
    func cellMessages() {
        #expect(GridError.nxOutOfRange(150).description == "nx 150 is outside 1...149")
        #expect(GridError.nyOutOfRange(0).description == "ny 0 is outside 1...253")
        #expect(GridError.latitudeOutOfRange(91).description == "latitude 91.0 is outside -90...90 (degrees north)")
    }

    @Test("Continuous positions that no latitude/longitude maps to")
    func badContinuousPositions() {
        #expect(throws: GridError.self) { try grid.coordinate(at: GridCoordinate(x: .nan, y: 0)) }
        #expect(throws: GridError.self) { try grid.coordinate(at: GridCoordinate(x: 0, y: .infinity)) }
        // Far beyond the apex: behind the cone's wedge.
        #expect(throws: GridError.self) { try grid.coordinate(at: GridCoordinate(x: 42, y: 5000)) }
    }

    @Test("Cells at the corners exist; the grid has 37,697 cells")
    func corners() throws {
        #expect(GridCell.all.count == 37_697)
        #expect(GridCell.all.first == (try GridCell(nx: 1, ny: 1)))
        #expect(GridCell.all.last == (try GridCell(nx: 149, ny: 253)))
        #expect(try GridCell(nx: 60, ny: 127).description == "60,127")
    }
}
