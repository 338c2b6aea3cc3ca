// grid.*: latitude/longitude to cells and back, one at a time and in batches.

import KMAGrid
import _KMATestSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Points for the scalar benchmarks.
private let scalarCount = 1_000_000
/// Points for the batch benchmarks.
private let batchCount = 10_000_000

// Inputs are globals, so each is made on first use (only when a benchmark that needs it runs).
private let scalarPoints = gridPoints(count: scalarCount)
private let batchPoints = gridPoints(count: batchCount)
private let scalarCells = gridCells(count: scalarCount)
private let batchCells = gridCells(count: batchCount)
private let batchCellOutput = Scratch<GridCell?>(repeating: nil, count: batchCount)
private let batchCenterOutput = Scratch(repeating: GeoCoordinate(latitude: 0, longitude: 0), count: batchCount)

/// Points spread uniformly (in latitude and longitude) over the grid: drawn from the box
/// 31.65–43.43°N, 123.31–132.77°E around it, keeping those whose cell is in the grid.
func gridPoints(count: Int, seed: UInt64 = 0x4B4D_4147_5249_4400) -> [GeoCoordinate] {
    var generator = SplitMix64(seed: seed)
    let grid = ForecastGrid.kma
    var points: [GeoCoordinate] = []
    points.reserveCapacity(count)
    while points.count < count {
        let point = GeoCoordinate(
            latitude: Double.random(in: 31.65...43.43, using: &generator),
            longitude: Double.random(in: 123.31...132.77, using: &generator)
        )
        if (try? grid.cell(for: point)) != nil { points.append(point) }
    }
    return points
}

/// Cells drawn uniformly from the whole grid.
private func gridCells(count: Int) -> [GridCell] {
    var generator = SplitMix64(seed: 0x4345_4C4C_5300)
    let all = GridCell.all
    return (0..<count).map { _ in all[Int.random(in: all.indices, using: &generator)] }
}

@MainActor
func addGridBenchmarks(_ suite: BenchmarkSuite) {
    suite.add(
        "grid.forward", per: "point", items: scalarCount,
        check: {
            for point in scalarPoints.prefix(100_000) {
                let ours = try? ForecastGrid.kma.cell(for: point)
                let folk = FolkLambert.cell(latitude: point.latitude, longitude: point.longitude, FolkLambert.kma)
                try expect(ours?.nx == folk.nx && ours?.ny == folk.ny, "\(point): ours \(String(describing: ours)), per-call \(folk)")
            }
        },
        baseline: Baseline("grid.forward.per-call-constants", items: scalarCount / 4) {
            var sum = 0
            for point in scalarPoints.prefix(scalarCount / 4) {
                let cell = FolkLambert.cell(latitude: point.latitude, longitude: point.longitude, FolkLambert.kma)
                sum &+= cell.nx &+ cell.ny
            }
            blackHole(sum)
        }
    ) {
        let grid = ForecastGrid.kma
        var sum = 0
        for point in scalarPoints {
            if let cell = try? grid.cell(latitude: point.latitude, longitude: point.longitude) {
                sum &+= cell.nx &+ cell.ny
            }
        }
        blackHole(sum)
    }

    suite.add(
        "grid.inverse", per: "point", items: scalarCount,
        check: {
            for cell in GridCell.all {
                let ours = ForecastGrid.kma.center(of: cell)
                let folk = FolkLambert.center(nx: cell.nx, ny: cell.ny, FolkLambert.kma)
                try expect(abs(ours.latitude - folk.latitude) <= 1e-12 && abs(ours.longitude - folk.longitude) <= 1e-12,
                           "\(cell): ours \(ours), per-call \(folk)")
            }
        },
        baseline: Baseline("grid.inverse.per-call-constants", items: scalarCount / 4) {
            var sum = 0.0
            for cell in scalarCells.prefix(scalarCount / 4) {
                let center = FolkLambert.center(nx: cell.nx, ny: cell.ny, FolkLambert.kma)
                sum += center.latitude + center.longitude
            }
            blackHole(sum)
        }
    ) {
        let grid = ForecastGrid.kma
        var sum = 0.0
        for cell in scalarCells {
            let center = grid.center(of: cell)
            sum += center.latitude + center.longitude
        }
        blackHole(sum)
    }

    suite.add(
        "grid.forward.batch", per: "point", items: batchCount,
        check: {
            let grid = ForecastGrid.kma
            let output = batchCellOutput.buffer
            let failures = batchPoints.withUnsafeBufferPointer { grid.cells(for: $0, into: output) }
            var scalarFailures = 0
            for (index, point) in batchPoints.enumerated() {
                let scalar = try? grid.cell(for: point)
                if scalar == nil { scalarFailures += 1 }
                try expect(output[index] == scalar, "\(point): batch \(String(describing: output[index])), scalar \(String(describing: scalar))")
            }
            try expect(failures == scalarFailures, "batch reported \(failures) failures, the scalar loop \(scalarFailures)")
        },
        baseline: Baseline("grid.forward.scalar-loop", items: batchCount) {
            let grid = ForecastGrid.kma
            let output = batchCellOutput.buffer
            var failures = 0
            batchPoints.withUnsafeBufferPointer { points in
                for index in points.indices {
                    let cell = try? grid.cell(for: points[index])
                    if cell == nil { failures += 1 }
                    output[index] = cell
                }
            }
            blackHole(failures)
            blackHole(output[batchCount / 2])
        }
    ) {
        let output = batchCellOutput.buffer
        let failures = batchPoints.withUnsafeBufferPointer { ForecastGrid.kma.cells(for: $0, into: output) }
        blackHole(failures)
        blackHole(output[batchCount / 2])
    }

    suite.add(
        "grid.inverse.batch", per: "point", items: batchCount,
        check: {
            let grid = ForecastGrid.kma
            let output = batchCenterOutput.buffer
            batchCells.withUnsafeBufferPointer { grid.centers(of: $0, into: output) }
            for (index, cell) in batchCells.enumerated().prefix(1_000_000) {
                let scalar = grid.center(of: cell)
                try expect(abs(output[index].latitude - scalar.latitude) <= 1e-10 && abs(output[index].longitude - scalar.longitude) <= 1e-10,
                           "\(cell): batch \(output[index]), scalar \(scalar)")
            }
        },
        baseline: Baseline("grid.inverse.scalar-loop", items: batchCount) {
            let grid = ForecastGrid.kma
            let output = batchCenterOutput.buffer
            batchCells.withUnsafeBufferPointer { cells in
                for index in cells.indices { output[index] = grid.center(of: cells[index]) }
            }
            blackHole(output[batchCount / 2].latitude)
        }
    ) {
        let output = batchCenterOutput.buffer
        batchCells.withUnsafeBufferPointer { ForecastGrid.kma.centers(of: $0, into: output) }
        blackHole(output[batchCount / 2].latitude)
    }
}

/// The baseline: KMA's C sample (`lamcproj`) as most copies have it, without its `first`
/// flag (or as the common JavaScript port, `dfs_xy_conv`), so that every call recomputes
/// the cone constants `sn`, `sf`, `ro` (3 `tan`, 2 `log`, 3 `cos`, 2 `pow` more per call).
/// Not inlined, like the C function it copies, and its parameters arrive at run time.
enum FolkLambert {
    struct Parameters {
        var re: Double, grid: Double, slat1: Double, slat2: Double
        var olon: Double, olat: Double, xo: Double, yo: Double
    }

    /// The parameters of the C sample's `map`, read at run time.
    nonisolated(unsafe) static var kma = Parameters(
        re: 6371.00877, grid: 5.0, slat1: 30.0, slat2: 60.0,
        olon: 126.0, olat: 38.0, xo: 210 / 5.0, yo: 675 / 5.0
    )

    @inline(never)
    static func cell(latitude: Double, longitude: Double, _ map: Parameters) -> (nx: Int, ny: Int) {
        let PI = asin(1.0) * 2.0
        let DEGRAD = PI / 180.0
        let re = map.re / map.grid
        let slat1 = map.slat1 * DEGRAD
        let slat2 = map.slat2 * DEGRAD
        let olon = map.olon * DEGRAD
        let olat = map.olat * DEGRAD
        var sn = tan(PI * 0.25 + slat2 * 0.5) / tan(PI * 0.25 + slat1 * 0.5)
        sn = log(cos(slat1) / cos(slat2)) / log(sn)
        var sf = tan(PI * 0.25 + slat1 * 0.5)
        sf = pow(sf, sn) * cos(slat1) / sn
        var ro = tan(PI * 0.25 + olat * 0.5)
        ro = re * sf / pow(ro, sn)

        var ra = tan(PI * 0.25 + latitude * DEGRAD * 0.5)
        ra = re * sf / pow(ra, sn)
        var theta = longitude * DEGRAD - olon
        if theta > PI { theta -= 2.0 * PI }
        if theta < -PI { theta += 2.0 * PI }
        theta *= sn
        let x = ra * sin(theta) + map.xo
        let y = ro - ra * cos(theta) + map.yo
        // (int)(x + 1.5) in C truncates; this is the same for the grid's positive range.
        return (Int((x + 1.5).rounded(.towardZero)), Int((y + 1.5).rounded(.towardZero)))
    }

    @inline(never)
    static func center(nx: Int, ny: Int, _ map: Parameters) -> (latitude: Double, longitude: Double) {
        let PI = asin(1.0) * 2.0
        let DEGRAD = PI / 180.0
        let RADDEG = 180.0 / PI
        let re = map.re / map.grid
        let slat1 = map.slat1 * DEGRAD
        let slat2 = map.slat2 * DEGRAD
        let olon = map.olon * DEGRAD
        let olat = map.olat * DEGRAD
        var sn = tan(PI * 0.25 + slat2 * 0.5) / tan(PI * 0.25 + slat1 * 0.5)
        sn = log(cos(slat1) / cos(slat2)) / log(sn)
        var sf = tan(PI * 0.25 + slat1 * 0.5)
        sf = pow(sf, sn) * cos(slat1) / sn
        var ro = tan(PI * 0.25 + olat * 0.5)
        ro = re * sf / pow(ro, sn)

        let xn = Double(nx - 1) - map.xo
        let yn = ro - Double(ny - 1) + map.yo
        var ra = (xn * xn + yn * yn).squareRoot()
        if sn < 0 { ra = -ra }
        var alat = pow(re * sf / ra, 1.0 / sn)
        alat = 2.0 * atan(alat) - PI * 0.5
        var theta: Double
        if abs(xn) <= 0.0 {
            theta = 0.0
        } else if abs(yn) <= 0.0 {
            theta = PI * 0.5
            if xn < 0.0 { theta = -theta }
        } else {
            theta = atan2(xn, yn)
        }
        let alon = theta / sn + olon
        return (alat * RADDEG, alon * RADDEG)
    }
}
