import Foundation
import KMAForecast
import KMAGrid
import Testing
@testable import KMAForecastClient

@Suite("ForecastCache: files, format, atomic writes, pruning", .removingTemporaryDirectories)
struct ForecastCacheTests {
    static func key(_ baseDate: String = "20221120", _ baseTime: String = "0500", nx: Int = 60) throws -> ForecastCache.Key {
        ForecastCache.Key(provider: .dataGoKr, product: .shortTerm, cell: try GridCell(nx: nx, ny: 120),
                          base: try ForecastBase(baseDate: baseDate, baseTime: baseTime))
    }

    let entry = ForecastCache.Entry(
        pageSize: 2, pages: [Array(#"{"a":1}"#.utf8), Array("{\n\"b\":\"page 2\n\"}".utf8)],
        fetchedAt: 1_668_895_920, fileVersion: ForecastFileVersion("20221120051017")
    )

    @Test("The default directory follows XDG_CACHE_HOME, then HOME", arguments: [
        (["XDG_CACHE_HOME": "/x/cache/", "HOME": "/home/u"], "/x/cache/kma-forecast"),
        (["XDG_CACHE_HOME": "relative", "HOME": "/home/u"], "/home/u/.cache/kma-forecast"),
        (["HOME": "/home/u"], "/home/u/.cache/kma-forecast"),
        ([:], nil),
    ] as [([String: String], String?)])
    func defaultDirectory(_ environment: [String: String], _ expected: String?) {
        #expect(ForecastCache.defaultDirectory(environment: environment) == expected)
    }

    @Test("A relative directory is taken relative to the current directory, and kept absolute", arguments: [
        ("relcache", "/relcache"), ("./relcache/", "/relcache"), (".cache", "/.cache"), (".", ""), ("a//b/./c", "/a/b/c"),
    ])
    func relativeDirectory(_ given: String, _ suffix: String) throws {
        // Regression: a relative directory was used as is, and makeDirectories put a '/' before
        // it, so '--cache-dir .cache' created '/.cache' and never cached.
        let current = try CacheFileSystem.currentDirectory().get()
        #expect(try ForecastCache(directory: given).directory == (current == "/" ? "" : current) + suffix)
    }

    @Test("An empty directory path is refused, saying so")
    func emptyDirectory() {
        #expect {
            _ = try ForecastCache(directory: "")
        } throws: { error in
            (error as? ForecastClientError)?.description == "The client configuration is invalid: the cache directory is an empty path; give a directory, or disable the cache."
        }
        #expect(throws: ForecastClientError.self) {
            _ = try ForecastClient(configuration: ClientConfiguration(serviceKey: try ServiceKey(testKey), cache: .directory("")))
        }
    }

    @Test("Directories are created relative to where a relative path points, not at /")
    func relativeMakeDirectories() throws {
        let directory = try temporaryDirectory()
        let current = try CacheFileSystem.currentDirectory().get()
        // A relative path to the temporary directory: up to / from here, then down.
        let up = String(repeating: "../", count: current.split(separator: "/").count)
        try CacheFileSystem.makeDirectories(up + directory.dropFirst() + "/a/b")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: directory + "/a/b", isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test("A path that cannot be checked says why, not that it is no directory")
    func danglingLink() throws {
        let directory = try temporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: directory + "/cache", withDestinationPath: directory + "/missing")
        #expect {
            try CacheFileSystem.makeDirectories(directory + "/cache")
        } throws: { error in
            (error as? CacheFailure)?.reason == "it cannot be checked to be a directory: No such file or directory"
        }
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/file"))
        #expect(throws: CacheFailure(path: directory + "/file", reason: "it exists and is not a directory")) {
            try CacheFileSystem.makeDirectories(directory + "/file")
        }
    }

    @Test("The checksum is FNV-1a 64")
    func checksum() {
        #expect(ForecastCache.checksum([]) == "cbf29ce484222325")
        #expect(ForecastCache.checksum(Array("a".utf8)) == "af63dc4c8601ec8c")
    }

    @Test("Paths are keyed by provider, product, cell and base")
    func paths() throws {
        let cache = try ForecastCache(directory: "/c/")
        #expect(cache.pagesPath(try Self.key()) == "/c/data.go.kr/short-term/60-120/20221120-0500.pages")
        #expect(cache.noDataPath(try Self.key("20221120", "0800")) == "/c/data.go.kr/short-term/60-120/20221120-0800.nodata")
    }

    @Test("Stored pages come back byte for byte, with no temporary file left")
    func roundTrip() throws {
        let directory = try temporaryDirectory()
        let cache = try ForecastCache(directory: directory)
        let key = try Self.key()
        #expect(cache.entry(for: key) == .miss)
        try cache.store(entry, for: key)
        #expect(cache.entry(for: key) == .hit(entry))
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.cellDirectory(key))
        #expect(files == ["20221120-0500.pages"])
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: cache.pagesPath(key))), as: UTF8.self)
        #expect(text.hasPrefix("kma-forecast-cache 2\nprovider data.go.kr\nroot https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0\nproduct short-term\ncell 60 120\nbase 20221120 0500\nfetched 1668895920\nversion 20221120051017\npageSize 2\npages 2\n\npage 1 7 \(ForecastCache.checksum(Array(#"{"a":1}"#.utf8)))\n{\"a\":1}\npage 2 "))
    }

    @Test("An unknown file version is written as '-' and read back as nil")
    func unknownVersion() throws {
        let cache = try ForecastCache(directory: try temporaryDirectory())
        let key = try Self.key()
        var unversioned = entry
        unversioned.fileVersion = nil
        try cache.store(unversioned, for: key)
        #expect(cache.entry(for: key) == .hit(unversioned))
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: cache.pagesPath(key))), as: UTF8.self)
        #expect(text.contains("\nfetched 1668895920\nversion -\npageSize 2\n"))
    }

    struct BadFile: Sendable, CustomTestStringConvertible {
        let label: String
        let bytes: [UInt8]
        let reason: String
        var testDescription: String { label }
    }

    static func badFiles() throws -> [BadFile] {
        let small = ForecastCache.Entry(pageSize: 2, pages: [Array("{}".utf8)], fetchedAt: 1_668_895_920, fileVersion: nil)
        let good = ForecastCache.serialize(small, key: try key())
        let otherCell = ForecastCache.serialize(small, key: try key(nx: 61))
        var flipped = good
        flipped[flipped.count - 2] = UInt8(ascii: "]")
        var version3 = good
        version3.replaceSubrange(0..<20, with: Array("kma-forecast-cache 3".utf8))
        // A file as version 1 wrote it: no fetched and version lines.
        let version1 = Array(String(decoding: good, as: UTF8.self)
            .replacingOccurrences(of: "kma-forecast-cache 2\n", with: "kma-forecast-cache 1\n")
            .replacingOccurrences(of: "fetched 1668895920\nversion -\n", with: "").utf8)
        /// `good` with one header line replaced.
        func header(_ line: String, _ replacement: String) -> [UInt8] {
            Array(String(decoding: good, as: UTF8.self).replacingOccurrences(of: "\n\(line)\n", with: "\n\(replacement)\n").utf8)
        }
        return [
            BadFile(label: "empty", bytes: [], reason: "ends inside the header"),
            BadFile(label: "garbage", bytes: Array("\u{0}\u{1}garbage\n".utf8), reason: "not a kma-forecast cache file"),
            BadFile(label: "another version", bytes: version3, reason: "not a kma-forecast cache file of version 2"),
            BadFile(label: "version 1 (no fetch time)", bytes: version1, reason: "written by an older kma-forecast (cache format 1)"),
            BadFile(label: "no fetched line", bytes: header("fetched 1668895920", "pageSize 2"), reason: "no fetched line"),
            BadFile(label: "fetched -1", bytes: header("fetched 1668895920", "fetched -1"), reason: "no fetched line"),
            BadFile(label: "fetched beyond Int64", bytes: header("fetched 1668895920", "fetched 99999999999999999999"), reason: "no fetched line"),
            BadFile(label: "a version that is no time", bytes: header("version -", "version 20221320051017"), reason: "version is not YYYYMMDDHHMMSS"),
            BadFile(label: "no version line", bytes: header("version -", "versions -"), reason: "no version line"),
            BadFile(label: "another cell (foreign)", bytes: otherCell, reason: "for another run"),
            BadFile(label: "cut short", bytes: Array(good.dropLast(3)), reason: "page 1 is missing or cut short"),
            BadFile(label: "a flipped byte", bytes: flipped, reason: "page 1 does not match its checksum"),
            BadFile(label: "bytes after the last page", bytes: good + Array("x".utf8), reason: "bytes after the last page"),
            // Regression: a pageSize of Int.max crashed the next fetch in the page arithmetic.
            BadFile(label: "pageSize Int.max", bytes: header("pageSize 2", "pageSize 9223372036854775807"), reason: "no pageSize line within 1...10000"),
            BadFile(label: "pageSize 0", bytes: header("pageSize 2", "pageSize 0"), reason: "no pageSize line within 1...10000"),
            BadFile(label: "pageSize 10001", bytes: header("pageSize 2", "pageSize 10001"), reason: "no pageSize line within 1...10000"),
            BadFile(label: "pageSize beyond Int", bytes: header("pageSize 2", "pageSize 99999999999999999999"), reason: "no pageSize line within 1...10000"),
            BadFile(label: "pages -1", bytes: header("pages 1", "pages -1"), reason: "no pages line within 1...1000"),
            BadFile(label: "pages 0", bytes: header("pages 1", "pages 0"), reason: "no pages line within 1...1000"),
            BadFile(label: "pages 1001", bytes: header("pages 1", "pages 1001"), reason: "no pages line within 1...1000"),
            BadFile(label: "page length Int.max", bytes: Array(String(decoding: good, as: UTF8.self)
                .replacingOccurrences(of: "\npage 1 2 ", with: "\npage 1 9223372036854775807 ").utf8), reason: "page 1 is missing or cut short"),
        ]
    }

    @Test("Corrupt, foreign and other-version files are unusable, with a reason", arguments: try badFiles())
    func unusable(_ c: BadFile) throws {
        let directory = try temporaryDirectory()
        let cache = try ForecastCache(directory: directory)
        let key = try Self.key()
        try CacheFileSystem.makeDirectories(cache.cellDirectory(key))
        try CacheFileSystem.writeAtomically(c.bytes, to: cache.pagesPath(key))
        guard case .unusable(let path, let reason) = cache.entry(for: key) else {
            Issue.record("expected unusable for \(c.label)")
            return
        }
        #expect(path == cache.pagesPath(key))
        #expect(reason.contains(c.reason), "\(reason)")
        // Storing replaces it.
        try cache.store(entry, for: key)
        #expect(cache.entry(for: key) == .hit(entry))
    }

    @Test("A directory where the file should be is not read as an entry")
    func directoryInTheWay() throws {
        let cache = try ForecastCache(directory: try temporaryDirectory())
        let key = try Self.key()
        try CacheFileSystem.makeDirectories(cache.pagesPath(key))
        #expect(cache.entry(for: key) == .miss)
        #expect(throws: CacheFailure.self) { try cache.store(entry, for: key) }
    }

    @Test("NO_DATA notes round-trip; a garbled note is no note")
    func noDataNotes() throws {
        let cache = try ForecastCache(directory: try temporaryDirectory())
        let key = try Self.key("20221120", "0800")
        #expect(cache.noDataCheckedAt(key) == nil)
        try cache.noteNoData(key, at: 1_668_898_800)
        #expect(cache.noDataCheckedAt(key) == 1_668_898_800)
        try CacheFileSystem.writeAtomically(Array("kma-forecast-nodata 1\nchecked soon\n".utf8), to: cache.noDataPath(key))
        #expect(cache.noDataCheckedAt(key) == nil)
        try CacheFileSystem.writeAtomically(Array("kma-forecast-nodata 1\nchecked -9223372036854775808\n".utf8), to: cache.noDataPath(key))
        #expect(cache.noDataCheckedAt(key) == nil)
    }

    @Test("Storing a run prunes the cell's runs older than 3 days and its notes at or before it; other files stay")
    func pruning() throws {
        let cache = try ForecastCache(directory: try temporaryDirectory())
        let stored = try Self.key("20221120", "0500")
        let folder = cache.cellDirectory(stored)
        try CacheFileSystem.makeDirectories(folder)
        let names = [
            "20221117-0200.pages",   // older than 3 days: removed
            "20221117-0500.pages",   // exactly 3 days: kept
            "20221120-0200.pages",   // kept
            "20221120-0500.nodata",  // at the stored run: removed
            "20221120-0200.nodata",  // before: removed
            "20221120-0800.nodata",  // after: kept (the newer run had no data)
            "notes.txt",             // not ours: kept
        ]
        for name in names { try CacheFileSystem.writeAtomically([1], to: folder + "/" + name) }
        try cache.store(entry, for: stored)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(left == ["20221117-0500.pages", "20221120-0200.pages", "20221120-0500.pages", "20221120-0800.nodata", "notes.txt"])
    }
}
