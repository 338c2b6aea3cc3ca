import KMAForecast

extension ForecastClientError {
    /// What went wrong and what to do, in a sentence or two; an error of the mid-term service
    /// says so first, and a refusal that means the key has not been applied for the mid-term
    /// service says how to apply (활용신청).
    public var description: String {
        switch service {
        case .shortTerm:
            return serviceNeutralDescription
        case .midTerm:
            if case .noMidTermRegion = reason { return serviceNeutralDescription }
            let prefix = "The mid-term forecast service (중기예보, MidFcstInfoService) failed: "
            guard isAccessRefusal else { return prefix + serviceNeutralDescription }
            return prefix + refusalSaid + ". " + Self.midTermApplicationHint
        case .uvIndex:
            let prefix = "The UV index service (생활기상지수, LivingWthrIdxServiceV5) failed: "
            guard isAccessRefusal else { return prefix + serviceNeutralDescription }
            return prefix + refusalSaid + ". " + Self.uvIndexApplicationHint
        }
    }

    /// What KMA said when it refused the key, in a clause.
    private var refusalSaid: String {
        let said: String = switch reason {
            case .forbidden: "KMA answered HTTP 403 Forbidden"
            case .httpStatus(let code): "KMA answered HTTP \(code)"
            case .response(.gateway(let code, let authMessage, _)):
                "the data.go.kr gateway refused the key: returnReasonCode \(code.rawValue) \(code.name ?? KeyRedaction.redact(authMessage))"
            case .response(.apiHubRefusal(let status, let message)):
                "KMA API Hub refused the request" + (status.map { " (status \($0))" } ?? "") + (message.isEmpty ? "" : ": \"\(KeyRedaction.redact(message))\"")
            case .response(let error):
                "KMA answered resultCode \(error.resultCode?.description ?? "?")"
            default: serviceNeutralDescription
            }
        return said
    }

    /// What to do when the mid-term service refuses a key that the short-term service takes.
    public static let midTermApplicationHint = "The key is probably not applied for the mid-term service: it needs its own 활용신청, apart from the short-term one. On data.go.kr apply for 기상청_중기예보 조회서비스 (service 15059468); on apihub.kma.go.kr for 중기예보 조회 (MidFcstInfoService), with this key's account. A new 활용신청 can take an hour or more to become active."

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
