import Foundation
@testable import KMAForecastServe
import Testing
import _KMATestSupport

@Suite("serve: who may call — bearer tokens hashed at rest, the per-client limit, CORS off unless set, the key never shown")
struct ServeAccessTests {
    @Test("With --tokens, a request needs a listed token (401 otherwise); the file holds only SHA-256 hashes")
    func tokens() async throws {
        let token = "app-token-4f1c"
        var configuration = ServeConfiguration()
        configuration.tokens = try ServeTokens(text: "# hashes\n\(ServeTokens.hash(of: token)) ios-app\n")
        let harness = try ServeHarness(configuration: configuration)
        let none = try await harness.get("/v1/places?q=해운대")
        #expect(none.status == 401 && none.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
        #expect(try await harness.get("/v1/places?q=해운대", headers: ["Authorization": "Bearer app-token-4f1d"]).status == 401)
        #expect(try await harness.get("/v1/places?q=해운대", headers: ["Authorization": "Bearer \(token)"]).status == 200)
        #expect(try await harness.get("/healthz").status == 200)
        #expect(ServeTokens.hash(of: token) == (try PythonCheck.sha256(Array(token.utf8))))
        #expect(throws: ServeOptionError.self) { try ServeTokens(text: token + "\n") }
        #expect(throws: ServeOptionError.self) { try ServeTokens(text: "# nothing\n") }
    }

    @Test("A client past its rate gets 429 with Retry-After; another client is not held back")
    func perClientLimit() async throws {
        var configuration = ServeConfiguration()
        configuration.clientRequestsPerSecond = 0.001  // one token per 1,000 s: no refill during the test
        configuration.clientBurst = 2
        configuration.tokens = try ServeTokens(text: "\(ServeTokens.hash(of: "a")) a\n\(ServeTokens.hash(of: "b")) b\n")
        let harness = try ServeHarness(configuration: configuration)
        let a = ["Authorization": "Bearer a"]
        #expect(try await harness.get("/v1/places?q=서울", headers: a).status == 200)
        #expect(try await harness.get("/v1/places?q=서울", headers: a).status == 200)
        let limited = try await harness.get("/v1/places?q=서울", headers: a)
        #expect(limited.status == 429)
        #expect(Int(limited.headers["retry-after"] ?? "") ?? 0 >= 1)
        #expect(try await harness.get("/v1/places?q=서울", headers: ["Authorization": "Bearer b"]).status == 200)
    }

    @Test("CORS headers only with --cors")
    func cors() async throws {
        let off = try ServeHarness()
        #expect(try await off.get("/v1/places?q=부산").headers["access-control-allow-origin"] == nil)
        var configuration = ServeConfiguration()
        configuration.corsOrigin = "https://app.example"
        let on = try ServeHarness(configuration: configuration)
        #expect(try await on.get("/v1/places?q=부산").headers["access-control-allow-origin"] == "https://app.example")
        #expect(throws: ServeOptionError.self) { try ServeConfiguration(listen: nil, dailyQuota: nil, tokensFile: nil, cors: "https://app.example/path") }
    }

    @Test("A gateway that echoes the key: not in any response, header, log line or /metrics")
    func keyNeverShown() async throws {
        let kma = try ServeHarness.standIn()
        let encoded = Scenario.key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? Scenario.key
        let echo = "<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>serviceKey=\(Scenario.key) (\(encoded)) is not registered</returnAuthMsg><returnReasonCode>30</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>"
        kma.inject(.body(echo, contentType: "text/xml"), times: 100)
        let harness = try ServeHarness(kma: kma)
        var seen: [String] = []
        for path in ["/v1/forecast?nx=60&ny=127", "/v1/alerts?nx=60&ny=127", "/metrics", "/healthz"] {
            let response = try await harness.get(path)
            seen.append(response.head + "\n" + response.text)
        }
        seen.append(harness.log)
        #expect(seen[0].contains("SERVICE") || seen[0].contains("key"))
        let forms = [Scenario.key, encoded, "TESTKEY", "abc/def"]
        for text in seen {
            for form in forms { #expect(!text.contains(form), "the key appeared: \(text.prefix(400))") }
        }
    }
}
