import Testing
@testable import KMAForecastCLI
import KMAForecast
import _KMATestSupport

@Suite("The bundled demo data")
struct DemoDataTests {
    @Test("The embedded pages are the recorded fixtures, byte for byte (regenerate with Scripts/make_demo_pages.py)", arguments: [
        (ForecastProduct.shortTerm, "api/getVilageFcst_20221120_0500_nx60_ny120.json"),
        (.ultraShort, "api/getUltraSrtFcst_20210328_1530_nx56_ny125.json"),
        (.nowcast, "api/getUltraSrtNcst_20210328_1400_nx56_ny125.json"),
    ])
    func pagesMatchFixtures(product: ForecastProduct, file: String) throws {
        let sample = DemoData.sample(for: product)
        #expect(Array(sample.page.utf8) == (try Fixtures.bytes(file)))
        let page = try ForecastPageDecoder.decode(Array(sample.page.utf8))
        #expect(page.items.allSatisfy { $0.base == sample.base && $0.nx == sample.cell.nx && $0.ny == sample.cell.ny })
        #expect(DemoData.page(operation: product.operation, baseDate: sample.base.baseDate, baseTime: sample.base.baseTime, nx: sample.cell.nx, ny: sample.cell.ny) == sample.page)
        #expect(product.schedule.latestBase(at: sample.clock) == sample.base)
    }

    @Test("The embedded mid-term answers of the ten-day sample are the recorded fixtures, byte for byte")
    func midTermPagesMatchFixtures() throws {
        #expect(Array(DemoMidTermPages.temperatures0600.utf8) == (try Fixtures.bytes("midterm/getMidTa_11B10101_202610040600.json")))
        #expect(Array(DemoMidTermPages.land0600.utf8) == (try Fixtures.bytes("midterm/getMidLandFcst_11B00000_202610040600.json")))
        #expect(Array(DemoMidTermPages.temperatures1800.utf8) == (try Fixtures.bytes("midterm/getMidTa_11B10101_202610041800.json")))
        #expect(Array(DemoMidTermPages.land1800.utf8) == (try Fixtures.bytes("midterm/getMidLandFcst_11B00000_202610041800.json")))
    }
}
