/// One of KMA's warning zones (특보구역): a code, `L…` on land and `S…` at sea, with its names and
/// its place in KMA's hierarchy (province zone → county zone → the parts of a split county).
public struct WarningZone: Hashable, Sendable {
    /// The code KMA's warning service uses (`areaCode`, `REG_ID`), e.g. `L1100100`.
    public let id: String
    /// The zone's full name (`REG_NAME`), e.g. `서울동남권`, `파주시동북부`, `제주도남부앞바다`.
    public let name: String
    /// The short name (`REG_KO`), e.g. `파주동북부`; the full name for sea zones.
    public let shortName: String
    /// The zone above it (`REG_UP`), e.g. `L1013700` for `L1013710`; `nil` at the top and for sea zones.
    public let parentID: String?
    /// Whether it is a sea zone (`S…`).
    public var isSea: Bool { id.hasPrefix("S") }

    /// A zone.
    public init(id: String, name: String, shortName: String, parentID: String?) {
        self.id = id
        self.name = name
        self.shortName = shortName
        self.parentID = parentID
    }
}

/// Which zone a place is in, how it was found and how sure it is (``WarningZones/assignment(for:)-(Place)``).
///
/// Where a county is split (파주시동북부/서북부/남부, 강릉시평지/산지) and the table of places cannot tell
/// which part a place is in, the value says so: ``isApproximate`` is `true`, ``method`` says how
/// the part was chosen, and ``alternatives`` lists the other parts it may be in. Never a silent guess.
public struct WarningZoneAssignment: Hashable, Sendable {
    /// How the zone was found.
    public enum Method: String, Hashable, Sendable, Codable {
        /// By the place's names: the county's own zone, or an island or town named in a zone
        /// (울릉군 → 울릉도.독도, 신안군 흑산면 → 흑산도.홍도, 인천 중구 영종동 → 인천영종). Exact.
        case name
        /// By the names, then, in a county split by compass direction (동북부, 서부, 중산간 …), the part
        /// whose direction from the county's centre (the mean of its places in KMA's table) is
        /// closest to the place's. Approximate: a part's real boundary follows towns, not bearings.
        case direction
        /// By the names, then, in a county split into 평지 (lowlands) and 산지 (mountains), the
        /// lowland part, where the towns are. Approximate: the table has no heights.
        case lowland
        /// By the names, then the main part of a county whose islands have a zone of their own,
        /// for a town that has both (보령시 오천면, 완도군 청산면, 군산시 옥도면). Approximate.
        case mainPart
        /// For a coordinate: the zone of the nearest place of KMA's grid table, with a place of
        /// another county almost as near (within 1.5 times the distance). Approximate: the point
        /// may be across the county line.
        case border
        /// A province (or metropolitan city) as a whole: the zone of its representative point
        /// (the zone of the nearest of its places). Approximate: a province has many zones.
        case province
    }

    /// The zone.
    public let zone: WarningZone
    /// Whether the place may be in another zone (``alternatives``).
    public let isApproximate: Bool
    /// How the zone was found.
    public let method: Method
    /// The other zones the place may be in (the other parts of its county), empty when exact.
    public let alternatives: [WarningZone]

    /// An assignment.
    public init(zone: WarningZone, isApproximate: Bool, method: Method, alternatives: [WarningZone] = []) {
        self.zone = zone
        self.isApproximate = isApproximate
        self.method = method
        self.alternatives = alternatives
    }

    /// One sentence on how sure the zone is, for a person: empty when exact.
    public var note: String {
        guard isApproximate else { return "" }
        let others = alternatives.map(\.name).joined(separator: ", ")
        let how = switch method {
        case .direction: "chosen by direction from the county's centre"
        case .lowland: "the lowland part (the table has no heights)"
        case .mainPart: "the main part (the town also has islands with a zone of their own)"
        case .border: "the nearest place's (a place of another county is almost as near)"
        case .province: "the zone at the province's representative point (a province has many zones)"
        case .name: "by name"
        }
        return "\(zone.name) is approximate, \(how)" + (others.isEmpty ? "." : "; the place may be in \(others).")
    }
}
