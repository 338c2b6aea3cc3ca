/// Replays KMA's zone events (`getPwnCd`) in order into what is in force at an instant.
///
/// ```swift
/// let state = WarningReplay.state(of: page.events, at: now, zones: ["L1090500"])
/// state.inForce        // [호우경보 제주도산지 …]
/// state.preliminary    // issued to start later (예고): kept apart, not in force yet
/// ```
///
/// The rules, per zone and kind (a zone has at most one level of a kind in force):
/// - Events are taken in the order KMA issued them (`tmFc`, then `tmSeq`; within one bulletin
///   ends before puts), never in the order of the answer (newest first) or its pages. Events
///   issued after the instant, and cancelled ones, are left out.
/// - A put (발표, 연장, 정정, 변경발표) sets the kind's level from its start time; until then the
///   level in force stays, and the new one is ``State/preliminary``. A change (변경, 대치) replaces the
///   level in force when it starts.
/// - An end (해제) removes the kind at its end time: a release announced for later leaves the
///   warning in force with ``WeatherWarning/endsAt`` set. A change release (변경해제) removes only its
///   own level. `allEndTime` ends only the event's own kind.
/// - A release for a kind not in force changes nothing (it was issued before the period asked).
///
/// KMA answers at most 6 days back: a warning issued earlier and still in force has no event in
/// the period and is not seen here (the bulletin, ``WarningBulletin/inForce``, lists it).
public enum WarningReplay {
    /// What the events say at an instant.
    public struct State: Hashable, Sendable {
        /// The warnings in force, most severe first, then by zone and kind.
        public var inForce: [WeatherWarning]
        /// Warnings issued to start after the instant (발표 예고 / a change announced ahead),
        /// kept apart from those in force.
        public var preliminary: [WeatherWarning]
        /// The most recent event replayed, if any.
        public var lastEventAt: KSTDateTime?

        /// A state.
        public init(inForce: [WeatherWarning], preliminary: [WeatherWarning], lastEventAt: KSTDateTime? = nil) {
            self.inForce = inForce
            self.preliminary = preliminary
            self.lastEventAt = lastEventAt
        }
    }

    private struct Key: Hashable {
        var zoneID: String
        var kind: WarningKind
    }

    private struct Entry {
        var current: WeatherWarning?
        var pending: WeatherWarning?
    }

    /// The state at `instant` of the events (any order, any zones).
    ///
    /// - Parameters:
    ///   - events: KMA's zone events, e.g. every page of a `getPwnCd` answer.
    ///   - instant: Now (KST).
    ///   - zones: Only these zones (codes); `nil` for every zone.
    ///   - zoneNames: Names to show for zone codes (the zone table's); else KMA's `areaName`.
    public static func state(of events: [WarningEvent], at instant: KSTDateTime, zones: Set<String>? = nil, zoneNames: [String: String] = [:]) -> State {
        let ordered = events.enumerated()
            .filter { !$0.element.isCancelled && $0.element.issuedAt <= instant && (zones?.contains($0.element.zoneID) ?? true) }
            .sorted { a, b in
                if a.element.issuedAt != b.element.issuedAt { return a.element.issuedAt < b.element.issuedAt }
                if a.element.sequence != b.element.sequence { return a.element.sequence < b.element.sequence }
                let aEnds = a.element.effect != .put, bEnds = b.element.effect != .put
                if aEnds != bEnds { return aEnds }
                return a.offset > b.offset  // KMA lists newest first: the later in the answer is the earlier
            }
            .map(\.element)
        var entries: [Key: Entry] = [:]
        for event in ordered {
            let key = Key(zoneID: event.zoneID, kind: event.kind)
            var entry = entries[key] ?? Entry()
            settle(&entry, at: event.issuedAt)
            apply(event, to: &entry, name: zoneNames[event.zoneID])
            entries[key] = entry
        }
        var inForce: [WeatherWarning] = []
        var preliminary: [WeatherWarning] = []
        for key in entries.keys {
            guard var entry = entries[key] else { continue }
            settle(&entry, at: instant)
            if let current = entry.current { inForce.append(current) }
            if let pending = entry.pending { preliminary.append(pending) }
        }
        return State(inForce: sorted(inForce), preliminary: sorted(preliminary), lastEventAt: ordered.last?.issuedAt)
    }

    /// Most severe first, then zone, then kind.
    static func sorted(_ alerts: [WeatherWarning]) -> [WeatherWarning] {
        alerts.sorted { a, b in
            if a.level != b.level { return a.level > b.level }
            if a.zoneID != b.zoneID { return a.zoneID < b.zoneID }
            return a.kind < b.kind
        }
    }

    /// Brings an entry to an instant: a pending level whose start has come replaces the one in
    /// force; a warning whose announced end has come is over.
    private static func settle(_ entry: inout Entry, at instant: KSTDateTime) {
        if let pending = entry.pending, pending.effectiveAt <= instant {
            var promoted = pending
            promoted.firstIssuedAt = entry.current.map { $0.firstIssuedAt ?? $0.issuedAt } ?? pending.firstIssuedAt
            if promoted.firstIssuedAt == promoted.issuedAt { promoted.firstIssuedAt = nil }
            entry.current = promoted
            entry.pending = nil
        }
        if let end = entry.current?.endsAt, end <= instant { entry.current = nil }
        if let end = entry.pending?.endsAt, end <= instant { entry.pending = nil }
    }

    private static func apply(_ event: WarningEvent, to entry: inout Entry, name: String?) {
        let zoneName = name ?? event.zoneName
        switch event.effect {
        case .put:
            let start = max(event.startsAt ?? event.issuedAt, event.issuedAt)
            let alert = WeatherWarning(
                zoneID: event.zoneID, zoneName: zoneName, kind: event.kind, level: event.level, issuedAt: event.issuedAt,
                effectiveAt: start, endsAt: nil, firstIssuedAt: nil
            )
            entry.pending = alert
            settle(&entry, at: event.issuedAt)
        case .end, .endLevel:
            let end = max(event.endsAt ?? event.issuedAt, event.issuedAt)
            let levelOnly = event.effect == .endLevel
            if var current = entry.current, !levelOnly || current.level == event.level {
                current.endsAt = end
                entry.current = current
            }
            if var pending = entry.pending, !levelOnly || pending.level == event.level {
                pending.endsAt = end
                entry.pending = pending
            }
            settle(&entry, at: event.issuedAt)
        }
    }
}
