import Foundation
import KMAForecast
import Testing
@testable import KMAForecastClient
import _KMATestSupport

/// Issue 31, item 8: a stale temporary file in a grid run's folder (a write cut by SIGKILL)
/// was removed only when another field of that run was stored; a run served whole from the
/// cache kept it for ever. The field client now tidies each run's folder on its first fetch
/// of that run, cached or not, as the point client prunes a cell's folder on every run.
@Suite("Grid-field cache: stale temporaries pruned on every run, served from the cache or not", .removingTemporaryDirectories)
struct GridFieldCacheTidyTests {
    @Test("A field served from the cache: the run folder's stale temporary goes, a fresh one stays")
    func cachedRunIsTidied() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        defer { server.stop() }
        let field = try BuiltGridField.temperature()
        server.addField(field.body(), operation: "nph-dfs_shrt_grd", tmfc: "2026112105", tmef: "2026112106", variable: "TMP")
        let root = try temporaryDirectory()
        func client() throws -> GridFieldClient {
            try GridFieldClient(
                configuration: ClientConfiguration(serviceKey: try ServiceKey(testKey), cache: .directory(root), now: { kstDate(2026, 11, 21, 6, 0) }),
                options: GridFieldOptions(baseURL: server.apiHubFieldBaseURL), transport: URLSessionTransport(), sleep: { _ in }, random: { 0.5 }
            )
        }
        _ = try await client().fetch(.shortTerm, variable: .tmp)
        #expect(server.requests.count == 1)
        let folder = root + "/apihub-grid/short-term/2026112105"
        let stale = folder + "/.TMP-2026112106.field.0123456789abcdef.tmp"
        let fresh = folder + "/.TMP-2026112107.field.fedcba9876543210.tmp"
        #expect(FileManager.default.createFile(atPath: stale, contents: Data("half".utf8)))
        #expect(FileManager.default.createFile(atPath: fresh, contents: Data("half".utf8)))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7_200)], ofItemAtPath: stale)
        // The next run: served from the cache, nothing stored.
        _ = try await client().fetch(.shortTerm, variable: .tmp)
        #expect(server.requests.count == 1, "served from the cache")
        #expect(!FileManager.default.fileExists(atPath: stale), "the stale temporary is pruned")
        #expect(FileManager.default.fileExists(atPath: fresh), "a fresh one (a write in progress) is left")
    }
}
