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

    @Test("Waits never trap, whatever the policy's numbers", arguments: [
        // Regression: Int64((seconds * 1e9).rounded()) trapped for maxDelay .seconds(Int64.max).
        (RetryPolicy(maxDelay: .seconds(Int64.max)), 200, Duration.nanoseconds(Int64.max)),
        (RetryPolicy(maxDelay: .seconds(Int64.max)), 3, .seconds(2)),
        (RetryPolicy(initialDelay: .seconds(1e20), maxDelay: .seconds(1e20)), 1, .nanoseconds(Int64.max)),
        (RetryPolicy(initialDelay: .zero, multiplier: 1e300), 64, .zero),
        (RetryPolicy(multiplier: .greatestFiniteMagnitude), 3, .seconds(8)),
        (RetryPolicy(jitter: .nan), 1, .zero),
    ])
    func extremePolicies(_ policy: RetryPolicy, _ attempt: Int, _ expected: Duration) {
        #expect(policy.delay(afterAttempt: attempt, random: 0, retryAfterSeconds: nil) == expected)
        _ = policy.delay(afterAttempt: attempt, random: 0.5, retryAfterSeconds: Int.max)
    }

    @Test("Policies that cannot work are named", arguments: [
        (RetryPolicy(maxAttempts: 0), "maxAttempts"),
        (RetryPolicy(multiplier: 0.5), "multiplier"),
        (RetryPolicy(jitter: 1.5), "jitter"),
        (RetryPolicy(initialDelay: .seconds(-1)), "negative"),
        (RetryPolicy(maxDelay: .seconds(Int64.max)), "at most 1 day"),
        (RetryPolicy(initialDelay: .seconds(86_401)), "at most 1 day"),
    ])
    func problems(_ policy: RetryPolicy, _ word: String) {
        #expect(policy.problem?.contains(word) == true)
        #expect(RetryPolicy().problem == nil)
        #expect(RetryPolicy.none.maxAttempts == 1)
    }
}
