import Foundation
import KMAForecast
import KMAGrid

/// The on-disk cache of complete runs: the raw bytes of every page of a run, and a note when
/// the newest run had no data yet.
///
/// ```
/// <directory>/<provider>/<product>/<nx>-<ny>/<base_date>-<base_time>.pages
/// ~/.cache/kma-forecast/data.go.kr/short-term/60-127/20261121-0500.pages
/// ~/.cache/kma-forecast/data.go.kr/short-term/60-127/20261121-0800.nodata
/// ```
///
/// **Why raw pages.** Decoding is fast, so the cache keeps exactly what KMA sent and a cache
/// hit goes through the same decoder and the same paging checks as a fresh answer; nothing is
/// lost or reinterpreted by a storage format.
///
/// **How long a run is current.** A short-term run is not known to change after issue: it is
/// served until the schedule says a newer run is available. The nowcast and the ultra-short
/// forecast change under the same `base_time` every 10 minutes, so each file records when its
/// pages were fetched (or last confirmed unchanged), and KMA's file version when known; see
/// ``ForecastClient`` for how that is used.
///
/// **`.pages` format, version 2.** A text header, one `name value` per line, an empty line, then
/// each page as `page <pageNo> <byteCount> <checksum>\n`, the bytes, and `\n`; the checksum is
/// the 64-bit FNV-1a hash of the page's bytes in hex. `fetched` is the instant the pages were
/// fetched from KMA or last confirmed unchanged, in Unix seconds (≥ 0, from the client's
/// clock); `version` is KMA's file version (`getFcstVersion`, `YYYYMMDDHHMMSS` KST) obtained
/// before the pages were, or `-` when unknown:
///
/// ```
/// kma-forecast-cache 2
/// provider data.go.kr
/// root https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0
/// product nowcast
/// cell 56 125
/// base 20210328 1400
/// fetched 1616908320
/// version 20210328141017
/// pageSize 1000
/// pages 1
///
/// page 1 2684 352ba74b8246e41d
/// {                                 … (the recorded nowcast page of Fixtures/api, byte for byte,
///                                     fetched at 2021-03-28 14:12:00 KST)
/// ```
///
/// The header repeats the whole key and every page carries its length and checksum, so a file
/// that is corrupt, cut short, of another version or for another key is ignored (and replaced
/// by the next fetch), never trusted. Files of version 1 (before fetch times were recorded)
/// cannot say whether a nowcast or ultra-short run is still current, so they are ignored and
/// replaced too: at most one extra fetch per cached run after an upgrade. The key is never
/// stored: page bytes are KMA's answers, and the client refuses to store a page that contains
/// the key in any form.
///
/// `root` is the service root the run was fetched from (the client's ``ForecastClient/baseURL``):
/// a run from one root (a test server, a proxy, another provider path) is never served for
/// another; two roots of one provider share the file names, so switching between them
/// refetches rather than mixes.
///
/// **`.nodata`**: `kma-forecast-nodata 2\nroot <root>\nchecked <unix seconds>\n`, written when KMA answered
/// NO_DATA for a run, or served it without categories its product always has (not complete
/// yet); see ``ClientConfiguration/noDataRecheckInterval``.
///
/// **Trust.** A cache file is used only if it is a plain file of at most 16 MiB, owned by the
/// user and writable by nobody else (as ssh treats its files); anything else (a FIFO, a
/// device, a sparse giant, a run planted by another user in a shared directory) is not read
/// and is replaced by the next fetch. Every folder from the root down is checked the same way
/// before anything is read, written, listed or removed in it: a real folder (not a symbolic
/// link), the user's own, writable by nobody else; the work is done from its descriptor, so
/// no link planted in the cache can lead a write or a removal elsewhere (``CacheFolder``). A
/// folder that fails is not used, and storing there fails with a ``CacheFailure`` that names
/// it and says why (the CLI warns). Directories are created 0700 and files 0600.
///
/// Writes are atomic, by the package's one file writer (``CacheFolder/store(_:as:)``): a
/// temporary file with a random name in the same directory, then `rename(2)` (not synced: a torn entry fails its checksum and is fetched again); a
/// temporary file left by an interrupted write is removed by pruning once it is an hour old. Readers see the
/// old file or the new one, never half of one; two processes writing the same run both write a
/// complete file. Storing a run removes that cell's runs older than three days (KMA serves no
/// older runs) and its NO_DATA notes at or before the stored run.
public struct ForecastCache: Hashable, Sendable {
    /// The cache's root directory, an absolute path.
    public let directory: String

    /// A cache rooted at `directory` (created when first written).
    ///
    /// A relative path is taken relative to the current directory now, and kept as the
    /// absolute path, so the cache stays where it was put if the process changes directory
    /// later: `.cache` run in `/home/u/project` is `/home/u/project/.cache`.
    ///
    /// - Parameter directory: An absolute or relative path, not empty.
    /// - Throws: ``ForecastClientError`` (stage `request`, reason
    ///   ``ForecastClientError/Reason/invalidConfiguration(_:)``) for an empty path, or a
    ///   relative one when the current directory cannot be determined (e.g. it was deleted).
    public init(directory: String) throws(ForecastClientError) {
        guard !directory.isEmpty else {
            throw ForecastClientError(.invalidConfiguration(
                "the cache directory is an empty path; give a directory, or disable the cache"
            ))
        }
        if directory.hasPrefix("/") {
            self.directory = Self.normalized(directory)
            return
        }
        switch CacheFileSystem.currentDirectory() {
        case .success(let current):
            self.directory = Self.normalized(current + "/" + directory)
        case .failure(let failure):
            throw ForecastClientError(.invalidConfiguration(
                "the cache directory '\(directory)' is relative, but the current directory cannot be determined (\(failure.reason)); give an absolute path"
            ))
        }
    }

    /// An absolute path without empty and `.` components: `/a//b/./c/` is `/a/b/c`. (`..` is
    /// left alone: with symbolic links it cannot be resolved by looking at the text.)
    static func normalized(_ absolute: String) -> String {
        "/" + absolute.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }

    /// The default cache directory: `$XDG_CACHE_HOME/kma-forecast` when `XDG_CACHE_HOME` is an
    /// absolute path; else, on Apple platforms, `kma-forecast` in the user's caches directory
    /// (`~/Library/Caches` on macOS, the app container's `Library/Caches` on iOS, tvOS, watchOS
    /// and visionOS: not backed up, and purged by the system when space runs low, as a cache
    /// should be); else `$HOME/.cache/kma-forecast`. `nil` when none of these is known.
    ///
    /// - Parameter environment: The environment to read (the process's by default).
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return normalized(xdg + "/kma-forecast")
        }
        #if canImport(Darwin)
        if let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first, caches.path.hasPrefix("/") {
            return normalized(caches.path + "/kma-forecast")
        }
        #endif
        if let home = environment["HOME"], home.hasPrefix("/") {
            return normalized(home + "/.cache/kma-forecast")
        }
        return nil
    }

    /// What identifies a cached run.
    struct Key: Hashable, Sendable {
        var provider: ServiceProvider
        var product: ForecastProduct
        var cell: GridCell
        var base: ForecastBase
        /// The service root the run was fetched from (`ForecastClient.baseURL`); `nil` for the
        /// provider's default. Part of the run's identity: a run fetched from a test server or
        /// a proxy is never served for another root.
        var root: String? = nil

        /// The root written in the file: ``root``, else the provider's default.
        var serviceRoot: String { root ?? provider.defaultBaseURL }
    }

    /// A cached run: its pages' bytes in page order, the page size they were fetched with, when
    /// they were fetched (or last confirmed unchanged), and KMA's file version if known.
    struct Entry: Hashable, Sendable {
        var pageSize: Int
        var pages: [[UInt8]]
        /// Unix seconds, ≥ 0.
        var fetchedAt: Int64
        /// KMA's version of the run's file, obtained before the pages; `nil` when unknown.
        var fileVersion: ForecastFileVersion?
    }

    /// What a lookup found, for a run (``Entry``) or a side service's answer (``StoredAnswer``).
    enum Found<Stored: Hashable & Sendable>: Hashable, Sendable {
        /// A complete, well-formed file for the key.
        case hit(Stored)
        /// Nothing stored.
        case miss
        /// A file that cannot be used (the reason says why); it will be replaced.
        case unusable(path: String, reason: String)
    }

    /// What a run's lookup found.
    typealias Lookup = Found<Entry>

    // MARK: - Paths

    /// The folders of a cell's files below the root: provider, product, `nx-ny`.
    func cellFolders(_ key: Key) -> [String] {
        [key.provider.rawValue, key.product.rawValue, "\(key.cell.nx)-\(key.cell.ny)"]
    }

    func cellDirectory(_ key: Key) -> String {
        "\(directory)/" + cellFolders(key).joined(separator: "/")
    }

    func pagesName(_ key: Key) -> String { "\(key.base.baseDate)-\(key.base.baseTime).pages" }

    func noDataName(_ key: Key) -> String { "\(key.base.baseDate)-\(key.base.baseTime).nodata" }

    func pagesPath(_ key: Key) -> String { "\(cellDirectory(key))/\(pagesName(key))" }

    func noDataPath(_ key: Key) -> String { "\(cellDirectory(key))/\(noDataName(key))" }

    /// The file `name` in the cache folder `folders`, if it can be used (see
    /// ``CacheFolder/contents(_:)``); `nil` too when a folder on the way fails its check.
    func contents(_ folders: [String], _ name: String) -> [UInt8]? {
        do {
            return try CacheFolder.at(root: directory, folders, create: false).contents(name)
        } catch {
            return nil
        }
    }

    /// Removes a cache file (one the client found unusable), through checked folders only.
    func remove(_ path: String) {
        CacheFolder.removeFile(path, root: directory)
    }

    // MARK: - Runs

    /// The stored pages of a run.
    func entry(for key: Key) -> Lookup {
        let path = pagesPath(key)
        guard let bytes = contents(cellFolders(key), pagesName(key)) else { return .miss }
        switch Self.parse(bytes, expecting: key) {
        case .success(let entry): return .hit(entry)
        case .failure(let reason): return .unusable(path: path, reason: reason.text)
        }
    }

    /// Stores a complete run atomically, then prunes the cell's old files.
    ///
    /// - Throws: ``CacheFailure`` naming the path and the system's reason, or the cache folder
    ///   that failed its check (``CacheFolder``): nothing is written then.
    func store(_ entry: Entry, for key: Key) throws(CacheFailure) {
        let folder = try CacheFolder.at(root: directory, cellFolders(key), create: true)
        try folder.store(Self.serialize(entry, key: key), as: pagesName(key))
        prune(folder, after: key)
    }

    /// The file bytes of an entry.
    static func serialize(_ entry: Entry, key: Key) -> [UInt8] {
        var header = "kma-forecast-cache 2\n"
        header += "provider \(key.provider.rawValue)\n"
        header += "root \(key.serviceRoot)\n"
        header += "product \(key.product.rawValue)\n"
        header += "cell \(key.cell.nx) \(key.cell.ny)\n"
        header += "base \(key.base.baseDate) \(key.base.baseTime)\n"
        header += "fetched \(entry.fetchedAt)\n"
        header += "version \(entry.fileVersion?.text ?? "-")\n"
        header += "pageSize \(entry.pageSize)\n"
        header += "pages \(entry.pages.count)\n\n"
        var bytes = Array(header.utf8)
        bytes.reserveCapacity(bytes.count + entry.pages.reduce(0) { $0 + $1.count + 32 })
        for (index, page) in entry.pages.enumerated() {
            bytes += Array("page \(index + 1) \(page.count) \(checksum(page))\n".utf8)
            bytes += page
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// Why a file is not a usable entry.
    struct Unusable: Error {
        var text: String
    }

    /// The first line of every `.pages` file of the current format.
    static let formatLine = "kma-forecast-cache 2"

    /// Reads an entry, checking that it is version 2 and for exactly this key.
    static func parse(_ bytes: [UInt8], expecting key: Key) -> Result<Entry, Unusable> {
        var reader = LineReader(bytes: bytes)
        if let unusable = checkKeyLines(&reader, expecting: key) { return .failure(unusable) }
        guard let fetchedLine = reader.line(), fetchedLine.hasPrefix("fetched "),
              let fetchedAt = Int64(fetchedLine.dropFirst(8)), (0...KSTDateTime.instantLimit).contains(fetchedAt) else {
            return .failure(Unusable(text: "its header has no fetched line with a time of 0 or more Unix seconds"))
        }
        let fileVersion: ForecastFileVersion?
        switch reader.line() {
        case "version -"?:
            fileVersion = nil
        case let line? where line.hasPrefix("version "):
            guard let version = ForecastFileVersion(line.dropFirst(8)) else {
                return .failure(Unusable(text: "its header's version is not YYYYMMDDHHMMSS"))
            }
            fileVersion = version
        default:
            return .failure(Unusable(text: "its header has no version line"))
        }
        // Numbers from a file are checked like any input before they are used: a pageSize of
        // Int.max once crashed the page arithmetic.
        guard let pageSize = reader.number(after: "pageSize"), ClientConfiguration.pageSizes.contains(pageSize) else {
            return .failure(Unusable(text: "its header has no pageSize line within 1...10000"))
        }
        guard let count = reader.number(after: "pages"), (1...PageStateMachine.maximumPages).contains(count),
              reader.line() == "" else {
            return .failure(Unusable(text: "its header has no pages line within 1...\(PageStateMachine.maximumPages)"))
        }
        var pages: [[UInt8]] = []
        for pageNo in 1...count {
            guard let line = reader.line() else { return .failure(Unusable(text: "it ends before page \(pageNo)")) }
            let fields = line.split(separator: " ")
            guard fields.count == 4, fields[0] == "page", Int(fields[1]) == pageNo, let length = Int(fields[2]), length >= 0,
                  let page = reader.bytes(length), reader.line() == "" else {
                return .failure(Unusable(text: "page \(pageNo) is missing or cut short"))
            }
            guard fields[3] == checksum(page) else {
                return .failure(Unusable(text: "page \(pageNo) does not match its checksum"))
            }
            pages.append(page)
        }
        guard reader.atEnd else { return .failure(Unusable(text: "it has bytes after the last page")) }
        return .success(Entry(pageSize: pageSize, pages: pages, fetchedAt: fetchedAt, fileVersion: fileVersion))
    }

    /// Reads the header's first lines (the format, then the key: provider, root, product,
    /// cell, base), returning why they are not this version's for `key`, or `nil` when they are.
    private static func checkKeyLines(_ reader: inout LineReader, expecting key: Key) -> Unusable? {
        let expected = [
            formatLine,
            "provider \(key.provider.rawValue)",
            "root \(key.serviceRoot)",
            "product \(key.product.rawValue)",
            "cell \(key.cell.nx) \(key.cell.ny)",
            "base \(key.base.baseDate) \(key.base.baseTime)",
        ]
        for (index, line) in expected.enumerated() {
            guard let found = reader.line() else { return Unusable(text: "it ends inside the header") }
            guard found == line else {
                if index == 0 && found == "kma-forecast-cache 1" {
                    return Unusable(text: "it was written by an older kma-forecast (cache format 1), which did not record when a run was fetched")
                }
                return Unusable(text: index == 0
                    ? "it is not a kma-forecast cache file of version 2"
                    : "it is for another run: its header says '\(found.prefix(60))' where '\(line)' was expected")
            }
        }
        return nil
    }

    /// The 64-bit FNV-1a hash of `bytes`, as 16 hex digits.
    static func checksum(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash.zeroPadded(toWidth: 16, radix: 16)
    }

    // MARK: - NO_DATA notes

    /// When KMA last answered NO_DATA for the run (Unix seconds, ≥ 0), if noted; a note that
    /// is garbled or holds a negative time is no note.
    func noDataCheckedAt(_ key: Key) -> Int64? {
        guard let bytes = contents(cellFolders(key), noDataName(key)) else { return nil }
        var reader = LineReader(bytes: bytes)
        guard reader.line() == "kma-forecast-nodata 2", reader.line() == "root \(key.serviceRoot)",
              let line = reader.line(), line.hasPrefix("checked "),
              let seconds = Int64(line.dropFirst(8)), seconds >= 0 else { return nil }
        return seconds
    }

    /// Notes that KMA answered NO_DATA for the run at `unixSeconds` (from the key's root only:
    /// a note from another root is no note).
    func noteNoData(_ key: Key, at unixSeconds: Int64) throws(CacheFailure) {
        let folder = try CacheFolder.at(root: directory, cellFolders(key), create: true)
        let note = "kma-forecast-nodata 2\nroot \(key.serviceRoot)\nchecked \(unixSeconds)\n"
        try folder.store(Array(note.utf8), as: noDataName(key))
    }

    // MARK: - Pruning

    /// Removes the cell's `.pages` older than three days before `key.base`, its `.nodata`
    /// notes at or before it, and temporary files of interrupted writes older than an hour
    /// (``CacheFolder/removeStaleTemporaries(now:names:)``). Other files are left alone.
    /// Works in the checked folder only: nothing is followed.
    func prune(_ folder: borrowing CacheFolder, after key: Key) {
        let oldest = key.base.dateTime.adding(seconds: -3 * 86_400)
        let names = folder.names()
        folder.removeStaleTemporaries(now: CacheFileSystem.now(), names: names)
        for name in names where !name.hasPrefix(".") {
            let isPages = name.hasSuffix(".pages")
            let isNote = name.hasSuffix(".nodata")
            guard isPages || isNote else { continue }
            let stem = name.prefix(while: { $0 != "." })
            let parts = stem.split(separator: "-")
            guard parts.count == 2, let base = try? ForecastBase(baseDate: parts[0], baseTime: parts[1]) else { continue }
            if (isPages && base.dateTime < oldest) || (isNote && base <= key.base) {
                folder.remove(name)
            }
        }
    }
}
