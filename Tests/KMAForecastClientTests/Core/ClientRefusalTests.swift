import Foundation
import KMAForecast
import Testing
@testable import KMAForecastClient
import _KMATestSupport

/// Issue 9: refusals that say why — the gateway's envelopes and API Hub's JSON bodies — are
/// passed on with their own words and the right advice, over real HTTP.
@Suite("ForecastClient over HTTP: the gateway's and API Hub's refusals, in their own words")
struct ClientRefusalTests {
    static let hint = "A new key (or a new 활용신청) can take an hour or more to become active."

    @Test("API Hub's 401/403 JSON bodies: KMA's words and API Hub advice, one request, no key anywhere", arguments: [
        ("api/hand_made_apihub_401_invalid_key.json", 401,
         "KMA API Hub refused the request (status 401: \"유효하지 않은 인증키 입니다.\"). Check the authKey: copy it whole from your page on apihub.kma.go.kr, and make sure it is an API Hub key (not a data.go.kr serviceKey). \(hint)"),
        ("api/hand_made_apihub_403_not_applied.json", 403,
         "KMA API Hub refused the request (status 403: \"활용신청하지 않은 API입니다. API허브에서 활용신청 후 사용하세요.\"). Apply for the API (활용신청) on apihub.kma.go.kr with this key's account: 단기예보 조회서비스 (VilageFcstInfoService_2.0), each operation on its own. \(hint)"),
        ("api/hand_made_apihub_403_not_allowed.json", 403,
         "KMA API Hub refused the request (status 403: \"허용되지 않은 API 입니다.\"). API Hub does not allow this API for your key: on apihub.kma.go.kr apply for 단기예보 조회서비스 (VilageFcstInfoService_2.0; 활용신청, each operation on its own), and check that the service URL names one of its operations (getVilageFcst, getUltraSrtFcst, getUltraSrtNcst). \(hint)"),
        // The same body with HTTP 200 is read by the decoder.
        ("api/hand_made_apihub_401_invalid_key.json", 200,
         "KMA API Hub refused the request (status 401: \"유효하지 않은 인증키 입니다.\"). Check the authKey: copy it whole from your page on apihub.kma.go.kr, and make sure it is an API Hub key (not a data.go.kr serviceKey). \(hint)"),
    ])
    func apiHub(file: String, status: Int, says: String) async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.status(status, body: try Fixtures.text(file), contentType: "application/json;charset=UTF-8", headers: [:]), times: 9)
        let recorder = Recorder()
        let error = try #require(await fetchError(try makeClient(server, provider: .apiHub, recorder: recorder)))
        // Regression: "no 'response' object" with 200, "check the service URL" with 401,
        // "not subscribed" with 403.
        #expect(error.description == says)
        #expect(error.stage == .resultCode && !error.isTransient && error.attempts == 1 && server.requests.count == 1)
        #expect(error.url?.contains("/api/typ02/openApi/VilageFcstInfoService_2.0/getVilageFcst?authKey=REDACTED&") == true)
        for text in texts(of: error) + recorder.eventTexts { #expect(!text.contains("TESTKEY"), "\(text)") }
    }

    @Test("A refusal that echoes the key shows it redacted, in any form")
    func echoedKey() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let body = #"{"status":401,"message":"key TESTKEY+abc/def== (TESTKEY%2Babc%2Fdef%3D%3D) is not valid"}"#
        server.inject(.status(401, body: body, contentType: "application/json", headers: [:]), times: 9)
        let error = try #require(await fetchError(try makeClient(server, provider: .apiHub)))
        #expect(error.description.hasPrefix("KMA API Hub refused the request (status 401: \"key REDACTED (REDACTED) is not valid\")."), "\(error)")
        for text in texts(of: error) { #expect(!text.contains("TESTKEY"), "\(text)") }
    }

    @Test("A per-second limit (23) honours Retry-After like a 429", arguments: [200, 403])
    func perSecondRetryAfter(status: Int) async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let body = status == 200
            ? try Fixtures.text("api/hand_made_gateway_error_23_per_second.xml")
            : #"{"OpenAPI_ServiceResponse":{"cmmMsgHeader":{"errMsg":"SERVICE ERROR","returnAuthMsg":"LIMITED_NUMBER_OF_SERVICE_REQUESTS_PER_SECOND_EXCEEDS_ERROR","returnReasonCode":"23"}}}"#
        server.inject(.status(status, body: body, contentType: status == 200 ? "text/xml" : "application/json", headers: ["Retry-After": "3"]))
        let recorder = Recorder()
        let run = try await makeClient(server, recorder: recorder).fetch(.shortTerm, cell: shortTermCell)
        #expect(run.itemCount == 809 && run.requests == 2)
        #expect(recorder.sleeps == [.seconds(3)], "\(recorder.eventTexts)")
        let retried = recorder.events.compactMap { event -> ForecastClientError? in
            if case .retryScheduled(_, _, _, _, let error) = event { return error }
            return nil
        }
        #expect(retried.map(\.resultCode) == [.perSecondLimitExceeded])
    }

    @Test("The daily quota (22) is not retried and says when it resets, whatever the envelope", arguments: [
        "api/hand_made_gateway_error_22_quota.xml", "api/hand_made_gateway_error_22_quota_namespaced.xml",
    ])
    func quota(file: String) async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.body(try Fixtures.text(file), contentType: "text/xml"), times: 9)
        let recorder = Recorder()
        let error = try #require(await fetchError(try makeClient(server, recorder: recorder)))
        #expect(error.resultCode == .quotaExceeded && !error.isTransient && error.attempts == 1 && recorder.sleeps.isEmpty)
        #expect(error.description.contains("it resets at midnight KST (00:00 KST)"))
    }
}
