import Foundation
import Testing
import KMAForecast
@testable import KMAForecastClient
import KMAGrid
import _KMATestSupport

@Suite("The bundled recordings: LocalForecast.sample and RecordedRunTransport.sample")
struct SampleRecordingTests {
    @Test("The embedded pages are the recorded fixtures, byte for byte, and the sample transport serves them paged, NO_DATA past them", arguments: [
        (ForecastProduct.shortTerm, "api/getVilageFcst_20221120_0500_nx60_ny120.json"),
        (.ultraShort, "api/getUltraSrtFcst_20210328_1530_nx56_ny125.json"),
        (.nowcast, "api/getUltraSrtNcst_20210328_1400_nx56_ny125.json"),
    ])
    func pagesMatchFixtures(product: ForecastProduct, file: String) async throws {
        let recording = try #require(LocalForecast.sampleRecordings.first { $0.product == product })
        let bytes = try Fixtures.bytes(file)
        let page = try ForecastPageDecoder.decode(bytes)
        let base = ForecastBase(recording.run)
        #expect(page.items.allSatisfy { $0.base == base && $0.nx == recording.cell.nx && $0.ny == recording.cell.ny })
        #expect(product.schedule.latestBase(at: recording.availableAt) == base)
        let query = "base_date=\(base.baseDate)&base_time=\(base.baseTime)&nx=\(recording.cell.nx)&ny=\(recording.cell.ny)&numOfRows=1000"
        let url = "http://sample.invalid/1360000/VilageFcstInfoService_2.0/\(product.operation)?serviceKey=DEMO&dataType=JSON&"
        let served = try await RecordedRunTransport.sample.get(url + query + "&pageNo=1", connectTimeout: .seconds(1))
        #expect(try ForecastPageDecoder.decode(served.body).items == page.items)
        let past = try await RecordedRunTransport.sample.get(url + query + "&pageNo=2", connectTimeout: .seconds(1))
        #expect(past.body == (try Fixtures.bytes("api/hand_made_nodata_03.json")))
    }

    @Test("The embedded mid-term answers are the recorded fixtures, byte for byte")
    func midTermPagesMatchFixtures() throws {
        #expect(PackageResources.getMidTa_11B10101_202610040600_json == (try Fixtures.bytes("midterm/getMidTa_11B10101_202610040600.json")))
        #expect(PackageResources.getMidLandFcst_11B00000_202610040600_json == (try Fixtures.bytes("midterm/getMidLandFcst_11B00000_202610040600.json")))
        #expect(PackageResources.hand_made_nodata_03_json == (try Fixtures.bytes("api/hand_made_nodata_03.json")))
    }

    @Test("The recorded UV answer: in LocalForecast.sample's uv, and served by RecordedRunTransport.sample for its areas and time")
    func recordedUV() async throws {
        #expect(PackageResources.getUVIdxV5_2026092612_seoul_3areas_json == (try Fixtures.bytes("living/getUVIdxV5_2026092612_seoul_3areas.json")))
        let uv = try #require(LocalForecast.sample.uv)
        #expect(uv.status == .delivered && uv.area?.areaNo == "1100000000" && uv.issuedAt?.iso8601 == "2026-09-26T12:00:00+09:00")
        #expect(uv.values.map(\.index) == [4, 3, 0, 0, 0, 0, 1, 5, 7, 3, 0, 0, 0, 0, 1, 5, 6, 3, 0, 0])
        let configuration = ClientConfiguration(
            serviceKey: try ServiceKey("PREVIEW"), cache: .disabled, now: { kstDate(2026, 9, 26, 12, 10) }
        )
        let client = try ForecastClient(configuration: configuration, transport: RecordedRunTransport.sample)
        let forecast = try await client.forecast(for: .place("서울 종로구"), products: [], uvIndex: true)
        #expect(forecast.uv?.area?.areaNo == "1111000000" && forecast.uv?.values.count == 20 && forecast.uv?.values[8].index == 7)
        #expect(forecast.uv?.requests == 1 && forecast.uv?.failure == nil)
    }

    @Test("Each recorded page has one copy: the library's resources are symbolic links into Fixtures/")
    func resourcesAreLinks() throws {
        let resources = String(Fixtures.directory.dropLast("Fixtures".count)) + "Sources/KMAForecastClient/Resources"
        let names = try FileManager.default.contentsOfDirectory(atPath: resources).sorted()
        #expect(names.count == 8)
        for name in names {
            let target = try FileManager.default.destinationOfSymbolicLink(atPath: resources + "/" + name)
            #expect(target.hasPrefix("../../../Fixtures/") && target.hasSuffix("/" + name), "\(name) -> \(target)")
            #expect(FileManager.default.fileExists(atPath: resources + "/" + target))
        }
    }

    @Test("LocalForecast.sample: a real place and date, every hour with a chance of rain, three real days, marked as a recording, stored and restored equal")
    func sample() throws {
        let sample = LocalForecast.sample
        let cell = try GridCell(nx: 60, ny: 120)
        #expect(sample.location.placeName == "경기도 수원시 권선구" && sample.location.cell == cell)
        #expect(sample.location.midTermRegions?.landRegionID == "11B00000")
        #expect(sample.requestedAt.iso8601 == "2022-11-20T05:10:00+09:00")
        #expect(sample.recording?.note.contains("2022-11-20 05:00 KST") == true && sample.recording?.note.contains("not a live forecast") == true)
        #expect(sample.hourly.count == 67 && sample.hourly.allSatisfy { $0.precipitationChance != nil && $0.temperature != nil })
        #expect(sample.daily.map(\.isoDate) == ["2022-11-20", "2022-11-21", "2022-11-22"])
        let decoded = try JSONDecoder().decode(LocalForecast.self, from: JSONEncoder().encode(sample))
        #expect(decoded == sample)
    }

    @Test("The sample transport behind the public client gives the mid-term recording's days for 서울")
    func midTermThroughTheClient() async throws {
        let recording = try #require(LocalForecast.sampleRecordings.first { $0.product == nil })
        let instant = recording.availableAt.date
        let client = try ForecastClient(
            configuration: ClientConfiguration(serviceKey: try ServiceKey("SAMPLE"), cache: .disabled, now: { instant }),
            transport: RecordedRunTransport.sample
        )
        let forecast = try await client.forecast(for: recording.location, products: [], midTermDays: 11)
        #expect(forecast.midTerm?.status == .delivered && forecast.midTerm?.runs.map(\.tmFc) == ["202610040600"])
        let expected: [String] = ["2026-10-08", "2026-10-09", "2026-10-10", "2026-10-11", "2026-10-12", "2026-10-13", "2026-10-14"]
        let shown: [String] = forecast.daily.filter { $0.source != nil }.map(\.isoDate)
        #expect(shown == expected)
    }
}
