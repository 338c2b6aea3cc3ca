/// A weather warning (기상특보) for one zone: what KMA's zone events say is in force (or
/// announced to start later) at an instant (``WarningReplay``).
///
/// ```swift
/// alert.title          // "호우경보"
/// alert.englishTitle   // "Heavy rain warning"
/// alert.zoneID         // "L1090500"
/// ```
///
/// Stored shape: `{"zoneID":"L1090500","zoneName":"제주도산지","title":"호우경보","englishTitle":"Heavy rain warning",`
/// `"kind":{"code":2,"name":"호우","englishName":"heavy rain"},"level":{"code":1,"name":"경보","englishName":"warning"},`
/// `"issuedAt":"2026-09-26T11:00:00+09:00","effectiveAt":"2026-09-26T11:00:00+09:00","endsAt":…,"firstIssuedAt":…}`;
/// names absent for a code without one; `endsAt` only when KMA gave a release time.
public struct WeatherWarning: Hashable, Sendable {
    /// The zone's code (특보구역), e.g. `L1090500`.
    public var zoneID: String
    /// The zone's name, e.g. `제주도산지` (the zone table's, else KMA's `areaName`).
    public var zoneName: String
    /// The kind (`warnVar`).
    public var kind: WarningKind
    /// The level (`warnStress`).
    public var level: WarningLevel
    /// When the bulletin that put this level in force was issued (`tmFc`).
    public var issuedAt: KSTDateTime
    /// When this level takes (or took) effect (`startTime`, else the issue time).
    public var effectiveAt: KSTDateTime
    /// When the warning ends, when KMA has announced a release time (`endTime` of a release
    /// issued ahead of it); `nil` while no end is announced.
    public var endsAt: KSTDateTime?
    /// When the kind was first issued in the zone, if that differs from ``issuedAt`` (a level
    /// changed later, 변경).
    public var firstIssuedAt: KSTDateTime?

    /// An alert.
    public init(
        zoneID: String, zoneName: String, kind: WarningKind, level: WarningLevel, issuedAt: KSTDateTime, effectiveAt: KSTDateTime,
        endsAt: KSTDateTime? = nil, firstIssuedAt: KSTDateTime? = nil
    ) {
        self.zoneID = zoneID
        self.zoneName = zoneName
        self.kind = kind
        self.level = level
        self.issuedAt = issuedAt
        self.effectiveAt = effectiveAt
        self.endsAt = endsAt
        self.firstIssuedAt = firstIssuedAt
    }

    /// The Korean title, e.g. `폭염경보` (``WarningKind/koreanTitle(kind:level:)``).
    public var title: String { WarningKind.koreanTitle(kind: kind, level: level) }

    /// The English title, e.g. `Heat wave warning`.
    public var englishTitle: String { WarningKind.englishTitle(kind: kind, level: level) }
}
