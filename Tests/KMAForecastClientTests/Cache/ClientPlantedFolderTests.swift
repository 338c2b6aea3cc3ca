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

/// Planted cache folders: a symbolic link, a folder of another user or one others can write to,
/// where the cache keeps a cell's runs, a mid-term region's answers or a grid run's fields.
/// Nothing is written, listed or removed through them, the victim's files stay as they were,
/// and the user is told which folder and why (issue 25, items 1 and 15).
@Suite("Planted cache folders: links, foreign and shared folders never lead a write or a removal elsewhere", .removingTemporaryDirectories)
struct ClientPlantedFolderTests {
    /// A victim directory outside the cache with files named as the cache's would be, stale
    /// temporaries included (two hours old), and what it held.
    static func victim(_ names: [String]) throws -> (path: String, before: [String]) {
        let path = try temporaryDirectory()
        for name in names {
            #expect(FileManager.default.createFile(atPath: path + "/" + name, contents: Data("victim's".utf8)))
            if name.hasSuffix(".tmp") {
                try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7_200)], ofItemAtPath: path + "/" + name)
            }
        }
        return (path, try FileManager.default.contentsOfDirectory(atPath: path).sorted())
    }

    /// Every entry of a directory with its bytes: to check nothing changed.
    static func snapshot(_ path: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            files[name] = FileManager.default.contents(atPath: path + "/" + name) ?? Data()
        }
        return files
    }

    static let shortTermKey = ForecastCache.Key(
        provider: .dataGoKr, product: .shortTerm, cell: shortTermCell,
        base: { () -> ForecastBase in
            guard let base = try? ForecastBase(baseDate: "20221120", baseTime: "0500") else { preconditionFailure("valid") }
            return base
        }()
    )

    // Regression: the run was written into the victim's directory, and its old `.pages` and
    // stale temporaries removed there.
    @Test("A cell folder that is a link to another directory: nothing written or removed there, a warning names the link")
    func linkedCellFolder() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let root = try temporaryDirectory()
        let (victim, _) = try Self.victim(["20221101-0500.pages", "20221119-0500.nodata", ".20221101-0500.pages.1.2.tmp", "notes.txt"])
        let before = try Self.snapshot(victim)
        let recorder = Recorder()
        let client = try makeClient(server, cache: .directory(root), recorder: recorder)
        let cache = try #require(client.cache)
        var key = Self.shortTermKey
        key.root = server.baseURL
        let folder = cache.cellDirectory(key)
        try CacheFileSystem.makeDirectories((folder as NSString).deletingLastPathComponent)
        #expect(symlink(victim, folder) == 0)
        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(run.itemCount == 809 && !run.fromCache)
        #expect(try Self.snapshot(victim) == before, "the victim's directory changed")
        let warnings = recorder.events.compactMap { event -> (String, String)? in
            if case .cacheWriteFailed(let path, let reason) = event { (path, reason) } else { nil }
        }
        #expect(warnings.contains { $0.0 == folder && $0.1.contains("symbolic link") }, "\(recorder.eventTexts)")
        // The next fetch is not served from the victim's directory either.
        let again = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(!again.fromCache && server.requests.count == 2)
        #expect(try Self.snapshot(victim) == before)
    }

    @Test("A link higher up (the product folder) is refused the same way")
    func linkedProductFolder() throws {
        let root = try temporaryDirectory()
        let (victim, _) = try Self.victim(["keep"])
        let cache = try ForecastCache(directory: root)
        try CacheFileSystem.makeDirectories(root + "/data.go.kr")
        #expect(symlink(victim, root + "/data.go.kr/short-term") == 0)
        let entry = ForecastCache.Entry(pageSize: 1000, pages: [[1, 2, 3]], fetchedAt: 0, fileVersion: nil)
        let failure = try #require(throws: CacheFailure.self) { try cache.store(entry, for: Self.shortTermKey) }
        #expect(failure.path == root + "/data.go.kr/short-term" && failure.reason.contains("symbolic link"), "\(failure)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim) == ["keep"])
    }

    @Test("A cache folder others can write to is not used: nothing written, the reason says how to fix it")
    func sharedFolder() throws {
        let root = try temporaryDirectory()
        let cache = try ForecastCache(directory: root)
        let product = root + "/data.go.kr/short-term"
        try CacheFileSystem.makeDirectories(product)
        #expect(chmod(product, 0o777) == 0)
        let entry = ForecastCache.Entry(pageSize: 1000, pages: [[1, 2, 3]], fetchedAt: 0, fileVersion: nil)
        let failure = try #require(throws: CacheFailure.self) { try cache.store(entry, for: Self.shortTermKey) }
        #expect(failure.path == product && failure.reason.contains("other users can write to it (mode 777)") && failure.reason.contains("chmod go-w"), "\(failure)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: product).isEmpty)
        // The cache root itself is checked too.
        #expect(chmod(product, 0o700) == 0)
        #expect(chmod(root, 0o775) == 0)
        let rootFailure = try #require(throws: CacheFailure.self) { try cache.store(entry, for: Self.shortTermKey) }
        #expect(rootFailure.path == root && rootFailure.reason.contains("mode 775"), "\(rootFailure)")
        #expect(chmod(root, 0o700) == 0)
        try cache.store(entry, for: Self.shortTermKey)
        #expect(cache.entry(for: Self.shortTermKey) != .miss)
    }

    @Test("A cache folder of another user is not used (as root: a folder given to nobody)", .enabled(if: geteuid() == 0))
    func foreignFolder() throws {
        let root = try temporaryDirectory()
        let cache = try ForecastCache(directory: root)
        let cell = cache.cellDirectory(Self.shortTermKey)
        try CacheFileSystem.makeDirectories(cell)
        #expect(chown(cell, 65_534, 65_534) == 0)
        let entry = ForecastCache.Entry(pageSize: 1000, pages: [[1, 2, 3]], fetchedAt: 0, fileVersion: nil)
        let failure = try #require(throws: CacheFailure.self) { try cache.store(entry, for: Self.shortTermKey) }
        #expect(failure.path == cell && failure.reason.contains("belongs to another user (uid 65534)"), "\(failure)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cell).isEmpty)
    }

    static func midTermKey(tmFc: String) throws -> ForecastCache.MidTermKey {
        ForecastCache.MidTermKey(
            provider: .dataGoKr, root: "http://127.0.0.1/1360000/MidFcstInfoService", operation: .temperatures,
            regionID: "11B10101", issue: try #require(MidTermIssue(tmFc: tmFc))
        )
    }

    // Regression: the body was written into the victim's directory and its old `.body`
    // removed there.
    @Test("A mid-term region folder that is a link: nothing written or removed through it")
    func linkedRegionFolder() throws {
        let root = try temporaryDirectory()
        let (victim, _) = try Self.victim(["202609010600.body", "202610040600.nodata", ".202609010600.body.1.2.tmp"])
        let before = try Self.snapshot(victim)
        let cache = try ForecastCache(directory: root)
        let key = try Self.midTermKey(tmFc: "202610041800")
        let folder = cache.midTermDirectory(key)
        try CacheFileSystem.makeDirectories((folder as NSString).deletingLastPathComponent)
        #expect(symlink(victim, folder) == 0)
        let failure = try #require(throws: CacheFailure.self) { try cache.storeMidTerm(Array("{}".utf8), fetchedAt: 0, for: key) }
        #expect(failure.path == folder && failure.reason.contains("symbolic link"), "\(failure)")
        #expect(try Self.snapshot(victim) == before)
        #expect(cache.midTermBody(for: key) == .miss)
        #expect(throws: CacheFailure.self) { try cache.noteMidTermNoData(key, at: 0) }
        #expect(try Self.snapshot(victim) == before)
    }

    static let field: BuiltGridField = {
        guard let field = try? BuiltGridField.temperature() else { preconditionFailure("the official grid table fixture is readable") }
        return field
    }()

    // Regression: every file of the victim's directory was deleted (and the link's target
    // emptied), exit 0.
    @Test("A grid run folder that is a link to another directory is never pruned through: the victim keeps its files")
    func linkedFieldRunFolder() throws {
        let root = try temporaryDirectory()
        let (victim, _) = try Self.victim(["TMP-2020010106.field", "family-photos.jpg", ".x.tmp"])
        let before = try Self.snapshot(victim)
        try CacheFileSystem.makeDirectories(root + "/apihub-grid/short-term")
        #expect(symlink(victim, root + "/apihub-grid/short-term/2020010105") == 0)
        // An old run folder of the cache's own is pruned as before.
        try CacheFileSystem.makeDirectories(root + "/apihub-grid/short-term/2020010205")
        #expect(FileManager.default.createFile(atPath: root + "/apihub-grid/short-term/2020010205/TMP-2020010206.field", contents: Data("old".utf8)))
        let cache = GridFieldCache(directory: root, root: "http://127.0.0.1/api/typ01/cgi-bin/url")
        let request = try GridFieldRequest(.shortTerm, variable: .tmp, run: try ForecastBase(baseDate: "20261121", baseTime: "0500"))
        let leftAlone = try cache.store(Self.field.body(), for: request)
        #expect(try Self.snapshot(victim) == before, "the victim's directory changed")
        #expect(leftAlone.map(\.path) == [root + "/apihub-grid/short-term/2020010105"], "\(leftAlone)")
        #expect(leftAlone.first?.reason.contains("symbolic link") == true && leftAlone.first?.reason.contains("left alone") == true)
        #expect(!FileManager.default.fileExists(atPath: root + "/apihub-grid/short-term/2020010205"))
        #expect(cache.body(for: request) == Self.field.body())
    }

    @Test("The field client warns about a run folder it would not prune")
    func fieldClientWarns() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        defer { server.stop() }
        server.addField(Self.field.body(), operation: "nph-dfs_shrt_grd", tmfc: "2026112105", tmef: "2026112106", variable: "TMP")
        let root = try temporaryDirectory()
        let (victim, _) = try Self.victim(["a", "b"])
        try CacheFileSystem.makeDirectories(root + "/apihub-grid/short-term")
        #expect(symlink(victim, root + "/apihub-grid/short-term/2020010105") == 0)
        let recorder = Recorder()
        let configuration = ClientConfiguration(
            serviceKey: try ServiceKey(testKey), cache: .directory(root),
            now: { kstDate(2026, 11, 21, 6, 0) }, onEvent: { recorder.record($0) }
        )
        let client = try GridFieldClient(
            configuration: configuration, options: GridFieldOptions(baseURL: server.apiHubFieldBaseURL),
            transport: URLSessionTransport(), sleep: { recorder.sleep($0) }, random: { 0.5 }
        )
        _ = try await client.fetch(.shortTerm, variable: .tmp)
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim).sorted() == ["a", "b"])
        #expect(recorder.events.contains {
            if case .cacheWriteFailed(let path, let reason) = $0 { path.hasSuffix("/2020010105") && reason.contains("symbolic link") } else { false }
        }, "\(recorder.eventTexts)")
    }

    // Item 15: stale temporaries were pruned in short-term cell folders only.
    @Test("Stale temporary files are pruned in mid-term region folders and grid run folders too; fresh ones are left")
    func staleTemporaries() throws {
        let root = try temporaryDirectory()
        let cache = try ForecastCache(directory: root)
        let key = try Self.midTermKey(tmFc: "202610041800")
        let region = cache.midTermDirectory(key)
        try CacheFileSystem.makeDirectories(region)
        let fields = GridFieldCache(directory: root, root: "http://127.0.0.1/api/typ01/cgi-bin/url")
        let request = try GridFieldRequest(.shortTerm, variable: .tmp, run: try ForecastBase(baseDate: "20261121", baseTime: "0500"))
        let run = fields.runDirectory(request)
        try CacheFileSystem.makeDirectories(run)
        for folder in [region, run] {
            #expect(FileManager.default.createFile(atPath: folder + "/.old.body.1.2.tmp", contents: Data("half".utf8)))
            #expect(FileManager.default.createFile(atPath: folder + "/.new.body.3.4.tmp", contents: Data("half".utf8)))
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7_200)], ofItemAtPath: folder + "/.old.body.1.2.tmp")
        }
        try cache.storeMidTerm(Array("{}".utf8), fetchedAt: 0, for: key)
        try fields.store(Self.field.body(), for: request)
        for folder in [region, run] {
            #expect(!FileManager.default.fileExists(atPath: folder + "/.old.body.1.2.tmp"), "\(folder)")
            #expect(FileManager.default.fileExists(atPath: folder + "/.new.body.3.4.tmp"), "\(folder)")
        }
    }
}
