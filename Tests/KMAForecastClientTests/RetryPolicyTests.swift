import Testing
@testable import KMAForecastClient

@Suite("RetryPolicy: exponential backoff with jitter")
struct RetryPolicyTests {
    @Test("Defaults: 0.5 s doubling, jitter takes up to half off", arguments: [
        (1, 0.0, Duration.milliseconds(500)),
        (1, 0.5, .milliseconds(375)),
        (1, 0.999_999, .nanoseconds(250_000_250)),
        (2, 0.5, .milliseconds(750)),
        (3, 0.0, .seconds(2)),
        (5, 0.0, .seconds(8)),    // 0.5 × 2⁴ = 8: the ceiling
        (9, 0.0, .seconds(8)),    // capped
        (200, 0.0, .seconds(8)),  // no overflow
    ])
    func delays(_ attempt: Int, _ random: Double, _ expected: Duration) {
        #expect(RetryPolicy().delay(afterAttempt: attempt, random: random) == expected)
    }

    @Test("No jitter waits exactly; full jitter can wait nothing")
    func jitterBounds() {
        #expect(RetryPolicy(jitter: 0).delay(afterAttempt: 2, random: 0.9) == .seconds(1))
        #expect(RetryPolicy(jitter: 1).delay(afterAttempt: 2, random: 1) == .zero)
    }

    @Test("Retry-After raises the wait, up to maxDelay")
    func retryAfter() {
        #expect(RetryPolicy().delay(afterAttempt: 1, random: 0.5, retryAfterSeconds: 3) == .seconds(3))
        #expect(RetryPolicy().delay(afterAttempt: 1, random: 0.5, retryAfterSeconds: 0) == .milliseconds(375))
        #expect(RetryPolicy().delay(afterAttempt: 1, random: 0.5, retryAfterSeconds: 3600) == .seconds(8))
    }

    @Test("Policies that cannot work are named", arguments: [
        (RetryPolicy(maxAttempts: 0), "maxAttempts"),
        (RetryPolicy(multiplier: 0.5), "multiplier"),
        (RetryPolicy(jitter: 1.5), "jitter"),
        (RetryPolicy(initialDelay: .seconds(-1)), "negative"),
    ])
    func problems(_ policy: RetryPolicy, _ word: String) {
        #expect(policy.problem?.contains(word) == true)
        #expect(RetryPolicy().problem == nil)
        #expect(RetryPolicy.none.maxAttempts == 1)
    }
}
