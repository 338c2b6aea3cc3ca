/// A `serve` option that cannot be used: which, what was wrong and what to do, in English
/// (``description``) and Korean (``koreanDescription``).
public enum ServeOptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `--listen` is not `HOST:PORT` with an IPv4 address and a port 0…65535.
    case listen(String)
    /// `--daily-quota` is not a whole number 1…10,000,000.
    case dailyQuota(String)
    /// The tokens file cannot be read or holds a bad line: what.
    case tokens(String)
    /// `--cors` is not an origin (`https://app.example`, or `*`).
    case cors(String)
    /// `--log-format` is neither `json` nor `text`.
    case logFormat(String)
    /// The address cannot be listened on: the system's reason.
    case cannotListen(String, reason: String)
    /// `--redis` is not a Redis URL the client can use: why (the password never in it).
    case redis(String)

    public var description: String {
        switch self {
        case .listen(let text):
            "'--listen \(text)' is not HOST:PORT with an IPv4 address and a port 0...65535: give e.g. 127.0.0.1:8080 (0.0.0.0:8080 for every interface)."
        case .dailyQuota(let text):
            "'--daily-quota \(text)' is not a whole number of calls 1...10000000: give KMA's daily quota per operation (a development key: 10000)."
        case .tokens(let what):
            "The tokens file cannot be used: \(what)."
        case .cors(let text):
            "'--cors \(text)' is not an origin: give 'https://app.example' (scheme, host, optional port, no path) or '*'."
        case .logFormat(let text):
            "'--log-format \(text)' is not a log format: give json or text."
        case .cannotListen(let address, let reason):
            "Cannot listen on \(address): \(reason). Choose another port or address (--listen)."
        case .redis(let reason):
            "'--redis' cannot be used: \(reason). Give redis://[:password@]host:port[/db], e.g. redis://127.0.0.1:6379."
        }
    }

    /// The description in Korean.
    public var koreanDescription: String {
        switch self {
        case .listen(let text):
            "'--listen \(text)' 은 IPv4 주소와 포트 0...65535 의 HOST:PORT 가 아닙니다: 예를 들어 127.0.0.1:8080 (모든 인터페이스는 0.0.0.0:8080)을 주세요."
        case .dailyQuota(let text):
            "'--daily-quota \(text)' 은 1...10000000 의 정수가 아닙니다: 오퍼레이션마다의 기상청 일일 한도 (개발 계정 키: 10000)를 주세요."
        case .tokens(let what):
            "토큰 파일을 쓸 수 없습니다: \(what)."
        case .cors(let text):
            "'--cors \(text)' 은 출처가 아닙니다: 'https://app.example' (스킴, 호스트, 선택 포트, 경로 없음) 또는 '*' 를 주세요."
        case .logFormat(let text):
            "'--log-format \(text)' 은 로그 형식이 아닙니다: json 또는 text 를 주세요."
        case .cannotListen(let address, let reason):
            "\(address) 에서 들을 수 없습니다: \(reason). 다른 포트나 주소를 고르세요 (--listen)."
        case .redis(let reason):
            "'--redis' 를 쓸 수 없습니다: \(reason). redis://[:비밀번호@]호스트:포트[/db] 를 주세요 (예: redis://127.0.0.1:6379)."
        }
    }
}
