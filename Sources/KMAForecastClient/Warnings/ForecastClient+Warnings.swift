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
        do throws(WarningZoneError) {
            switch location {
            case .coordinate(let point): return .success(try WarningZones.kma.assignment(for: point))
            case .cell(let cell): return .success(try WarningZones.kma.assignment(for: ForecastGrid.kma.center(of: cell)))
            case .place(let place): return .success(try WarningZones.kma.assignment(for: place))
            case .placeName(let name):
                guard let place = try? PlaceDirectory.kma.place(named: name) else { throw .noZone(name) }
                return .success(try WarningZones.kma.assignment(for: place))
            }
        } catch {
            return .failure(error)
        }
    }

    /// The warnings in force at a location and the service's outcome. Never throws: a failure
    /// (or a place without a zone) is the outcome's.
    func alerts(at location: ForecastLocation, budget: RequestBudget?) async -> (alerts: [WeatherAlert], outcome: WarningsOutcome) {
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
        switch await core.fetchWarningEvents(budget: budget) {
        case .success(let fetched):
            let state = WarningReplay.state(of: fetched.events, at: now, zones: [zone.zone.id], zoneNames: [zone.zone.id: zone.zone.name])
            let outcome = WarningsOutcome(
                zone: code, replayedAt: now, fetchedAt: KSTDateTime(unixSeconds: fetched.fetchedAt), fromCache: fetched.fromCache,
                requests: fetched.requests, window: fetched.window.text, preliminary: state.preliminary, lastEventAt: state.lastEventAt, failure: nil
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
