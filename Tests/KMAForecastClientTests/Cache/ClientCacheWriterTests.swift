#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import KMAForecast
import Testing
@testable import KMAForecastClient
import _KMATestSupport

/// The cache writes through the package's one file writer (``CacheFolder/store(_:as:)``, on
/// `FileWriter`): nothing planted at a run's name or at a temporary name receives its bytes,
/// and the temporaries it prunes are the writer's and older versions' alike (issue 28).
@Suite("ForecastClient cache writes: planted links never followed, the writer's temporaries pruned", .removingTemporaryDirectories)
struct ClientCacheWriterTests {
    @Test("Links at a run's name and at temporary names (this writer's form, older versions', NetCDF's old one): targets untouched, the run a 0600 file")
    func plantedLinks() async throws {
        let (server, client, path, folder) = try ClientHostileCacheTests.setUp()
        defer { server.stop() }
        let victims = try temporaryDirectory()
        let name = (path as NSString).lastPathComponent
        let planted = [
            name, ".\(name).0000000000000000.tmp", ".\(name).\(getpid()).0.tmp", ".\(name).partial", ".\(name).tmp",
        ]
        for (index, entry) in planted.enumerated() {
            #expect(FileManager.default.createFile(atPath: "\(victims)/\(index)", contents: Data("precious \(index)".utf8)))
            #expect(symlink("\(victims)/\(index)", folder + "/" + entry) == 0)
        }
        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(!run.fromCache && run.itemCount == 809)
        for index in planted.indices {
            #expect(FileManager.default.contents(atPath: "\(victims)/\(index)") == Data("precious \(index)".utf8), "\(planted[index])")
        }
        var info = stat()
        #expect(lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && (info.st_mode & 0o777) == 0o600)
        // Fresh planted temporaries are left (they may be another write's); this write left none.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(left == planted.sorted())
        let again = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(again.fromCache && server.requests.count == 1)
    }

    @Test("A stale temporary of this writer's form (.<name>.<16 hex>.tmp) is pruned like older ones; a fresh one is left")
    func prunesWriterTemporaries() async throws {
        let (server, client, path, folder) = try ClientHostileCacheTests.setUp()
        defer { server.stop() }
        let name = (path as NSString).lastPathComponent
        let stale = folder + "/.\(name).0123456789abcdef.tmp"
        let fresh = folder + "/.\(name).fedcba9876543210.tmp"
        #expect(FileManager.default.createFile(atPath: stale, contents: Data("half".utf8)))
        #expect(FileManager.default.createFile(atPath: fresh, contents: Data("half".utf8)))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7_200)], ofItemAtPath: stale)
        _ = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: fresh))
    }
}
