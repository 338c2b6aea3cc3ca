import KMAForecast

/// The warning service's zone events (기상특보, `WthrWrnInfoService/getPwnCd`) as a side service:
/// every event of a window of days, paged (1000 rows a page). Events are added to a window as
/// KMA issues them, so an answer is served for ``ClientConfiguration/warningsFreshFor`` and
/// then revalidated by its count (``SideFreshness/revalidated(freshFor:)``).
struct WarningsService: SideService {
    /// `getPwnCd`: the zone events issued from `fromTmFc` to `toTmFc` (KST dates).
    static let events = "getPwnCd"

    static var root: SideServiceRoot {
        SideServiceRoot(service: .warnings, label: "warning service", itemsName: "zone events", name: "WthrWrnInfoService",
                        configured: { $0.warningsBaseURL }, providerDefault: { $0.defaultWarningsBaseURL }, stored: { $0.warningsEndpoint })
    }

    var freshness: SideFreshness { .revalidated { $0.warningsFreshFor } }
    var operation: String { Self.events }
    var subject: String { "" }
    var subjectProblem: String? { nil }
    var subjectNoun: String { "zone" }
    var expected: String { operation }

    func query(_ issue: WarningsWindow) -> String { "&fromTmFc=\(issue.from)&toTmFc=\(issue.to)" }
    func decode(_ body: [UInt8], issue: WarningsWindow) throws(ForecastResponseError) -> WarningEventPage { try WarningDecoder.events(body) }
    func subject(of value: WarningEventPage) -> String { "" }
    func count(of value: WarningEventPage) -> (total: Int, items: Int)? { (value.totalCount, value.events.count) }

    var cacheFolders: [String] { ["warnings", Self.events] }
    /// Version 2: every page's `body` line in the header, then the pages (version 1 put each
    /// page's line before its bytes; its files are refetched once).
    var cacheFormat: String { "kma-forecast-warnings 2" }
    var cacheSubjectLines: [String] { [] }
    var issueName: String { "window" }
    func stamp(_ issue: WarningsWindow) -> String { issue.text }
    func issue(stamp: Substring) -> WarningsWindow? { nil }
    func instant(of issue: WarningsWindow) -> KSTDateTime {
        (try? KSTDateTime(year: issue.to / 10_000, month: issue.to / 100 % 100, day: issue.to % 100)) ?? KSTDateTime(unixSeconds: 0)
    }

    func sent(_ issue: WarningsWindow, page: SidePage, attempt: Int, url: String) -> ForecastClientEvent {
        .warningsRequestSent(operation: operation, pageNo: page.pageNo, attempt: attempt, url: url)
    }

    func retried(_ issue: WarningsWindow, attempt: Int, delay: Duration, error: ForecastClientError) -> ForecastClientEvent {
        .warningsRetryScheduled(operation: operation, failedAttempt: attempt, delay: delay, error: error)
    }

    func cacheHit(_ issue: WarningsWindow, revalidated: Bool) -> ForecastClientEvent { .warningsCacheHit(window: issue.text, revalidated: revalidated) }

    func noData(tried: [WarningsWindow], last: ForecastClientError?, url: String?, attempts: Int) -> ForecastClientError {
        var error = last ?? ForecastClientError(.response(.emptyRun), service: .warnings)
        error.attempts = attempts
        return error
    }
}

/// The newest bulletin of the warning service (`getPwnStatus`): one request, never cached.
struct WarningBulletinRequest: SideRequest {
    typealias Issue = Int
    static var root: SideServiceRoot { WarningsService.root }

    var operation: String { "getPwnStatus" }
    var subject: String { "" }
    var subjectNoun: String { "bulletin" }
    var expected: String { operation }

    func query(_ issue: Int) -> String { "" }
    func decode(_ body: [UInt8], issue: Int) throws(ForecastResponseError) -> WarningBulletin? { try WarningDecoder.bulletin(body) }
    func subject(of value: WarningBulletin?) -> String { "" }

    func sent(_ issue: Int, page: SidePage, attempt: Int, url: String) -> ForecastClientEvent {
        .warningsRequestSent(operation: operation, pageNo: page.pageNo, attempt: attempt, url: url)
    }

    func retried(_ issue: Int, attempt: Int, delay: Duration, error: ForecastClientError) -> ForecastClientEvent {
        .warningsRetryScheduled(operation: operation, failedAttempt: attempt, delay: delay, error: error)
    }
}

/// The period of zone events asked for: KST dates, at most 6 days back (KMA answers code 99 for more).
package struct WarningsWindow: Hashable, Sendable, Comparable {
    /// The first date, `YYYYMMDD`.
    package var from: Int
    /// The last date (today), `YYYYMMDD`.
    package var to: Int

    /// The days KMA serves: today and the 6 days before it (KST).
    static let daysBack: Int64 = 6

    /// The window ending on the KST date of `now`.
    init(endingAt now: KSTDateTime) {
        to = now.yyyymmdd
        from = now.adding(seconds: -Self.daysBack * 86_400).yyyymmdd
    }

    /// `20260921-20260927`.
    var text: String { "\(from)-\(to)" }

    package static func < (lhs: WarningsWindow, rhs: WarningsWindow) -> Bool { (lhs.to, lhs.from) < (rhs.to, rhs.from) }
}

extension WarningEventPage: KeyRedactable {
    /// The page with its zones' names and codes redacted (KMA's text may quote the key).
    func redactingKey(with redact: (String) -> String) -> WarningEventPage {
        var copy = self
        copy.events = events.map { event in
            var copy = event
            copy.zoneName = redact(event.zoneName)
            copy.zoneID = redact(event.zoneID)
            return copy
        }
        return copy
    }
}

extension Optional: KeyRedactable where Wrapped == WarningBulletin {
    /// The bulletin with its texts redacted.
    func redactingKey(with redact: (String) -> String) -> WarningBulletin? {
        map { bulletin in
            var copy = bulletin
            copy.inForce = redact(bulletin.inForce)
            copy.preliminary = redact(bulletin.preliminary)
            copy.other = redact(bulletin.other)
            return copy
        }
    }
}

extension ClientCore {
    /// KMA's zone events of the window ending at `now` (all zones at once: one `getPwnCd` answer
    /// for any number of places), through the one revalidated side-service path.
    func fetchWarningEvents(at now: KSTDateTime, budget: RequestBudget?) async -> Result<SideFetched<WarningsService>, ForecastClientError> {
        await fetchRevalidated(WarningsService(), issue: WarningsWindow(endingAt: now), budget: budget)
    }
}
