import KMAForecast
import KMAForecastClient
import KMAGrid

/// The bundled recorded forecasts that `--demo` serves (and the first run without a service
/// key): real KMA responses, decoded and rendered by the same code as live ones.
///
/// The samples are what public recordings exist: a short-term run for 경기도 수원시 권선구
/// (nx 60, ny 120) issued 2022-11-20 05:00 KST, and a nowcast and an ultra-short forecast for
/// 인천광역시 부평구 (nx 56, ny 125) from 2021-03-28. The demo runs its clock at the moment each
/// run became available, and asks only for what the samples hold.
enum DemoData {
    /// One recorded run.
    struct Sample: Sendable {
        var product: ForecastProduct
        var base: ForecastBase
        var cell: GridCell
        var placeName: String
        /// The response body, byte for byte as recorded (`Resources/`, a link to `Fixtures/api/`).
        var page: [UInt8]
        /// Who recorded it, where.
        var source: String

        /// The instant the demo is run at: when the run became available.
        var clock: KSTDateTime { product.schedule.availableAt(base) }
    }

    /// The sample of each product.
    static let samples: [Sample] = [
        sample(.shortTerm, "20221120", "0500", nx: 60, ny: 120, place: "경기도 수원시 권선구", page: PackageResources.getVilageFcst_20221120_0500_nx60_ny120_json,
               source: "recorded in skfkeh/MachineLearning_proj"),
        sample(.ultraShort, "20210328", "1530", nx: 56, ny: 125, place: "인천광역시 부평구", page: PackageResources.getUltraSrtFcst_20210328_1530_nx56_ny125_json,
               source: "recorded in kimjbstar/korea-public-village-forecast"),
        sample(.nowcast, "20210328", "1400", nx: 56, ny: 125, place: "인천광역시 부평구", page: PackageResources.getUltraSrtNcst_20210328_1400_nx56_ny125_json,
               source: "recorded in kimjbstar/korea-public-village-forecast"),
    ]

    /// The sample of a product.
    static func sample(for product: ForecastProduct) -> Sample {
        samples.first { $0.product == product } ?? samples[0]
    }

    /// The transport behind the demo: answers the client's requests from the samples as KMA
    /// would (the routing the tests' replay server uses: the recorded run, paged as asked;
    /// NO_DATA, `Fixtures/api/hand_made_nodata_03.json`, for anything else).
    static var transport: RecordedRunTransport {
        var runs: [RecordedRunPages.Key: [[UInt8]]] = [:]
        for sample in samples {
            let key = RecordedRunPages.Key(
                operation: sample.product.operation, baseDate: sample.base.baseDate, baseTime: sample.base.baseTime,
                nx: sample.cell.nx, ny: sample.cell.ny
            )
            // A recorded page without its items serves as NO_DATA (tested: each has them).
            runs[key] = RecordedRunPages.items(ofPage: sample.page) ?? []
        }
        return RecordedRunTransport(runs: runs, noDataBody: PackageResources.hand_made_nodata_03_json)
    }

    private static func sample(
        _ product: ForecastProduct, _ baseDate: String, _ baseTime: String, nx: Int, ny: Int,
        place: String, page: [UInt8], source: String
    ) -> Sample {
        // The literals above are valid by construction (and tested); a failure here is a bug in this file.
        guard let base = try? ForecastBase(baseDate: baseDate, baseTime: baseTime), let cell = try? GridCell(nx: nx, ny: ny) else {
            preconditionFailure("invalid demo sample \(baseDate) \(baseTime) \(nx),\(ny)")
        }
        return Sample(product: product, base: base, cell: cell, placeName: place, page: page, source: source)
    }
}
