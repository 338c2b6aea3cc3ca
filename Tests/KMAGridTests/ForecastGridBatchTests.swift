import Testing
@testable import KMAGrid
import _KMATestSupport

@Suite("ForecastGrid: batch conversion")
struct ForecastGridBatchTests {
    let grid = ForecastGrid.kma

    /// A lattice over and around the grid's domain (the grid spans 31.63–43.45°N,
    /// 123.28–132.81°E; the kernel's box is 31–44°N, 123–133°E).
    ///
    /// With `stratum` n > 1, one point in n of the lattice: (row i, column j) when
    /// (i + 4j) mod n is 0. For n = 9 that is a sublattice spanned by (1, 2) and (4, −1) steps:
    /// every row and every column of the full lattice keeps points (4 is invertible mod 9), and
    /// no point of the plane is more than about 2.2 steps from one, so at a 0.01° step every
    /// 5 km cell (about 0.045° × 0.056°) holds two or three.
    static func lattice(step: Double, latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>, stratum: Int = 1) -> [GeoCoordinate] {
        var points: [GeoCoordinate] = []
        for (i, latitude) in stride(from: latitudes.lowerBound, through: latitudes.upperBound, by: step).enumerated() {
            for (j, longitude) in stride(from: longitudes.lowerBound, through: longitudes.upperBound, by: step).enumerated() where (i + 4 * j) % stratum == 0 {
                points.append(GeoCoordinate(latitude: latitude, longitude: longitude))
            }
        }
        return points
    }

    /// NaN, infinities, the ends of the valid ranges, the kernel's box edges and just past them.
    static let awkward: [GeoCoordinate] = {
        let values: [Double] = [
            .nan, .infinity, -.infinity, 0, -0.0, 90, -90, 91, 180, -180, 181, .ulpOfOne, .greatestFiniteMagnitude,
            31, 31.0.nextDown, 31.0.nextUp, 44, 44.0.nextDown, 44.0.nextUp, 123, 123.0.nextDown, 133, 133.0.nextUp,
            31.63, 43.45, 123.28, 132.81, 38, 126,
        ]
        return values.flatMap { a in values.map { b in GeoCoordinate(latitude: a, longitude: b) } }
    }()

    /// Points within a few nanometres of cell edges: grid positions with x + 1.5 or y + 1.5 an
    /// integer, mapped back to latitude/longitude (their cells depend on the last bits).
    static let edges: [GeoCoordinate] = {
        var points: [GeoCoordinate] = []
        let projection = LambertConformalConic.kma
        for i in stride(from: -1.5, through: 149.5, by: 7) {
            for j in stride(from: -1.5, through: 253.5, by: 5) {
                for (x, y) in [(i, j + 0.25), (i + 0.25, j), (i, j)] {
                    let point = projection.inverse(x: x, y: y)
                    points.append(GeoCoordinate(latitude: point.latitude, longitude: point.longitude))
                    points.append(GeoCoordinate(latitude: point.latitude.nextUp, longitude: point.longitude.nextDown))
                }
            }
        }
        return points
    }()

    /// Checks the batch against the scalar call point by point; returns the scalar failure count
    /// and the batch's cells.
    @discardableResult
    func expectBatchMatchesScalar(_ points: [GeoCoordinate], sourceLocation: SourceLocation = #_sourceLocation) -> (failures: Int, cells: [GridCell?]) {
        var output = [GridCell?](repeating: nil, count: points.count)
        let reported = points.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { grid.cells(for: input, into: $0) }
        }
        var failures = 0
        var disagreements = 0
        for (point, cell) in zip(points, output) {
            let scalar = try? grid.cell(for: point)
            if scalar == nil { failures += 1 }
            if scalar != cell {
                disagreements += 1
                if disagreements <= 10 {
                    Issue.record("\(point): batch \(String(describing: cell)), scalar \(String(describing: scalar))", sourceLocation: sourceLocation)
                }
            }
        }
        #expect(disagreements == 0, sourceLocation: sourceLocation)
        #expect(reported == failures, "the failure count", sourceLocation: sourceLocation)
        return (failures, output)
    }

    @Test("Zero disagreements with the scalar cells on a 0.01° lattice (one point in 9, every row and column) over the grid and a degree around it")
    func denseLattice() {
        // The whole 0.01° lattice is 1.64 million points, 16 s of a debug run; one in nine,
        // spread over every row and column of it, still puts points in every cell of the grid,
        // on every side of its edge and of the kernel's box (the cell edges themselves are
        // `randomAwkwardAndEdges`' job: a lattice point seldom falls within the guard band).
        let points = Self.lattice(step: 0.01, latitudes: 30.5...44.5, longitudes: 122.2...133.9, stratum: 9)
        #expect(points.count > 180_000)
        let (failures, cells) = expectBatchMatchesScalar(points)
        #expect(failures > 11_000)  // the lattice reaches past the grid on every side
        #expect(Set(cells.compactMap { $0 }).count == 149 * 253, "every cell of the grid is met")
    }

    @Test("Zero disagreements on random points, the awkward values and points on cell edges")
    func randomAwkwardAndEdges() {
        var generator = SplitMix64(seed: 0x6B6D_6167_7269_6400)
        let random = (0..<400_000).map { _ in
            GeoCoordinate(latitude: Double.random(in: 30.5...44.5, using: &generator), longitude: Double.random(in: 122.2...133.9, using: &generator))
        }
        expectBatchMatchesScalar(random)
        // Every alignment of the awkward values against the four lanes, and a tail of 1–3.
        let awkward = Self.awkward + Self.edges
        for shift in 0..<4 { expectBatchMatchesScalar(Array(awkward.dropFirst(shift))) }
    }

    @Test("Batch centres are within 1e-10° of the scalar centres, and convert back to their cells")
    func batchCentres() throws {
        let cells = GridCell.all
        let centres = grid.centers(of: cells)
        #expect(centres.count == cells.count)
        var largest = 0.0
        for (cell, centre) in zip(cells, centres) {
            let scalar = grid.center(of: cell)
            largest = max(largest, abs(scalar.latitude - centre.latitude), abs(scalar.longitude - centre.longitude))
            #expect(try grid.cell(for: centre) == cell)
        }
        // Measured: 4.3e-14°.
        #expect(largest <= InverseKernel.tolerance, "largest difference \(largest)°")
        #expect(grid.cells(for: centres) == cells.map { Optional($0) })
    }

    @Test("Empty input gives empty output")
    func empty() {
        #expect(grid.cells(for: []).isEmpty)
        #expect(grid.centers(of: []).isEmpty)
    }
}
