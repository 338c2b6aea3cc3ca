import KMAForecast

/// The changes between two forecasts of one place: a pure function of two values, no clock,
/// no network. What ``ForecastWatcher`` runs on each poll, and what an app can run on the
/// forecast it had and the one it has now.
///
/// ```swift
/// let changes = ForecastChanges.between(ForecastSnapshot(before), ForecastSnapshot(after), place: "서울")
/// ```
///
/// What is compared, and only where both sides delivered it (``ForecastSnapshot``):
/// - **Observed precipitation** (초단기실황, a newer observation than before): starts, stops, its
///   type changes. ``ForecastChange/Resolution/observation``.
/// - **Forecast precipitation** (초단기예보 and 단기예보 hours): the next start, or while wet the
///   next stop, when it is not where the earlier forecast had it; a type change at an hour both
///   forecast wet. Always a whole hour (``ForecastChange/Resolution/hour``) with the product that
///   gave the hour as its ``ForecastChange/Basis``: never minutes.
/// - **Days** (단기예보): the high (`TMX`) or low (`TMN`) revised by at least
///   ``Options/temperatureThreshold``, the chance of rain moved by at least
///   ``Options/chanceThreshold``, per date both forecasts cover.
/// - **Warnings** (``ForecastChanges/warnings(from:to:place:)``): issued, announced (upcoming),
///   withdrawn, up, down, kind changed, modified, released.
public enum ForecastChanges {
    /// The thresholds of the days' changes.
    public struct Options: Hashable, Sendable, Codable {
        /// The least change of a day's high or low that counts, °C (default 2; ≥ 0).
        public var temperatureThreshold: Double
        /// The least change of a day's chance of rain that counts, 0…1 (default 0.2).
        public var chanceThreshold: Double

        /// Options.
        public init(temperatureThreshold: Double = 2, chanceThreshold: Double = 0.2) {
            self.temperatureThreshold = temperatureThreshold
            self.chanceThreshold = chanceThreshold
        }
    }

    /// Every change from `old` to `new`, in the order rain, days, warnings.
    ///
    /// - Parameters:
    ///   - old: The earlier forecast.
    ///   - new: The later one.
    ///   - place: The place's name as the events should show it.
    ///   - options: The days' thresholds.
    public static func between(_ old: ForecastSnapshot, _ new: ForecastSnapshot, place: String, options: Options = Options()) -> [ForecastChange] {
        observed(from: old, to: new, place: place) + precipitation(from: old, to: new, place: place)
            + days(from: old, to: new, place: place, options: options) + warnings(from: old, to: new, place: place)
    }

    /// The changes of two forecasts (``ForecastSnapshot/init(_:)`` of each).
    public static func between(_ old: LocalForecast, _ new: LocalForecast, place: String, options: Options = Options()) -> [ForecastChange] {
        between(ForecastSnapshot(old), ForecastSnapshot(new), place: place, options: options)
    }

    /// A newer observation that differs: precipitation started, stopped, changed type.
    static func observed(from old: ForecastSnapshot, to new: ForecastSnapshot, place: String) -> [ForecastChange] {
        guard let before = old.observed, let now = new.observed, now.time > before.time,
              let wasWet = before.isWet, let isWet = now.isWet else { return [] }
        let kind: ForecastChange.Kind
        switch (wasWet, isWet) {
        case (false, true): kind = .precipitationStarts
        case (true, false): kind = .precipitationStops
        case (true, true) where before.precipitation != now.precipitation: kind = .precipitationTypeChanged
        default: return []
        }
        return [ForecastChange(
            kind: kind, place: place, at: now.time, detectedAt: new.takenAt, basis: .observed, resolution: .observation,
            precipitation: isWet ? now.precipitation : nil, previousPrecipitation: wasWet ? before.precipitation : nil
        )]
    }

    /// A wet or dry hour following one of the other kind: where precipitation starts or stops.
    struct Transition: Hashable {
        var hour: ForecastSnapshot.Hour
        var previous: PrecipitationType?
        var starts: Bool
    }

    /// The forecast hours' next start or stop, and a type change, where the earlier forecast
    /// did not have them.
    static func precipitation(from old: ForecastSnapshot, to new: ForecastSnapshot, place: String) -> [ForecastChange] {
        guard let oldHours = old.hours, let newHours = new.hours, let first = newHours.first?.time else { return [] }
        // Only hours both forecasts cover: a start beyond the earlier forecast's end is new data, not a change.
        guard let oldLast = oldHours.last?.time else { return [] }
        let newTransition = nextTransition(newHours, before: new.observed, from: first, through: oldLast)
        let oldTransition = nextTransition(oldHours, before: old.observed, from: first, through: oldLast)
        var changes: [ForecastChange] = []
        if let found = newTransition, found.hour.time != oldTransition?.hour.time || found.starts != oldTransition?.starts {
            changes.append(ForecastChange(
                kind: found.starts ? .precipitationStarts : .precipitationStops, place: place, at: found.hour.time, detectedAt: new.takenAt,
                basis: found.hour.basis, resolution: .hour, precipitation: found.starts ? found.hour.precipitation : nil,
                previousPrecipitation: found.starts ? nil : found.previous
            ))
        }
        let oldByTime = Dictionary(oldHours.map { ($0.time, $0) }, uniquingKeysWith: { a, _ in a })
        for hour in newHours where hour.time <= oldLast && hour.isWet == true {
            guard let before = oldByTime[hour.time], before.isWet == true else { continue }
            if before.precipitation != hour.precipitation {
                changes.append(ForecastChange(
                    kind: .precipitationTypeChanged, place: place, at: hour.time, detectedAt: new.takenAt, basis: hour.basis,
                    resolution: .hour, precipitation: hour.precipitation, previousPrecipitation: before.precipitation
                ))
                break
            }
        }
        return changes
    }

    /// The first hour from `start` through `end` whose wetness differs from the hour before it
    /// (before the first hour of the list: the observation).
    static func nextTransition(_ hours: [ForecastSnapshot.Hour], before observed: ForecastSnapshot.Hour?, from start: KSTDateTime, through end: KSTDateTime) -> Transition? {
        var previous: ForecastSnapshot.Hour? = observed
        for hour in hours where hour.time <= end {
            defer { if hour.isWet != nil { previous = hour } }
            guard hour.time >= start, let wet = hour.isWet, let before = previous, let wasWet = before.isWet else { continue }
            if wet != wasWet { return Transition(hour: hour, previous: before.precipitation, starts: wet) }
        }
        return nil
    }

    /// The days both forecasts cover: a high or low revised, the chance of rain moved.
    static func days(from old: ForecastSnapshot, to new: ForecastSnapshot, place: String, options: Options) -> [ForecastChange] {
        guard let oldDays = old.days, let newDays = new.days else { return [] }
        let before = Dictionary(oldDays.map { ($0.start, $0) }, uniquingKeysWith: { a, _ in a })
        var changes: [ForecastChange] = []
        func add(_ kind: ForecastChange.Kind, _ day: ForecastSnapshot.Day, _ value: Double, _ previous: Double) {
            changes.append(ForecastChange(
                kind: kind, place: place, at: day.start, detectedAt: new.takenAt, basis: .shortTermForecast, resolution: .day,
                value: value, previousValue: previous
            ))
        }
        for day in newDays {
            guard let was = before[day.start] else { continue }
            if let value = day.high, let previous = was.high, abs(value - previous) >= options.temperatureThreshold { add(.highRevised, day, value, previous) }
            if let value = day.low, let previous = was.low, abs(value - previous) >= options.temperatureThreshold { add(.lowRevised, day, value, previous) }
            if let value = day.precipitationChance, let previous = was.precipitationChance, abs(value - previous) >= options.chanceThreshold - 1e-9 {
                add(value > previous ? .precipitationChanceRising : .precipitationChanceFalling, day, value, previous)
            }
        }
        return changes
    }
}
