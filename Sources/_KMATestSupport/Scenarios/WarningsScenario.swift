/// Zone events for the stand-in gateway's warning service (``ReplayServer/setWarningEvents(_:)``):
/// rows as KMA sends them (`tmFc` and times as numbers, `command` and `cancel` as text).
public enum WarningsScenario {
    /// One `getPwnCd` row.
    ///
    /// - Parameters:
    ///   - zone: `areaCode`, e.g. `L1100100`.
    ///   - name: `areaName`.
    ///   - command: 1 issue, 2 release, 7 change …
    ///   - kind: `warnVar` (12 폭염 …).
    ///   - level: `warnStress` (0 주의보, 1 경보, 2 중대경보).
    ///   - tmFc: The issue time, `YYYYMMDDHHMM`.
    ///   - start: `startTime` (0 for none).
    ///   - end: `endTime` (0 for none).
    public static func item(
        zone: String, name: String, command: Int, kind: Int, level: Int, tmFc: Int64, sequence: Int = 1, start: Int64 = 0, end: Int64 = 0
    ) -> [UInt8] {
        let text = #"{"allEndTime":0,"areaCode":"\#(zone)","areaName":"\#(name)","cancel":"0","command":"\#(command)","endTime":\#(end),"#
            + #""stnId":"108","tmFc":\#(tmFc),"tmSeq":\#(sequence),"warnVar":\#(kind),"warnStress":\#(level),"startTime":\#(start)}"#
        return Array(text.utf8)
    }

    /// The test's situation for 서울동남권 (L1100100, e.g. 서울 강남구) at 2026-08-01 12:00 KST: a
    /// 폭염경보 in force there (issued as 주의보, changed up), a 호우주의보 there just released, and
    /// a 강풍주의보 in the neighbouring zone 서울동북권 (L1100200). Newest first, as KMA lists them.
    public static let seoulSoutheast: [[UInt8]] = [
        item(zone: "L1100100", name: "서울동남권", command: 2, kind: 2, level: 0, tmFc: 2026_0801_1150, sequence: 9, end: 2026_0801_1150),
        item(zone: "L1100200", name: "서울동북권", command: 1, kind: 1, level: 0, tmFc: 2026_0801_1000, sequence: 8, start: 2026_0801_1000),
        item(zone: "L1100100", name: "서울동남권", command: 7, kind: 12, level: 1, tmFc: 2026_0801_1000, sequence: 8, start: 2026_0801_1100),
        item(zone: "L1100100", name: "서울동남권", command: 1, kind: 2, level: 0, tmFc: 2026_0801_0600, sequence: 5, start: 2026_0801_0600),
        item(zone: "L1100100", name: "서울동남권", command: 1, kind: 12, level: 0, tmFc: 2026_0730_1000, sequence: 2, start: 2026_0730_1100),
    ]
}
