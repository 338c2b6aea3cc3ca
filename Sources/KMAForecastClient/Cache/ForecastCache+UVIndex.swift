import KMAForecast

/// UV index answers in the same cache: one file per (provider, area, issue time).
///
/// ```
/// <directory>/<provider>/uv-index/<areaNo>/<YYYYMMDDHH>.body
/// ~/.cache/kma-forecast/data.go.kr/uv-index/1111000000/2026092612.body
/// ~/.cache/kma-forecast/data.go.kr/uv-index/1111000000/2026092615.nodata
/// ```
///
/// The `.body` file is the mid-term one's format with its own first line (`kma-forecast-uv 1`,
/// then `provider`, `root`, `area`, `time`, `fetched`, `body <length> <checksum>`, an empty line
/// and KMA's bytes exactly). An issued answer does not change, so it is served with no request
/// while its issue time is asked for (the newest until the next 3-hourly time, then as the
/// fallback); NO_DATA for a time is noted (`.nodata`) and trusted for
/// ``ClientConfiguration/noDataRecheckInterval``, then KMA is asked again. Files of times more
/// than a day older than a newly stored one are removed. The trust rules of the whole cache
/// apply (``ForecastCache``, ``CacheFolder``); the key is never stored.
extension ForecastCache {
    /// What identifies a cached UV index answer.
    struct UVIndexKey: Hashable, Sendable {
        var provider: ServiceProvider
        var root: String
        var areaNo: String
        var time: KSTDateTime

        var stamp: String { UVIndexDecoder.stamp(time) }
    }

    func uvIndexFolders(_ key: UVIndexKey) -> [String] { [key.provider.rawValue, "uv-index", key.areaNo] }

    func uvIndexBodyPath(_ key: UVIndexKey) -> String {
        "\(directory)/" + uvIndexFolders(key).joined(separator: "/") + "/\(key.stamp).body"
    }

    private static func uvIndexHeader(_ key: UVIndexKey) -> [String] {
        ["kma-forecast-uv 1", "provider \(key.provider.rawValue)", "root \(key.root)", "area \(key.areaNo)", "time \(key.stamp)"]
    }

    /// The stored body of an answer: `.hit` with the bytes, `.miss`, or `.unusable` with why.
    func uvIndexBody(for key: UVIndexKey) -> MidTermLookup {
        let path = uvIndexBodyPath(key)
        guard let bytes = contents(uvIndexFolders(key), "\(key.stamp).body") else { return .miss }
        var reader = LineReader(bytes: bytes)
        for line in Self.uvIndexHeader(key) {
            guard let found = reader.line(), found == line else { return .unusable(path: path, reason: "its header does not say '\(line)'") }
        }
        guard let fetched = reader.line(), fetched.hasPrefix("fetched "), let seconds = Int64(fetched.dropFirst(8)), seconds >= 0,
              let bodyLine = reader.line(), reader.line() == "" else {
            return .unusable(path: path, reason: "its header has no fetched or body line")
        }
        let fields = bodyLine.split(separator: " ")
        guard fields.count == 3, fields[0] == "body", let length = Int(fields[1]), (0...1_048_576).contains(length),
              let body = reader.bytes(length), reader.atEnd, fields[2] == Self.checksum(body) else {
            return .unusable(path: path, reason: "its body is missing, cut short, followed by other bytes or does not match its checksum")
        }
        return .hit(body, fetchedAt: seconds)
    }

    /// Stores a body atomically, then removes the area's files of times more than a day older
    /// and stale temporary files, in the checked folder only.
    func storeUVIndex(_ body: [UInt8], fetchedAt: Int64, for key: UVIndexKey) throws(CacheFailure) {
        let folder = try CacheFolder.at(root: directory, uvIndexFolders(key), create: true)
        var bytes = Array((Self.uvIndexHeader(key) + ["fetched \(max(fetchedAt, 0))", "body \(body.count) \(Self.checksum(body))", ""])
            .joined(separator: "\n").utf8)
        bytes.append(UInt8(ascii: "\n"))
        bytes += body
        try folder.store(bytes, as: "\(key.stamp).body")
        let oldest = key.time.adding(seconds: -86_400)
        let names = folder.names()
        folder.removeStaleTemporaries(now: CacheFileSystem.now(), names: names)
        for name in names where !name.hasPrefix(".") && (name.hasSuffix(".body") || name.hasSuffix(".nodata")) {
            guard let time = UVIndexDecoder.issueTime(String(name.prefix { $0 != "." })) else { continue }
            if time < oldest || (name.hasSuffix(".nodata") && time <= key.time) { folder.remove(name) }
        }
    }

    /// When KMA last answered NO_DATA for the time, if noted (a note from another root is none).
    func uvIndexNoDataCheckedAt(_ key: UVIndexKey) -> Int64? {
        guard let bytes = contents(uvIndexFolders(key), "\(key.stamp).nodata") else { return nil }
        var reader = LineReader(bytes: bytes)
        guard reader.line() == "kma-forecast-nodata 2", reader.line() == "root \(key.root)",
              let line = reader.line(), line.hasPrefix("checked "), let seconds = Int64(line.dropFirst(8)), seconds >= 0 else { return nil }
        return seconds
    }

    /// Notes NO_DATA for an issue time.
    func noteUVIndexNoData(_ key: UVIndexKey, at unixSeconds: Int64) throws(CacheFailure) {
        let folder = try CacheFolder.at(root: directory, uvIndexFolders(key), create: true)
        try folder.store(Array("kma-forecast-nodata 2\nroot \(key.root)\nchecked \(unixSeconds)\n".utf8), as: "\(key.stamp).nodata")
    }
}
