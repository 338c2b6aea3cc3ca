import KMAGrid

/// KMA's warning zones (특보구역) and which zone a place of KMA's grid table is in.
///
/// ```swift
/// let zone = try WarningZones.kma.assignment(for: PlaceDirectory.kma.place(named: "서울 강남구"))
/// zone.zone.id            // "L1100100" (서울동남권)
/// zone.isApproximate      // true: 서울 is split in four 권 and the table has no boundaries
/// ```
///
/// **Source and edition.** The land zones are KMA's own list, 「기상청21_기상특보 조회서비스_오픈API활용가이드_
/// 특보구역코드안내(260601).xlsx」 (2026-06-01, 301 zones still in force), as converted in
/// WizardFactory/TodayWeather; the sea zones (113) a peer's copy of the same spreadsheet. Both are
/// in `Fixtures/warnings/` with their provenance (`SOURCES.md`). 공공누리 제1유형, attribution 기상청
/// (``attribution``).
///
/// **Places → zones.** No official 행정구역 → 특보구역 table is public, so a place is placed by its
/// names (``assignment(for:)-(Place)``): the province's zone, then the county's (`수원시` for
/// `수원시권선구`), then the named islands and towns (``WarningZoneAssignment/Method/name``). A county
/// split into parts the names cannot tell apart gets one part, flagged approximate with the
/// others listed (``WarningZoneAssignment``). A coordinate gets the zone of the nearest place of
/// KMA's grid table (``assignment(for:places:)``).
public struct WarningZones: Sendable {
    /// Every zone, land then sea, in the table's order.
    public let zones: [WarningZone]
    private let byID: [String: Int]
    private let children: [String: [Int]]

    /// The attribution to show with the table.
    public static let attribution = "출처: 기상청 기상특보 조회서비스 특보구역코드 (2026-06-01; KOGL type 1)"

    /// The table's edition: KMA's zone list of 2026-06-01.
    public static let edition = "260601"

    /// KMA's zones, built in.
    public static let kma = WarningZones(land: EmbeddedWarningZoneTable.land, sea: EmbeddedWarningZoneTable.sea)

    /// Zones from the two CSV texts (`REG_ID,TM_ST,TM_ED,REG_SP,REG_UP,REG_KO,REG_NAME` and
    /// `REG_ID,REG_NAME,REG_NAME_MMIS`, header first); malformed lines are skipped.
    init(land: String, sea: String) {
        var zones: [WarningZone] = []
        for line in land.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 7, !fields[0].isEmpty else { continue }
            zones.append(WarningZone(id: fields[0], name: fields[6], shortName: fields[5], parentID: fields[4] == "0" || fields[4].isEmpty ? nil : fields[4]))
        }
        for line in sea.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 2, !fields[0].isEmpty else { continue }
            zones.append(WarningZone(id: fields[0], name: fields[1], shortName: fields[1], parentID: nil))
        }
        self.zones = zones
        var byID: [String: Int] = [:]
        var children: [String: [Int]] = [:]
        for (index, zone) in zones.enumerated() {
            byID[zone.id] = index
            if let parent = zone.parentID { children[parent, default: []].append(index) }
        }
        self.byID = byID
        self.children = children
    }

    /// The zone with a code, if the table has it.
    public func zone(id: String) -> WarningZone? { byID[id].map { zones[$0] } }

    /// The zones directly below a zone, in the table's order.
    public func children(of id: String) -> [WarningZone] { (children[id] ?? []).map { zones[$0] } }

    /// The zones below a zone that have none below them (the parts warnings are issued for).
    public func leaves(under id: String) -> [WarningZone] {
        let below = children(of: id)
        guard !below.isEmpty else { return zone(id: id).map { [$0] } ?? [] }
        return below.flatMap { leaves(under: $0.id) }
    }

    /// The names of zones by code, for showing KMA's events under the table's names.
    public var names: [String: String] {
        Dictionary(zones.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }
}
