import KMAForecast

/// One change between two forecasts of a place (``ForecastChanges/between(_:_:place:options:)``):
/// rain starting or stopping, its type changing, a day's high or low revised, a day's chance of
/// rain moving, a weather warning issued, announced, changed or released. What `kma-forecast
/// watch` prints (one JSON line each) and hands to `--exec`.
///
/// ```swift
/// for change in ForecastChanges.between(before, after, place: "서울") {
///     print(change.id, change.english)   // "precipitationStarts:서울:2026-09-26T15:00", "Rain is forecast to start …"
/// }
/// ```
///
/// Times are what KMA's data can say, never finer: a start from the nowcast is an observation
/// (``Resolution/observation``, the hour's observation time), one from a forecast is a whole
/// hour (``Resolution/hour``: "in the hour from 15:00"), never a minute invented.
///
/// ``id`` is stable: the same change found again (by another poll, after a restart) has the same
/// id, so a consumer can drop repeats. Stored shape (``Codable``), documented by
/// `Schemas/forecast-change.schema.json`: `{"id":…,"kind":"precipitationStarts","topic":"rain",`
/// `"place":"서울","at":"2026-09-26T15:00:00+09:00","detectedAt":…,"basis":"ultraShortForecast",`
/// `"resolution":"hour","precipitation":{"code":1,…},"english":"…","korean":"…"}`.
public struct ForecastChange: Hashable, Sendable {
    /// What changed.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Precipitation starts (dry before, wet at ``ForecastChange/at``).
        case precipitationStarts
        /// Precipitation stops (wet before, dry at ``ForecastChange/at``).
        case precipitationStops
        /// The type of precipitation changes (rain → snow …) at ``ForecastChange/at``.
        case precipitationTypeChanged
        /// A day's high (`TMX`) revised by at least the threshold, °C.
        case highRevised
        /// A day's low (`TMN`) revised by at least the threshold, °C.
        case lowRevised
        /// A day's chance of rain raised by at least the threshold.
        case precipitationChanceRising
        /// A day's chance of rain lowered by at least the threshold.
        case precipitationChanceFalling
        /// A warning came into force in the zone (issued, or an announced one took effect).
        case warningIssued
        /// A warning was issued to take effect later (발표 예고): announced once.
        case warningUpcoming
        /// A warning announced to take effect later was withdrawn before it did.
        case warningUpcomingCancelled
        /// The warning's level went up (주의보 → 경보 → 중대경보).
        case warningUpgraded
        /// The warning's level went down (경보 → 주의보).
        case warningDowngraded
        /// One kind of warning replaced another in the zone in one bulletin (태풍 → 강풍 …).
        case warningKindChanged
        /// The warning was extended or modified: reissued, or its release announced for later.
        case warningModified
        /// The warning was released (confirmed by two polls in a row).
        case warningReleased

        /// What a watcher is asked to watch for this kind (`--on`).
        public var topic: Topic {
            switch self {
            case .precipitationStarts, .precipitationStops, .precipitationTypeChanged, .precipitationChanceRising, .precipitationChanceFalling: .rain
            case .highRevised, .lowRevised: .temperature
            default: .warnings
            }
        }
    }

    /// The kinds a watcher can be asked for (`--on rain,warnings,temperature`).
    public enum Topic: String, Hashable, Sendable, Codable, CaseIterable {
        /// The topics of a comma-separated list (`rain,warnings`); `nil` when a word is not one or none is given.
        public static func list(_ text: String) -> Set<Topic>? {
            let words = text.split(separator: ",").map { String($0.filter { $0 != " " }) }
            let topics = Set(words.compactMap(Topic.init(rawValue:)))
            return words.isEmpty || topics.count != Set(words).count ? nil : topics
        }

        /// Precipitation starting, stopping, changing type; a day's chance of rain.
        case rain
        /// A day's high or low revised.
        case temperature
        /// Weather warnings (기상특보).
        case warnings
    }

    /// What the change rests on: which of KMA's data said it.
    public enum Basis: String, Hashable, Sendable, Codable, CaseIterable {
        /// The nowcast (초단기실황): observed at the station grid, hourly.
        case observed
        /// The ultra-short forecast (초단기예보): hourly, the next 6 hours.
        case ultraShortForecast
        /// The short-term forecast (단기예보): hourly, and the days' extremes and chances.
        case shortTermForecast
        /// The weather warning service (기상특보 조회서비스, `getPwnCd`).
        case warningService
    }

    /// How precise ``ForecastChange/at`` is.
    public enum Resolution: String, Hashable, Sendable, Codable, CaseIterable {
        /// An observation's time (the nowcast's hour): it was so then.
        case observation
        /// A forecast hour: somewhere in the hour from ``ForecastChange/at``.
        case hour
        /// A calendar day (KST): ``ForecastChange/at`` is its midnight.
        case day
        /// To the minute: a warning's time as KMA issued it.
        case minute
    }

    /// Stable identity: the kind, the place and what identifies the change (the hour, the day
    /// and the new value, or the warning's zone, kind, level and first issue).
    public var id: String
    /// What changed.
    public var kind: Kind
    /// The place as the watcher names it (what was asked for, e.g. `서울 강남구`).
    public var place: String
    /// When it happens (an hour, a day's midnight, a warning's start or end), KST.
    public var at: KSTDateTime
    /// When the change was found (the poll), KST.
    public var detectedAt: KSTDateTime
    /// Which of KMA's data says it.
    public var basis: Basis
    /// How precise ``at`` is.
    public var resolution: Resolution
    /// The precipitation type at ``at`` (starts, type changes), as KMA coded it.
    public var precipitation: PrecipitationType?
    /// The precipitation type before (stops, type changes).
    public var previousPrecipitation: PrecipitationType?
    /// The new value: °C for a high or low, 0…1 for a chance of rain.
    public var value: Double?
    /// The value before, same unit.
    public var previousValue: Double?
    /// The warning as it is now (issued, announced, changed), or as it was (released, withdrawn).
    public var alert: WeatherWarning?
    /// The warning before (a level or kind change).
    public var previousAlert: WeatherWarning?

    /// A change. ``id`` is made from the rest (``makeID()``) unless given.
    public init(
        kind: Kind, place: String, at: KSTDateTime, detectedAt: KSTDateTime, basis: Basis, resolution: Resolution,
        precipitation: PrecipitationType? = nil, previousPrecipitation: PrecipitationType? = nil, value: Double? = nil,
        previousValue: Double? = nil, alert: WeatherWarning? = nil, previousAlert: WeatherWarning? = nil, id: String? = nil
    ) {
        self.kind = kind
        self.place = place
        self.at = at
        self.detectedAt = detectedAt
        self.basis = basis
        self.resolution = resolution
        self.precipitation = precipitation
        self.previousPrecipitation = previousPrecipitation
        self.value = value
        self.previousValue = previousValue
        self.alert = alert
        self.previousAlert = previousAlert
        self.id = ""
        self.id = id ?? makeID()
    }

    /// What the change is about (`--on`).
    public var topic: Topic { kind.topic }

    /// The identity of a warning's lifecycle: its zone, kind, level and first issue
    /// (`L1090500/2/1/2026-09-26T08:00`). The watcher's dedupe key for warnings.
    public var warningKey: String? {
        alert.map { alert in
            "\(alert.zoneID)/\(alert.kind.code)/\(alert.level.code)/\((alert.firstIssuedAt ?? alert.issuedAt).iso8601)"
        }
    }

    /// The stable id: `kind:place:` then the warning's key (and, for a modification, its issue
    /// and announced end), or the time, the basis (rain) and the values.
    public func makeID() -> String {
        var parts = [kind.rawValue, place]
        if let key = warningKey, let alert {
            parts.append(key)
            if kind == .warningModified { parts.append(alert.issuedAt.iso8601 + "~" + (alert.endsAt?.iso8601 ?? "")) }
            if let previousAlert, kind == .warningKindChanged { parts.append("from:\(previousAlert.kind.code)") }
        } else {
            parts.append(at.iso8601)
            // The basis too: rain forecast for 14:00 and rain observed at 14:00 are two changes.
            if kind.topic == .rain { parts.append(basis.rawValue) }
            if let precipitation { parts.append("pty:\(precipitation.rawValue)") }
            if let value { parts.append(Self.number(value)) }
        }
        return parts.joined(separator: ":")
    }

    /// A value as the id writes it: at most two decimals, no trailing zeros.
    static func number(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        guard hundredths.isFinite, abs(hundredths) < 1e15 else { return "\(value)" }
        let whole = Int64(hundredths)
        let sign = whole < 0 ? "-" : ""
        let magnitude = whole.magnitude
        let fraction = magnitude % 100
        if fraction == 0 { return sign + "\(magnitude / 100)" }
        return sign + "\(magnitude / 100)." + (fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)"))
    }
}
