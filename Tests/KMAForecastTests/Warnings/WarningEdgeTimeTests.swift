import Testing
@testable import KMAForecast
import _KMATestSupport

/// Issue 38, item 4: warning start and end times outside 1900–2999 were read as absent, so a
/// warning announced to end in 9999 showed as having no end, a release "at 9999" ended the
/// warning now, and one to start in 3000 was in force now. A time is now `0` (none) or kept as
/// given (any year 1–9999); a number that is neither refuses the row.
@Suite("Warning times at the edges: kept as given, never read as absent")
struct WarningEdgeTimeTests {
    static func page(_ items: [[UInt8]]) -> [UInt8] {
        Array(#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":["#.utf8)
            + Array(items.joined(separator: Array(",".utf8))) + Array(#"]},"pageNo":1,"numOfRows":1000,"totalCount":\#(items.count)}}}"#.utf8)
    }

    static let now = (try? KSTDateTime(year: 2026, month: 8, day: 1, hour: 12, minute: 0)) ?? KSTDateTime(unixSeconds: 0)

    @Test("A release at 9999-12-31 23:59 ends the warning then, not now")
    func releaseIn9999() throws {
        let events = try WarningDecoder.events(Self.page([
            WarningsScenario.item(zone: "L1100100", name: "서울동남권", command: 2, kind: 12, level: 1, tmFc: 2026_0801_1100, sequence: 2, end: 9999_1231_2359),
            WarningsScenario.item(zone: "L1100100", name: "서울동남권", command: 1, kind: 12, level: 1, tmFc: 2026_0801_1000, sequence: 1, start: 2026_0801_1000),
        ])).events
        #expect(events.first?.endsAt?.iso8601 == "9999-12-31T23:59:00+09:00")
        let state = WarningReplay.state(of: events, at: Self.now)
        #expect(state.inForce.map(\.title) == ["폭염경보"], "still in force: the release is announced for 9999")
        #expect(state.inForce.first?.endsAt?.iso8601 == "9999-12-31T23:59:00+09:00")
    }

    @Test("A start in 3000 is announced, not in force now; a start in 1899 and an end in 1000 are kept")
    func startIn3000() throws {
        let events = try WarningDecoder.events(Self.page([
            WarningsScenario.item(zone: "L1100100", name: "서울동남권", command: 1, kind: 2, level: 0, tmFc: 2026_0801_1000, sequence: 1, start: 3000_0101_0000),
            WarningsScenario.item(zone: "L1100200", name: "서울동북권", command: 1, kind: 1, level: 0, tmFc: 2026_0801_1000, sequence: 1, start: 1899_1231_2300, end: 1000_0101_0000),
        ])).events
        #expect(events[0].startsAt?.iso8601 == "3000-01-01T00:00:00+09:00")
        #expect(events[1].startsAt?.iso8601 == "1899-12-31T23:00:00+09:00" && events[1].endsAt?.iso8601 == "1000-01-01T00:00:00+09:00")
        let state = WarningReplay.state(of: events, at: Self.now, zones: ["L1100100"])
        #expect(state.inForce.isEmpty, "not in force before 3000")
        #expect(state.preliminary.map(\.title) == ["호우주의보"])
    }

    @Test("A time that is neither 0 nor a time refuses the row, never reads as absent", arguments: [2026_1301_1200, 2026_0801_2460, 99_999_999_999_999 as Int64, 12345])
    func notATime(value: Int64) throws {
        #expect(throws: ForecastResponseError.self) {
            try WarningDecoder.events(Self.page([
                WarningsScenario.item(zone: "L1100100", name: "서울동남권", command: 2, kind: 12, level: 1, tmFc: 2026_0801_1100, sequence: 2, end: value),
            ]))
        }
    }

    @Test("0 is none")
    func zero() throws {
        let events = try WarningDecoder.events(Self.page([
            WarningsScenario.item(zone: "L1100100", name: "서울동남권", command: 1, kind: 12, level: 1, tmFc: 2026_0801_1000, sequence: 1),
        ])).events
        #expect(events.first?.startsAt == nil && events.first?.endsAt == nil)
    }
}
