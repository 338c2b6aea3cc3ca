import Testing
import KMAGrid

@Suite("ForecastGrid: batch conversion")
struct ForecastGridBatchTests {
    let grid = ForecastGrid.kma

    /// A lattice over and around the grid's domain, plus the awkward values.
    static func lattice(step: Double) -> [GeoCoordinate] {
        var points: [GeoCoordinate] = []
        var lat = 30.0
        while lat <= 45.0 {
            var lon = 121.0
            while lon <= 135.0 {
                points.append(GeoCoordinate(latitude: lat, longitude: lon))
                lon += step
            }
            lat += step
        }
        points += [
            GeoCoordinate(latitude: .nan, longitude: 127), GeoCoordinate(latitude: 37, longitude: .nan),
            GeoCoordinate(latitude: .infinity, longitude: 127), GeoCoordinate(latitude: 91, longitude: 127),
            GeoCoordinate(latitude: -90, longitude: 126), GeoCoordinate(latitude: 90, longitude: 126),
            GeoCoordinate(latitude: 37, longitude: 181), GeoCoordinate(latitude: 0, longitude: 0),
        ]
        return points
    }

    @Test("Batch cells are exactly the scalar cells, nil where the scalar call throws")
    func batchMatchesScalar() {
        let points = Self.lattice(step: 0.0173)
        let cells = grid.cells(for: points)
        #expect(cells.count == points.count)
        var failures = 0
        for (point, cell) in zip(points, cells) {
            let scalar = try? grid.cell(for: point)
            if scalar != cell { Issue.record("\(point): batch \(String(describing: cell)), scalar \(String(describing: scalar))") }
            if scalar == nil { failures += 1 }
        }
        let reported = points.withUnsafeBufferPointer { input in
            var output = [GridCell?](repeating: nil, count: points.count)
            return output.withUnsafeMutableBufferPointer { grid.cells(for: input, into: $0) }
        }
        #expect(reported == failures)
        #expect(failures > 8)  // the lattice reaches past the grid on every side
    }

    @Test("Batch centres are the scalar centres")
    func batchCentres() {
        let cells = GridCell.all
        let centres = grid.centers(of: cells)
        #expect(centres.count == cells.count)
        for (cell, centre) in zip(cells, centres) {
            let scalar = grid.center(of: cell)
            if abs(scalar.latitude - centre.latitude) > 1e-9 || abs(scalar.longitude - centre.longitude) > 1e-9 {
                Issue.record("\(cell): batch \(centre), scalar \(scalar)")
            }
        }
    }

    @Test("Empty input gives empty output")
    func empty() {
        #expect(grid.cells(for: []).isEmpty)
        #expect(grid.centers(of: []).isEmpty)
    }
}
