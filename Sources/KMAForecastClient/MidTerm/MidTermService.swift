import KMAForecast

/// The operations of KMA's mid-term service (`MidFcstInfoService`).
public enum MidTermOperation: String, CaseIterable, Hashable, Sendable {
    /// `getMidTa`: daily low and high by temperature point (`regId` such as `11B10101`).
    case temperatures = "getMidTa"
    /// `getMidLandFcst`: weather phrase and chance of rain by land region (`regId` such as `11B00000`).
    case landForecast = "getMidLandFcst"
    /// `getMidFcst`: the forecaster's outlook text by station (`stnId` such as `109`).
    case outlook = "getMidFcst"

    /// The operation name, the last path component of the request URL.
    public var name: String { rawValue }

    /// The query parameter that names the region: `regId`, or `stnId` for `getMidFcst`.
    var regionParameter: String { self == .outlook ? "stnId" : "regId" }
}

/// The mid-term service (중기예보, `MidFcstInfoService`) as a side service: one operation for one
/// region (or station), asked by run (`tmFc`, 06:00 and 18:00 KST). The answer is one item, so
/// one page of 10 rows; a run does not change after issue (``SideFreshness/issued(keptFor:)``:
/// files of runs more than two days older than a stored one are removed).
/// The operation is the answer's (``MidTermAnswer``).
struct MidTermService<Value: MidTermAnswer>: SideService {
    /// `regId` (or `stnId`): 8 capital letters and digits, or digits. Checked by ``isValidRegionID(_:)``.
    var regionID: String

    var operation: String { Value.operation.name }

    static var root: SideServiceRoot {
        SideServiceRoot(service: .midTerm, label: "mid-term service", name: "MidFcstInfoService", configured: { $0.midBaseURL },
                        providerDefault: { $0.defaultMidTermBaseURL }, stored: { $0.midEndpoint })
    }

    /// Whether a region code can go into a URL as it is: 1–16 ASCII capital letters and digits.
    static func isValidRegionID(_ id: String) -> Bool {
        (1...16).contains(id.utf8.count) && id.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) }
    }

    var freshness: SideFreshness { .issued(keptFor: 2 * 86_400) }
    var subject: String { regionID }
    var subjectProblem: String? {
        Self.isValidRegionID(regionID) ? nil : "region code '\(regionID.prefix(20))' is not 1–16 capital letters and digits"
    }
    var subjectNoun: String { Value.operation == .outlook ? "station" : "region" }
    var expected: String { "\(operation) \(regionID)" }

    func query(_ issue: MidTermIssue) -> String { "&\(Value.operation.regionParameter)=\(regionID)&tmFc=\(issue.tmFc)" }
    func decode(_ body: [UInt8], issue: MidTermIssue) throws(ForecastResponseError) -> Value { try Value.decode(body, issue: issue) }
    func subject(of value: Value) -> String { value.answerRegion }

    var cacheFolders: [String] { ["mid-term", operation, regionID] }
    var cacheFormat: String { "kma-forecast-mid 1" }
    var cacheSubjectLines: [String] { ["operation \(operation)", "region \(regionID)"] }
    var issueName: String { "tmFc" }
    func stamp(_ issue: MidTermIssue) -> String { issue.tmFc }
    func issue(stamp: Substring) -> MidTermIssue? { MidTermIssue(tmFc: stamp) }
    func instant(of issue: MidTermIssue) -> KSTDateTime { issue.dateTime }

    func sent(_ issue: MidTermIssue, page: SidePage, attempt: Int, url: String) -> ForecastClientEvent {
        .midTermRequestSent(operation: Value.operation, regionID: regionID, tmFc: issue.tmFc, attempt: attempt, url: url)
    }

    func retried(_ issue: MidTermIssue, attempt: Int, delay: Duration, error: ForecastClientError) -> ForecastClientEvent {
        .midTermRetryScheduled(operation: Value.operation, regionID: regionID, failedAttempt: attempt, delay: delay, error: error)
    }

    func cacheHit(_ issue: MidTermIssue, revalidated: Bool) -> ForecastClientEvent {
        .midTermCacheHit(operation: Value.operation, regionID: regionID, tmFc: issue.tmFc)
    }

    func fallback(from newer: MidTermIssue, to older: MidTermIssue) -> ForecastClientEvent? {
        .midTermFallback(operation: Value.operation, regionID: regionID, from: newer.tmFc, to: older.tmFc)
    }

    func noData(tried: [MidTermIssue], last: ForecastClientError?, url: String?, attempts: Int) -> ForecastClientError {
        ForecastClientError(.midTermNoData(operation: operation, regionID: regionID, tried: tried.map(\.tmFc)), url: url, attempts: attempts, service: .midTerm)
    }
}

/// A mid-term answer: the operation it answers, how it is read, and the region it names.
protocol MidTermAnswer: KeyRedactable {
    /// The operation whose answer this is.
    static var operation: MidTermOperation { get }
    /// Reads an answer for a run (``MidTermDecoder``).
    static func decode(_ body: [UInt8], issue: MidTermIssue) throws(ForecastResponseError) -> Self
    /// The region or station the answer names (`""` if it names none).
    var answerRegion: String { get }
}

extension MidTermTemperatures: MidTermAnswer {
    static var operation: MidTermOperation { .temperatures }
    static func decode(_ body: [UInt8], issue: MidTermIssue) throws(ForecastResponseError) -> Self { try MidTermDecoder.temperatures(body, issue: issue) }
    var answerRegion: String { regionID }
}

extension MidTermLandForecast: MidTermAnswer {
    static var operation: MidTermOperation { .landForecast }
    static func decode(_ body: [UInt8], issue: MidTermIssue) throws(ForecastResponseError) -> Self { try MidTermDecoder.landForecast(body, issue: issue) }
    var answerRegion: String { regionID }
}

extension MidTermOutlookText: MidTermAnswer {
    static var operation: MidTermOperation { .outlook }
    static func decode(_ body: [UInt8], issue: MidTermIssue) throws(ForecastResponseError) -> Self { try MidTermDecoder.outlookText(body) }
    var answerRegion: String { stationID }
}
