import KMAForecast
import KMAGrid
import KMAPlaces

extension ForecastClient {
    /// The weather warnings of a place: its warning zone (``WarningZones``), KMA's zone events of
    /// the last 6 days (`getPwnCd`, every page, cached and revalidated) replayed in order at the
    /// client's clock (``WarningReplay``), and with `bulletin` the newest nationwide bulletin
    /// (`getPwnStatus`, one more request).
    ///
    /// ```swift
    /// let warnings = try await client.warnings(for: .place("서울 강남구"))
    /// for alert in warnings.alerts { print(alert.zoneName, alert.title, alert.endsAt?.iso8601 ?? "") }
    /// ```
    ///
    /// The service needs its own 활용신청; a refusal is in ``ZoneWarnings/warnings``'s failure
    /// (``WarningsOutcome/isNotAppliedFor``), not thrown.
    ///
    /// - Throws: ``ForecastClientError`` only when the location cannot be used.
    public func warnings(for location: ForecastLocation, bulletin: Bool = false, budget: RequestBudget? = nil) async throws(ForecastClientError) -> ZoneWarnings {
        let resolved = try location.resolved()
        let client = self
        func fetchBulletin() async -> Result<WarningBulletin?, ForecastClientError>? {
            bulletin ? await client.core.fetchWarningBulletin(budget: budget) : nil
        }
        async let fetchedAlerts = client.alerts(at: location, budget: budget)
        async let fetchedBulletin = fetchBulletin()
        let alerts = await fetchedAlerts
        let board = await fetchedBulletin
        var text: WarningBulletin?
        var failure: ForecastFailure?
        switch board {
        case .success(let value)?:
            // KMA's words reach every view (text, JSON, MCP) only with the key redacted.
            let key = core.warningsEndpoint?.key ?? core.endpoint.key
            text = value?.redactingKey(with: key.redact)
        case .failure(let error)?: failure = ForecastFailure(error)
        case nil: break
        }
        return ZoneWarnings(location: resolved, alerts: alerts.alerts, warnings: alerts.outcome, bulletin: text, bulletinFailure: failure)
    }

    /// The zone of a location (``WarningZones``), or why it has none.
    static func warningZone(of location: ForecastLocation) -> Result<WarningZoneAssignment, WarningZoneError> {
        guard let standing = try? location.standing() else {
            // Only a name can stand for nothing: it matches no place.
            guard case .placeName(let name) = location else { return .failure(.noZone("\(location)")) }
            return .failure(.noZone(name))
        }
        do throws(WarningZoneError) {
            switch standing {
            case .place(let place): return .success(try WarningZones.kma.assignment(for: place))
            case .point(let point): return .success(try WarningZones.kma.assignment(for: point))
            }
        } catch {
            return .failure(error)
        }
    }

    /// The weather warnings of many places at once: KMA's zone events of the last 6 days fetched
    /// once for the call (cached as for ``warnings(for:bulletin:budget:)``), replayed for each
    /// place's zone at the client's clock. No bulletin.
    ///
    /// ```swift
    /// for case .success(let found) in await client.warnings(for: [.place("부산"), .place("제주시")]) {
    ///     print(found.location.placeName ?? "", found.alerts.map(\.title))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - locations: The places, repeats allowed.
    ///   - budget: A request budget to draw from, if any.
    /// - Returns: One result per location, in order: its ``ZoneWarnings`` (a refused or failed
    ///   service in its ``ZoneWarnings/warnings`` failure, the same for every place), or the
    ///   error when the location cannot be used.
    public func warnings(for locations: [ForecastLocation], budget: RequestBudget? = nil) async -> [Result<ZoneWarnings, ForecastClientError>] {
        var fetched: Result<SideFetched<WarningsService>, ForecastClientError>?
        var answers: [Result<ZoneWarnings, ForecastClientError>] = []
        for location in locations {
            let resolved: LocalForecast.Location
            do throws(ForecastClientError) { resolved = try location.resolved() } catch {
                answers.append(.failure(error))
                continue
            }
            let first = fetched == nil && !(core.transport is RecordedRunTransport)
            if first { fetched = await core.fetchWarningEvents(at: KSTDateTime(core.configuration.now()), budget: budget) }
            let found = await alerts(at: location, budget: budget, fetched: fetched)
            answers.append(.success(ZoneWarnings(location: resolved, alerts: found.alerts, warnings: found.outcome, bulletin: nil)))
            // The places after the first replay the same events: no request of their own.
            if first, case .success(var events) = fetched {
                events.requests = 0
                events.fromCache = true
                fetched = .success(events)
            }
        }
        return answers
    }

    /// The warnings in force at a location and the service's outcome. Never throws: a failure
    /// (or a place without a zone) is the outcome's. `fetched`: the zone events already fetched
    /// for this call (``warnings(for:budget:)``), else they are fetched.
    func alerts(at location: ForecastLocation, budget: RequestBudget?, fetched events: Result<SideFetched<WarningsService>, ForecastClientError>? = nil) async -> (alerts: [WeatherWarning], outcome: WarningsOutcome) {
        // The recorded-client rule (asking at an instant the recording answers never fails).
        if let call = try? core.overRecording(try? location.resolved(), asking: RecordedRunTransport.Asked(warnings: true)) {
            var answered = await ForecastClient(core: call.core).alerts(at: location, budget: budget)
            answered.outcome.recording = call.answerable.recording.note
            return answered
        }
        let now = KSTDateTime(core.configuration.now())
        let zone: WarningZoneAssignment
        switch Self.warningZone(of: location) {
        case .success(let found): zone = found
        case .failure(let error):
            let failure = ForecastFailure(ForecastClientError(.invalidConfiguration("\(error)"), service: .warnings))
            return ([], WarningsOutcome(zone: nil, replayedAt: now, fetchedAt: nil, fromCache: false, requests: 0, window: nil, preliminary: [], lastEventAt: nil, failure: failure))
        }
        let code = WarningZoneCode(zone)
        let fetchedEvents: Result<SideFetched<WarningsService>, ForecastClientError>
        if let events { fetchedEvents = events } else { fetchedEvents = await core.fetchWarningEvents(at: now, budget: budget) }
        switch fetchedEvents {
        case .success(let fetched):
            let state = WarningReplay.state(of: fetched.pages.flatMap(\.events), at: now, zones: [zone.zone.id], zoneNames: [zone.zone.id: zone.zone.name])
            let outcome = WarningsOutcome(
                zone: code, replayedAt: now, fetchedAt: KSTDateTime(unixSeconds: fetched.fetchedAt), fromCache: fetched.fromCache,
                requests: fetched.requests, window: fetched.issue.text, preliminary: state.preliminary, lastEventAt: state.lastEventAt, failure: nil
            )
            return (state.inForce, outcome)
        case .failure(let error):
            let outcome = WarningsOutcome(
                zone: code, replayedAt: now, fetchedAt: nil, fromCache: false, requests: error.attempts,
                window: WarningsWindow(endingAt: now).text, preliminary: [], lastEventAt: nil, failure: ForecastFailure(error)
            )
            return ([], outcome)
        }
    }
}

extension ClientCore {
    /// The newest bulletin (`getPwnStatus`), not cached (one small request).
    func fetchWarningBulletin(budget: RequestBudget?) async -> Result<WarningBulletin?, ForecastClientError> {
        guard let endpoint = warningsEndpoint else {
            return .failure(ForecastClientError(.invalidConfiguration("no warning service URL"), service: .warnings))
        }
        let answer = await ask(WarningBulletinRequest(), 0, page: SidePage(pageNo: 1, numOfRows: 10), endpoint: endpoint, budget: budget)
        return answer.result.map { $0.value }.mapError { Self.serviceError($0, .warnings, host: endpoint.host, attempts: answer.attempts) }
    }
}
