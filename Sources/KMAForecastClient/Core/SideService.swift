import KMAForecast

/// One of KMA's services beside the short-term forecast (the mid-term days, the warnings, the UV
/// index, and the next: observations, air quality), by definition: its root, its operation and
/// query, its decoder, what an answer says it is for, its cache entry and freshness rule, and
/// the events it reports. The client fetches and caches every one through the same path
/// (``ClientCore/fetchIssued(_:candidates:budget:)``, ``ClientCore/fetchRevalidated(_:issue:budget:)``:
/// retries, budget, rate limiter, key redaction, cache trust rules), so a new service is a new
/// conformance, not a new copy of the machinery.
///
/// A conforming value is one question to the service (`getMidTa` for region `11B10101`), asked
/// for one or more ``Issue``s (runs, issue times, a window of days).
protocol SideService: SideRequest {
    /// How long an answer is served and when it is asked again.
    var freshness: SideFreshness { get }
    /// Why ``subject`` cannot go into a URL, or `nil` when it can.
    var subjectProblem: String? { get }
    /// KMA's count of a paged answer's items and the items on this page; `nil` for a service
    /// whose answer is one page.
    func count(of value: Value) -> (total: Int, items: Int)?

    /// The cache folders below the provider's (`mid-term`, `getMidTa`, `11B10101`).
    var cacheFolders: [String] { get }
    /// The first line of the service's cache files (`kma-forecast-mid 1`).
    var cacheFormat: String { get }
    /// The header lines naming the question, between `root` and the issue (`operation getMidTa`, `region 11B10101`).
    var cacheSubjectLines: [String] { get }
    /// The header name of the issue (`tmFc`).
    var issueName: String { get }
    /// The issue as a file name stem and header value (`202610040600`).
    func stamp(_ issue: Issue) -> String
    /// The issue of a file name stem, for tidying (`nil`: not this service's name).
    func issue(stamp: Substring) -> Issue?
    /// The instant of an issue (KST), for tidying by age.
    func instant(of issue: Issue) -> KSTDateTime

    /// The event when an answer is served from the cache (`revalidated`: after one request).
    func cacheHit(_ issue: Issue, revalidated: Bool) -> ForecastClientEvent
    /// The event when an older issue is tried after a newer one, if the service reports it.
    func fallback(from newer: Issue, to older: Issue) -> ForecastClientEvent?
    /// The error when no issue tried had an answer (`last`: the last NO_DATA answer).
    func noData(tried: [Issue], last: ForecastClientError?, url: String?, attempts: Int) -> ForecastClientError
}

/// One question to one of KMA's side services, as it is sent and read: the service's root, the
/// operation and query, the decoder, what an answer says it is for, and the events of its
/// requests. A ``SideService`` adds how its answers are cached; a question asked once (the
/// warning bulletin) is a request only (``ClientCore/ask(_:_:page:endpoint:budget:)``).
protocol SideRequest: Sendable {
    /// What one answer decodes to, with every network text redactable (the key never leaves).
    associatedtype Value: KeyRedactable
    /// What an answer is of: a run (`tmFc`), an issue time, a window; one cache file each.
    associatedtype Issue: Comparable & Sendable

    /// Where the service is and what it is called: one row of the table of services.
    static var root: SideServiceRoot { get }

    /// The operation, the last path component of the request URL (`getMidTa`).
    var operation: String { get }
    /// What the question is about (a region, an area), as it goes into the URL and the cache
    /// path; `""` for a question about the whole country.
    var subject: String { get }
    /// What names the subject in an answer (`region`, `station`, `area`).
    var subjectNoun: String { get }
    /// What was asked, as a foreign answer's error says it was expected (`getMidTa 11B10101`).
    var expected: String { get }

    /// The query after the key and the paging (`&regId=11B10101&tmFc=202610040600`).
    func query(_ issue: Issue) -> String
    /// Reads one answer's body (not yet redacted; the client redacts it).
    func decode(_ body: [UInt8], issue: Issue) throws(ForecastResponseError) -> Value
    /// The subject an answer says it is for; `""` when it does not say.
    func subject(of value: Value) -> String

    /// The event when a request for an issue is sent (`page` of a paged answer).
    func sent(_ issue: Issue, page: SidePage, attempt: Int, url: String) -> ForecastClientEvent
    /// The event when a failed request will be retried.
    func retried(_ issue: Issue, attempt: Int, delay: Duration, error: ForecastClientError) -> ForecastClientEvent
}

/// How long a side service's answer is served, and when KMA is asked again.
enum SideFreshness: Sendable {
    /// An issued answer does not change: it is served with no request whenever its issue is
    /// asked for; NO_DATA for an issue is noted and trusted for
    /// ``ClientConfiguration/noDataRecheckInterval``; the files of issues more than `keptFor`
    /// seconds older than a newly stored one are removed. (The mid-term runs, the UV index.)
    case issued(keptFor: Int64)
    /// An answer that grows: served with no request while younger than `freshFor` of the
    /// configuration, then revalidated with one request of one row (the same count serves the
    /// file again, its fetch time renewed; another fetches every page anew). The files of other
    /// issues are removed when one is stored. (The warnings.)
    case revalidated(freshFor: @Sendable (ClientConfiguration) -> Duration)
}

/// Which rows of an answer a request asks for: one page of 10 rows for a one-item answer.
struct SidePage: Hashable, Sendable {
    var pageNo: Int
    var numOfRows: Int

    /// The one page of a one-item answer.
    static let single = SidePage(pageNo: 1, numOfRows: 10)
}

/// A side service's answer as delivered: its value (each page's, for a paged answer), the issue
/// it is of, and how it was had.
struct SideFetched<Service: SideService>: Sendable {
    /// The answer (the first page's, for a paged one).
    var value: Service.Value
    /// Every page's value in order (one for a one-page answer).
    var pages: [Service.Value]
    var issue: Service.Issue
    var fromCache: Bool
    /// HTTP requests made (NO_DATA answers for newer issues and a revalidation included).
    var requests: Int
    /// When the answer was fetched from KMA (Unix seconds; a revalidated file's renewed time).
    var fetchedAt: Int64
}

extension SideService {
    /// Services are not paged unless they say so.
    func count(of value: Value) -> (total: Int, items: Int)? { nil }
    /// Services report no fallback unless they say so.
    func fallback(from newer: Issue, to older: Issue) -> ForecastClientEvent? { nil }
}

extension SideRequest {
    /// The checked endpoint a core holds for the service; a service with none stored checks
    /// its root when asked (`nil`: none can be made).
    static func endpoint(in core: ClientCore) -> Endpoint? {
        if let stored = root.stored { return stored(core) }
        return try? ClientCore.endpoint(of: Self.self, core.configuration)
    }
}

/// Where a side service is and what it is called: a row of the table of KMA's services.
struct SideServiceRoot: Sendable {
    /// The service errors name (their prefix and application hint are keyed by it).
    var service: ForecastClientError.Service
    /// The service in a phrase, for a client without its URL: `mid-term service`.
    var label: String
    /// What a paged answer's items are, in a sentence about their count (`zone events`).
    var itemsName = "items"
    /// The last path component of the service root (`MidFcstInfoService`): the sibling of a
    /// configured ``ClientConfiguration/baseURL``.
    var name: String
    /// The root the configuration sets for this service itself, if any.
    var configured: @Sendable (ClientConfiguration) -> String?
    /// The provider's own root for the service.
    var providerDefault: @Sendable (ServiceProvider) -> String
    /// The checked endpoint a core holds for the service, made when the client is (`nil`:
    /// the root is checked when asked).
    var stored: (@Sendable (ClientCore) -> Endpoint?)? = nil
}
