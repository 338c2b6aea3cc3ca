import KMAForecast

/// The answers of the side services (``SideService``: the mid-term days, the warnings, the UV
/// index, and any added later) in the same cache: one file per (provider, question, issue).
///
/// ```
/// <directory>/<provider>/<service folders…>/<issue>.body
/// ~/.cache/kma-forecast/data.go.kr/mid-term/getMidTa/11B10101/202610040600.body
/// ~/.cache/kma-forecast/data.go.kr/mid-term/getMidTa/11B10101/202610041800.nodata
/// ~/.cache/kma-forecast/data.go.kr/uv-index/1111000000/2026092612.body
/// ~/.cache/kma-forecast/data.go.kr/warnings/getPwnCd/20260921-20260927.body
/// ```
///
/// **`.body` format**: a text header, one `name value` per line: the service's format line
/// (`kma-forecast-mid 1`, `kma-forecast-uv 1`, `kma-forecast-warnings 2`), `provider`, `root`,
/// the lines naming the question (`operation getMidTa`, `region 11B10101`; `area …`), the issue
/// (`tmFc 202610040600`; `time …`; `window …`), `fetched` (Unix seconds), for a growing answer
/// `total` (KMA's `totalCount`), then a line `body <length> <checksum>` per page, an empty
/// line, and the pages' bytes exactly as KMA sent them, one after the other:
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
/// **How long** is the service's freshness rule (``SideFreshness``): an issued answer (a
/// mid-term run, a UV issue time) is stored only when it decoded as a complete answer for its
/// question, served with no request for as long as its issue is asked for, and the files of
/// issues older than the rule keeps are removed when one is stored; NO_DATA for an issue is
/// noted (`.nodata`, as for the short-term service) and trusted for
/// ``ClientConfiguration/noDataRecheckInterval``. A growing answer (the warnings' zone events)
/// is served while fresh, then revalidated by its count; the files of other issues are removed
/// when one is stored.
///
/// The same trust rules as the rest of the cache apply (``ForecastCache``): plain files of the
/// user's own in checked folders (``CacheFolder``), atomic writes, stale temporary files
/// pruned, the key never stored.
extension ForecastCache {
    /// Where and under which header one answer of a side service is stored, and how its
    /// folder is tidied when it is.
    struct ServiceEntry: Sendable {
        /// The folders below the root: the provider's, then the service's.
        var folders: [String]
        /// The file name stem: the issue.
        var stamp: String
        /// The header lines that must match for a file to be this entry's.
        var header: [String]
        /// The header's `root` line, which a NO_DATA note holds too.
        var rootLine: String
        /// Whether the file holds KMA's count (`total`) of a growing answer.
        var counted: Bool
        /// Which other files of the folder a store removes.
        var tidy: Tidy

        /// How a store tidies the folder.
        enum Tidy: Sendable {
            /// Files of issues before `oldest`, and NO_DATA notes of issues up to `current`.
            case issued(oldest: KSTDateTime, current: KSTDateTime, instant: @Sendable (Substring) -> KSTDateTime?)
            /// Every other answer file.
            case onlyThis
        }

        /// The entry of a service's issue at an endpoint.
        init<Service: SideService>(_ service: Service, issue: Service.Issue, endpoint: Endpoint) {
            self.init(service, issue: issue, provider: endpoint.provider, root: endpoint.baseURL)
        }

        /// The entry of a service's issue at a provider's root.
        init<Service: SideService>(_ service: Service, issue: Service.Issue, provider: ServiceProvider, root: String) {
            let stamp = service.stamp(issue)
            folders = [provider.rawValue] + service.cacheFolders
            self.stamp = stamp
            rootLine = "root \(root)"
            header = [service.cacheFormat, "provider \(provider.rawValue)", rootLine]
                + service.cacheSubjectLines + ["\(service.issueName) \(stamp)"]
            switch service.freshness {
            case .issued(let keptFor):
                let current = service.instant(of: issue)
                counted = false
                tidy = .issued(oldest: current.adding(seconds: -keptFor), current: current) { stem in
                    service.issue(stamp: stem).map(service.instant(of:))
                }
            case .revalidated:
                counted = true
                tidy = .onlyThis
            }
        }
    }

    /// A stored answer: its pages' bodies, when it was fetched, and KMA's count of a growing one.
    struct StoredAnswer: Hashable, Sendable {
        var bodies: [[UInt8]]
        var fetchedAt: Int64
        var total: Int?
    }

    /// What a side service's lookup found.
    typealias ServiceLookup = Found<StoredAnswer>

    /// The path of an entry's answer file.
    func path(_ entry: ServiceEntry) -> String {
        "\(directory)/" + entry.folders.joined(separator: "/") + "/\(entry.stamp).body"
    }

    /// The stored answer of an entry: `.hit`, `.miss`, or `.unusable` with why.
    func serviceAnswer(_ entry: ServiceEntry) -> ServiceLookup {
        let path = path(entry)
        guard let bytes = contents(entry.folders, "\(entry.stamp).body") else { return .miss }
        var reader = LineReader(bytes: bytes)
        for line in entry.header {
            guard let found = reader.line() else { return .unusable(path: path, reason: "it ends inside the header") }
            guard found == line else {
                return .unusable(path: path, reason: "its header says '\(found.prefix(60))' where '\(line)' was expected")
            }
        }
        func number(_ name: String, _ range: ClosedRange<Int64>) -> Int64? {
            guard let line = reader.line(), line.hasPrefix(name + " "), let value = Int64(line.dropFirst(name.count + 1)), range.contains(value) else { return nil }
            return value
        }
        guard let fetched = number("fetched", 0...Int64.max) else { return .unusable(path: path, reason: "its header has no fetched line") }
        var total: Int?
        if entry.counted {
            guard let count = number("total", 0...1_000_000) else { return .unusable(path: path, reason: "its header has no total line") }
            total = Int(count)
        }
        var lengths: [(length: Int, checksum: Substring)] = []
        while let line = reader.line(), !line.isEmpty {
            let fields = line.split(separator: " ")
            guard lengths.count < 100, fields.count == 3, fields[0] == "body", let length = Int(fields[1]), (0...8_388_608).contains(length) else {
                return .unusable(path: path, reason: "its header has a body line that is not 'body <length> <checksum>'")
            }
            lengths.append((length, fields[2]))
        }
        guard !lengths.isEmpty else { return .unusable(path: path, reason: "its header has no body line") }
        var bodies: [[UInt8]] = []
        for (length, checksum) in lengths {
            guard let body = reader.bytes(length) else { return .unusable(path: path, reason: "its body is missing or cut short") }
            guard checksum == Self.checksum(body) else { return .unusable(path: path, reason: "its body does not match its checksum") }
            bodies.append(body)
        }
        guard reader.atEnd else { return .unusable(path: path, reason: "its body is followed by other bytes") }
        return .hit(StoredAnswer(bodies: bodies, fetchedAt: fetched, total: total))
    }

    /// Stores an answer atomically, then tidies the folder by the entry's rule (``ServiceEntry/Tidy``)
    /// and removes temporary files of interrupted writes older than an hour
    /// (``CacheFolder/removeStaleTemporaries(now:names:)``), in the checked folder only.
    func store(_ stored: StoredAnswer, entry: ServiceEntry) throws(CacheFailure) {
        let folder = try CacheFolder.at(root: directory, entry.folders, create: true)
        var lines = entry.header + ["fetched \(max(stored.fetchedAt, 0))"]
        if entry.counted { lines.append("total \(stored.total ?? 0)") }
        lines += stored.bodies.map { "body \($0.count) \(Self.checksum($0))" } + [""]
        var bytes = Array(lines.joined(separator: "\n").utf8)
        bytes.append(UInt8(ascii: "\n"))
        for body in stored.bodies { bytes += body }
        let name = "\(entry.stamp).body"
        try folder.store(bytes, as: name)
        let names = folder.names()
        folder.removeStaleTemporaries(now: CacheFileSystem.now(), names: names)
        for other in names where other != name && !other.hasPrefix(".") && (other.hasSuffix(".body") || other.hasSuffix(".nodata")) {
            switch entry.tidy {
            case .onlyThis:
                folder.remove(other)
            case .issued(let oldest, let current, let instant):
                guard let time = instant(other.prefix { $0 != "." }) else { continue }
                if time < oldest || (other.hasSuffix(".nodata") && time <= current) { folder.remove(other) }
            }
        }
    }

    /// When KMA last answered NO_DATA for an entry's issue, if noted (a note from another root is none).
    func noDataCheckedAt(_ entry: ServiceEntry) -> Int64? {
        guard let bytes = contents(entry.folders, "\(entry.stamp).nodata") else { return nil }
        var reader = LineReader(bytes: bytes)
        guard reader.line() == "kma-forecast-nodata 2", reader.line() == entry.rootLine,
              let line = reader.line(), line.hasPrefix("checked "), let seconds = Int64(line.dropFirst(8)), seconds >= 0 else { return nil }
        return seconds
    }

    /// Notes NO_DATA for an entry's issue.
    func noteNoData(_ entry: ServiceEntry, at unixSeconds: Int64) throws(CacheFailure) {
        let folder = try CacheFolder.at(root: directory, entry.folders, create: true)
        let note = "kma-forecast-nodata 2\n\(entry.rootLine)\nchecked \(unixSeconds)\n"
        try folder.store(Array(note.utf8), as: "\(entry.stamp).nodata")
    }
}
