import KMAForecast
import KMAForecastText

extension ForecastClientError {
    /// What went wrong and what to do, in a sentence or two; an error of the mid-term service
    /// says so first, and a refusal that means the key has not been applied for the mid-term
    /// service says how to apply (활용신청).
    ///
    /// Text the network sent (KMA's `resultMsg`, a gateway's or API Hub's message, a field's
    /// error line, an HTML title) enters every face here, escaped by the package's one rule
    /// (``PrintableText/escaped(_:maximumLength:)``): control characters (line feeds, ESC, BEL,
    /// C1) and bidirectional overrides are written as `\u{1B}`-style escapes, so the terminal,
    /// a stored forecast's JSON (``ForecastFailure/message``) and an agent read the same
    /// words. (An unknown place's candidates, one a line, are the place table's, not the
    /// network's.)
    public var description: String { shown(unescapedDescription) }

    /// A description as it is shown, in any language: escaped by the one rule, except an
    /// unknown place's candidates (one a line, the place table's words, not the network's).
    func shown(_ text: String) -> String {
        if case .unknownPlace = reason { return text }
        return PrintableText.escaped(text)
    }

    /// ``description`` before escaping.
    private var unescapedDescription: String {
        switch service {
        case .shortTerm:
            return serviceNeutralDescription
        case .midTerm:
            if case .noMidTermRegion = reason { return serviceNeutralDescription }
            let prefix = "The" + service.englishName.dropFirst(3) + " failed: "
            guard isAccessRefusal else { return prefix + serviceNeutralDescription }
            return prefix + refusalSaid + ". " + Self.midTermApplicationHint
        case .warnings:
            let prefix = "The" + service.englishName.dropFirst(3) + " failed: "
            if case .response(let error) = reason, case .resultCode(_, let message) = error, WarningDecoder.isQueryPeriodRefusal(error) {
                return prefix + "KMA refused the query period (resultCode 99, \"\(ForecastResponseError.quote(message))\"): it answers at most 6 days back from today (KST). Ask for a period that starts at most 6 days before today."
            }
            guard isAccessRefusal else { return prefix + serviceNeutralDescription }
            return prefix + refusalSaid + ". " + Self.warningsApplicationHint
        case .uvIndex:
            let prefix = "The" + service.englishName.dropFirst(3) + " failed: "
            guard isAccessRefusal else { return prefix + serviceNeutralDescription }
            return prefix + refusalSaid + ". " + Self.uvIndexApplicationHint
        }
    }

    /// What KMA said when it refused the key, in a clause.
    private var refusalSaid: String {
        switch reason {
        case .forbidden: "KMA answered HTTP 403 Forbidden"
        case .httpStatus(let code): "KMA answered HTTP \(code)"
        case .response(.gateway(let code, let authMessage, _)):
            "the data.go.kr gateway refused the key: returnReasonCode \(code.rawValue) \(code.name ?? ForecastResponseError.quote(authMessage))"
        case .response(.apiHubRefusal(let status, let message)):
            "KMA API Hub refused the request" + (status.map { " (status \($0))" } ?? "") + (message.isEmpty ? "" : ": \"\(ForecastResponseError.quote(message))\"")
        case .response(let error):
            "KMA answered resultCode \(error.resultCode?.description ?? "?")"
        default: serviceNeutralDescription
        }
    }

    /// What to do when the mid-term service refuses a key that the short-term service takes.
    public static let midTermApplicationHint = "The key is probably not applied for the mid-term service: it needs its own 활용신청, apart from the short-term one. On data.go.kr apply for 기상청_중기예보 조회서비스 (service 15059468); on apihub.kma.go.kr for 중기예보 조회 (MidFcstInfoService), with this key's account. A new 활용신청 can take an hour or more to become active."

    /// What to do when the warning service refuses a key that the forecast service takes.
    public static let warningsApplicationHint = "The key is probably not applied for the weather warning service: it needs its own 활용신청, apart from the forecast ones. On data.go.kr apply for 기상청_기상특보 조회서비스 (service 15000415); on apihub.kma.go.kr for 기상특보 조회 (WthrWrnInfoService), with this key's account. A new 활용신청 can take an hour or more to become active. The forecast works without it."
    /// What to do when the UV index service refuses a key that the short-term service takes.
    public static let uvIndexApplicationHint = "The key is probably not applied for the living-weather index service: it needs its own 활용신청, apart from the short-term one. On data.go.kr apply for 기상청_생활기상지수 조회서비스 (search the portal for LivingWthrIdxServiceV5), with this key's account; a new 활용신청 can take an hour or more to become active. The forecast is shown without the UV index meanwhile."

    /// Whether KMA refused the key for the service: a bare HTTP 403, HTTP 401, the gateway's
    /// codes 20 (access denied) and 30 (key not registered), or an API Hub refusal. For a key
    /// that the other service accepts, this means the service was not applied for (활용신청).
    public var isAccessRefusal: Bool {
        switch reason {
        case .forbidden, .httpStatus(401): true
        case .response(.apiHubRefusal): true
        case .response(let error): error.resultCode == .serviceAccessDenied || error.resultCode == .serviceKeyNotRegistered
        default: false
        }
    }
}

extension ForecastClientError.Service {
    /// The service in a message, with its name on KMA's side and its data.go.kr number (the page
    /// where it is applied for): `the weather warning service (기상특보 조회서비스,
    /// WthrWrnInfoService, data.go.kr 15000415)`. The UV index service's number is not given:
    /// KMA_SPEC lists none for it, so it is named by its operation's service.
    public var englishName: String {
        switch self {
        case .shortTerm: "the short-term forecast service (단기예보 조회서비스, VilageFcstInfoService_2.0, data.go.kr 15084084)"
        case .midTerm: "the mid-term forecast service (중기예보 조회서비스, MidFcstInfoService, data.go.kr 15059468)"
        case .warnings: "the weather warning service (기상특보 조회서비스, WthrWrnInfoService, data.go.kr 15000415)"
        case .uvIndex: "the UV index service (생활기상지수 조회서비스, LivingWthrIdxServiceV5)"
        }
    }

    /// ``englishName`` in Korean: `기상특보 조회서비스 (WthrWrnInfoService, data.go.kr 15000415)`.
    public var koreanName: String {
        switch self {
        case .shortTerm: "단기예보 조회서비스 (VilageFcstInfoService_2.0, data.go.kr 15084084)"
        case .midTerm: "중기예보 조회서비스 (MidFcstInfoService, data.go.kr 15059468)"
        case .warnings: "기상특보 조회서비스 (WthrWrnInfoService, data.go.kr 15000415)"
        case .uvIndex: "생활기상지수 조회서비스 (LivingWthrIdxServiceV5)"
        }
    }

    /// The service's data.go.kr root, the example a wrong URL's message gives.
    public var defaultRoot: String {
        switch self {
        case .shortTerm: ServiceProvider.dataGoKr.defaultBaseURL
        case .midTerm: ServiceProvider.dataGoKr.defaultMidTermBaseURL
        case .warnings: ServiceProvider.dataGoKr.defaultWarningsBaseURL
        case .uvIndex: ServiceProvider.dataGoKr.defaultUVIndexBaseURL
        }
    }
}
