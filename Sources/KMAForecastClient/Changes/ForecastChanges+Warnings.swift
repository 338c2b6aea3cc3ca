import KMAForecast

extension ForecastChanges {
    /// A warning's place in the comparison: its zone and kind (a zone has at most one level of a
    /// kind in force, ``WarningReplay``).
    struct WarningSlot: Hashable, Comparable {
        var zoneID: String
        var kind: Int

        init(_ alert: WeatherWarning) {
            zoneID = alert.zoneID
            kind = alert.kind.code
        }

        static func < (a: WarningSlot, b: WarningSlot) -> Bool { (a.zoneID, a.kind) < (b.zoneID, b.kind) }
    }

    /// The warnings' changes from `old` to `new`, when both delivered them:
    /// - a warning in force now and not before: issued (or, when it was issued since `old` and in
    ///   the same zone another kind left in the same step, that kind changed into this one);
    /// - in force in both: its level up or down, or a newer bulletin (extended, corrected) or a
    ///   release announced for later: modified;
    /// - in force before and not now: released, unless it was last issued before the events'
    ///   period (``ForecastSnapshot/warningsFrom``): then it only left what KMA serves (6 days);
    /// - announced to take effect later (upcoming) now and not before: upcoming; announced before,
    ///   and now neither announced nor in force at that level: withdrawn.
    ///
    /// A watcher holds back releases and withdrawals for one more poll (``ForecastWatcher``).
    public static func warnings(from old: ForecastSnapshot, to new: ForecastSnapshot, place: String) -> [ForecastChange] {
        guard let oldAlerts = old.alerts, let newAlerts = new.alerts else { return [] }
        let before = slots(oldAlerts), now = slots(newAlerts)
        var changes: [ForecastChange] = []
        func change(_ kind: ForecastChange.Kind, _ alert: WeatherWarning, previous: WeatherWarning? = nil, at: KSTDateTime? = nil) {
            changes.append(ForecastChange(
                kind: kind, place: place, at: at ?? alert.effectiveAt, detectedAt: new.takenAt, basis: .warningService,
                resolution: .minute, alert: alert, previousAlert: previous
            ))
        }
        var gone = before.keys.filter { now[$0] == nil }.sorted()
        for slot in now.keys.sorted() {
            guard let alert = now[slot] else { continue }
            guard let was = before[slot] else {
                if alert.issuedAt > old.takenAt, let index = gone.firstIndex(where: { $0.zoneID == slot.zoneID }),
                   let replaced = before[gone[index]], replaced.issuedAt <= alert.issuedAt {
                    gone.remove(at: index)
                    change(.warningKindChanged, alert, previous: replaced)
                } else {
                    change(.warningIssued, alert)
                }
                continue
            }
            if alert.level > was.level {
                change(.warningUpgraded, alert, previous: was)
            } else if alert.level < was.level {
                change(.warningDowngraded, alert, previous: was)
            } else if alert.issuedAt != was.issuedAt || alert.endsAt != was.endsAt {
                change(.warningModified, alert, previous: was, at: alert.endsAt ?? alert.issuedAt)
            }
        }
        for slot in gone {
            guard let alert = before[slot] else { continue }
            if let from = new.warningsFrom, (alert.issuedAt < from) { continue }
            change(.warningReleased, alert, at: alert.endsAt ?? new.takenAt)
        }
        changes += upcoming(from: old, to: new, place: place)
        return changes
    }

    /// Warnings announced to take effect later: newly announced, or withdrawn before they did.
    static func upcoming(from old: ForecastSnapshot, to new: ForecastSnapshot, place: String) -> [ForecastChange] {
        guard let oldUpcoming = old.upcoming, let newUpcoming = new.upcoming, let newAlerts = new.alerts else { return [] }
        let before = slots(oldUpcoming), now = slots(newUpcoming), inForce = slots(newAlerts)
        var changes: [ForecastChange] = []
        for slot in now.keys.sorted() {
            guard let alert = now[slot] else { continue }
            if let was = before[slot], was.level == alert.level, was.effectiveAt == alert.effectiveAt { continue }
            changes.append(ForecastChange(
                kind: .warningUpcoming, place: place, at: alert.effectiveAt, detectedAt: new.takenAt, basis: .warningService,
                resolution: .minute, alert: alert
            ))
        }
        for slot in before.keys.sorted() where now[slot] == nil {
            guard let was = before[slot] else { continue }
            if let current = inForce[slot], current.level == was.level { continue }  // it took effect
            if let from = new.warningsFrom, was.issuedAt < from { continue }
            changes.append(ForecastChange(
                kind: .warningUpcomingCancelled, place: place, at: was.effectiveAt, detectedAt: new.takenAt, basis: .warningService,
                resolution: .minute, alert: was
            ))
        }
        return changes
    }

    /// Alerts by zone and kind (the first of a slot kept, should KMA's replay give two).
    static func slots(_ alerts: [WeatherWarning]) -> [WarningSlot: WeatherWarning] {
        Dictionary(alerts.map { (WarningSlot($0), $0) }, uniquingKeysWith: { a, _ in a })
    }
}
