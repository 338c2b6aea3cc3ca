import KMAForecast
import _KMASystem

extension RedisError {
    /// ``description`` in Korean, keyed by the case (the server's own words quoted as
    /// ``description`` quotes them; the system's error text stays as the C library gives it).
    public var koreanDescription: String {
        let at = "Redis(\(endpoint))"
        switch problem {
        case .invalidURL(let why):
            return "Redis URL이 올바르지 않습니다: \(why). redis://[[사용자]:비밀번호@]호스트[:포트][/DB번호] 형식으로 쓰세요 (예: redis://127.0.0.1:6379/0)."
        case .invalidArgument(let why):
            return "Redis 호출의 인수가 올바르지 않습니다: \(why)."
        case .unresolvedHost(let why):
            return "\(at): 호스트 이름을 찾을 수 없습니다 (\(PrintableText.excerpt(why))). Redis URL의 호스트를 확인하세요."
        case .connectFailed(let code):
            return "\(at)에 연결할 수 없습니다 (\(SystemCalls.errorName(code) ?? SystemCalls.errorText(code))). redis-server가 실행 중인지, URL의 호스트와 포트가 맞는지 확인하세요."
        case .connectTimedOut:
            return "\(at): 연결 제한 시간 안에 연결되지 않았습니다. 호스트, 포트, 방화벽을 확인하세요."
        case .closedByServer:
            return "\(at): 서버가 응답하기 전에 연결을 닫았습니다 (중지되었거나 다시 시작됨). 다음 호출에서 다시 연결합니다."
        case .replyTimedOut:
            return "\(at): 명령 제한 시간 안에 응답이 없습니다. 서버가 과부하이거나 멈췄거나 닿지 않습니다. 다음 호출에서 다시 연결합니다."
        case .transferFailed(let code):
            return "\(at): 연결이 끊겼습니다 (\(SystemCalls.errorName(code) ?? SystemCalls.errorText(code))). 다음 호출에서 다시 연결합니다."
        case .protocolViolation(let error):
            return "\(at)가 Redis 프로토콜로 응답하지 않습니다: \(error.koreanDescription). URL이 Redis 서버를 가리키는지 확인하세요. 연결을 닫았습니다."
        case .authenticationFailed(let message):
            return "\(at)가 인증을 거부했습니다: \"\(PrintableText.excerpt(message))\". Redis URL의 비밀번호(와 사용자)를 확인하세요."
        case .serverError(let command, let message):
            return "\(at)가 \(command) 명령에 오류로 답했습니다: \"\(PrintableText.excerpt(message))\"."
        case .unexpectedReply(let command, let kind):
            return "\(at)가 \(command) 명령에 그 명령이 주지 않는 응답(\(kind))을 보냈습니다. URL이 Redis 서버를 가리키는지 확인하세요."
        case .valueTooLong(let length, let limit):
            return "\(length)바이트 값은 Redis 클라이언트가 다시 읽을 수 있는 \(limit)바이트를 넘습니다. 더 작게 저장하거나 RESPLimits.maximumBulkLength를 늘리세요."
        }
    }
}
