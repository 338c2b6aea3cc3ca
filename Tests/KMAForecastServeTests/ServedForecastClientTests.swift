import Foundation
import KMAForecast
import KMAForecastClient
import KMAGrid
@testable import KMAForecastServe
import Testing
import _KMATestSupport

@Suite("serve: ServedForecastClient — the app's client of a serve root, no key, the same LocalForecast")
struct ServedForecastClientTests {
    @Test("The forecast through the serve root decodes equal to the server's JSON, for a cell, a coordinate and a place")
    func sameForecast() async throws {
        let harness = try ServeHarness()
        // A bounded wait, not a speed verdict: a busy machine (the whole suite on 2 cores) may take long.
        let client = try ServedForecastClient(root: "http://127.0.0.1:\(harness.port)/", timeout: .seconds(600))
        let cell = try GridCell(nx: 98, ny: 76)
        let viaClient = try await client.forecast(for: .cell(cell), days: nil)
        let served = try await harness.get("/v1/forecast?nx=98&ny=76&days=0")
        #expect(viaClient == (try JSONDecoder().decode(LocalForecast.self, from: Data(served.body))))
        #expect(viaClient.location.cell == cell && !viaClient.hourly.isEmpty)
        let point = try await client.forecast(for: .coordinate(GeoCoordinate(latitude: 35.1631, longitude: 129.1636)))
        #expect(point.location.coordinate?.latitude == 35.1631)
        let place = try await client.forecast(for: .place(try LocationParser.place(named: "해운대구")), days: nil)
        #expect(place.location.placeName?.contains("해운대구") == true)
        // No key anywhere in what the app sent: the server holds it.
        #expect(harness.server.metrics.snapshot.requests["forecast 200"] == 4)
        await #expect(throws: ForecastClientError.self) { try await client.forecast(for: .placeName("xyzzy-nowhere")) }
        #expect(throws: ForecastClientError.self) { try ServedForecastClient(root: "ftp://example.com") }
    }
}
