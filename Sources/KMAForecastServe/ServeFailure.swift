import KMAForecast
import KMAForecastClient

/// Why a request was not answered with what it asked for: the status, a code a program
/// branches on, and a message that says what was wrong and what to do, in English and Korean
/// (`lang=ko`). The body is `{"error":{"code":…,"message":…,"status":…}}`; every text quoted in
/// a message went through the one rule for outside text (``PrintableText``) and the client's
/// key redaction (the client's errors never hold the key).
enum ServeFailure: Error, Sendable {
    /// A request the server cannot read (a bad head, a bad parameter): what was wrong.
    case badRequest(String)
    /// A location that cannot be used: the parser's message.
    case location(LocationInputError)
    /// No such route.
    case notFound(String)
    /// A method other than GET or HEAD (and OPTIONS for CORS).
    case methodNotAllowed(String)
    /// No valid bearer token, with `--tokens`.
    case unauthorized
    /// This client asked too often: try again after `seconds`.
    case rateLimited(seconds: Int)
    /// KMA's daily quota (`--daily-quota`) is spent and nothing stale is kept: try again after `seconds`.
    case quotaSpent(seconds: Int)
    /// The server cannot answer now (draining, too many connections): what, and when to retry.
    case unavailable(String)
    /// KMA did not deliver: the client's message (redacted), status 502.
    case upstream(String, korean: String)

    var status: Int {
        switch self {
        case .badRequest, .location: 400
        case .notFound: 404
        case .methodNotAllowed: 405
        case .unauthorized: 401
        case .rateLimited: 429
        case .quotaSpent, .unavailable: 503
        case .upstream: 502
        }
    }

    var code: String {
        switch self {
        case .badRequest: "badRequest"
        case .location: "badLocation"
        case .notFound: "notFound"
        case .methodNotAllowed: "methodNotAllowed"
        case .unauthorized: "unauthorized"
        case .rateLimited: "rateLimited"
        case .quotaSpent: "quotaSpent"
        case .unavailable: "unavailable"
        case .upstream: "upstream"
        }
    }

    /// `Retry-After` in seconds, for 429 and 503.
    var retryAfterSeconds: Int? {
        switch self {
        case .rateLimited(let seconds), .quotaSpent(let seconds): max(1, seconds)
        case .unavailable: 1
        default: nil
        }
    }

    /// What was wrong and what to do.
    var message: String {
        switch self {
        case .badRequest(let what): "Bad request: \(what)."
        case .location(let error): "\(error.description)"
        case .notFound(let path): "No such endpoint: \(path). Use /v1/forecast, /v1/alerts, /v1/places, /healthz or /metrics."
        case .methodNotAllowed(let method): "Method \(method) is not allowed here: use GET (or HEAD)."
        case .unauthorized: "A bearer token is required: send 'Authorization: Bearer <token>' with a token this server knows."
        case .rateLimited(let seconds): "Too many requests from this client: try again in \(seconds) s."
        case .quotaSpent(let seconds): "KMA's daily quota for this server is spent and no earlier answer is kept: try again in \(seconds) s (after midnight KST)."
        case .unavailable(let what): "The server cannot answer now: \(what). Try again shortly."
        case .upstream(let message, _): "KMA did not deliver the forecast: \(message)"
        }
    }

    /// The message in Korean.
    var koreanMessage: String {
        switch self {
        case .badRequest(let what): "잘못된 요청: \(what)."
        case .location(let error): "위치를 쓸 수 없습니다: \(error.description)"
        case .notFound(let path): "없는 경로: \(path). /v1/forecast, /v1/alerts, /v1/places, /healthz, /metrics 를 쓰세요."
        case .methodNotAllowed(let method): "\(method) 메서드는 쓸 수 없습니다: GET (또는 HEAD)을 쓰세요."
        case .unauthorized: "베어러 토큰이 필요합니다: 이 서버가 아는 토큰으로 'Authorization: Bearer <토큰>' 을 보내세요."
        case .rateLimited(let seconds): "이 클라이언트의 요청이 너무 많습니다: \(seconds)초 뒤에 다시 하세요."
        case .quotaSpent(let seconds): "이 서버의 기상청 일일 호출 한도를 다 썼고 이전 응답도 없습니다: \(seconds)초 뒤 (한국 시각 자정 뒤)에 다시 하세요."
        case .unavailable(let what): "서버가 지금 답할 수 없습니다: \(what). 잠시 뒤에 다시 하세요."
        case .upstream(_, let korean): "기상청이 예보를 주지 않았습니다: \(korean)"
        }
    }

    /// The JSON body of a failure, in Korean when asked.
    static func body(_ failure: ServeFailure, korean: Bool = false) -> [UInt8] {
        let message = PrintableText.escaped(korean ? failure.koreanMessage : failure.message, maximumLength: 2_000)
        let error = JSONText.object([("code", JSONText.string(failure.code)), ("message", JSONText.string(message)), ("status", String(failure.status))])
        return Array((JSONText.object([("error", error)]) + "\n").utf8)
    }
}
