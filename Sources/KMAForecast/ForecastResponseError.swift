/// Why a response body is not a usable page of forecast items.
///
/// Every case's ``description`` says what happened and what to do, and never contains a
/// service key (text quoted from a body passes through ``KeyRedaction``).
public enum ForecastResponseError: Error, Hashable, Sendable {
    /// KMA answered with a `resultCode` other than `00` (`03` NO_DATA, `10` with KMA's own
    /// text, `22` quota, `30` key not registered …). `message` is KMA's `resultMsg`.
    case resultCode(ResultCode, message: String)
    /// The data.go.kr gateway's XML envelope `<OpenAPI_ServiceResponse>`, which can arrive with
    /// HTTP 200 even when JSON was asked for.
    case gateway(reasonCode: ResultCode, authMessage: String, errorMessage: String)
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

    /// Whether a later retry of the same request may succeed (KMA codes 01, 02, 04, 05, and
    /// bodies cut short in transit).
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
            let said = message.isEmpty ? "" : " (\"\(KeyRedaction.redact(message))\")"
            return "KMA answered resultCode \(code)\(said). \(code.advice)"
        case .gateway(let code, let authMessage, let errorMessage):
            let name = authMessage.isEmpty ? (code.name ?? "") : authMessage
            let detail = errorMessage.isEmpty ? "" : " (\(KeyRedaction.redact(errorMessage)))"
            return "The data.go.kr gateway refused the request: returnReasonCode \(code.rawValue) \(KeyRedaction.redact(name))\(detail). \(code.advice)"
        case .xmlNotSupported:
            return "The response is XML (dataType=XML); this toolkit reads JSON: request with dataType=JSON."
        case .legacyFormat(let detail):
            return "The response is in the retired pre-2021 format (\(detail)); use VilageFcstInfoService_2.0 (getVilageFcst, getUltraSrtFcst, getUltraSrtNcst)."
        case .html(let title):
            let said = title.map { " titled \"\(KeyRedaction.redact($0))\"" } ?? ""
            return "The server sent an HTML page\(said) instead of data: check the service URL, and whether a proxy or captive portal is in the way."
        case .empty:
            return "The response body is empty; KMA may be having trouble: try again in a minute."
        case .malformedJSON(let offset, let reason):
            return "The response is not valid JSON at byte \(offset): \(reason)."
        case .truncated(let offset):
            return "The response ends early at byte \(offset) (the connection was probably cut); try again."
        case .unexpectedShape(let detail):
            return "The response is JSON but not a KMA forecast response: \(detail)."
        }
    }
}
