import KMAForecast

/// One UV index request (`getUVIdxV5`): an area (`areaNo`, a 10-digit 행정구역코드) and an issue
/// time (`time`, `YYYYMMDDHH`). The answer for one area is one item: one page of 10 rows.
struct UVIndexRequest: Hashable, Sendable {
    /// The operation, the last path component of the request URL.
    static let operation = "getUVIdxV5"

    var areaNo: String
    /// The issue time asked for, on the hour (KST).
    var time: KSTDateTime

    /// `YYYYMMDDHH`.
    var stamp: String { UVIndexDecoder.stamp(time) }

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
}

extension Endpoint {
    /// The UV index URL to send, with the key percent-encoded once.
    func url(for request: UVIndexRequest) -> String {
        url(for: request, keyText: key.percentEncoded)
    }

    /// The UV index URL to show people, with the key replaced by `REDACTED`.
    func displayURL(for request: UVIndexRequest) -> String {
        url(for: request, keyText: KeyRedaction.placeholder)
    }

    private func url(for request: UVIndexRequest, keyText: String) -> String {
        "\(baseURL)/\(UVIndexRequest.operation)?\(provider.keyParameter)=\(keyText)"
            + "&pageNo=1&numOfRows=10&dataType=JSON&areaNo=\(request.areaNo)&time=\(request.stamp)"
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
