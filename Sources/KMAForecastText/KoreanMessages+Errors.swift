/// The Korean of the client's errors (`--lang ko`), keyed by the error's case, not by its English
/// text: `KoreanMessages.text("unreachable", host, detail, tries)`. Each template's `{}` are
/// filled in order with what the error holds (a host, a number, KMA's own words); the English
/// `description`s stay as they are. `ForecastClientError.koreanDescription` (KMAForecastClient)
/// picks the key for each of its cases; a test walks every case.
extension KoreanMessages {
    /// The template for `key` filled in order with `values`; the key itself when the table has
    /// no such entry (a test makes sure every case has one).
    package static func text(_ key: String, _ values: String...) -> String {
        guard let template = errors[key] ?? responses[key] ?? commands[key] ?? locations[key] else { return key }
        return fill(template, values)
    }

    /// ` (3번 시도)` after a failure tried more than once, else empty.
    package static func tries(_ attempts: Int) -> String {
        attempts > 1 ? " (\(attempts)번 시도)" : ""
    }

    /// A detail the library wrote in English (`the connection was refused`) in Korean, or empty
    /// when the table does not know it: the Korean message then stands without it.
    package static func detail(_ english: String) -> String {
        for (en, ko) in details {
            if let values = match(english, template: en) { return fill(ko, values) }
        }
        return ""
    }

    /// ` ({})` around a detail's Korean, or empty.
    package static func parenthesized(_ english: String) -> String {
        let text = detail(english)
        return text.isEmpty ? "" : " (\(text))"
    }

    /// `: {}` before a detail's Korean, or empty.
    package static func colon(_ english: String) -> String {
        let text = detail(english)
        return text.isEmpty ? "" : ": " + text
    }

    /// `ForecastClientError.Reason`'s cases (and the service prefixes and hints around them).
    static let errors: [String: String] = [
        "invalidServiceKey": "서비스 키를 쓸 수 없습니다{}. 포털에 보이는 키를 그대로 다시 복사하세요.",
        "invalidBaseURL": "서비스 URL을 쓸 수 없습니다{}. 서비스 루트를 주세요, 예: {}.",
        "invalidConfiguration": "클라이언트 설정이 올바르지 않습니다{}.",
        "budgetExhausted": "받지 않았습니다: 요청 예산 {}회를 다 썼습니다 (개발 계정 키는 하루 10,000회). 예산을 늘리거나 곳을 줄이세요.",
        "noMidTermRegion": "중기예보 조회서비스에 묻지 않았습니다: nx {}, ny {}에는 중기예보 구역이 없습니다 (기상청의 육상 구역 밖). 단기예보 다음 날들은 자료 없음으로 보입니다.",
        "quotaExhausted": "받지 않았습니다: 기상청이 앞선 요청에 코드 22 (LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR: 키의 하루 요청 한도를 다 씀)로 답해 더 요청하지 않습니다. 한도는 한국 시각 자정({})에 다시 채워집니다. 그때 같은 명령을 다시 실행하세요: 받은 것은 캐시에 있습니다.",
        "unreachable": "{}에 연결할 수 없습니다{}{}. 네트워크 연결과, 설정했다면 서비스 URL을 확인하세요.",
        "timedOut": "기상청이 느리거나 멈췄습니다: 시간 초과{} (시도마다 {}초). 나중에 다시 하거나 시간을 더 주세요.",
        "sideServiceLate": "{}초 안에 답하지 않아 이 서비스 없이 예보를 보여 줍니다. 다음 실행 때 다시 묻습니다.",
        "connectionLost": "답을 다 받기 전에 기상청과의 연결이 끊겼습니다{}{}. 받은 일부는 쓰지 않았습니다. 다시 해 보세요.",
        "secureConnectionFailed": "{}와(과)의 보안 연결이 TLS 핸드셰이크 중에 실패했습니다{}. 나중에 다시 해 보세요. 계속되면 서비스 URL의 스킴(https:// 또는 http://)이 서버와 맞는지, 중간의 프록시를 확인하세요.",
        "certificateRejected": "{}의 TLS 인증서를 받아들이지 않았습니다 (신뢰할 수 없음, 만료, 아직 유효하지 않음, 다른 호스트 이름). 아무것도 보내지 않았습니다. 시스템의 CA 인증서와 시계, 서비스 URL의 호스트를 확인하세요.",
        "tooManyRedirects": "{}이(가) 너무 많이 리디렉션했거나 없는 곳으로 리디렉션했습니다: 서비스 URL이 잘못되었습니다. 서비스 루트여야 합니다, 예: {}.",
        "redirectedElsewhere": "{}이(가) 요청을 다른 서버({})로 리디렉션했지만 따라가지 않았습니다: 요청에는 서비스 키가 있어 서비스 URL로만 보냅니다. 서비스 URL(서비스 루트, 예: {})과 중간의 프록시를 확인하세요.",
        "redirectedNowhere": "이름을 밝히지 않은 곳",
        "responseTooLarge": "답이 {}보다 커서 (어떤 예보 페이지보다 훨씬 큼) 거기서 읽기를 멈췄고 아무것도 쓰지 않았습니다. 서비스 URL과 중간의 프록시를 확인하세요.",
        "undecodableResponse": "{}의 답을 풀 수 없어{} 아무것도 쓰지 않았고 다시 묻지 않았습니다: 서버가 기상청 서비스처럼 답하지 않습니다. 서비스 URL과 중간의 프록시를 확인하세요.",
        "unparsableResponse": "서버의 HTTP 응답을 읽을 수 없습니다{}: {}은(는) 기상청 서비스처럼 답하지 않아 다시 묻지 않았습니다. 서비스 URL과 중간의 프록시를 확인하세요.",
        "transportUnidentified": "요청이 실패했습니다 ({}, 더 구체적인 코드가 없는 네트워크 실패){}. 네트워크 연결을 확인하고 다시 해 보세요.",
        "transport": "요청이 실패했습니다 ({}){}. 다시 해도 낫는 네트워크 실패가 아닙니다. 서비스 URL과 시스템의 네트워크 설정을 확인하세요.",
        "cancelled": "받기가 취소되었습니다.",
        "forbidden": "기상청이 HTTP 403 (Forbidden)으로 답했습니다: 이 키는 단기예보 조회서비스를 활용신청하지 않았습니다 (2026년부터 기상청은 신청하지 않은 서비스에 403으로 답합니다). {} 새 신청이나 새 키는 쓸 수 있게 되기까지 한 시간쯤 걸릴 수 있습니다.",
        "subscribeDataGoKr": "data.go.kr 에서 이 키의 계정으로 기상청_단기예보 조회서비스 (서비스 15084084)를 활용신청하세요.",
        "subscribeAPIHub": "apihub.kma.go.kr 에서 이 키의 계정으로 단기예보 조회서비스 (VilageFcstInfoService_2.0)를 신청하세요.",
        "tooManyRequests": "기상청이 HTTP 429 (요청이 너무 많음)로 답했습니다{}: 기상청은 오퍼레이션마다 초당 약 30건을 받습니다. 동시 요청 수를 줄이고 다시 해 보세요.",
        "httpServerError": "기상청 서버가 HTTP {}로 답했습니다{}: 기상청에 문제가 있습니다. 몇 분 뒤에 다시 해 보세요.",
        "httpUnauthorized": "기상청이 이유 없이 HTTP 401 (Unauthorized)로 답했습니다: 키를 받아들이지 않았습니다. 키를 빠짐없이 복사했는지, 이 제공처의 키인지 확인하세요 (apihub.kma.go.kr 에는 API 허브 authKey, data.go.kr 에는 serviceKey). 새 키(또는 새 활용신청)는 쓸 수 있게 되기까지 한 시간 이상 걸릴 수 있습니다.",
        "httpNotFound": "기상청이 {}에 HTTP 404 (찾을 수 없음)로 답했습니다: 서비스 URL이 잘못되었습니다. 그 서비스의 루트여야 합니다, 예: {}.",
        "httpStatus": "기상청이 예보 서비스가 보통 보내지 않는 HTTP {}로 답했습니다. 서비스 URL을 확인하세요.",
        "failedAfter": "{} ({}번 시도 후 실패)",
        "paging": "답이 맞지 않습니다: {}. 받은 일부는 쓰지 않았습니다. 다시 해 보세요.",
        "foreignItem": "기상청이 {}에 대한 요청에 {}의 항목을 보냈습니다. 이 답의 어느 것도 쓰지 않았습니다. 다시 해 보세요.",
        "rows": "페이지들이 서로 맞지 않습니다: {}. 받은 일부는 쓰지 않았습니다. 다시 해 보세요.",
        "mixedBaseLabels": "기상청이 발표 {}의 항목에 두 발표 시각 {}을(를) 붙였습니다: HH30에 물은 초단기예보는 HH00으로 올 수 있지만 둘 다는 아니므로 답에 발표가 섞였고 아무것도 쓰지 않았습니다. 다시 해 보세요.",
        "noData": "기상청에 nx {}, ny {}의 {} 자료가 없습니다 (발표 {}): 최신 발표가 늦거나 서비스에 장애가 있습니다. 몇 분 뒤에 다시 해 보세요.",
        "emptyRun": "기상청이 {}의 nx {}, ny {}에 빈 발표로 답했습니다 (resultCode 00에 항목 없음, totalCount 0; 발표 {}){}. 빈 발표는 예보가 아니므로 아무것도 내지 않았습니다: 기상청이 아직 발표를 올리는 중이거나 서비스에 장애가 있습니다. 몇 분 뒤에 다시 해 보세요.",
        "emptyRunNoData": "; 발표 {}에는 자료가 없었습니다",
        "incompleteRun": "기상청의 {} 발표 {}이(가) 아직 완전하지 않습니다: 첫 예보 시각에 {}이(가) 없습니다 (발표 시각 직후 몇 분 동안 기상청은 범주가 빠진 발표를 냅니다). 아무것도 쓰거나 캐시하지 않았습니다. 몇 분 뒤에 다시 해 보세요.",
        "midTermNoData": "기상청에 구역 {}의 {} 자료가 없습니다 (발표 {}, tmFc): 최신 발표가 늦거나 구역 코드가 폐지되었습니다. 몇 분 뒤에 다시 해 보세요.",
        "waitRequested": "{} 기상청이 다음 요청까지 {} 기다리라고 합니다 (Retry-After). 클라이언트가 시도 사이에 기다리는 시간(최대 {}초)보다 길어 다시 묻지 않았습니다. 그만큼 기다린 뒤 다시 해 보세요.",
        "seconds": "{}초",
        "aboutMinutes": "{}초 (약 {}분)",
        "aboutHours": "{}초 (약 {}시간)",
        "aboutDays": "{}초 (약 {}일)",
        "aboutYears": "{}초 (약 {}년)",
        "serviceFailed": "{}가 실패했습니다: ",
        "notRecorded": "{}(nx {}, ny {})에는 기록된 자료가 없습니다: 이 클라이언트의 전송은 기록(RecordedRunTransport)이고, 점 예보가 기록된 곳은 {}뿐입니다. 기록된 곳(LocalForecast.sampleRecordings에 내장된 곳들)을 묻거나, 실시간 예보는 키와 네트워크가 있는 클라이언트를 쓰세요.",
        "notRecordedNothing": "없음",
        "locationEmpty": "위치가 없습니다: 위도와 경도('37.56,126.97') 또는 지역 이름('서울 종로구', '부산')을 주세요",
        "locationNotANumber": "'{}'은(는) {} 숫자가 아닙니다",
        "locationInvalidValue": "'{}' 값은 {}에 쓸 수 없습니다: {}",
        "locationLoneNumber": "'{}'은(는) 숫자 하나입니다. 위도와 경도를 함께 주세요, 예: '37.56,126.97'",
        "locationDecimalCommas": "'{}'은(는) 위도,경도 쌍이 아닙니다. 소수점을 쓰세요: '{}'",
        "locationSwapped": "위도와 경도가 바뀌었나요? 위도 {}, 경도 {}은(는) 격자 안에 있습니다 (nx {}, ny {}).",
        "locationCellOutOfRange": "{} {}은(는) {} 범위 밖입니다",
        "locationDecimalPoint": "; 소수점을 쓰세요: '{}'",
        "invalidChoice": "'{}' 값은 '{}'에 쓸 수 없습니다. 다음 중 하나를 주세요: {}.",
        "warningsPeriod": "기상청이 조회 기간을 거절했습니다 (resultCode 99, \"{}\"): 오늘(한국 시각)부터 최대 6일 전까지만 답합니다. 오늘보다 최대 6일 전에 시작하는 기간을 물으세요.",
        "refusedForbidden": "기상청이 HTTP 403 (Forbidden)으로 답했습니다",
        "refusedHTTP": "기상청이 HTTP {}로 답했습니다",
        "refusedGateway": "data.go.kr 게이트웨이가 키를 거절했습니다: returnReasonCode {} {}",
        "refusedAPIHub": "기상청 API 허브가 요청을 거절했습니다{}{}",
        "refusedResultCode": "기상청이 resultCode {}로 답했습니다",
        "midTermApplicationHint": "이 키는 아마 중기예보 조회서비스를 활용신청하지 않았습니다: 단기예보와 따로 활용신청해야 합니다. data.go.kr 에서는 기상청_중기예보 조회서비스 (서비스 15059468)를, apihub.kma.go.kr 에서는 중기예보 조회 (MidFcstInfoService)를 이 키의 계정으로 신청하세요. 새 활용신청은 쓸 수 있게 되기까지 한 시간 이상 걸릴 수 있습니다.",
        "warningsApplicationHint": "이 키는 아마 기상특보 조회서비스를 활용신청하지 않았습니다: 예보 서비스와 따로 활용신청해야 합니다. data.go.kr 에서는 기상청_기상특보 조회서비스 (서비스 15000415)를, apihub.kma.go.kr 에서는 기상특보 조회 (WthrWrnInfoService)를 이 키의 계정으로 신청하세요. 새 활용신청은 쓸 수 있게 되기까지 한 시간 이상 걸릴 수 있습니다. 예보는 특보 없이도 됩니다.",
        "uvIndexApplicationHint": "이 키는 아마 생활기상지수 조회서비스를 활용신청하지 않았습니다: 단기예보와 따로 활용신청해야 합니다. data.go.kr 에서 기상청_생활기상지수 조회서비스 (포털에서 LivingWthrIdxServiceV5 검색)를 이 키의 계정으로 신청하세요. 새 활용신청은 쓸 수 있게 되기까지 한 시간 이상 걸릴 수 있습니다. 그동안 예보는 자외선지수 없이 보입니다.",
        // Errors of the types below the client (KMAGrid, KMAPlaces, the pager).
        "latitudeNaN": "위도가 숫자가 아닙니다. 북위 -90...90도를 주세요",
        "latitudeOutOfRange": "위도 {}은(는) -90...90 (북위) 밖입니다",
        "longitudeNaN": "경도가 숫자가 아닙니다. 동경 -180...180도를 주세요",
        "longitudeOutOfRange": "경도 {}은(는) -180...180 (동경) 밖입니다",
        "outsideGrid": "지점 {}, {}은(는) 기상청 예보 격자 밖입니다{}. 격자는 nx 1...149, ny 1...253: 한반도와 주변 바다, 대략 북위 32...43°, 동경 123...133°입니다",
        "outsideGridCell": " (격자로는 nx {}, ny {})",
        "nxOutOfRange": "nx {}은(는) 1...149 밖입니다",
        "nyOutOfRange": "ny {}은(는) 1...253 밖입니다",
        "gridCoordinateOutsideProjection": "격자 위치 x {}, y {}에 해당하는 위도·경도가 없습니다",
        "placeNameEmpty": "장소 이름이 없습니다. '서울', '종로구', '서울 종로구 청운효자동' 같은 한국어 지역 이름을 주세요",
        "placeNotFound": "기상청 격자 표에 '{}'와(과) 맞는 지역이 없습니다. 표에 있는 한국어 지역 이름을 주세요, 예: '서울', '종로구', '서울 종로구 청운효자동' (시·도는 영어로도 됩니다: 'Busan', 'Gyeonggi-do', 'Suwon-si')",
        "placeNotFoundSuggestions": "기상청 격자 표에 '{}'와(과) 맞는 지역이 없습니다. 혹시 {}을(를) 찾으셨나요?",
        "placeAmbiguous": "'{}'와(과) 맞는 지역이 {}곳입니다. 이름을 더 주세요{}:",
        "placeAmbiguousExample": ", 예: '{}'",
        "placeMore": "… 그 밖에 {}곳",
        "pagingEmptyRun": "발표에 항목이 없습니다 (totalCount 0)",
        "missingTotalCount": "{}쪽에 totalCount가 없어 빠짐없는지 확인할 수 없습니다",
        "negativeTotalCount": "totalCount {}이(가) 음수입니다",
        "implausibleTotalCount": "totalCount {}은(는) 한 격자의 예보 발표보다 훨씬 많습니다",
        "pageNumberMismatch": "{}쪽을 요청했는데 {}쪽이 왔습니다",
        "pageSizeMismatch": "numOfRows {}을(를) 요청했는데 페이지에는 {}이(가) 있습니다 (서버가 페이지 크기를 제한했을 수 있습니다)",
        "totalCountChanged": "{}쪽은 totalCount {}, 1쪽은 {}이었습니다: 요청 사이에 발표가 바뀌었습니다",
        "itemCountMismatch": "{}쪽에 항목이 {}개 있지만 totalCount {} 중 {}개여야 합니다",
        "unexpectedPage": "{}쪽을 기다리는데 {}쪽이 왔습니다",
        "incomplete": "totalCount {}개 중 {}개 항목만 왔습니다",
    ]

    /// The library's own English details (a transport's `detail`, a setting's `why`): templates,
    /// `{}` for what they quote.
    static let details: [(String, String)] = [
        ("no network connection", "네트워크 연결 없음"),
        ("the host name did not resolve", "호스트 이름을 찾지 못함"),
        ("the connection was refused", "연결이 거부됨"),
        ("the connection was reset or closed early", "연결이 재설정되었거나 일찍 닫힘"),
        ("the answer was cut short or garbled, URLError {}", "답이 잘렸거나 깨짐, URLError {}"),
        ("the answer ended before its declared length", "답이 밝힌 길이보다 먼저 끝남"),
        ("the answer does not begin with an HTTP status line", "답이 HTTP 상태 줄로 시작하지 않음"),
        ("a status or header line the URL loader cannot read, {}", "URL 로더가 읽지 못하는 상태 줄 또는 헤더 줄"),
        ("its chunked framing is broken: {}", "chunked 프레이밍이 깨짐"),
        ("its Content-Encoding cannot be undone: {}", "Content-Encoding 을 풀 수 없음"),
        ("the key is empty", "키가 비어 있음"),
        ("the key contains a space, a control character or a non-ASCII character; {}", "키에 공백, 제어 문자 또는 ASCII 밖의 문자가 있음"),
        ("the key contains a '%' that is not followed by two hexadecimal digits; {}", "키의 '%' 뒤에 16진 숫자 두 개가 없음"),
        ("the key decodes to a space, a control character or a non-ASCII character; {}", "키를 풀면 공백, 제어 문자 또는 ASCII 밖의 문자가 나옴"),
        ("'{}' does not start with http:// or https://", "'{}'이(가) http:// 또는 https:// 로 시작하지 않음"),
        ("'{}' must be the service root only, without a query, fragment or spaces {}", "'{}'에는 쿼리, 프래그먼트, 공백 없이 서비스 루트만 있어야 함"),
        ("'{}' {}", "'{}'"),
        ("the cache directory is an empty path; give a directory, or disable the cache", "캐시 디렉터리가 빈 경로임. 디렉터리를 주거나 캐시를 끄세요"),
        ("the cache directory '{}' is relative, but the current directory cannot be determined {}", "캐시 디렉터리 '{}'이(가) 상대 경로인데 현재 디렉터리를 알 수 없음. 절대 경로를 주세요"),
        ("no mid-term service URL", "중기예보 서비스 URL 없음"),
        ("no warning service URL", "기상특보 서비스 URL 없음"),
        ("no UV index service URL", "자외선지수 서비스 URL 없음"),
        ("area code '{}' is not 10 digits", "지역 코드 '{}'이(가) 10자리 숫자가 아님"),
        ("region code '{}' is not 1–16 capital letters and digits", "구역 코드 '{}'이(가) 1–16자의 대문자와 숫자가 아님"),
        ("midTermDays must be within 1...11 {}, got {}", "midTermDays 는 1...11 이어야 함 ({}이(가) 주어짐)"),
        ("KMA's count of zone events changed twice while its pages were read; try again", "페이지를 읽는 동안 기상청의 구역 특보 수가 두 번 바뀜. 다시 해 보세요"),
    ]
}
