import KMAForecast

/// Mid-term answers by their key: the cache of every side service
/// (`ForecastCache+SideService.swift`), named for a mid-term operation, region and run.
extension ForecastCache {
    /// What identifies a cached mid-term answer.
    struct MidTermKey: Hashable, Sendable {
        var provider: ServiceProvider
        var root: String
        var operation: MidTermOperation
        var regionID: String
        var issue: MidTermIssue

        /// The side-service entry of the key.
        var entry: ServiceEntry {
            switch operation {
            case .temperatures: ServiceEntry(MidTermService<MidTermTemperatures>(regionID: regionID), issue: issue, provider: provider, root: root)
            case .landForecast: ServiceEntry(MidTermService<MidTermLandForecast>(regionID: regionID), issue: issue, provider: provider, root: root)
            case .outlook: ServiceEntry(MidTermService<MidTermOutlookText>(regionID: regionID), issue: issue, provider: provider, root: root)
            }
        }
    }

    /// What a mid-term lookup found.
    enum MidTermLookup: Hashable, Sendable {
        case hit([UInt8], fetchedAt: Int64)
        case miss
        case unusable(path: String, reason: String)
    }

    /// The folder of a region's answers.
    func midTermDirectory(_ key: MidTermKey) -> String { "\(directory)/" + key.entry.folders.joined(separator: "/") }

    /// The stored body of an answer: `.hit` with the bytes, `.miss`, or `.unusable` with why.
    func midTermBody(for key: MidTermKey) -> MidTermLookup {
        switch serviceAnswer(key.entry) {
        case .hit(let stored): .hit(stored.bodies.first ?? [], fetchedAt: stored.fetchedAt)
        case .miss: .miss
        case .unusable(let path, let reason): .unusable(path: path, reason: reason)
        }
    }

    /// Stores a body atomically and tidies the region's folder (``store(_:entry:)``).
    func storeMidTerm(_ body: [UInt8], fetchedAt: Int64, for key: MidTermKey) throws(CacheFailure) {
        try store(StoredAnswer(bodies: [body], fetchedAt: fetchedAt, total: nil), entry: key.entry)
    }

    /// Notes NO_DATA for a mid-term run.
    func noteMidTermNoData(_ key: MidTermKey, at unixSeconds: Int64) throws(CacheFailure) {
        try noteNoData(key.entry, at: unixSeconds)
    }
}
