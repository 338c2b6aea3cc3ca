import KMAForecast

/// The UV index service (`LivingWthrIdxServiceV5/getUVIdxV5`) as a side service: an area
/// (`areaNo`, a 10-digit 행정구역코드) asked by issue time (`time`, `YYYYMMDDHH`, every 3 hours).
/// The answer for one area is one item: one page of 10 rows. An issued answer does not change
/// (``SideFreshness/issued(keptFor:)``: files of times more than a day older than a stored one
/// are removed).
struct UVIndexService: SideService {
    /// The operation, the last path component of the request URL.
    static let operationName = "getUVIdxV5"

    var areaNo: String

    static var root: SideServiceRoot {
        SideServiceRoot(service: .uvIndex, label: "UV index service", name: "LivingWthrIdxServiceV5", configured: { $0.uvIndexBaseURL },
                        providerDefault: { $0.defaultUVIndexBaseURL }, stored: { $0.uvEndpoint })
    }

    /// Whether an area code can go into a URL as it is: exactly 10 ASCII digits.
    static func isValidAreaNo(_ areaNo: String) -> Bool {
        areaNo.utf8.count == 10 && areaNo.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    /// The issue times to ask for at `now`, newest first: the 3-hourly times (00, 03 … 21 KST)
    /// of the last 12 hours. KMA names the time an answer was issued for; a time not yet
    /// published answers NO_DATA and the next older is tried.
    static func candidates(at now: KSTDateTime) -> [KSTDateTime] {
        let newest = newestIssue(at: now)
        return (0..<5).map { newest.adding(seconds: -Int64($0) * 3 * 3600) }
    }

    /// The newest 3-hourly issue time at or before `now`.
    static func newestIssue(at now: KSTDateTime) -> KSTDateTime {
        now.adding(seconds: -Int64((now.hour % 3) * 3600 + now.minute * 60 + now.second))
    }

    var freshness: SideFreshness { .issued(keptFor: 86_400) }
    var operation: String { Self.operationName }
    var subject: String { areaNo }
    var subjectProblem: String? { Self.isValidAreaNo(areaNo) ? nil : "area code '\(areaNo.prefix(20))' is not 10 digits" }
    var subjectNoun: String { "area" }
    var expected: String { "\(operation) area \(areaNo)" }

    func query(_ issue: KSTDateTime) -> String { "&areaNo=\(areaNo)&time=\(UVIndexDecoder.stamp(issue))" }
    func decode(_ body: [UInt8], issue: KSTDateTime) throws(ForecastResponseError) -> UVIndexForecast { try UVIndexDecoder.decode(body, areaNo: areaNo) }
    func subject(of value: UVIndexForecast) -> String { value.areaNo }

    var cacheFolders: [String] { ["uv-index", areaNo] }
    var cacheFormat: String { "kma-forecast-uv 1" }
    var cacheSubjectLines: [String] { ["area \(areaNo)"] }
    var issueName: String { "time" }
    func stamp(_ issue: KSTDateTime) -> String { UVIndexDecoder.stamp(issue) }
    func issue(stamp: Substring) -> KSTDateTime? { UVIndexDecoder.issueTime(String(stamp)) }
    func instant(of issue: KSTDateTime) -> KSTDateTime { issue }

    func sent(_ issue: KSTDateTime, page: SidePage, attempt: Int, url: String) -> ForecastClientEvent {
        .uvIndexRequestSent(areaNo: areaNo, time: stamp(issue), attempt: attempt, url: url)
    }

    func retried(_ issue: KSTDateTime, attempt: Int, delay: Duration, error: ForecastClientError) -> ForecastClientEvent {
        .uvIndexRetryScheduled(areaNo: areaNo, failedAttempt: attempt, delay: delay, error: error)
    }

    func cacheHit(_ issue: KSTDateTime, revalidated: Bool) -> ForecastClientEvent { .uvIndexCacheHit(areaNo: areaNo, time: stamp(issue)) }

    func noData(tried: [KSTDateTime], last: ForecastClientError?, url: String?, attempts: Int) -> ForecastClientError {
        var error = last ?? ForecastClientError(.response(.emptyRun), service: .uvIndex)
        error.attempts = attempts
        return error
    }
}

extension UVIndexForecast: KeyRedactable {
    func redactingKey(with redact: (String) -> String) -> UVIndexForecast {
        var copy = self
        copy.areaNo = redact(areaNo)
        return copy
    }
}

extension ServiceProvider {
    /// The living-weather index service root (생활기상지수 조회서비스, `LivingWthrIdxServiceV5`), to
    /// which `getUVIdxV5` is appended: `https://apis.data.go.kr/1360000/LivingWthrIdxServiceV5`,
    /// or API Hub's `https://apihub.kma.go.kr/api/typ02/openApi/LivingWthrIdxServiceV5`. (The V4
    /// paths answer HTTP 400.) Set ``ClientConfiguration/uvIndexBaseURL`` for another.
    public var defaultUVIndexBaseURL: String {
        switch self {
        case .dataGoKr: "https://apis.data.go.kr/1360000/LivingWthrIdxServiceV5"
        case .apiHub: "https://apihub.kma.go.kr/api/typ02/openApi/LivingWthrIdxServiceV5"
        }
    }
}
