import Foundation
import KMAForecast
import KMAGrid
import Testing
@testable import KMAForecastClient
import _KMATestSupport

@Suite("ForecastClient with its cache: zero requests within a run, exact replacement", .removingTemporaryDirectories)
struct ClientCacheTests {
    @Test("A repeat call within the same run makes no request and returns the same rows")
    func repeatCall() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let directory = try temporaryDirectory()
        let recorder = Recorder()
        let client = try makeClient(server, cache: .directory(directory), pageSize: 300, recorder: recorder)
        let first = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(!first.fromCache && server.requests.count == 3)
        let second = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(second.fromCache && second.requests == 0 && server.requests.count == 3)
        #expect(second.rows == first.rows && second.itemCount == 809 && second.pageCount == 3)
        // A new client on the same directory (another process) hits too.
        let other = try await makeClient(server, cache: .directory(directory)).fetch(.shortTerm, cell: shortTermCell)
        #expect(other.fromCache && server.requests.count == 3)
        // The stream is served from the cache as well.
        var streamed = 0
        for try await _ in client.items(.shortTerm, cell: shortTermCell) { streamed += 1 }
        #expect(streamed == 809 && server.requests.count == 3)
        // The cache holds no key.
        let path = try #require(client.cache).pagesPath(ForecastCache.Key(
            provider: .dataGoKr, product: .shortTerm, cell: shortTermCell, base: first.base))
        let stored = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(!stored.contains("TESTKEY") && !stored.contains("serviceKey"))
        #expect(recorder.events.contains { if case .cacheHit = $0 { true } else { false } })
    }

    @Test("A relative cache directory works: the second call is a cache hit")
    func relativeDirectory() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let directory = try temporaryDirectory()
        let current = try CacheFileSystem.currentDirectory().get()
        let relative = String(repeating: "../", count: current.split(separator: "/").count) + directory.dropFirst()
        let client = try makeClient(server, cache: .directory(relative))
        #expect(client.cache?.directory == current + "/" + relative)
        _ = try await client.fetch(.shortTerm, cell: shortTermCell)
        let again = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(again.fromCache && server.requests.count == 1)
    }

    @Test("Providers and products are kept apart")
    func keyedByProvider() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let directory = try temporaryDirectory()
        _ = try await makeClient(server, cache: .directory(directory)).fetch(.shortTerm, cell: shortTermCell)
        let hub = try await makeClient(server, provider: .apiHub, cache: .directory(directory)).fetch(.shortTerm, cell: shortTermCell)
        #expect(!hub.fromCache && server.requests.count == 2)
    }

    @Test("A fallback run is cached with a NO_DATA note: zero requests until the recheck interval, then one")
    func fallbackWindow() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let clock = TestClock(kstDate(2022, 11, 20, 8, 15))   // newest 0800: not published
        let client = try makeClient(server, clock: clock, cache: .directory(try temporaryDirectory()))
        let first = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(first.base.baseTime == "0500" && !first.fromCache && server.requests.count == 2)

        clock.advance(minutes: 5)   // within the 10-minute recheck interval
        let second = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(second.fromCache && second.requests == 0 && second.isFallback && server.requests.count == 2)

        clock.advance(minutes: 6)   // 11 minutes after the NO_DATA answer: ask once more
        let third = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(third.fromCache && third.requests == 1 && server.requests.count == 3)
        #expect(server.requests.last?.parameters["base_time"] == "0800")

        clock.advance(minutes: 1)
        _ = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(server.requests.count == 3)
    }

    @Test("When the newest run appears, it replaces the fallback")
    func lateRunAppears() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let clock = TestClock(kstDate(2022, 11, 20, 8, 15))
        let client = try makeClient(server, clock: clock, cache: .directory(try temporaryDirectory()))
        _ = try await client.fetch(.shortTerm, cell: shortTermCell)
        var late = try RecordedRun(.shortTerm, fixture: shortTermFixture)
        late.baseTime = "0800"
        late.items = late.items.map { Array(String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "\"baseTime\":\"0500\"", with: "\"baseTime\":\"0800\"").utf8) }
        server.add(late)
        clock.advance(minutes: 11)
        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(run.base.baseTime == "0800" && !run.fromCache && !run.isFallback)
        clock.advance(minutes: 1)
        let again = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(again.base.baseTime == "0800" && again.fromCache && again.requests == 0)
    }

    @Test("The next run window asks KMA again (no fixed lifetime, but no stale run either)")
    func nextWindow() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let clock = TestClock(duringRecordedRun)
        let client = try makeClient(server, clock: clock, cache: .directory(try temporaryDirectory()))
        _ = try await client.fetch(.shortTerm, cell: shortTermCell)
        clock.set(kstDate(2022, 11, 20, 8, 9))   // still the 0500 window
        _ = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(server.requests.count == 1)
        clock.set(kstDate(2022, 11, 20, 8, 10))  // 0800 is due
        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(server.requests.count == 2 && run.isFallback && run.fromCache)
    }

    struct Damage: Sendable, CustomTestStringConvertible {
        let label: String
        let damage: @Sendable (inout [UInt8]) -> Void
        var testDescription: String { label }
    }

    static let damages: [Damage] = [
        Damage(label: "garbage") { $0 = Array("not a cache file\n".utf8) },
        Damage(label: "truncated") { $0.removeLast($0.count / 2) },
        Damage(label: "a page that does not decode") { bytes in
            let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "NORMAL_SERVICE", with: "NORMAL_SERVICE\"\"")
            bytes = Array(text.utf8)
        },
        Damage(label: "a value changed on disk") { bytes in
            let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"fcstValue\":\"10\"", with: "\"fcstValue\":\"11\"")
            bytes = Array(text.utf8)
        },
        Damage(label: "bytes after the last page") { $0.append(UInt8(ascii: " ")) },
        Damage(label: "another cell's run (foreign)") { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
                .replacingOccurrences(of: "\"nx\":60", with: "\"nx\":61")
            bytes = Array(text.utf8)
        },
    ]

    @Test("A run fetched from one service root is never served for another (a test server, a proxy)")
    func rootIsIdentity() async throws {
        let first = try shortTermServer()
        let second = try shortTermServer()
        defer { first.stop(); second.stop() }
        let directory = try temporaryDirectory()
        let fromFirst = try await makeClient(first, cache: .directory(directory)).fetch(.shortTerm, cell: shortTermCell)
        #expect(!fromFirst.fromCache && first.requests.count == 1)
        // Same provider, cell and run, same cache directory, another root: asked of that root.
        let fromSecond = try await makeClient(second, cache: .directory(directory)).fetch(.shortTerm, cell: shortTermCell)
        #expect(!fromSecond.fromCache && second.requests.count == 1)
        // And its own repeat is a hit again.
        let again = try await makeClient(second, cache: .directory(directory)).fetch(.shortTerm, cell: shortTermCell)
        #expect(again.fromCache && second.requests.count == 1)
        // A NO_DATA note is per root too.
        let cache = try ForecastCache(directory: directory)
        let key = ForecastCache.Key(provider: .dataGoKr, product: .shortTerm, cell: shortTermCell, base: fromFirst.base, root: first.baseURL)
        try cache.noteNoData(key, at: 100)
        #expect(cache.noDataCheckedAt(key) == 100)
        var other = key
        other.root = second.baseURL
        #expect(cache.noDataCheckedAt(other) == nil)
    }

    @Test("A damaged or foreign cache file is ignored, refetched and replaced", arguments: damages)
    func damaged(_ c: Damage) async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let recorder = Recorder()
        let client = try makeClient(server, cache: .directory(try temporaryDirectory()), recorder: recorder)
        let first = try await client.fetch(.shortTerm, cell: shortTermCell)
        let path = try #require(client.cache).pagesPath(ForecastCache.Key(provider: .dataGoKr, product: .shortTerm, cell: shortTermCell, base: first.base))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        c.damage(&bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let second = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(!second.fromCache && second.rows == first.rows && server.requests.count == 2)
        #expect(recorder.events.contains { if case .cacheIgnored(let ignored, _) = $0 { ignored == path } else { false } })
        let third = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(third.fromCache && server.requests.count == 2)
    }

    @Test("A checksum-valid file with absurd header numbers is ignored and replaced, never a crash")
    func absurdHeader() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let recorder = Recorder()
        let client = try makeClient(server, cache: .directory(try temporaryDirectory()), recorder: recorder)
        let cache = try #require(client.cache)
        let key = ForecastCache.Key(provider: .dataGoKr, product: .shortTerm, cell: shortTermCell, base: try ForecastBase(baseDate: "20221120", baseTime: "0500"), root: server.baseURL)
        let entry = ForecastCache.Entry(pageSize: .max, pages: [try Fixtures.bytes(shortTermFixture)], fetchedAt: 0, fileVersion: nil)
        try CacheFileSystem.makeDirectories(cache.cellDirectory(key))
        try CacheFileSystem.writeAtomically(ForecastCache.serialize(entry, key: key), to: cache.pagesPath(key))
        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(!run.fromCache && run.itemCount == 809 && server.requests.count == 1)
        #expect(recorder.events.contains { if case .cacheIgnored(_, let reason) = $0 { reason.contains("pageSize") } else { false } })
        #expect(cache.entry(for: key) == .hit(ForecastCache.Entry(
            pageSize: 1000, pages: entry.pages, fetchedAt: KSTDateTime.unixSeconds(of: duringRecordedRun), fileVersion: nil)))
    }

    @Test("A NO_DATA note with a time of Int64.min is no note, never a crash")
    func absurdNoDataNote() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let client = try makeClient(server, clock: TestClock(kstDate(2022, 11, 20, 8, 15)), cache: .directory(try temporaryDirectory()))
        let cache = try #require(client.cache)
        let key = ForecastCache.Key(provider: .dataGoKr, product: .shortTerm, cell: shortTermCell, base: try ForecastBase(baseDate: "20221120", baseTime: "0800"))
        try CacheFileSystem.makeDirectories(cache.cellDirectory(key))
        try CacheFileSystem.writeAtomically(Array("kma-forecast-nodata 1\nchecked -9223372036854775808\n".utf8), to: cache.noDataPath(key))
        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(run.base.baseTime == "0500" && run.requests == 2)
        #expect(server.requests.map { $0.parameters["base_time"] ?? "" } == ["0800", "0500"])
    }

    @Test("A cache that cannot be written does not fail the fetch")
    func unwritable() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let directory = try temporaryDirectory()
        try Data("a file, not a directory".utf8).write(to: URL(fileURLWithPath: directory + "/data.go.kr"))
        let recorder = Recorder()
        let client = try makeClient(server, cache: .directory(directory), recorder: recorder)
        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(run.itemCount == 809)
        #expect(recorder.events.contains { if case .cacheWriteFailed = $0 { true } else { false } })
    }

    @Test("With the cache disabled every call asks KMA")
    func disabled() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let client = try makeClient(server, cache: .disabled)
        _ = try await client.fetch(.shortTerm, cell: shortTermCell)
        _ = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(server.requests.count == 2 && client.cache == nil)
    }
}

@Suite("ForecastClient cache: only runs known good are stored", .removingTemporaryDirectories)
struct ClientCacheGoodRunTests {
    static func shortTermKey(root: String? = nil) throws -> ForecastCache.Key {
        ForecastCache.Key(provider: .dataGoKr, product: .shortTerm, cell: shortTermCell, base: try ForecastBase(baseDate: "20221120", baseTime: "0500"), root: root)
    }

    // Regression: the run was stored when its last page was in, before the rows were built,
    // so every later call failed from the cache, without a request, until the next issuance.
    @Test("A run whose items repeat fails, and is not cached: the next call asks KMA again", arguments: [1000, 300])
    func repeatedItemNotCached(_ pageSize: Int) async throws {
        let server = try ReplayServer(runs: [try runWithRepeatedItem()], expectedKey: testKey)
        defer { server.stop() }
        let client = try makeClient(server, cache: .directory(try temporaryDirectory()), pageSize: pageSize)
        let pages = pageSize == 1000 ? 1 : 3
        for call in 1...2 {
            let error = try #require(await fetchError(client))
            #expect(error.stage == .consistency && error.description.contains("appears twice"), "\(error)")
            #expect(server.requests.count == call * pages)
        }
        #expect(!FileManager.default.fileExists(atPath: try #require(client.cache).pagesPath(try Self.shortTermKey())))
    }

    @Test("The item stream checks the same way: a repeated item ends it with an error, and nothing is cached")
    func repeatedItemStream() async throws {
        let server = try ReplayServer(runs: [try runWithRepeatedItem()], expectedKey: testKey)
        defer { server.stop() }
        let client = try makeClient(server, cache: .directory(try temporaryDirectory()), pageSize: 300)
        var received = 0
        var failure: ForecastClientError?
        do throws(ForecastClientError) {
            for try await _ in client.items(.shortTerm, cell: shortTermCell) { received += 1 }
        } catch {
            failure = error
        }
        #expect(received == 600 && failure?.stage == .consistency, "\(String(describing: failure))")
        #expect(!FileManager.default.fileExists(atPath: try #require(client.cache).pagesPath(try Self.shortTermKey())))
    }

    @Test("A cached run whose items repeat is removed, reported, and fetched again once")
    func cachedRunWithRepeatedItem() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let recorder = Recorder()
        let client = try makeClient(server, cache: .directory(try temporaryDirectory()), recorder: recorder)
        let cache = try #require(client.cache)
        let key = try Self.shortTermKey(root: server.baseURL)
        let repeated = try runWithRepeatedItem()
        let bad = ForecastCache.Entry(pageSize: 1000, pages: [pageBody(repeated.items, totalCount: repeated.items.count)], fetchedAt: 0, fileVersion: nil)
        try CacheFileSystem.makeDirectories(cache.cellDirectory(key))
        try CacheFileSystem.writeAtomically(ForecastCache.serialize(bad, key: key), to: cache.pagesPath(key))
        #expect(cache.entry(for: key) == .hit(bad))   // the file itself is well-formed

        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(!run.fromCache && run.itemCount == 809 && server.requests.count == 1)
        #expect(recorder.events.contains { event in
            if case .cacheIgnored(let path, let reason) = event { path == cache.pagesPath(key) && reason.contains("appears twice") } else { false }
        })
        let again = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(again.fromCache && again.rows == run.rows && server.requests.count == 1)
    }

    @Test("An unusable cache file is removed even when the fetch that should replace it fails")
    func unusableRemoved() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.status(500), times: 9)
        let client = try makeClient(server, cache: .directory(try temporaryDirectory()), retry: .none)
        let cache = try #require(client.cache)
        let key = try Self.shortTermKey(root: server.baseURL)
        try CacheFileSystem.makeDirectories(cache.cellDirectory(key))
        try CacheFileSystem.writeAtomically(Array("not a cache file\n".utf8), to: cache.pagesPath(key))
        #expect(await fetchError(client)?.reason == .httpStatus(500))
        #expect(cache.entry(for: key) == .miss)
    }
}

@Suite("ForecastClient cache: a key echoed by the server is never stored", .removingTemporaryDirectories)
struct ClientCacheKeyEchoTests {
    @Test("An answer that contains the key is served but not cached")
    func echoedKey() async throws {
        let recorded = try RecordedRun(.shortTerm, fixture: shortTermFixture)
        var echo = recorded
        echo.items[0] = Array(String(decoding: echo.items[0], as: UTF8.self)
            .replacingOccurrences(of: "\"fcstValue\":\"10\"", with: "\"fcstValue\":\"\(testKey)\"").utf8)
        let server = try ReplayServer(runs: [echo], expectedKey: testKey)
        defer { server.stop() }
        let recorder = Recorder()
        let client = try makeClient(server, cache: .directory(try temporaryDirectory()), recorder: recorder)
        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(run.itemCount == 809)
        #expect(recorder.events.contains { if case .cacheWriteFailed(_, let reason) = $0 { reason.contains("contains the service key") } else { false } })
        #expect(recorder.eventTexts.allSatisfy { !$0.contains("TESTKEY") })
        _ = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(server.requests.count == 2)
    }
}
