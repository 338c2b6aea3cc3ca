#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import KMAForecast
import KMAGrid
import Testing
@testable import KMAForecastClient
import _KMATestSupport

/// A hostile disk: whatever sits where a cache file should be, the fetch neither hangs, nor
/// crashes, nor trusts it; the run is fetched from KMA and the file replaced. (Issue 16,
/// items 9–11.)
@Suite("ForecastClient with a hostile cache: FIFOs, huge files, planted files, stale temporaries", .removingTemporaryDirectories)
struct ClientHostileCacheTests {
    /// A server, a client on a fresh cache directory, the path of the short-term run's file,
    /// and its cell directory (created).
    static func setUp() throws -> (ReplayServer, ForecastClient, path: String, folder: String) {
        let server = try shortTermServer()
        let client = try makeClient(server, cache: .directory(try temporaryDirectory()))
        let cache = try #require(client.cache)
        let key = ForecastCache.Key(
            provider: .dataGoKr, product: .shortTerm, cell: shortTermCell,
            base: try ForecastBase(baseDate: "20221120", baseTime: "0500"), root: server.baseURL
        )
        try CacheFileSystem.makeDirectories(cache.cellDirectory(key))
        return (server, client, cache.pagesPath(key), cache.cellDirectory(key))
    }

    @Test("A FIFO in place of a run's file: fetched, not a hang", .timeLimit(.minutes(10)))
    func fifo() async throws {
        let (server, client, path, _) = try Self.setUp()
        defer { server.stop() }
        #expect(mkfifo(path, 0o600) == 0)
        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(!run.fromCache && run.itemCount == 809 && server.requests.count == 1)
    }

    @Test("A 100 GB sparse file in place of a run's file: refused before reading, replaced")
    func sparseFile() async throws {
        let (server, client, path, _) = try Self.setUp()
        defer { server.stop() }
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        #expect(fd >= 0)
        #expect(ftruncate(fd, 100 << 30) == 0)
        close(fd)
        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(!run.fromCache && run.itemCount == 809)
        let again = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(again.fromCache && server.requests.count == 1)
    }

    @Test("A run file writable by others (as a planted one in a shared directory) is not trusted")
    func writableByOthers() async throws {
        let (server, client, path, folder) = try Self.setUp()
        defer { server.stop() }
        let first = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(!first.fromCache)
        // New files and directories are the user's own.
        var info = stat()
        #expect(stat(path, &info) == 0 && (info.st_mode & 0o777) == 0o600)
        #expect(stat(folder, &info) == 0 && (info.st_mode & 0o777) == 0o700)
        #expect(chmod(path, 0o666) == 0)
        let second = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(!second.fromCache && server.requests.count == 2)
        // The same for a directory others can write to.
        #expect(chmod(folder, 0o777) == 0)
        let third = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(!third.fromCache && server.requests.count == 3)
    }

    @Test("Temporary files of interrupted writes are removed once stale; fresh ones are left")
    func staleTemporaries() async throws {
        let (server, client, _, folder) = try Self.setUp()
        defer { server.stop() }
        let stale = folder + "/.20221120-0500.pages.4242.1234.tmp"
        let fresh = folder + "/.20221120-0500.pages.4243.5678.tmp"
        #expect(FileManager.default.createFile(atPath: stale, contents: Data("half".utf8)))
        #expect(FileManager.default.createFile(atPath: fresh, contents: Data("half".utf8)))
        let twoHoursAgo = Date().addingTimeInterval(-7_200)
        try FileManager.default.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: stale)
        _ = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: fresh))
    }
}
