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

/// Issue 38: a stale temporary in another run's folder (an earlier run of the product, kept
/// for three days) stayed until that folder was pruned; every run's folder is tidied now.
@Suite("Grid-field cache: a stale temporary in an earlier run's folder goes on the next run", .removingTemporaryDirectories)
struct GridFieldCacheOtherRunTidyTests {
    @Test("The next run tidies the earlier runs' folders and the product's; fresh temporaries and kept fields stay")
    func earlierRunIsTidied() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        defer { server.stop() }
        let field = try BuiltGridField.temperature()
        server.addField(field.body(), operation: "nph-dfs_shrt_grd", tmfc: "2026112105", tmef: "2026112106", variable: "TMP")
        let root = try temporaryDirectory()
        let client = try GridFieldClient(
            configuration: ClientConfiguration(serviceKey: try ServiceKey(testKey), cache: .directory(root), now: { kstDate(2026, 11, 21, 6, 0) }),
            options: GridFieldOptions(baseURL: server.apiHubFieldBaseURL), transport: URLSessionTransport(), sleep: { _ in }, random: { 0.5 }
        )
        let earlier = root + "/apihub-grid/short-term/2026112102"
        try FileManager.default.createDirectory(atPath: earlier, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root + "/apihub-grid/short-term")
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root + "/apihub-grid")
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root)
        let kept = earlier + "/TMP-2026112103.field"
        let stale = earlier + "/.TMP-2026112103.field.0123456789abcdef.tmp"
        let fresh = earlier + "/.TMP-2026112104.field.fedcba9876543210.tmp"
        let staleInProduct = root + "/apihub-grid/short-term/.x.field.00112233aabbccdd.tmp"
        for path in [kept, stale, fresh, staleInProduct] {
            #expect(FileManager.default.createFile(atPath: path, contents: Data("half".utf8), attributes: [.posixPermissions: 0o600]))
        }
        for path in [stale, staleInProduct] {
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7_200)], ofItemAtPath: path)
        }
        _ = try await client.fetch(.shortTerm, variable: .tmp)
        #expect(!FileManager.default.fileExists(atPath: stale), "the earlier run's stale temporary is pruned")
        #expect(!FileManager.default.fileExists(atPath: staleInProduct), "the product folder's stale temporary is pruned")
        #expect(FileManager.default.fileExists(atPath: fresh), "a fresh one (a write in progress) is left")
        #expect(FileManager.default.fileExists(atPath: kept), "the earlier run's fields stay (KMA still serves it)")
    }
}
