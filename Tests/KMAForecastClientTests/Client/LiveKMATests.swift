import Foundation
import KMAForecast
import KMAGrid
import Testing
import KMAForecastClient

/// Against KMA itself: runs only when `KMA_SERVICE_KEY` is set (optionally `KMA_PROVIDER`
/// `data.go.kr|apihub` and `KMA_BASE_URL`). Never in CI without a key.
@Suite("Live KMA (needs KMA_SERVICE_KEY)")
struct LiveKMATests {
    static let environment = ProcessInfo.processInfo.environment

    @Test("The newest run of each product for Seoul City Hall (60, 127)",
          .enabled(if: environment["KMA_SERVICE_KEY"] != nil), arguments: ForecastProduct.allCases)
    func live(_ product: ForecastProduct) async throws {
        let key = try ServiceKey(Self.environment["KMA_SERVICE_KEY"] ?? "")
        let provider = Self.environment["KMA_PROVIDER"].flatMap(ServiceProvider.init(rawValue:)) ?? .dataGoKr
        let client = try ForecastClient(configuration: ClientConfiguration(
            provider: provider, serviceKey: key, baseURL: Self.environment["KMA_BASE_URL"], cache: .disabled
        ))
        let run = try await client.fetch(product, cell: try GridCell(nx: 60, ny: 127))
        #expect(run.itemCount > 0 && !run.rows.isEmpty)
        #expect(run.rows.allSatisfy { $0.nx == 60 && $0.ny == 127 && $0.base == run.base })
    }
}
