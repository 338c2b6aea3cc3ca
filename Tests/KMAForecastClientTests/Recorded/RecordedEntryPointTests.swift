import Foundation
import Testing
import KMAForecast
import KMAForecastClient
import KMAGrid
import KMAPlaces
import _KMATestSupport

/// Every public entry point that fetches follows the recorded-client rule, as `forecast(for:)`
/// does: over `RecordedRunTransport.sample` with a clock years after every recording, each asks
/// at the instant the recording answers, only what is recorded there, says it is a recording,
/// writes nothing to the cache, and refuses what is not recorded naming what is.
@Suite("Every entry point of a client over a recording answers whatever its clock says")
struct RecordedEntryPointTests {
    /// 2031-12-03 13:00 KST: years after every bundled recording.
    static let later = Date(timeIntervalSince1970: 1_954_036_800)

    /// A client over the sample recordings with the clock years later and a cache directory
    /// of its own, which must stay empty.
    static func client() throws -> (client: ForecastClient, cache: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kma-recorded-entry-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var configuration = ClientConfiguration(serviceKey: try ServiceKey("PREVIEW"), cache: .directory(directory))
        configuration.now = { later }
        return (try ForecastClient(configuration: configuration, transport: RecordedRunTransport.sample), directory)
    }

    static func isEmpty(_ directory: String) throws -> Bool {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty
    }

    /// The refusal names the cells the recording holds, and gives no advice to wait.
    static func namesRecordedCells(_ error: ForecastClientError) -> Bool {
        error.description.contains("RecordedRunTransport") && error.description.contains("nx 60, ny 120")
            && error.description.contains("nx 56, ny 125") && !error.description.lowercased().contains("try again")
    }

    @Test("forecasts(for:): recorded places whole, marked, nothing cached; an unrecorded place refused naming the recorded cells")
    func batchOfPlaces() async throws {
        let (client, cache) = try Self.client()
        let results = await client.forecasts(for: [.place("수원시 권선구"), .cell(try GridCell(nx: 56, ny: 125)), .place("부산")])
        #expect(results.count == 3)
        let suwon = try results[0].get(), incheon = try results[1].get()
        #expect(suwon.failures.isEmpty && incheon.failures.isEmpty, "\(suwon.failures.map(\.message)) \(incheon.failures.map(\.message))")
        #expect(suwon.recording != nil && incheon.recording != nil)
        #expect(suwon.requestedAt == LocalForecast.sampleRecordings[0].availableAt)
        #expect(suwon.products.map(\.product) == [.shortTerm] && Set(incheon.products.map(\.product)) == [.nowcast, .ultraShort])
        #expect(suwon.hourly.count >= 24 && incheon.current != nil)
        guard case .failure(let error) = results[2] else {
            Issue.record("a place with nothing recorded was answered")
            return
        }
        #expect(Self.namesRecordedCells(error), "\(error.description)")
        #expect(try Self.isEmpty(cache))
    }

    @Test("A run, a batch of cells, the in-order batch and the item stream: the recorded run, marked; an unrecorded cell refused")
    func runs() async throws {
        let (client, cache) = try Self.client()
        let suwon = try GridCell(nx: 60, ny: 120), busan = try GridCell(nx: 98, ny: 76)
        let run = try await client.fetch(.shortTerm, cell: suwon)
        #expect(run.base == ForecastBase(LocalForecast.sampleRecordings[0].run) && run.recording != nil && !run.rows.isEmpty)
        let named = try await client.fetch(.shortTerm, cell: suwon, base: run.base)
        #expect(named.rows == run.rows && named.recording != nil)
        let batch = await client.fetch(.shortTerm, cells: [suwon, busan])
        #expect((try? batch[0].get())?.rows == run.rows)
        guard case .failure(let refused) = batch[1] else {
            Issue.record("a cell with nothing recorded was answered")
            return
        }
        #expect(Self.namesRecordedCells(refused), "\(refused.description)")
        var inOrder: [Int: [Result<ForecastRun, ForecastClientError>]] = [:]
        await client.fetch([.shortTerm], cells: [suwon, busan]) { index, runs in inOrder[index] = runs }
        #expect((try? inOrder[0]?[0].get())?.rows == run.rows)
        #expect((try? inOrder[1]?[0].get()) == nil)
        var items: [ForecastItem] = []
        for try await item in client.items(.nowcast, cell: try GridCell(nx: 56, ny: 125)) { items.append(item) }
        #expect(!items.isEmpty && items.allSatisfy { $0.base == ForecastBase(LocalForecast.sampleRecordings[2].run) })
        #expect(try Self.isEmpty(cache))
    }

    @Test("The mid-term days, the UV index and the warnings: asked where the recording answers, marked where they can be")
    func services() async throws {
        let (client, cache) = try Self.client()
        let seoul = try PlaceDirectory.kma.place(named: "서울특별시")
        let runs = await client.midTermRuns(for: try MidTermRegions.kma.assignment(for: seoul), cell: try GridCell(nx: 60, ny: 127))
        #expect(runs.error == nil && runs.runs.map(\.issue.tmFc) == ["202610040600"], "\(String(describing: runs.error))")
        let uv = await client.uvIndex(for: UVIndexArea(seoul))
        #expect(uv.failure == nil && !uv.values.isEmpty && uv.issuedAt?.iso8601.hasPrefix("2026-09-26T12:00") == true, "\(String(describing: uv.failure?.message))")
        let nowhere = await client.uvIndex(for: UVIndexArea(areaNo: "2600000000", placeName: "부산광역시", isApproximate: false))
        #expect(nowhere.failure?.message.contains("1100000000") == true && nowhere.requests == 0, "\(String(describing: nowhere.failure?.message))")
        let warnings = try await client.warnings(for: .place("서울특별시"))
        #expect(warnings.warnings.failure == nil && warnings.warnings.recording != nil)
        #expect(warnings.warnings.window == "20260921-20260927", "\(String(describing: warnings.warnings.window))")
        #expect(try Self.isEmpty(cache))
    }
}
