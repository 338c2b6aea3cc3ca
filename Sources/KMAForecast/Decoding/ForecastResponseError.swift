/// Why a response body is not a usable page of forecast items.
///
/// Every case's ``description`` says what happened and what to do, and never contains a
/// service key (text quoted from a body passes through ``KeyRedaction``). Text a peer sent is
/// kept in the case as it came and shown by the package's one rule for network text,
/// ``PrintableText``: a message or title through ``PrintableText/excerpt(_:)`` (control
/// characters, line breaks and bidirectional overrides escaped as `\u{1B}`, cut after 300
/// characters), a detail through ``PrintableText/singleLine(_:)``; so the description is one
/// line that cannot drive a terminal, whatever KMA, a gateway or a proxy sent.
public enum ForecastResponseError: Error, Hashable, Sendable {
    /// KMA answered with a `resultCode` other than `00` (`03` NO_DATA, `10` with KMA's own
    /// text, `22` quota, `30` key not registered …). `message` is KMA's `resultMsg`.
    case resultCode(ResultCode, message: String)
    /// The data.go.kr gateway's envelope `OpenAPI_ServiceResponse`: as XML (with or without a
    /// namespace prefix), which can arrive with HTTP 200 even when JSON was asked for, or as
    /// JSON `{"OpenAPI_ServiceResponse":{"cmmMsgHeader":{…}}}`, seen with HTTP 403.
    /// `reasonCode` is its `returnReasonCode` (`22` daily quota, `23` per-second limit, `30`
    /// key not registered …); the messages are its `returnAuthMsg` and `errMsg`.
    case gateway(reasonCode: ResultCode, authMessage: String, errorMessage: String)
    /// KMA API Hub's own small JSON error body (no `response` object), sent with HTTP 401 or 403
    /// for an invalid `authKey`, an API not applied for (활용신청), or an API it does not allow
    /// ("허용되지 않은 API"). `status` is the status the body states, if any; `message` is its
    /// message as sent (trimmed).
    case apiHubRefusal(status: Int?, message: String)
    /// `resultCode` `00` with no items at all (`"body":{}`, no `body`, `items` empty or `""`)
    /// and `totalCount` 0 or absent: an empty run, which is not a forecast.
    case emptyRun
    /// An XML body of the forecast itself (`dataType=XML`): this toolkit reads JSON.
    case xmlNotSupported
    /// The retired pre-2021 service (resultCode `0000`, categories such as `T3H`).
    case legacyFormat(String)
    /// An HTML page (a proxy, a login page, a server error page) instead of data.
    case html(title: String?)
    /// An empty body.
    case empty
    /// Bytes that are not valid JSON; `offset` is the byte where reading stopped.
    case malformedJSON(offset: Int, reason: String)
    /// JSON that ends too early (a cut connection); `offset` is where it ends.
    case truncated(offset: Int)
    /// Valid JSON in a shape that is not a KMA response, e.g. no `response.header`, or an
    /// item without `category`. `detail` says what is missing or wrong.
    case unexpectedShape(String)

    /// The KMA result code behind the error, when there is one.
    public var resultCode: ResultCode? {
        switch self {
        case .resultCode(let code, _): code
        case .gateway(let code, _, _): code
        default: nil
        }
    }

    /// Whether a later retry of the same request may succeed (KMA codes 01, 02, 04, 05, the
    /// gateway's per-second limit 23, and bodies cut short in transit).
    public var isTransient: Bool {
        switch self {
        case .resultCode(let code, _), .gateway(let code, _, _): code.isTransient
        case .truncated, .empty: true
        default: false
        }
    }
}

extension ForecastResponseError: CustomStringConvertible {
    /// A message for a person: what KMA said, and what to do.
    public var description: String {
        switch self {
        case .resultCode(let code, let message):
            let said = message.isEmpty ? "" : " (\"\(Self.quote(message))\")"
            return "KMA answered resultCode \(code)\(said). \(code.advice)"
        case .gateway(let code, let authMessage, let errorMessage):
            let name = code.name ?? authMessage
            let said = [authMessage, errorMessage].filter { !$0.isEmpty && $0 != name }
            let quoted = said.isEmpty ? "" : " (" + said.map { "\"\(Self.quote($0))\"" }.joined(separator: ", ") + ")"
            let named = name.isEmpty ? "" : " " + Self.quote(name)
            return "The data.go.kr gateway refused the request: returnReasonCode \(PrintableText.excerpt(code.rawValue))\(named)\(quoted). \(code.advice)"
        case .apiHubRefusal(let status, let message):
            let stated = status.map { "status \($0)" }
            let said = message.isEmpty ? nil : "\"\(Self.quote(message))\""
            let detail = [stated, said].compactMap { $0 }.joined(separator: ": ")
            return "KMA API Hub refused the request\(detail.isEmpty ? "" : " (\(detail))"). \(Self.apiHubAdvice(status: status, message: message))"
        case .emptyRun:
            return "KMA answered resultCode 00 NORMAL_SERVICE with no items (totalCount 0): an empty run, not a forecast. The run may not be fully published yet: try again in a few minutes, or ask for the previous base time."
        case .xmlNotSupported:
            return "The response is XML (dataType=XML); this toolkit reads JSON: request with dataType=JSON."
        case .legacyFormat(let detail):
            return "The response is in the retired pre-2021 format (\(PrintableText.singleLine(detail))); use VilageFcstInfoService_2.0 (getVilageFcst, getUltraSrtFcst, getUltraSrtNcst)."
        case .html(let title):
            let said = title.map { " titled \"\(Self.quote($0))\"" } ?? ""
            return "The server sent an HTML page\(said) instead of data: check the service URL, and whether a proxy or captive portal is in the way."
        case .empty:
            return "The response body is empty; KMA may be having trouble: try again in a minute."
        case .malformedJSON(let offset, let reason):
            return "The response is not valid JSON at byte \(offset): \(PrintableText.singleLine(reason))."
        case .truncated(let offset):
            return "The response ends early at byte \(offset) (the connection was probably cut); try again."
        case .unexpectedShape(let detail):
            return "The response is JSON but not a KMA forecast response: \(PrintableText.singleLine(detail))."
        }
    }
}

extension ForecastResponseError {
    /// What a peer said, as a description quotes it: the key redacted, then the one rule for
    /// network text (``PrintableText/excerpt(_:)``: escaped, one line, at most 300 characters).
    package static func quote(_ text: String) -> String {
        PrintableText.excerpt(KeyRedaction.redact(text))
    }

    /// What to do about an API Hub refusal, from what its body says: an API not allowed for the
    /// key, an API not applied for (활용신청, or a bare 403), or a key problem (401, 인증키).
    static func apiHubAdvice(status: Int?, message: String) -> String {
        let lower = message.lowercased()
        if message.contains("허용되지 않은") || lower.contains("not allowed") {
            return "API Hub does not allow this API for your key: on apihub.kma.go.kr apply for 단기예보 조회서비스 (VilageFcstInfoService_2.0; 활용신청, each operation on its own), and check that the service URL names one of its operations (getVilageFcst, getUltraSrtFcst, getUltraSrtNcst). \(ResultCode.activationHint)"
        }
        if message.contains("신청") {
            return Self.apiHubApplyAdvice
        }
        if status == 401 || message.contains("인증키") || lower.contains("key") {
            return "Check the authKey: copy it whole from your page on apihub.kma.go.kr, and make sure it is an API Hub key (not a data.go.kr serviceKey). \(ResultCode.activationHint)"
        }
        if status == 403 {
            return Self.apiHubApplyAdvice
        }
        return "Check the authKey and that you have applied for the API (활용신청) on apihub.kma.go.kr. \(ResultCode.activationHint)"
    }

    private static let apiHubApplyAdvice = "Apply for the API (활용신청) on apihub.kma.go.kr with this key's account: 단기예보 조회서비스 (VilageFcstInfoService_2.0), each operation on its own. \(ResultCode.activationHint)"
}
