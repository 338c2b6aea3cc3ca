import KMAForecast

/// The side services of one forecast call waited for until its deadline
/// (``ClientConfiguration/sideServiceDeadline``, counted from the moment the forecast's own
/// products are in), and what each one's outcome is when it is late: failed with
/// ``ForecastClientError/Reason/sideServiceLate(seconds:)``, its service named, so every view
/// says the forecast is shown without it.
///
/// The wait is on the real clock (`Task.sleep`), not the client's injected sleep: that one is
/// the retries' back-off, which tests make instant, and a deadline must not pass at once
/// because of it. Over a recording (answers in memory, nothing can hang) there is none.
struct LateSideServices: Sendable {
    let client: ForecastClient
    let location: ForecastLocation
    let deadline: Duration?
    /// When the products were in.
    let started: ContinuousClock.Instant

    /// The service's value, or `late()` when the deadline passed first; `nil` when it was not asked.
    func value<Value: Sendable>(of service: SideServiceTask<Value?>?, or late: () -> Value) async -> Value? {
        guard let service else { return nil }
        let remaining = deadline.map { $0 - (ContinuousClock.now - started) }
        switch await service.outcome(within: remaining, sleep: { duration in try? await Task.sleep(for: duration) }) {
        case .delivered(let value): return value
        case .late: return late()
        }
    }

    /// The error of a late service.
    func error(_ service: ForecastClientError.Service) -> ForecastClientError {
        ForecastClientError(.sideServiceLate(seconds: (deadline ?? .zero).inSeconds), service: service)
    }

    /// The mid-term days, late: none fetched.
    func midTerm() -> MidTermRuns {
        MidTermRuns(runs: [], error: error(.midTerm), requests: 0, fromCache: false)
    }

    /// The warnings, late: none known (never "none in force"), the place's zone named.
    func warnings() -> (alerts: [WeatherWarning], outcome: WarningsOutcome) {
        let now = KSTDateTime(client.core.configuration.now())
        let zone = try? ForecastClient.warningZone(of: location).get()
        let outcome = WarningsOutcome(
            zone: zone.map(WarningZoneCode.init), replayedAt: now, fetchedAt: nil, fromCache: false, requests: 0,
            window: WarningsWindow(endingAt: now).text, preliminary: [], lastEventAt: nil, failure: ForecastFailure(error(.warnings))
        )
        return ([], outcome)
    }

    /// The UV index, late: no values.
    func uvIndex() -> UVIndexOutcome {
        let now = KSTDateTime(client.core.configuration.now())
        return UVIndexOutcome(
            area: UVIndexArea(location), issuedAt: nil, values: [], fetchedAt: nil, fromCache: false, requests: 0,
            nextUpdateAt: UVIndexService.newestIssue(at: now).adding(seconds: 3 * 3600), failure: ForecastFailure(error(.uvIndex))
        )
    }
}
