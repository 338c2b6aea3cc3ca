import Foundation
import KMAForecast
import KMAGrid
import Testing
@testable import KMAForecastClient
import _KMATestSupport

/// A fault, what the client must do about it, and what must come out.
struct FaultCase: Sendable, CustomTestStringConvertible {
    let label: String
    let fault: ReplayFault
    /// How often the fault is injected (the client makes at most 3 attempts).
    let times: Int
    /// Requests the server must see.
    let requests: Int
    /// The stage of the error, or `nil` when the fetch must succeed.
    let stage: ForecastClientError.Stage?
    /// Text the description must contain.
    let says: String
    var testDescription: String { label }
}

@Suite("ForecastClient over HTTP: every fault, retried or not, and no key in any text")
struct ClientFaultTests {
    static func cases() throws -> [FaultCase] {
        let gateway30 = try Fixtures.text("api/gateway_error_30_key_not_registered.xml")
        let quota22 = try Fixtures.text("api/hand_made_gateway_error_22_quota.xml")
        let html = try Fixtures.text("api/hand_made_html_502.html")
        let code01 = try Fixtures.text("api/error_01_application_error.json")
        let code10 = try Fixtures.text("api/error_10_base_time_digits.json")
        // Hand-made from the recorded shapes: KMA's JSON header with another code, and the
        // gateway's envelope with another returnReasonCode.
        func header(_ code: String, _ name: String) -> ReplayFault {
            .body(#"{"response":{"header":{"resultCode":"\#(code)","resultMsg":"\#(name)"}}}"#, contentType: "application/json")
        }
        func gateway(_ code: String, _ name: String) -> ReplayFault {
            .body(gateway30.replacingOccurrences(of: "SERVICE_KEY_IS_NOT_REGISTERED_ERROR", with: name)
                .replacingOccurrences(of: "<returnReasonCode>30<", with: "<returnReasonCode>\(code)<"), contentType: "text/xml")
        }
        let gateway31 = gateway30.replacingOccurrences(of: "SERVICE_KEY_IS_NOT_REGISTERED_ERROR", with: "DEADLINE_HAS_EXPIRED_ERROR")
            .replacingOccurrences(of: "<returnReasonCode>30<", with: "<returnReasonCode>31<")
        let perSecond23 = try Fixtures.text("api/hand_made_gateway_error_23_per_second.xml")
        let quota22Namespaced = try Fixtures.text("api/hand_made_gateway_error_22_quota_namespaced.xml")
        let gatewayJSON30 = try Fixtures.text("api/gateway_error_30_key_not_registered.http403.json")
        let gatewayJSON23 = gatewayJSON30.replacingOccurrences(of: "SERVICE_KEY_IS_NOT_REGISTERED_ERROR", with: "LIMITED_NUMBER_OF_SERVICE_REQUESTS_PER_SECOND_EXCEEDS_ERROR")
            .replacingOccurrences(of: "\"30\"", with: "\"23\"")
        return [
            // Transient: retried, and a later success is a success.
            FaultCase(label: "HTTP 500 twice, then fine", fault: .status(500), times: 2, requests: 3, stage: nil, says: ""),
            FaultCase(label: "connection reset once, then fine", fault: .reset, times: 1, requests: 2, stage: nil, says: ""),
            FaultCase(label: "body cut short once, then fine", fault: .truncate(keepingBytes: 5000), times: 1, requests: 2, stage: nil, says: ""),
            FaultCase(label: "KMA 01 APPLICATION_ERROR once, then fine", fault: .body(code01, contentType: "application/json"), times: 1, requests: 2, stage: nil, says: ""),
            FaultCase(label: "KMA 02 DB_ERROR twice, then fine", fault: header("02", "DB_ERROR"), times: 2, requests: 3, stage: nil, says: ""),
            FaultCase(label: "KMA 05 SERVICETIME_OUT every time", fault: header("05", "SERVICETIME_OUT"), times: 9, requests: 3, stage: .resultCode, says: "fault on KMA's side"),
            // The gateway's per-second limit (23), however it comes, is backed off and retried.
            FaultCase(label: "gateway XML per-second limit (23) twice, then fine", fault: .body(perSecond23, contentType: "text/xml"), times: 2, requests: 3, stage: nil, says: ""),
            FaultCase(label: "gateway JSON per-second limit (23) with HTTP 403 once, then fine", fault: .status(403, body: gatewayJSON23, contentType: "application/json", headers: [:]), times: 1, requests: 2, stage: nil, says: ""),
            FaultCase(label: "KMA resultCode 23 once, then fine", fault: header("23", "LIMITED_NUMBER_OF_SERVICE_REQUESTS_PER_SECOND_EXCEEDS_ERROR"), times: 1, requests: 2, stage: nil, says: ""),
            FaultCase(label: "gateway XML per-second limit (23) every time", fault: .body(perSecond23, contentType: "text/xml"), times: 9, requests: 3, stage: .resultCode, says: "The data.go.kr gateway refused the request: returnReasonCode 23 LIMITED_NUMBER_OF_SERVICE_REQUESTS_PER_SECOND_EXCEEDS_ERROR (\"SERVICE ERROR\"). Too many requests in one second (the gateway allows about 30 a second per operation): slow down and try again after a short wait. (failed after 3 attempts)"),
            // Transient every time: bounded attempts, then the error.
            FaultCase(label: "HTTP 500 every time", fault: .status(500), times: 9, requests: 3, stage: .httpStatus, says: "HTTP 500 after 3 attempts: KMA is having trouble"),
            FaultCase(label: "HTTP 503 HTML page every time", fault: .status(503, body: html, contentType: "text/html", headers: [:]), times: 9, requests: 3, stage: .httpStatus, says: "HTTP 503 after 3 attempts"),
            FaultCase(label: "HTTP 429 every time", fault: .status(429), times: 9, requests: 3, stage: .httpStatus, says: "429 Too Many Requests after 3 attempts"),
            FaultCase(label: "reset every time", fault: .reset, times: 9, requests: 3, stage: .transport, says: "broke before the answer was complete"),
            FaultCase(label: "cut short every time", fault: .truncate(keepingBytes: 5000), times: 9, requests: 3, stage: .transport, says: "ended before its declared length"),
            // The user must act: one request, the right advice.
            FaultCase(label: "HTTP 403 (not subscribed)", fault: .status(403), times: 9, requests: 1, stage: .httpStatus, says: "not subscribed"),
            FaultCase(label: "gateway XML, key not registered (30)", fault: .body(gateway30, contentType: "text/xml"), times: 9, requests: 1, stage: .resultCode, says: "can take an hour or more to become active"),
            FaultCase(label: "gateway XML, quota (22)", fault: .body(quota22, contentType: "text/xml"), times: 9, requests: 1, stage: .resultCode, says: "10,000 calls a day"),
            FaultCase(label: "gateway XML, quota (22), namespaced", fault: .body(quota22Namespaced, contentType: "text/xml"), times: 9, requests: 1, stage: .resultCode, says: "The daily request quota is used up (10,000 calls a day for a development key); it resets at midnight KST (00:00 KST): try again after that, or request a higher quota on data.go.kr. Retrying sooner does not help."),
            FaultCase(label: "gateway XML, retired path (12)", fault: gateway("12", "NO_OPENAPI_SERVICE_ERROR"), times: 9, requests: 1, stage: .resultCode, says: "returnReasonCode 12 NO_OPENAPI_SERVICE_ERROR (\"SERVICE ERROR\"). The service path or operation is retired or wrong (the gateway no longer serves it)"),
            FaultCase(label: "gateway XML, blacklisted IP (29)", fault: gateway("29", "BLACKLIST_IP_ACCESS_ERROR"), times: 9, requests: 1, stage: .resultCode, says: "returnReasonCode 29 BLACKLIST_IP_ACCESS_ERROR (\"SERVICE ERROR\"). Your IP address is blacklisted by data.go.kr (usually after excessive or abnormal traffic): stop sending requests from it and contact data.go.kr (고객센터 / 문의하기) to have it lifted."),
            FaultCase(label: "gateway XML, access denied (20)", fault: gateway("20", "SERVICE_ACCESS_DENIED_ERROR"), times: 9, requests: 1, stage: .resultCode, says: "apply for 기상청_단기예보 조회서비스 (활용신청) on data.go.kr (or on apihub.kma.go.kr). A new key (or a new 활용신청) can take an hour or more to become active."),
            // A 403 is read before it is judged: the gateway's JSON envelope says why.
            FaultCase(label: "gateway JSON, key not registered (30), HTTP 403 (recorded)", fault: .status(403, body: gatewayJSON30, contentType: "application/json;charset=UTF-8", headers: [:]), times: 9, requests: 1, stage: .resultCode, says: "The data.go.kr gateway refused the request: returnReasonCode 30 SERVICE_KEY_IS_NOT_REGISTERED_ERROR (\"등록되지 않은 서비스키\"). The service key is not registered: check that it is copied whole and encoded once. A new key (or a new 활용신청) can take an hour or more to become active."),
            FaultCase(label: "gateway XML, key not registered (30), HTTP 403", fault: .status(403, body: gateway30, contentType: "text/xml", headers: [:]), times: 9, requests: 1, stage: .resultCode, says: "returnReasonCode 30 SERVICE_KEY_IS_NOT_REGISTERED_ERROR"),
            FaultCase(label: "HTTP 403 with an HTML page (not subscribed)", fault: .status(403, body: "<html><head><title>403 Forbidden</title></head></html>", contentType: "text/html", headers: [:]), times: 9, requests: 1, stage: .httpStatus, says: "not subscribed"),
            FaultCase(label: "HTTP 403 with unrelated JSON (not subscribed)", fault: .status(403, body: #"{"ok":false}"#, contentType: "application/json", headers: [:]), times: 9, requests: 1, stage: .httpStatus, says: "not subscribed"),
            FaultCase(label: "HTTP 401 with an empty body", fault: .status(401), times: 9, requests: 1, stage: .httpStatus, says: "KMA answered HTTP 401 Unauthorized without saying why: the key was not accepted. Check that it is copied whole and meant for this provider (an API Hub authKey for apihub.kma.go.kr, a serviceKey for data.go.kr). A new key (or a new 활용신청) can take an hour or more to become active."),
            FaultCase(label: "KMA 10 invalid parameter", fault: .body(code10, contentType: "application/json"), times: 9, requests: 1, stage: .resultCode, says: "base_time는 4자리 입니다."),
            FaultCase(label: "KMA 12 no such operation", fault: header("12", "NO_OPENAPI_SERVICE_ERROR"), times: 9, requests: 1, stage: .resultCode, says: "check the service URL and operation name"),
            FaultCase(label: "gateway XML, key expired (31)", fault: .body(gateway31, contentType: "text/xml"), times: 9, requests: 1, stage: .resultCode, says: "period of use of your service key has ended"),
            FaultCase(label: "KMA 99 UNKNOWN_ERROR", fault: header("99", "UNKNOWN_ERROR"), times: 9, requests: 1, stage: .resultCode, says: "Unexpected KMA error"),
            FaultCase(label: "HTML page with HTTP 200", fault: .body(html, contentType: "text/html"), times: 9, requests: 1, stage: .decode, says: "HTML page titled \"502 Bad Gateway\""),
            FaultCase(label: "HTTP 404", fault: .status(404), times: 9, requests: 1, stage: .httpStatus, says: "service URL is wrong"),
            // The answer is inconsistent: an error, never a partial run.
            FaultCase(label: "items for another cell", fault: .relabelItems(nx: 61, ny: 120), times: 9, requests: 1, stage: .consistency, says: "item for nx 61, ny 120"),
            FaultCase(label: "short page", fault: .dropItems(9), times: 9, requests: 1, stage: .consistency, says: "page 1 holds 800 items but should hold 809"),
            // Regression: a totalCount of Int.max trapped in the page arithmetic.
            FaultCase(label: "totalCount Int.max", fault: .totalCountOffset(Int.max - 809), times: 9, requests: 1, stage: .consistency, says: "totalCount 9223372036854775807 is far more than a forecast run"),
            // A gateway claiming a million items: refused on page 1, not paged through (1,000 requests).
            FaultCase(label: "totalCount 1,000,000", fault: .totalCountOffset(1_000_000 - 809), times: 9, requests: 1, stage: .consistency, says: "totalCount 1000000 is far more than a forecast run of one cell has"),
        ]
    }

    @Test(arguments: try cases())
    func fault(_ c: FaultCase) async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(c.fault, times: c.times)
        let recorder = Recorder()
        let client = try makeClient(server, recorder: recorder)
        do throws(ForecastClientError) {
            let run = try await client.fetch(.shortTerm, cell: shortTermCell)
            #expect(c.stage == nil, "expected an error at stage \(String(describing: c.stage))")
            #expect(run.itemCount == 809 && run.requests == c.requests)
        } catch {
            #expect(error.stage == c.stage)
            #expect(error.description.contains(c.says), "\(error.description)")
            #expect(error.attempts == c.requests, "\(recorder.eventTexts)")
            for text in texts(of: error) { #expect(!text.contains("TESTKEY"), "\(text)") }
        }
        #expect(server.requests.count == c.requests)
        #expect(recorder.sleeps.count == c.requests - 1)
        for text in recorder.eventTexts { #expect(!text.contains("TESTKEY"), "\(text)") }
    }

    @Test("Backoff waits grow with jitter: 0.375 s, then 0.75 s (draw 0.5)")
    func backoff() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.status(500), times: 2)
        let recorder = Recorder()
        _ = try await makeClient(server, recorder: recorder).fetch(.shortTerm, cell: shortTermCell)
        #expect(recorder.sleeps == [.milliseconds(375), .milliseconds(750)])
    }

    @Test("Retry-After on a 429 is honoured")
    func retryAfter() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.status(429, headers: ["Retry-After": "2"]))
        let recorder = Recorder()
        let run = try await makeClient(server, recorder: recorder).fetch(.shortTerm, cell: shortTermCell)
        #expect(run.requests == 2 && recorder.sleeps == [.seconds(2)], "\(recorder.eventTexts)")
    }

    @Test("The overall timeout cancels a slow answer; each attempt times out, then the error")
    func overallTimeout() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        // The answer takes a minute: far beyond the timeout, whatever the machine's load; the
        // timeout is 2 s, in which even a busy machine gets a request to the server.
        server.inject(.delay(milliseconds: 60_000), times: 2)
        let client = try makeClient(
            server, retry: RetryPolicy(maxAttempts: 2),
            timeouts: ClientTimeouts(connect: .seconds(120), overall: .seconds(2))
        )
        let error = try #require(await fetchError(client))
        #expect(error.stage == .transport && error.attempts == 2, "\(error)")
        #expect(await waitUntil { server.requests.count >= 2 } && server.requests.count == 2, "the server received \(server.requests.count)")
        #expect(error.description.hasPrefix("KMA is slow or down: timed out after 2 attempts (2 s per attempt)"), "\(error)")
    }

    @Test("The connect (inactivity) timeout is URLSession's: a silent server fails after it")
    func connectTimeout() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        // A minute of silence: far beyond the 1 s timeout, which must fire, whatever the load.
        server.inject(.delay(milliseconds: 60_000))
        let client = try makeClient(server, retry: .none, timeouts: ClientTimeouts(connect: .seconds(1), overall: .seconds(240)))
        let error = try #require(await fetchError(client))
        #expect(error.reason == .timedOut(seconds: 1) && error.attempts == 1, "\(error)")
    }

    @Test("A slow attempt then a fast one: the retry succeeds")
    func slowThenFast() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        // Generous both ways: a debug build on a busy machine answers in far less than 5 s, and
        // the slow answer (a minute) is far beyond it.
        server.inject(.delay(milliseconds: 60_000))
        let recorder = Recorder()
        let client = try makeClient(server, timeouts: ClientTimeouts(connect: .seconds(120), overall: .seconds(5)), recorder: recorder)
        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(run.requests == 2, "\(recorder.eventTexts)")
    }

    @Test("A TLS handshake that fails (https:// to a plain-HTTP server) is retried, then says so")
    func tlsHandshake() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        let recorder = Recorder()
        let configuration = ClientConfiguration(
            serviceKey: try ServiceKey(testKey), baseURL: server.baseURL.replacingOccurrences(of: "http://", with: "https://"),
            cache: .disabled, onEvent: { recorder.record($0) }
        )
        let client = try ForecastClient(configuration: configuration, transport: URLSessionTransport(), sleep: { recorder.sleep($0) }, random: { 0.5 })
        let error = try #require(await fetchError(client))
        // Regression: it came out as "URLError -1" with advice to check the network.
        #expect(error.reason == .secureConnectionFailed(host: "127.0.0.1:\(server.port)"), "\(error)")
        #expect(error.attempts == 3 && recorder.sleeps.count == 2 && error.stage == .transport)
        #expect(error.description.contains("TLS handshake after 3 attempts") && error.description.contains("https:// or http://"))
        for text in texts(of: error) + recorder.eventTexts { #expect(!text.contains("TESTKEY"), "\(text)") }
    }

    @Test("A redirect loop is the service URL's fault: one attempt, no retry, advice about the URL")
    func redirectLoop() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.status(302, headers: ["Location": "/1360000/VilageFcstInfoService_2.0/getVilageFcst"]), times: 1000)
        let recorder = Recorder()
        let error = try #require(await fetchError(try makeClient(server, recorder: recorder)))
        // Regression: retried three times with advice to check the network.
        #expect(error.reason == .tooManyRedirects(host: "127.0.0.1:\(server.port)"), "\(error)")
        #expect(error.attempts == 1 && recorder.sleeps.isEmpty && !error.isTransient)
        #expect(error.description.contains("the service URL is wrong"))
        #expect(server.requests.count > 1)   // URLSession followed the redirects before giving up
        for text in texts(of: error) { #expect(!text.contains("TESTKEY"), "\(text)") }
    }

    @Test("Nothing listening: unreachable, retried, no key shown")
    func unreachable() async throws {
        let closed = try RefusingPort()
        let configuration = ClientConfiguration(serviceKey: try ServiceKey(testKey), baseURL: closed.baseURL, cache: .disabled)
        let client = try ForecastClient(configuration: configuration, transport: URLSessionTransport(), sleep: { _ in }, random: { 0.5 })
        let error = try #require(await fetchError(client))
        #expect(error.stage == .transport && error.attempts == 3, "\(error)")
        #expect(error.description.contains("Could not reach 127.0.0.1:\(closed.port) (the connection was refused) after 3 attempts"), "\(error)")
        for text in texts(of: error) { #expect(!text.contains("TESTKEY")) }
    }

    @Test("Page 2 failures fail the run: short, totalCount changed, NO_DATA, another cell", arguments: [
        (ReplayFault.dropItems(1), "page 2 holds 299 items but should hold 300 of totalCount 809"),
        (.totalCountOffset(1), "page 2 reports totalCount 810 but page 1 reported 809"),
        (.noData, "page 2 holds 0 items but should hold 300 of totalCount 809"),
        (.relabelItems(nx: 60, ny: 121), "item for nx 60, ny 121"),
    ])
    func laterPage(_ fault: ReplayFault, _ says: String) async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(fault, times: 9, when: ReplayMatch(pageNo: 2))
        let client = try makeClient(server, pageSize: 300)
        let error = try #require(await fetchError(client))
        #expect(error.description.contains(says), "\(error)")
        #expect(error.url?.contains("pageNo=2") == true)
    }

    @Test("A stream that fails on page 2 throws after page 1's items; it never just ends")
    func streamFailsLate() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.dropItems(1), times: 9, when: ReplayMatch(pageNo: 2))
        var received = 0
        var failure: ForecastClientError?
        let stream = try makeClient(server, pageSize: 300).items(.shortTerm, cell: shortTermCell)
        do throws(ForecastClientError) {
            for try await _ in stream { received += 1 }
        } catch {
            failure = error
        }
        #expect(received == 300)
        #expect(failure?.stage == .consistency)
    }

    @Test("Cancelling a fetch stops it promptly with a cancellation error")
    func cancellation() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.delay(milliseconds: 60_000), times: 9)
        let client = try makeClient(server)
        let task = Task { await fetchError(client) }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        task.cancel()
        let error = await task.value
        #expect(error?.reason == .cancelled)
        #expect(server.requests.count == 1)
    }
}
