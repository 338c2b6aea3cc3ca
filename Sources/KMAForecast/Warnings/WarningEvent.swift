/// One zone event of KMA's warning service (`getPwnCd`, 특보 코드 조회): a command for one kind
/// and level of warning in one zone, as KMA sent it. ``WarningReplay`` turns a zone's events
/// into what is in force.
///
/// Times are KST (`tmFc`, `startTime`, `endTime`, `allEndTime` are `YYYYMMDDHHMM` numbers;
/// KMA's `0` reads as `nil`).
public struct WarningEvent: Hashable, Sendable {
    /// The zone's code (`areaCode`), `L…` on land, `S…` at sea, e.g. `L1090500`.
    public var zoneID: String
    /// The zone's name as KMA sent it (`areaName`); may hold U+FFFD where KMA's text is broken,
    /// so match zones by ``zoneID``, never by name.
    public var zoneName: String
    /// What the event does (`command`).
    public var command: WarningCommand
    /// The kind (`warnVar`).
    public var kind: WarningKind
    /// The level (`warnStress`).
    public var level: WarningLevel
    /// When the bulletin was issued (`tmFc`).
    public var issuedAt: KSTDateTime
    /// The bulletin's number (`tmSeq`); it restarts every month, so order by ``issuedAt`` first.
    public var sequence: Int
    /// When the warning takes effect (`startTime`), when KMA gives one.
    public var startsAt: KSTDateTime?
    /// When the release takes effect (`endTime`), when KMA gives one.
    public var endsAt: KSTDateTime?
    /// `allEndTime`, when nonzero. Kept as sent; it ends only the event's own kind (the
    /// recordings show 폭염 outliving a 열대야 release with `allEndTime` set).
    public var allEndsAt: KSTDateTime?
    /// Whether KMA marked the event cancelled (`cancel` other than `0`): it is not replayed.
    public var isCancelled: Bool
    /// The issuing station (`stnId`, `108` for the national bulletins).
    public var stationID: String

    /// An event.
    public init(
        zoneID: String, zoneName: String, command: WarningCommand, kind: WarningKind, level: WarningLevel, issuedAt: KSTDateTime,
        sequence: Int, startsAt: KSTDateTime? = nil, endsAt: KSTDateTime? = nil, allEndsAt: KSTDateTime? = nil,
        isCancelled: Bool = false, stationID: String = "108"
    ) {
        self.zoneID = zoneID
        self.zoneName = zoneName
        self.command = command
        self.kind = kind
        self.level = level
        self.issuedAt = issuedAt
        self.sequence = sequence
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.allEndsAt = allEndsAt
        self.isCancelled = isCancelled
        self.stationID = stationID
    }

    /// What the event does to its kind in its zone (``WarningCommand/effect(startTime:endTime:)``).
    public var effect: WarningCommand.Effect { command.effect(startTime: startsAt, endTime: endsAt) }

    /// A KST instant from KMA's `YYYYMMDDHHMM`, kept as given: any year 1–9999 with a real
    /// month, day, hour and minute (a warning "until 9999" ends in 9999, not now). `nil` for
    /// anything else, `0` (KMA's "none") included; ``WarningDecoder`` refuses a row whose
    /// time is neither `0` nor a time (``isAbsent(_:)``), so no time is ever read as absent.
    public static func instant(_ value: Int64) -> KSTDateTime? {
        guard value >= 1_01_01_0000, value <= 9_999_12_31_2359 else { return nil }
        let minute = Int(value % 100), hour = Int(value / 100 % 100), day = Int(value / 10_000 % 100)
        let month = Int(value / 1_000_000 % 100), year = Int(value / 100_000_000)
        return try? KSTDateTime(year: year, month: month, day: day, hour: hour, minute: minute)
    }

    /// Whether a time field's number is KMA's "none" (`0`).
    public static func isAbsent(_ value: Int64) -> Bool { value == 0 }
}
