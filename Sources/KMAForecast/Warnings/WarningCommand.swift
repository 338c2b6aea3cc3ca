/// What a zone event does (KMA's `command` code, kept as sent): 1 발표 (issue), 2 해제
/// (release), 3 연장 (extension), 6 정정 (correction), 7 변경발표 (change: a new level of the
/// same kind replaces the one in force, 대치), 8 변경해제 (change release). The codes are
/// TodayWeather's table (`Fixtures/warnings/SOURCES.md`); 1, 2 and 7 occur in the recordings.
/// Any other code is kept, and its effect is read from the row's times (``effect``).
public struct WarningCommand: Hashable, Sendable {
    /// KMA's `command` code.
    public var code: Int

    /// A command from KMA's code.
    public init(code: Int) { self.code = code }

    /// 발표 (1).
    public static let issue = WarningCommand(code: 1)
    /// 해제 (2).
    public static let release = WarningCommand(code: 2)
    /// 연장 (3).
    public static let extend = WarningCommand(code: 3)
    /// 정정 (6).
    public static let correction = WarningCommand(code: 6)
    /// 변경발표 (7): the kind's level is replaced (대치) by the row's.
    public static let change = WarningCommand(code: 7)
    /// 변경해제 (8).
    public static let changeRelease = WarningCommand(code: 8)

    /// What a command does to the kind in the zone.
    public enum Effect: Hashable, Sendable {
        /// The row's level of the kind is in force from its start (replacing any other level of
        /// the kind in the zone).
        case put
        /// The kind ends in the zone at the row's end time (or at once).
        case end
        /// Only the row's level ends (a 변경해제: another level of the kind may stay).
        case endLevel
    }

    /// The Korean name (`발표`), or `nil` for an unknown code.
    public var koreanName: String? {
        switch code {
        case 1: "발표"
        case 2: "해제"
        case 3: "연장"
        case 6: "정정"
        case 7: "변경발표"
        case 8: "변경해제"
        default: nil
        }
    }

    /// The effect of a row with this command: known codes by their meaning; an unknown code by
    /// the row's times, as KMA fills them (an end time and no start time: an end; else a put).
    public func effect(startTime: KSTDateTime?, endTime: KSTDateTime?) -> Effect {
        switch code {
        case 1, 3, 7: return .put
        case 2: return .end
        case 8: return .endLevel
        case 6: return endTime != nil && startTime == nil ? .end : .put
        default: return endTime != nil && startTime == nil ? .end : .put
        }
    }
}
