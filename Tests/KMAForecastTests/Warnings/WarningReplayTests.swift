import Testing
@testable import KMAForecast
import _KMATestSupport

@Suite("Warning replay: zone events in order into what is in force, preliminary apart")
struct WarningReplayTests {
    static func at(_ text: String) -> KSTDateTime {
        // yyyyMMddHHmm
        WarningEvent.instant(Int64(text)!)!
    }

    static func window() throws -> [WarningEvent] {
        try WarningDecoder.events(Fixtures.bytes("warnings/getPwnCd_20260921-20260927_window.json")).events
    }

    static func titles(_ events: [WarningEvent], _ zone: String, _ instant: String) -> [String] {
        WarningReplay.state(of: events, at: at(instant), zones: [zone]).inForce.map(\.title)
    }

    @Test("추자도 on 2026-09-26: issued, changed up (변경), changed down, released kind by kind")
    func chujado() throws {
        let events = try Self.window()
        #expect(Self.titles(events, "L1091000", "202609260530").isEmpty)
        #expect(Set(Self.titles(events, "L1091000", "202609260540")) == ["강풍주의보", "호우주의보"])
        #expect(Self.titles(events, "L1091000", "202609260700") == ["호우경보", "강풍주의보"])
        let state = WarningReplay.state(of: events, at: Self.at("202609260700"), zones: ["L1091000"])
        let rain = try #require(state.inForce.first)
        #expect(rain.issuedAt == Self.at("202609260645") && rain.firstIssuedAt == Self.at("202609260540"))
        #expect(Set(Self.titles(events, "L1091000", "202609260800")) == ["강풍주의보", "호우주의보"])
        #expect(Self.titles(events, "L1091000", "202609260930") == ["강풍주의보"])
        #expect(Self.titles(events, "L1091000", "202609261000").isEmpty)
    }

    @Test("A release announced ahead keeps the warning in force with its end time, then ends it")
    func releaseAhead() throws {
        let events = try Self.window()
        let before = WarningReplay.state(of: events, at: Self.at("202609221300"), zones: ["S1152010"])
        #expect(before.inForce.count == 1)
        #expect(before.inForce.first?.endsAt == Self.at("202609221400"))
        #expect(before.inForce.first?.title == "풍랑주의보")
        #expect(WarningReplay.state(of: events, at: Self.at("202609221400"), zones: ["S1152010"]).inForce.isEmpty)
    }

    @Test("An issue announced to start later is preliminary until it starts")
    func preliminary() throws {
        let events = try Self.window()
        let early = WarningReplay.state(of: events, at: Self.at("202609260900"), zones: ["S1322200"])
        #expect(early.inForce.isEmpty)
        #expect(early.preliminary.map(\.title) == ["풍랑주의보"])
        #expect(early.preliminary.first?.effectiveAt == Self.at("202609261000"))
        let later = WarningReplay.state(of: events, at: Self.at("202609261030"), zones: ["S1322200"])
        #expect(later.inForce.map(\.title) == ["풍랑주의보"] && later.preliminary.isEmpty)
        #expect(later.inForce.first?.endsAt == Self.at("202609261200"))
    }

    @Test("The order of the rows and pages does not matter")
    func orderIndependent() throws {
        let events = try Self.window()
        var generator = SplitMix64(seed: 29)
        for instant in ["202609260700", "202609261100", "202609261130", "202609221300"] {
            let reference = WarningReplay.state(of: events, at: Self.at(instant))
            let shuffled = events.shuffled(using: &generator)
            #expect(WarningReplay.state(of: shuffled, at: Self.at(instant)) == reference)
            #expect(WarningReplay.state(of: events.reversed(), at: Self.at(instant)) == reference)
        }
    }

    @Test("allEndTime ends only its kind: 부산서부 폭염 outlives the 열대야 release; 중대경보 from its start")
    func allEndTimeAndSevere() throws {
        let daily = try WarningDecoder.events(Fixtures.bytes("warnings/getPwnCd_20260730-20260927_5zones_daily_excerpt.json")).events
        #expect(Self.titles(daily, "L1082700", "202609021700") == ["폭염주의보"])
        #expect(Self.titles(daily, "L1082700", "202609031600").isEmpty)
        let allEnd = try WarningDecoder.events(Fixtures.bytes("warnings/getPwnCd_20260729-20260902_allEndTime_excerpt.json")).events
        let ahead = WarningReplay.state(of: allEnd, at: Self.at("202607300900"), zones: ["L1082700"])
        #expect(ahead.inForce.isEmpty && ahead.preliminary.map(\.title) == ["폭염중대경보"])
        let then = WarningReplay.state(of: allEnd, at: Self.at("202607301200"), zones: ["L1082700"])
        #expect(then.inForce.map(\.title) == ["폭염중대경보"] && then.inForce.first?.level == .severe)
    }

    @Test("Cancelled, future and unknown rows: left out, or read by their times, never mislabelled")
    func unusualRows() {
        func event(_ command: Int, kind: Int = 2, level: Int = 0, at tm: String, start: String? = nil, end: String? = nil, cancelled: Bool = false) -> WarningEvent {
            WarningEvent(
                zoneID: "L1100100", zoneName: "서울동남권", command: WarningCommand(code: command), kind: WarningKind(code: kind),
                level: WarningLevel(code: level), issuedAt: Self.at(tm), sequence: 1, startsAt: start.map(Self.at), endsAt: end.map(Self.at),
                isCancelled: cancelled
            )
        }
        let issued = event(1, at: "202607010900", start: "202607010900")
        #expect(WarningReplay.state(of: [issued, event(2, at: "202607011000", end: "202607011000", cancelled: true)], at: Self.at("202607011100")).inForce.count == 1)
        #expect(WarningReplay.state(of: [issued, event(2, at: "202607011200", end: "202607011200")], at: Self.at("202607011100")).inForce.count == 1)
        // An unknown command with only an end time ends the kind; with a start time it puts it.
        #expect(WarningReplay.state(of: [issued, event(4, at: "202607011000", end: "202607011000")], at: Self.at("202607011100")).inForce.isEmpty)
        #expect(WarningReplay.state(of: [event(5, kind: 7, at: "202607011000", start: "202607011000")], at: Self.at("202607011100")).inForce.map(\.title) == ["특보(7) 주의보"])
        // A change release (변경해제) of another level leaves the level in force.
        let up = event(7, level: 1, at: "202607011000", start: "202607011000")
        let state = WarningReplay.state(of: [issued, up, event(8, level: 0, at: "202607011000", end: "202607011000")], at: Self.at("202607011100"))
        #expect(state.inForce.map(\.title) == ["호우경보"])
        // A release of a kind not in force (issued before the period) changes nothing.
        #expect(WarningReplay.state(of: [event(2, kind: 1, at: "202607011000", end: "202607011000")], at: Self.at("202607011100")).inForce.isEmpty)
    }
}
