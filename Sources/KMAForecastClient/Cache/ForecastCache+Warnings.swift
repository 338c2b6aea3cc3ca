import KMAForecast

/// Zone events of the warning service in the same cache: one file per (provider, window), every
/// page of the answer exactly as KMA sent it.
///
/// ```
/// <directory>/<provider>/warnings/getPwnCd/<from>-<to>.body
/// ~/.cache/kma-forecast/data.go.kr/warnings/getPwnCd/20260921-20260927.body
/// ```
///
/// **Format, version 1**: `kma-forecast-warnings 1`, `provider`, `root`, `window`, `fetched`
/// (Unix seconds), `total` (KMA's `totalCount`), `pages N`, an empty line, then per page a line
/// `body <length> <checksum>` and the bytes, each followed by a line end.
///
/// **How long.** Events are added to a period as KMA issues them, so a file is served with no
/// request for ``ClientConfiguration/warningsFreshFor``; then one request of one row asks KMA
/// for the period's `totalCount`: the same count serves the file again (its fetch time renewed),
/// another fetches the period anew. Files of other periods are removed when one is stored. The
/// trust rules of the rest of the cache apply (``ForecastCache``), and a body holding the key is
/// never stored.
extension ForecastCache {
    /// What identifies cached zone events.
    struct WarningsKey: Hashable, Sendable {
        var provider: ServiceProvider
        var root: String
        var window: WarningsWindow
    }

    /// A stored answer: its pages, KMA's count and when it was fetched.
    struct StoredWarnings: Hashable, Sendable {
        var pages: [[UInt8]]
        var totalCount: Int
        var fetchedAt: Int64
    }

    func warningsFolders(_ key: WarningsKey) -> [String] { [key.provider.rawValue, "warnings", WarningsRequest.events] }

    func warningsPath(_ key: WarningsKey) -> String {
        "\(directory)/" + warningsFolders(key).joined(separator: "/") + "/\(key.window.text).body"
    }

    private static func warningsHeader(_ key: WarningsKey) -> [String] {
        ["kma-forecast-warnings 1", "provider \(key.provider.rawValue)", "root \(key.root)", "window \(key.window.text)"]
    }

    /// The stored answer for a window: `nil` when there is none; `.failure` with why a file is unusable.
    func warnings(for key: WarningsKey) -> Result<StoredWarnings, CacheFailure>? {
        guard let bytes = contents(warningsFolders(key), "\(key.window.text).body") else { return nil }
        let path = warningsPath(key)
        func unusable(_ reason: String) -> Result<StoredWarnings, CacheFailure> { .failure(CacheFailure(path: path, reason: reason)) }
        var reader = LineReader(bytes: bytes)
        for line in Self.warningsHeader(key) {
            guard reader.line() == line else { return unusable("its header does not match '\(line)'") }
        }
        func number(_ name: String, _ range: ClosedRange<Int64>) -> Int64? {
            guard let line = reader.line(), line.hasPrefix(name + " "), let value = Int64(line.dropFirst(name.count + 1)), range.contains(value) else { return nil }
            return value
        }
        guard let fetched = number("fetched", 0...Int64.max), let total = number("total", 0...1_000_000), let count = number("pages", 1...100),
              reader.line() == "" else {
            return unusable("its header has no fetched, total or pages line")
        }
        var pages: [[UInt8]] = []
        for _ in 0..<count {
            let fields = reader.line()?.split(separator: " ") ?? []
            guard fields.count == 3, fields[0] == "body", let length = Int(fields[1]), (0...8_388_608).contains(length),
                  let body = reader.bytes(length), reader.line() == "" else {
                return unusable("a body is missing or cut short")
            }
            guard fields[2] == Self.checksum(body) else { return unusable("a body does not match its checksum") }
            pages.append(body)
        }
        guard reader.atEnd else { return unusable("it has bytes after its last body") }
        return .success(StoredWarnings(pages: pages, totalCount: Int(total), fetchedAt: fetched))
    }

    /// Stores an answer atomically, then removes the files of other windows and stale temporary files.
    func storeWarnings(_ stored: StoredWarnings, for key: WarningsKey) throws(CacheFailure) {
        let folder = try CacheFolder.at(root: directory, warningsFolders(key), create: true)
        var lines = Self.warningsHeader(key)
        lines += ["fetched \(max(stored.fetchedAt, 0))", "total \(stored.totalCount)", "pages \(stored.pages.count)", ""]
        var bytes = Array(lines.joined(separator: "\n").utf8)
        bytes.append(UInt8(ascii: "\n"))
        for page in stored.pages {
            bytes += Array("body \(page.count) \(Self.checksum(page))\n".utf8)
            bytes += page
            bytes.append(UInt8(ascii: "\n"))
        }
        let name = "\(key.window.text).body"
        try folder.store(bytes, as: name)
        let names = folder.names()
        folder.removeStaleTemporaries(now: CacheFileSystem.now(), names: names)
        for other in names where other != name && !other.hasPrefix(".") && other.hasSuffix(".body") {
            folder.remove(other)
        }
    }
}
