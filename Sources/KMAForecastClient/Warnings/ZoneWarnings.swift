import KMAForecast

/// The weather warnings of a place (``ForecastClient/warnings(for:bulletin:budget:)``): its zone,
/// the warnings in force, those announced to start later, and (when asked for) KMA's newest
/// nationwide bulletin text. What `kma-forecast alerts` and the MCP tool `kma_warnings` show.
///
/// Stored shape: `{"location":{…},"alerts":[…],"warnings":{…outcome…},"bulletin":{…}}`.
public struct ZoneWarnings: Hashable, Sendable, Codable {
    /// Where.
    public var location: LocalForecast.Location
    /// The warnings in force in the place's zone, most severe first.
    public var alerts: [WeatherWarning]
    /// The service's outcome: the zone, the preliminary warnings, the period, or the failure.
    public var warnings: WarningsOutcome
    /// KMA's newest bulletin of warnings in force nationwide (`getPwnStatus`), when asked for and delivered.
    public var bulletin: WarningBulletin?
    /// Why the bulletin was not delivered, when it was asked for.
    public var bulletinFailure: ForecastFailure?

    /// A value.
    public init(location: LocalForecast.Location, alerts: [WeatherWarning], warnings: WarningsOutcome, bulletin: WarningBulletin?, bulletinFailure: ForecastFailure? = nil) {
        self.location = location
        self.alerts = alerts
        self.warnings = warnings
        self.bulletin = bulletin
        self.bulletinFailure = bulletinFailure
    }

    /// The preliminary warnings (issued to start later).
    public var preliminary: [WeatherWarning] { warnings.preliminary }
}

extension ZoneWarnings {
    /// The sample's warnings (``LocalForecast/sampleWarnings``: its own zone's, recorded) at its
    /// place, for a place asked (``LocalForecast/sample(at:)``: the sample's, or none).
    ///
    /// - Throws: ``ForecastClientError/Reason/notRecorded(place:cell:recorded:)`` for another place.
    public static func sample(at location: ForecastLocation?) throws(ForecastClientError) -> ZoneWarnings {
        let forecast = try LocalForecast.sample(at: location)
        let (alerts, outcome) = LocalForecast.sampleWarnings
        return ZoneWarnings(location: forecast.location, alerts: alerts, warnings: outcome, bulletin: nil)
    }
}
