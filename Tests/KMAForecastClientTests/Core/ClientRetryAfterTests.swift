import Foundation
import KMAForecast
import Testing
@testable import KMAForecastClient
import _KMATestSupport

/// `Retry-After` is honoured up to the retry policy's ceiling only: a longer ask fails at once,
/// saying how long KMA asks to wait, and neither the retry nor the rate limiter waits longer
/// than the ceiling (issue 25, item 5). Sleeps are injected and recorded: the durations asked
/// for are checked, not the wall clock.
@Suite("Retry-After beyond the retry policy's ceiling: no long pause, a clear error")
struct ClientRetryAfterTests {
    // Regression: a 429 with Retry-After 99999999999 paused the operation for a day (the
    // limiter's cap) and retried after the policy's 8 s, twice.
    @Test("A 429 asking to wait 99999999999 s fails at once, saying how long; nothing sleeps", arguments: [
        "99999999999", "99999999999999999999999999", "9",
    ])
    func tooLong(_ header: String) async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.status(429, headers: ["Retry-After": header]), times: 3)
        let recorder = Recorder()
        let clock = VirtualClock()
        let limiter = clock.limiter(rate: 30)
        let client = try makeClient(server, recorder: recorder, rateLimiter: limiter)
        let error = try #require(await fetchError(client))
        guard case .waitRequested(let seconds, let ceiling, .tooManyRequests) = error.reason else {
            Issue.record("expected a refused wait, got \(error)")
            return
        }
        #expect(seconds == Int(header) ?? Int.max && ceiling == .seconds(8))
        #expect(error.attempts == 1 && !error.isTransient && error.stage == .httpStatus, "\(error)")
        #expect(recorder.sleeps.isEmpty, "the retry slept \(recorder.sleeps)")
        #expect(error.description.contains("KMA asks to wait \(seconds) s"), "\(error)")
        #expect(error.description.contains("at most 8 s") && error.description.contains("not asked again"), "\(error)")
        if header == "99999999999" { #expect(error.description.contains("(about 3168 years)"), "\(error)") }
        // The limiter pauses the operation for the ceiling at most: the next request waits no longer.
        _ = await fetchError(client)
        #expect(clock.sleeps.allSatisfy { $0 <= .seconds(8) }, "the limiter slept \(clock.sleeps)")
        #expect(clock.sleeps.reduce(.zero, +) <= .seconds(8), "the limiter slept \(clock.sleeps)")
    }

    @Test("The ceiling is the policy's: with maxDelay 60 s, Retry-After 30 is waited for, then the request succeeds")
    func withinCeiling() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.status(429, headers: ["Retry-After": "30"]), times: 1)
        let recorder = Recorder()
        let client = try makeClient(server, retry: RetryPolicy(maxDelay: .seconds(60)), recorder: recorder)
        let run = try await client.fetch(.shortTerm, cell: shortTermCell)
        #expect(run.requests == 2 && recorder.sleeps == [.seconds(30)], "\(recorder.eventTexts)")
    }

    @Test("A 503 with a long Retry-After: the same, the refusal named")
    func otherRefusals() async throws {
        let server = try shortTermServer()
        defer { server.stop() }
        server.inject(.status(503, headers: ["Retry-After": "86400"]), times: 1)
        let recorder = Recorder()
        let error = try #require(await fetchError(try makeClient(server, recorder: recorder)))
        #expect(error.reason == .waitRequested(seconds: 86_400, maximumWait: .seconds(8), reason: .httpStatus(503)), "\(error)")
        #expect(error.description.hasPrefix("KMA's server answered HTTP 503") && error.description.contains("86400 s (about 24 hours)"), "\(error)")
        #expect(recorder.sleeps.isEmpty && server.requests.count == 1)
    }

    @Test("Retry-After is read as whole seconds; other forms are no wait", arguments: [
        ("120", 120), (" 7 ", 7), ("-5", nil), ("1.5", nil), ("Fri, 31 Dec 1999 23:59:59 GMT", nil), ("", nil),
        ("99999999999999999999999999", Int.max),
    ] as [(String, Int?)])
    func parsing(_ header: String, _ seconds: Int?) {
        #expect(HTTPResponse(status: 429, headers: ["retry-after": header], body: []).retryAfterSeconds == seconds)
    }
}
