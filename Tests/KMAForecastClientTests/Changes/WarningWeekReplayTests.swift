import Foundation
import KMAForecast
@testable import KMAForecastClient
import Testing
import _KMATestSupport

/// The recorded week of zone events (`Fixtures/warnings/getPwnCd_20260921-20260927_window.json`,
/// 104 events, 44 zones) replayed poll by poll, every 10 minutes, each zone watched as a place.
/// The expected lifecycle is worked out from the raw rows by a separate, simpler reading (below),
/// not by the code under test.
@Suite("Changes: the recorded warning week in 10-minute polls gives exactly its lifecycle")
struct WarningWeekReplayTests {
    static let file = "warnings/getPwnCd_20260921-20260927_window.json"
    static let first = WarningEvent.instant(2026_0921_0000)!
    static let polls = 7 * 144

    /// One expected or sent change, as compared: what, where, which kind and level, when sent.
    struct Lifecycle: Hashable, CustomStringConvertible {
        var kind: ForecastChange.Kind
        var zone: String
        var warning: Int
        var level: Int
        var sentAt: KSTDateTime
        var description: String { "\(kind.rawValue) \(zone) \(warning)/\(level) @\(sentAt.iso8601.prefix(16))" }
    }

    /// What the rows say happens and from when it shows, read straight from the JSON: an issue
    /// starting later is announced at its issue and in force at its start; 변경 (7) moves the
    /// level up or down; a release ending later is announced (modified) at its issue and done
    /// at its end, and sent one poll later (confirmed).
    static func expected(sentAfter start: KSTDateTime, goodPolls: [KSTDateTime]) throws -> [Lifecycle] {
        let object = try JSONSerialization.jsonObject(with: Data(try Fixtures.bytes(file))) as? [String: Any]
        let body = (object?["response"] as? [String: Any])?["body"] as? [String: Any]
        let rows = try #require(((body?["items"] as? [String: Any])?["item"] as? [[String: Any]]))
        func time(_ value: Any?) -> KSTDateTime? { (value as? NSNumber).flatMap { WarningEvent.instant($0.int64Value) } }
        func poll(_ instant: KSTDateTime, confirmed: Bool) -> KSTDateTime? {
            guard let index = goodPolls.firstIndex(where: { $0 >= instant }) else { return nil }
            let at = confirmed ? index + 1 : index
            return at < goodPolls.count ? goodPolls[at] : nil
        }
        var level: [String: Int] = [:]
        var out: [Lifecycle] = []
        let ordered = rows.sorted { ($0["tmFc"] as? NSNumber)?.int64Value ?? 0 < ($1["tmFc"] as? NSNumber)?.int64Value ?? 0 }
        for row in ordered {
            let zone = row["areaCode"] as? String ?? "", warning = (row["warnVar"] as? NSNumber)?.intValue ?? 0
            let stress = (row["warnStress"] as? NSNumber)?.intValue ?? 0, command = Int(row["command"] as? String ?? "") ?? 0
            let issued = try #require(time(row["tmFc"]))
            func add(_ kind: ForecastChange.Kind, _ at: KSTDateTime, confirmed: Bool = false) {
                guard at > start, let sent = poll(at, confirmed: confirmed), sent > start else { return }
                out.append(Lifecycle(kind: kind, zone: zone, warning: warning, level: stress, sentAt: sent))
            }
            let slot = "\(zone)/\(warning)"
            switch command {
            case 1:
                let begins = time(row["startTime"]) ?? issued
                if begins > issued { add(.warningUpcoming, issued) }
                add(.warningIssued, max(begins, issued))
                level[slot] = stress
            case 7:
                add(stress > (level[slot] ?? stress) ? .warningUpgraded : .warningDowngraded, max(time(row["startTime"]) ?? issued, issued))
                level[slot] = stress
            case 2:
                let ends = time(row["endTime"]) ?? issued
                if ends > issued { add(.warningModified, issued) }
                add(.warningReleased, max(ends, issued), confirmed: true)
            default:
                Issue.record("command \(command) is not in the recording")
            }
        }
        return out
    }

    /// Polls every 10 minutes from `start`: each zone's snapshot of what KMA's answer then holds
    /// (events issued by then, on the 7 dates ending today), or nothing on the polls that `fails`.
    static func replay(
        from start: KSTDateTime, polls: Int, fails: (Int) -> Bool = { _ in false }, restartEvery: Int? = nil
    ) throws -> (sent: [ForecastChange], goodPolls: [KSTDateTime]) {
        let events = try WarningDecoder.events(Fixtures.bytes(file)).events
        let zones = Set(events.map(\.zoneID)).sorted()
        var watcher = ForecastWatcher()
        var sent: [ForecastChange] = []
        var good: [KSTDateTime] = []
        for index in 0..<polls {
            let now = start.adding(seconds: Int64(index) * 600)
            if let every = restartEvery, index > 0, index % every == 0 {
                // A restart: the state as the file holds it, decoded into a new watcher.
                let stored = try JSONDecoder().decode(WatchState.self, from: Data(try JSONTextEncoder.encode(watcher.state).utf8))
                watcher = ForecastWatcher(state: stored)
            }
            let failed = fails(index)
            if !failed { good.append(now) }
            let windowStart = try KSTDateTime(year: now.year, month: now.month, day: now.day).adding(seconds: -6 * 86_400)
            let answer = events.filter { $0.issuedAt <= now && $0.issuedAt >= windowStart }
            for zone in zones {
                let state = WarningReplay.state(of: answer, at: now, zones: [zone])
                let snapshot = ForecastSnapshot(
                    takenAt: now, alerts: failed ? nil : state.inForce, upcoming: failed ? nil : state.preliminary,
                    warningsFrom: failed ? nil : windowStart
                )
                sent += watcher.observe(snapshot, place: zone)
            }
        }
        return (sent, good)
    }

    static func lifecycles(_ sent: [ForecastChange]) -> [Lifecycle] {
        sent.compactMap { change in
            change.alert.map { Lifecycle(kind: change.kind, zone: $0.zoneID, warning: $0.kind.code, level: $0.level.code, sentAt: change.detectedAt) }
        }
    }

    static func sortedDescriptions(_ items: [Lifecycle]) -> [String] { items.map(\.description).sorted() }

    @Test("The whole week from its first day: every issue, announcement, change and release once, at the poll it shows")
    func wholeWeek() throws {
        let run = try Self.replay(from: Self.first, polls: Self.polls)
        let expected = try Self.expected(sentAfter: Self.first, goodPolls: run.goodPolls)
        #expect(Self.sortedDescriptions(Self.lifecycles(run.sent)) == Self.sortedDescriptions(expected))
        #expect(Set(run.sent.map(\.id)).count == run.sent.count, "no change is sent twice")
        #expect(expected.count > 100)
        #expect(run.sent.filter { $0.kind == .warningUpcoming }.count == expected.filter { $0.kind == .warningUpcoming }.count)
        #expect(run.sent.contains { $0.kind == .warningUpgraded } && run.sent.contains { $0.kind == .warningDowngraded })
        #expect(run.sent.allSatisfy { !$0.english.contains("{}") && !$0.korean.contains("{}") })
    }

    @Test("A cold start in the middle of the week (many warnings in force) sends nothing on its first poll, then only what follows")
    func coldStart() throws {
        let start = WarningEvent.instant(2026_0926_0900)!
        let run = try Self.replay(from: start, polls: 3 * 144)
        #expect(!run.sent.contains { $0.detectedAt == start })
        let expected = try Self.expected(sentAfter: start, goodPolls: run.goodPolls)
        #expect(Self.sortedDescriptions(Self.lifecycles(run.sent)) == Self.sortedDescriptions(expected))
        #expect(!run.sent.contains { $0.kind == .warningIssued && $0.alert?.issuedAt ?? start <= start && $0.alert?.effectiveAt ?? start <= start })
    }

    @Test("Polls that fail (a page of getPwnCd, an answer cut short) send nothing and release nothing: the lifecycle only comes later")
    func failedPolls() throws {
        let fails: (Int) -> Bool = { $0 % 4 == 1 || $0 % 9 == 0 }
        let run = try Self.replay(from: Self.first, polls: Self.polls, fails: fails)
        let expected = try Self.expected(sentAfter: Self.first, goodPolls: run.goodPolls)
        #expect(Self.sortedDescriptions(Self.lifecycles(run.sent)) == Self.sortedDescriptions(expected))
        let failedInstants = Set((0..<Self.polls).filter(fails).map { Self.first.adding(seconds: Int64($0) * 600) })
        #expect(!run.sent.contains { failedInstants.contains($0.detectedAt) })
        #expect(run.sent.filter { $0.kind == .warningReleased }.count == expected.filter { $0.kind == .warningReleased }.count)
    }

    @Test("Restarts every 7 polls from the stored state send exactly what one run sends")
    func restarts() throws {
        let once = try Self.replay(from: Self.first, polls: Self.polls)
        let restarted = try Self.replay(from: Self.first, polls: Self.polls, restartEvery: 7)
        #expect(restarted.sent == once.sent)
    }
}
