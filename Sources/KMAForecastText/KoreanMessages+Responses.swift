import KMAForecast

/// The Korean of what KMA answered instead of a forecast (`--lang ko`): a body that is not a
/// page, KMA's result codes and their advice, a grid field that is not whole, items that do not
/// fit. KMA's own words (`resultMsg`, the gateway's messages, an HTML title) are quoted as sent,
/// redacted and escaped as the English text quotes them.
extension KoreanMessages {
    /// ``ForecastResponseError`` in Korean: what KMA said, and what to do.
    package static func text(_ error: ForecastResponseError) -> String {
        switch error {
        case .resultCode(let code, let message):
            let said = message.isEmpty ? "" : " (\"\(ForecastResponseError.quote(message))\")"
            return text("resultCode", code.description, said) + " " + advice(code)
        case .gateway(let code, let authMessage, let errorMessage):
            let name = code.name ?? authMessage
            let said = [authMessage, errorMessage].filter { !$0.isEmpty && $0 != name }
            let quoted = said.isEmpty ? "" : " (" + said.map { "\"\(ForecastResponseError.quote($0))\"" }.joined(separator: ", ") + ")"
            let named = name.isEmpty ? "" : " " + ForecastResponseError.quote(name)
            return text("gateway", code.rawValue + named + quoted) + " " + advice(code)
        case .apiHubRefusal(let status, let message):
            let stated = status.map { "status \($0)" }
            let said = message.isEmpty ? nil : "\"\(ForecastResponseError.quote(message))\""
            let detail = [stated, said].compactMap { $0 }.joined(separator: ": ")
            return text("apiHubRefusal", detail.isEmpty ? "" : " (\(detail))") + " " + apiHubAdvice(status: status, message: message)
        case .emptyRun: return text("responseEmptyRun")
        case .xmlNotSupported: return text("xmlNotSupported")
        case .legacyFormat(let detail): return text("legacyFormat", ForecastResponseError.quote(detail))
        case .html(let title): return text("html", title.map { " \"\(ForecastResponseError.quote($0))\"" } ?? "")
        case .empty: return text("emptyBody")
        case .malformedJSON(let offset, let reason): return text("malformedJSON", String(offset), quoted(reason))
        case .truncated(let offset): return text("truncated", String(offset))
        case .unexpectedShape(let detail): return text("unexpectedShape", quoted(detail))
        }
    }

    /// What a person should do about a result code, in Korean (``ResultCode/advice``).
    package static func advice(_ code: ResultCode) -> String {
        let key = ["01", "02", "04", "05"].contains(code.rawValue) ? "advice01" : "advice" + code.rawValue
        return responses[key] ?? text("adviceOther")
    }

    /// What to do about an API Hub refusal, by what its body says (as the English advice reads it).
    static func apiHubAdvice(status: Int?, message: String) -> String {
        let lower = message.lowercased()
        if message.contains("허용되지 않은") || lower.contains("not allowed") { return text("apiHubNotAllowed") }
        if message.contains("신청") { return text("apiHubApply") }
        if status == 401 || message.contains("인증키") || lower.contains("key") { return text("apiHubKey") }
        return status == 403 ? text("apiHubApply") : text("apiHubOther")
    }

    /// ``GridFieldError`` in Korean.
    package static func text(_ error: GridFieldError) -> String {
        switch error {
        case .serviceMessage(let message): return text("fieldServiceMessage", message)
        case .refused(let error): return text(error)
        case .empty: return text("fieldEmpty")
        case .truncated(let read, let expected): return text("fieldTruncated", String(expected), String(read))
        case .wrongCount(let found, let expected): return text("fieldWrongCount", String(found), String(expected))
        case .invalidNumber(let line, let token): return text("fieldInvalidNumber", String(line), token)
        case .misalignedRow(let ny, let line, let values, let expected):
            return text("fieldMisalignedRow", String(ny), String(line), String(values), String(expected))
        case .implausibleValue(let variable, let value, let nx, let ny, _):
            return text("fieldImplausibleValue", variable, String(value), String(nx), String(ny))
        case .allMissing(let variable): return text("fieldAllMissing", variable, variable)
        }
    }

    /// ``RowBuilderError`` in Korean.
    package static func text(_ error: RowBuilderError) -> String {
        switch error {
        case .duplicate(let item, let existing):
            return text("rowDuplicate", item.category.code, item.forecastDateString, item.forecastTimeString, String(item.nx), String(item.ny), existing, item.value)
        case .mixedRuns(let item, let rowBase):
            return text("rowMixedRuns", item.category.code, item.forecastDateString, item.forecastTimeString, String(item.nx), String(item.ny), item.base.description, rowBase.description)
        case .tooManyCategories(let item, let limit):
            return text("rowTooManyCategories", item.forecastDateString, item.forecastTimeString, String(item.nx), String(item.ny), String(limit))
        case .outOfRange(let item):
            return text("rowOutOfRange", String(item.nx), String(item.ny), String(item.forecastDate), String(item.forecastTime))
        }
    }

    /// The answers' table: ``ForecastResponseError``, ``ResultCode``'s advice, ``GridFieldError``,
    /// ``RowBuilderError``.
    static let responses: [String: String] = [
        "resultCode": "기상청이 resultCode {}{}로 답했습니다.",
        "gateway": "data.go.kr 게이트웨이가 요청을 거절했습니다: returnReasonCode {}.",
        "apiHubRefusal": "기상청 API 허브가 요청을 거절했습니다{}.",
        "responseEmptyRun": "기상청이 resultCode 00 NORMAL_SERVICE 에 항목 없이 (totalCount 0) 답했습니다: 빈 발표이며 예보가 아닙니다. 발표가 아직 다 올라오지 않았을 수 있습니다: 몇 분 뒤에 다시 하거나 이전 발표 시각을 물으세요.",
        "xmlNotSupported": "응답이 XML (dataType=XML)입니다. 이 도구는 JSON 을 읽습니다: dataType=JSON 으로 요청하세요.",
        "legacyFormat": "응답이 폐지된 2021년 이전 형식입니다 ({}). VilageFcstInfoService_2.0 (getVilageFcst, getUltraSrtFcst, getUltraSrtNcst)을 쓰세요.",
        "html": "서버가 자료 대신 HTML 페이지{}를 보냈습니다: 서비스 URL을 확인하고, 프록시나 캡티브 포털이 가로막는지 확인하세요.",
        "emptyBody": "응답 본문이 비어 있습니다. 기상청에 문제가 있을 수 있습니다: 1분 뒤에 다시 해 보세요.",
        "malformedJSON": "응답이 {}번째 바이트에서 올바른 JSON 이 아닙니다 (파서: {}): 서버가 기상청 서비스처럼 답하지 않습니다. 서비스 URL을 확인하세요.",
        "truncated": "응답이 {}번째 바이트에서 일찍 끝났습니다 (연결이 끊긴 듯합니다). 다시 해 보세요.",
        "unexpectedShape": "응답이 JSON 이지만 기상청 예보 응답의 모양이 아닙니다 (파서: {}). 서비스 URL을 확인하세요.",
        "advice00": "할 일이 없습니다.",
        "advice01": "기상청 쪽의 장애입니다. 1분 뒤에 다시 해 보세요.",
        "advice03": "기상청에 이 요청의 자료가 없습니다: 발표가 아직 올라오지 않았을 수 있습니다 (이전 발표 시각을 물어보세요).",
        "advice10": "요청 인자가 잘못되었습니다. base_date (YYYYMMDD), base_time (HHMM), nx (1...149), ny (1...253)를 확인하세요. 너무 오래된 발표에는 기상청이 \"최근 3일 간의 자료만 제공합니다.\" (예보) 또는 \"최근 1일 간의 자료만 제공합니다.\" (관측, 초단기실황)라고 답합니다.",
        "advice11": "요청에 꼭 있어야 할 인자가 빠졌습니다.",
        "advice12": "서비스 경로나 오퍼레이션이 폐지되었거나 잘못되었습니다 (게이트웨이가 더는 제공하지 않음): VilageFcstInfoService_2.0 의 서비스 루트 (예: https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0)와 getVilageFcst, getUltraSrtFcst, getUltraSrtNcst 중 하나를 쓰고, 서비스 URL과 오퍼레이션 이름을 확인하세요.",
        "advice20": "키가 이 서비스에 승인되지 않았습니다: data.go.kr (또는 apihub.kma.go.kr)에서 기상청_단기예보 조회서비스를 활용신청하세요. 새 키(또는 새 활용신청)는 쓸 수 있게 되기까지 한 시간 이상 걸릴 수 있습니다.",
        "advice21": "서비스 키가 잠시 사용 중지되었습니다. data.go.kr 에서 키의 상태를 확인하세요.",
        "advice22": "하루 요청 한도를 다 썼습니다 (개발 계정 키는 하루 10,000회). 한도는 한국 시각 자정(00:00)에 다시 채워집니다: 그 뒤에 다시 하거나 data.go.kr 에서 한도를 늘려 달라고 신청하세요. 그 전에 다시 해도 소용없습니다.",
        "advice23": "1초에 요청이 너무 많습니다 (게이트웨이는 오퍼레이션마다 초당 약 30건을 받습니다): 속도를 줄이고 잠시 뒤에 다시 해 보세요.",
        "advice29": "이 IP 주소가 data.go.kr 에서 차단되었습니다 (보통 지나치거나 비정상적인 트래픽 뒤): 이 주소에서 요청을 멈추고 data.go.kr (고객센터 / 문의하기)에 해제를 요청하세요.",
        "advice30": "서비스 키가 등록되지 않았습니다: 빠짐없이 복사했는지, 한 번만 인코딩했는지 확인하세요. 새 키(또는 새 활용신청)는 쓸 수 있게 되기까지 한 시간 이상 걸릴 수 있습니다.",
        "advice31": "서비스 키의 활용 기간이 끝났습니다. data.go.kr 에서 연장신청하세요. 새 키(또는 새 활용신청)는 쓸 수 있게 되기까지 한 시간 이상 걸릴 수 있습니다.",
        "advice32": "이 IP 주소는 서비스 키에 등록되지 않았습니다.",
        "advice33": "서비스가 요구하는 서명 없이 호출했습니다.",
        "adviceOther": "예상하지 못한 기상청 오류입니다. 나중에 다시 하고, data.go.kr 에서 서비스 상태를 확인하세요.",
        "apiHubNotAllowed": "API 허브가 이 키에 이 API 를 허용하지 않습니다: apihub.kma.go.kr 에서 단기예보 조회서비스 (VilageFcstInfoService_2.0; 활용신청, 오퍼레이션마다 따로)를 신청하고, 서비스 URL이 그 오퍼레이션 (getVilageFcst, getUltraSrtFcst, getUltraSrtNcst) 중 하나를 가리키는지 확인하세요. 새 키(또는 새 활용신청)는 쓸 수 있게 되기까지 한 시간 이상 걸릴 수 있습니다.",
        "apiHubApply": "apihub.kma.go.kr 에서 이 키의 계정으로 API 를 활용신청하세요: 단기예보 조회서비스 (VilageFcstInfoService_2.0), 오퍼레이션마다 따로. 새 키(또는 새 활용신청)는 쓸 수 있게 되기까지 한 시간 이상 걸릴 수 있습니다.",
        "apiHubKey": "authKey 를 확인하세요: apihub.kma.go.kr 의 내 페이지에서 빠짐없이 복사하고, data.go.kr 의 serviceKey 가 아닌 API 허브 키인지 확인하세요. 새 키(또는 새 활용신청)는 쓸 수 있게 되기까지 한 시간 이상 걸릴 수 있습니다.",
        "apiHubOther": "authKey 와, apihub.kma.go.kr 에서 API 를 활용신청했는지 확인하세요. 새 키(또는 새 활용신청)는 쓸 수 있게 되기까지 한 시간 이상 걸릴 수 있습니다.",
        "fieldServiceMessage": "기상청 API 허브가 격자 자료 대신 오류 줄로 답했습니다: '{}'. 변수 (예: TMP, 그 예보에 있는 코드 하나), 발표 (tmfc), 유효 시각 (tmef)을 확인하세요.",
        "fieldEmpty": "기상청 API 허브가 격자 자료 대신 빈 본문을 보냈습니다. 나중에 다시 해 보세요.",
        "fieldTruncated": "격자 자료가 값 {}개 중 {}개 뒤에 잘렸습니다 (연결이 끊긴 듯합니다). 다시 해 보세요.",
        "fieldWrongCount": "격자 자료에 값이 {}개 있습니다. {}개 (149 × 253 격자)가 아니므로 기상청 5 km 격자의 온전한 자료가 아닙니다.",
        "fieldInvalidNumber": "격자 자료의 {}번째 줄에 숫자가 아닌 '{}'이(가) 있습니다: 본문이 기상청 격자 자료가 아닙니다.",
        "fieldMisalignedRow": "격자 자료의 ny {} 행이 기상청 배치가 정한 곳에서 끝나지 않습니다: {}번째 줄에 값이 {}개 있습니다 ({}개여야 함). 그 뒤의 모든 격자가 밀리므로 온전한 자료가 아닙니다. 다시 해 보세요.",
        "fieldImplausibleValue": "{} 격자 자료에 물리적 범위 밖의 값 {}이(가) 있습니다 (nx {}, ny {}): 그럴듯한 기상청 자료가 아닙니다. 나중에 다시 해 보세요.",
        "fieldAllMissing": "{} 격자 자료의 모든 격자가 결측(-99)입니다: 기상청에 이 발표와 시각의 자료가 없습니다. 예보에 {}이(가) 있는지 확인하고, 호출마다 변수 하나를 묻거나 이전 발표를 물으세요.",
        "rowDuplicate": "{} ({} {}, nx {}, ny {})이(가) 두 번 나옵니다 ('{}'과 '{}'): 페이지가 겹치거나 반복됩니다",
        "rowMixedRuns": "{} ({} {}, nx {}, ny {})은(는) 발표 {}의 것인데 그 시각의 나머지는 발표 {}의 것입니다: 페이지가 서로 다른 발표에서 왔습니다",
        "rowTooManyCategories": "{} {} (nx {}, ny {})에 기상청이 문서화하지 않은 범주가 {}개를 넘습니다 (예보에는 17개): 기상청이 보내는 답이 아니어서 쓰지 않았습니다",
        "rowOutOfRange": "항목의 숫자가 실제 범위 밖입니다 (nx {}, ny {}, fcstDate {}, fcstTime {})",
    ]
}
