import Foundation
import Testing
@testable import KMAForecastCLI
import KMAForecast
import KMAForecastClient
import _KMATestSupport

@Suite("The bundled demo data")
struct DemoDataTests {
    @Test("The embedded pages are the recorded fixtures, byte for byte, and the demo transport serves them", arguments: [
        (ForecastProduct.shortTerm, "api/getVilageFcst_20221120_0500_nx60_ny120.json"),
        (.ultraShort, "api/getUltraSrtFcst_20210328_1530_nx56_ny125.json"),
        (.nowcast, "api/getUltraSrtNcst_20210328_1400_nx56_ny125.json"),
    ])
    func pagesMatchFixtures(product: ForecastProduct, file: String) async throws {
        let sample = DemoData.sample(for: product)
        #expect(sample.page == (try Fixtures.bytes(file)))
        let page = try ForecastPageDecoder.decode(sample.page)
        #expect(page.items.allSatisfy { $0.base == sample.base && $0.nx == sample.cell.nx && $0.ny == sample.cell.ny })
        #expect(product.schedule.latestBase(at: sample.clock) == sample.base)
        // The demo transport answers the sample's run with all its items, and NO_DATA past it.
        let query = "base_date=\(sample.base.baseDate)&base_time=\(sample.base.baseTime)&nx=\(sample.cell.nx)&ny=\(sample.cell.ny)&numOfRows=1000"
        let url = "http://demo.invalid/1360000/VilageFcstInfoService_2.0/\(product.operation)?serviceKey=DEMO&dataType=JSON&"
        let served = try await DemoData.transport.get(url + query + "&pageNo=1", connectTimeout: .seconds(1))
        #expect(try ForecastPageDecoder.decode(served.body).items == page.items)
        let past = try await DemoData.transport.get(url + query + "&pageNo=2", connectTimeout: .seconds(1))
        #expect(past.body == (try Fixtures.bytes("api/hand_made_nodata_03.json")))
    }

    @Test("The embedded mid-term answers of the ten-day sample are the recorded fixtures, byte for byte")
    func midTermPagesMatchFixtures() throws {
        #expect(PackageResources.getMidTa_11B10101_202610040600_json == (try Fixtures.bytes("midterm/getMidTa_11B10101_202610040600.json")))
        #expect(PackageResources.getMidLandFcst_11B00000_202610040600_json == (try Fixtures.bytes("midterm/getMidLandFcst_11B00000_202610040600.json")))
        #expect(PackageResources.hand_made_nodata_03_json == (try Fixtures.bytes("api/hand_made_nodata_03.json")))
    }

    @Test("Each recorded page has one copy: the CLI's resources are symbolic links into Fixtures/")
    func resourcesAreLinks() throws {
        let resources = String(Fixtures.directory.dropLast("Fixtures".count)) + "Sources/KMAForecastCLI/Resources"
        let names = try FileManager.default.contentsOfDirectory(atPath: resources).sorted()
        #expect(names.count == 6)
        for name in names {
            let target = try FileManager.default.destinationOfSymbolicLink(atPath: resources + "/" + name)
            #expect(target.hasPrefix("../../../Fixtures/") && target.hasSuffix("/" + name), "\(name) -> \(target)")
            #expect(FileManager.default.fileExists(atPath: resources + "/" + target))
        }
    }
}
