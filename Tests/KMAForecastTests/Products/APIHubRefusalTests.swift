import Testing
@testable import KMAForecast
import _KMATestSupport

@Suite("API Hub's own JSON error bodies: KMA's words passed on, with advice")
struct APIHubRefusalTests {
    static let hint = "A new key (or a new 활용신청) can take an hour or more to become active."

    @Test("The hand-made API Hub bodies (401 invalid key, 403 not applied for, 403 not allowed)", arguments: [
        ("api/hand_made_apihub_401_invalid_key.json", 401, "유효하지 않은 인증키 입니다.",
         "KMA API Hub refused the request (status 401: \"유효하지 않은 인증키 입니다.\"). Check the authKey: copy it whole from your page on apihub.kma.go.kr, and make sure it is an API Hub key (not a data.go.kr serviceKey). \(hint)"),
        ("api/hand_made_apihub_403_not_applied.json", 403, "활용신청하지 않은 API입니다. API허브에서 활용신청 후 사용하세요.",
         "KMA API Hub refused the request (status 403: \"활용신청하지 않은 API입니다. API허브에서 활용신청 후 사용하세요.\"). Apply for the API (활용신청) on apihub.kma.go.kr with this key's account: 단기예보 조회서비스 (VilageFcstInfoService_2.0), each operation on its own. \(hint)"),
        ("api/hand_made_apihub_403_not_allowed.json", 403, "허용되지 않은 API 입니다.",
         "KMA API Hub refused the request (status 403: \"허용되지 않은 API 입니다.\"). API Hub does not allow this API for your key: on apihub.kma.go.kr apply for 단기예보 조회서비스 (VilageFcstInfoService_2.0; 활용신청, each operation on its own), and check that the service URL names one of its operations (getVilageFcst, getUltraSrtFcst, getUltraSrtNcst). \(hint)"),
    ])
    func recordedShapes(file: String, status: Int, message: String, description: String) throws {
        let error = try #require(decodeError(try Fixtures.bytes(file)))
        #expect(error == .apiHubRefusal(status: status, message: message))
        #expect(error.description == description)
        #expect(!error.isTransient && error.resultCode == nil)
    }

    @Test("Tolerant reading: other keys, a status as text, a bare message, the best message key", arguments: [
        (#"{"code":"401","msg":"invalid authKey"}"#, ForecastResponseError.apiHubRefusal(status: 401, message: "invalid authKey")),
        (#"{"error":"Forbidden","message":"활용신청 후 사용하세요","status":403,"path":"/api/typ02/x"}"#, .apiHubRefusal(status: 403, message: "활용신청 후 사용하세요")),
        (#"{"data":{"resultMsg":"허용되지 않은 API"}}"#, .apiHubRefusal(status: nil, message: "허용되지 않은 API")),
        (#"{"status":403}"#, .apiHubRefusal(status: 403, message: "")),
        (#"{"result":{"status":401}}"#, .apiHubRefusal(status: 401, message: "")),
    ])
    func tolerant(text: String, expected: ForecastResponseError) {
        #expect(decodePage(text) == .failure(expected))
    }

    @Test("Messages are kept as sent (trimmed); the description escapes them and cuts them by the one rule")
    func keptAndEscaped() throws {
        let text = #"{"status":401,"message":" \u001b[31m인증키\r\n\t오류\u0007 \u0085끝\n"}"#
        let sent = "\u{1B}[31m인증키\r\n\t오류\u{07} \u{85}끝"
        #expect(decodePage(text) == .failure(.apiHubRefusal(status: 401, message: sent)))
        #expect(ForecastResponseError.apiHubRefusal(status: 401, message: sent).description.hasPrefix(
            #"KMA API Hub refused the request (status 401: "\u{1B}[31m인증키\u{D}\u{A}\u{9}오류\u{7} \u{85}끝")."#))
        let long = String(repeating: "가", count: 400)
        guard case .failure(let error) = decodePage(#"{"message":"\#(long)"}"#), case .apiHubRefusal(_, let message) = error else {
            Issue.record("not a refusal")
            return
        }
        #expect(message == long)
        #expect(error.description.contains("\"" + String(repeating: "가", count: PrintableText.maximumExcerptLength) + "… (100 more characters)\""))
        // The gateway's fields are kept and shown the same way.
        let xml = "<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE\u{1B}[2J ERROR</errMsg><returnReasonCode>30</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>"
        #expect(decodePage(xml) == .failure(.gateway(reasonCode: .serviceKeyNotRegistered, authMessage: "", errorMessage: "SERVICE\u{1B}[2J ERROR")))
    }

    @Test("A key echoed in a message is never shown")
    func redacted() {
        let text = #"{"status":401,"message":"authKey=TESTKEY+abc/def== is not valid"}"#
        guard case .failure(let error) = decodePage(text) else { Issue.record("no error"); return }
        #expect(!error.description.contains("TESTKEY") && error.description.contains("authKey=REDACTED is not valid"))
    }
}
