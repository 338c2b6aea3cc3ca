import Foundation
import KMAForecast
import KMAForecastClient
import KMAGrid
import KMAPlaces
import Testing
import _KMATestSupport

/// Issue 28: `forecast(for:midTermDays:)` threw for a place without mid-term regions (a point
/// at sea); now it skips the mid-term service and the value says so.
@Suite("midTermDays at a place without mid-term regions: not asked, and said so")
struct MidTermNotAskedTests {
    @Test("A place without mid-term regions: the short-term days, and a mid-term outcome that was not asked, with why")
    func withoutRegions() async throws {
        // A place of an app's own directory, in no province KMA's mid-term table knows (every
        // row of KMA's grid table has regions: its nearest land region or point).
        let place = Place(regionCode: "9900000000", levels: ["먼바다"], cell: try GridCell(nx: 28, ny: 8), coordinate: nil)
        let cell = place.cell
        try #require(try ForecastLocation.place(place).resolved().midTermRegions == nil, "the place must have no mid-term regions")
        let base = try ForecastBase(baseDate: "20221120", baseTime: "0500")
        let server = try ReplayServer(runs: [ExtendedDayRun.recordedRun(base: base, nx: cell.nx, ny: cell.ny)], expectedKey: testKey)
        defer { server.stop() }
        let forecast = try await makeClient(server).forecast(for: .place(place), products: [.shortTerm], midTermDays: 10)
        #expect(forecast.outcome(.shortTerm)?.status == .delivered)
        let midTerm = try #require(forecast.midTerm)
        #expect(midTerm.isNotAsked && midTerm.requests == 0 && midTerm.runs.isEmpty && midTerm.status == .failed)
        #expect(midTerm.failure?.kind == "noMidTermRegion" && midTerm.failure?.service == .midTerm)
        #expect(midTerm.failure?.message.contains("was not asked: nx 28, ny 8 has no mid-term forecast region") == true)
        #expect(!forecast.daily.isEmpty)
        #expect(server.requests.allSatisfy { !$0.path.contains("Mid") })
        // The stored value says the same after a round trip.
        let decoded = try JSONDecoder().decode(LocalForecast.self, from: try JSONEncoder().encode(forecast))
        #expect(decoded.midTerm?.isNotAsked == true)
    }
}
