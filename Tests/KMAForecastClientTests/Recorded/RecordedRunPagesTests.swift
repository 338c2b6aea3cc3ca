import Testing
@testable import KMAForecastClient
import KMAForecast
import KMAGrid
import _KMATestSupport

@Suite("RecordedRunPages and RecordedRunTransport: the routing the demo and the replay server share")
struct RecordedRunPagesTests {
    static let key = RecordedRunPages.Key(operation: "getVilageFcst", baseDate: "20221120", baseTime: "0500", nx: 60, ny: 120)

    @Test("A request routes to its run and page; defaults pageNo 1, numOfRows 10; a missing parameter is code 11")
    func routes() {
        let parameters = ["base_date": "20221120", "base_time": "0500", "nx": "60", "ny": "120"]
        #expect(RecordedRunPages.route(operation: "getVilageFcst", parameters: parameters) == .page(Self.key, pageNo: 1, numOfRows: 10))
        #expect(RecordedRunPages.route(operation: "getVilageFcst", parameters: parameters.merging(["pageNo": "3", "numOfRows": "100"]) { $1 })
            == .page(Self.key, pageNo: 3, numOfRows: 100))
        for name in parameters.keys {
            #expect(RecordedRunPages.route(operation: "getVilageFcst", parameters: parameters.filter { $0.key != name }) == .missingParameters, "\(name)")
        }
        #expect(RecordedRunPages.route(operation: "getVilageFcst", parameters: parameters.merging(["nx": "x"]) { $1 }) == .missingParameters)
    }

    @Test("Pages cut the items; past the end, or a size or number below 1, there is none", arguments: [
        (809, 1, 1000, 0..<809), (809, 1, 10, 0..<10), (809, 81, 10, 800..<809), (809, 82, 10, nil),
        (809, 0, 10, nil), (809, 1, 0, nil), (0, 1, 10, nil), (809, Int.max, 1000, nil),
    ] as [(Int, Int, Int, Range<Int>?)])
    func slices(count: Int, pageNo: Int, numOfRows: Int, expected: Range<Int>?) {
        #expect(RecordedRunPages.slice(count: count, pageNo: pageNo, numOfRows: numOfRows) == expected)
    }

    @Test("A recorded page's items come out byte for byte, and a page of them decodes to the same items")
    func itemsRoundTrip() throws {
        let recorded = try Fixtures.bytes("api/getUltraSrtFcst_20210328_1530_nx56_ny125.json")  // pretty-printed
        let items = try #require(RecordedRunPages.items(ofPage: recorded))
        #expect(items.count == 60)
        #expect(String(decoding: items[0], as: UTF8.self).hasPrefix("{\n"))
        let rebuilt = RecordedRunPages.page(items, pageNo: 1, numOfRows: 100, totalCount: 60)
        #expect(try ForecastPageDecoder.decode(rebuilt).items == ForecastPageDecoder.decode(recorded).items)
        #expect(RecordedRunPages.items(ofPage: Array(#"{"response":{}}"#.utf8)) == nil)
        #expect(RecordedRunPages.items(ofPage: Array(#"{"item":[{"a":"}"#.utf8)) == nil)
    }

    @Test("The public client pages through the transport: 809 items in pages of 100")
    func clientOverTransport() async throws {
        let items = try #require(RecordedRunPages.items(ofPage: try Fixtures.bytes("api/getVilageFcst_20221120_0500_nx60_ny120.json")))
        let transport = RecordedRunTransport(runs: [Self.key: items], noDataBody: try Fixtures.bytes("api/hand_made_nodata_03.json"))
        let configuration = ClientConfiguration(
            serviceKey: try ServiceKey("DEMO"), cache: .disabled, pageSize: 100, now: { kstDate(2022, 11, 20, 5, 30) }, rateLimiter: nil
        )
        let client = try ForecastClient(configuration: configuration, transport: transport)
        let base = try ForecastBase(baseDate: "20221120", baseTime: "0500")
        let run = try await client.fetch(.shortTerm, cell: try GridCell(nx: 60, ny: 120), base: base)
        #expect(run.rows.map(\.forecastTimeString).count == 67)
        #expect(run.rows.reduce(0) { $0 + $1.categories.count } == 809)
        // Another cell: NO_DATA, as KMA answers for a run it does not have.
        await #expect(throws: ForecastClientError.self) {
            try await client.fetch(.shortTerm, cell: try GridCell(nx: 61, ny: 120), base: base)
        }
    }
}
