import KMAForecast

/// Mid-term answers in the same cache: one file per (provider, operation, region, run).
///
/// ```
/// <directory>/<provider>/mid-term/<operation>/<regId>/<tmFc>.body
/// ~/.cache/kma-forecast/data.go.kr/mid-term/getMidTa/11B10101/202610040600.body
/// ~/.cache/kma-forecast/data.go.kr/mid-term/getMidTa/11B10101/202610041800.nodata
/// ```
///
/// **`.body` format, version 1**: a text header, one `name value` per line, an empty line, the
/// body's bytes exactly as KMA sent them:
///
/// ```
/// kma-forecast-mid 1
/// provider data.go.kr
/// root https://apis.data.go.kr/1360000/MidFcstInfoService
/// operation getMidTa
/// region 11B10101
/// tmFc 202610040600
/// fetched 1791064800
/// body 760 5f0c…
///
/// {"response":…
/// ```
///
/// **How long.** An answer is stored only when it decoded as a complete run for its region
/// (resultCode `00`, its item for the region asked). A mid-term run does not change after
/// issue, so its file is served with no request for as long as that run is asked for: as the
/// newest run until the next one is due (then the next `tmFc` is asked for), and as the
/// previous run for the 12 hours after (the ten-day view's fallback for day 4). Files more than
/// two days older than a newly stored run of the region are removed. NO_DATA for a run is noted
/// (`.nodata`, as for the short-term service) and trusted for
/// ``ClientConfiguration/noDataRecheckInterval``; then KMA is asked again.
///
/// The same trust rules as the rest of the cache apply (``ForecastCache``): plain files of the
/// user's own in checked folders (``CacheFolder``), atomic writes, stale temporary files
/// pruned, the key never stored.
extension ForecastCache {
    /// What identifies a cached mid-term answer.
    struct MidTermKey: Hashable, Sendable {
        var provider: ServiceProvider
        var root: String
        var operation: MidTermOperation
        var regionID: String
        var issue: MidTermIssue
    }

    /// The folders of a region's files below the root: provider, `mid-term`, operation, region.
    func midTermFolders(_ key: MidTermKey) -> [String] {
        [key.provider.rawValue, "mid-term", key.operation.name, key.regionID]
    }

    func midTermDirectory(_ key: MidTermKey) -> String {
        "\(directory)/" + midTermFolders(key).joined(separator: "/")
    }

    func midTermBodyPath(_ key: MidTermKey) -> String { "\(midTermDirectory(key))/\(key.issue.tmFc).body" }

    func midTermNoDataPath(_ key: MidTermKey) -> String { "\(midTermDirectory(key))/\(key.issue.tmFc).nodata" }

    /// The header lines that must match for a file to be this key's.
    private static func midTermHeader(_ key: MidTermKey) -> [String] {
        ["kma-forecast-mid 1", "provider \(key.provider.rawValue)", "root \(key.root)", "operation \(key.operation.name)",
         "region \(key.regionID)", "tmFc \(key.issue.tmFc)"]
    }

    /// The stored body of an answer: `.hit` with the bytes, `.miss`, or `.unusable` with why.
    func midTermBody(for key: MidTermKey) -> MidTermLookup {
        let path = midTermBodyPath(key)
        guard let bytes = contents(midTermFolders(key), "\(key.issue.tmFc).body") else { return .miss }
        var reader = LineReader(bytes: bytes)
        for line in Self.midTermHeader(key) {
            guard let found = reader.line() else { return .unusable(path: path, reason: "it ends inside the header") }
            guard found == line else {
                return .unusable(path: path, reason: "its header says '\(found.prefix(60))' where '\(line)' was expected")
            }
        }
        guard let fetched = reader.line(), fetched.hasPrefix("fetched "), let seconds = Int64(fetched.dropFirst(8)), seconds >= 0 else {
            return .unusable(path: path, reason: "its header has no fetched line")
        }
        guard let bodyLine = reader.line(), reader.line() == "" else { return .unusable(path: path, reason: "its header has no body line") }
        let fields = bodyLine.split(separator: " ")
        guard fields.count == 3, fields[0] == "body", let length = Int(fields[1]), (0...1_048_576).contains(length),
              let body = reader.bytes(length), reader.atEnd else {
            return .unusable(path: path, reason: "its body is missing, cut short or followed by other bytes")
        }
        guard fields[2] == Self.checksum(body) else { return .unusable(path: path, reason: "its body does not match its checksum") }
        return .hit(body, fetchedAt: seconds)
    }

    /// What a mid-term lookup found.
    enum MidTermLookup: Hashable, Sendable {
        case hit([UInt8], fetchedAt: Int64)
        case miss
        case unusable(path: String, reason: String)
    }

    /// Stores a body atomically, then removes the region's files of runs more than two days
    /// older, and temporary files of interrupted writes older than an hour
    /// (``CacheFolder/removeStaleTemporaries(now:names:)``), in the checked folder only.
    func storeMidTerm(_ body: [UInt8], fetchedAt: Int64, for key: MidTermKey) throws(CacheFailure) {
        let folder = try CacheFolder.at(root: directory, midTermFolders(key), create: true)
        var bytes = Array((Self.midTermHeader(key) + ["fetched \(max(fetchedAt, 0))", "body \(body.count) \(Self.checksum(body))", ""])
            .joined(separator: "\n").utf8)
        bytes.append(UInt8(ascii: "\n"))
        bytes += body
        try folder.store(bytes, as: "\(key.issue.tmFc).body")
        let oldest = key.issue.dateTime.adding(seconds: -2 * 86_400)
        let names = folder.names()
        folder.removeStaleTemporaries(now: CacheFileSystem.now(), names: names)
        for name in names where !name.hasPrefix(".") && (name.hasSuffix(".body") || name.hasSuffix(".nodata")) {
            let stem = name.prefix { $0 != "." }
            guard let issue = MidTermIssue(tmFc: stem) else { continue }
            if issue.dateTime < oldest || (name.hasSuffix(".nodata") && issue <= key.issue) {
                folder.remove(name)
            }
        }
    }

    /// When KMA last answered NO_DATA for the run, if noted (a note from another root is none).
    func midTermNoDataCheckedAt(_ key: MidTermKey) -> Int64? {
        guard let bytes = contents(midTermFolders(key), "\(key.issue.tmFc).nodata") else { return nil }
        var reader = LineReader(bytes: bytes)
        guard reader.line() == "kma-forecast-nodata 2", reader.line() == "root \(key.root)",
              let line = reader.line(), line.hasPrefix("checked "), let seconds = Int64(line.dropFirst(8)), seconds >= 0 else { return nil }
        return seconds
    }

    /// Notes NO_DATA for a mid-term run.
    func noteMidTermNoData(_ key: MidTermKey, at unixSeconds: Int64) throws(CacheFailure) {
        let folder = try CacheFolder.at(root: directory, midTermFolders(key), create: true)
        let note = "kma-forecast-nodata 2\nroot \(key.root)\nchecked \(unixSeconds)\n"
        try folder.store(Array(note.utf8), as: "\(key.issue.tmFc).nodata")
    }
}
