import Foundation

/// How often and how patiently a failed request is tried again.
///
/// Only transient failures are retried (``ForecastClientError/isTransient``): the network (a
/// failed TLS handshake included), HTTP 429 and 5xx, KMA codes 01, 02, 04, 05, the gateway's
/// per-second limit 23, and bodies cut short. Errors the user must fix (codes 10, 11, 12, 20,
/// 29–33, HTTP 401/403, a redirect loop, a rejected certificate) and the daily quota (22) fail
/// at once.
///
/// The wait before attempt *n* + 1 is exponential with jitter:
/// `min(maxDelay, initialDelay × multiplier^(n − 1)) × (1 − jitter × r)`, with `r` uniform in
/// `0..<1`. With the defaults the waits are 0.25–0.5 s, then 0.5–1 s. A `Retry-After` header
/// on any answer retried (429, 503, a 23 envelope) raises the wait to what the server asked,
/// up to ``maxDelay``.
public struct RetryPolicy: Hashable, Sendable {
    /// Attempts per request, including the first; at least 1. Default 3.
    public var maxAttempts: Int
    /// The wait after the first failure, before jitter, 0 s...1 day. Default 0.5 s.
    public var initialDelay: Duration
    /// The growth of the wait per attempt, at least 1. Default 2.
    public var multiplier: Double
    /// The longest wait, 0 s...1 day. Default 8 s.
    public var maxDelay: Duration
    /// The fraction of each wait that is random, 0...1: 0 waits exactly, 1 waits anywhere
    /// from 0 to the full wait. Default 0.5.
    public var jitter: Double

    /// A policy.
    public init(
        maxAttempts: Int = 3, initialDelay: Duration = .milliseconds(500), multiplier: Double = 2,
        maxDelay: Duration = .seconds(8), jitter: Double = 0.5
    ) {
        self.maxAttempts = maxAttempts
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.jitter = jitter
    }

    /// One attempt, no retries.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// What is wrong with the policy, or `nil`.
    var problem: String? {
        if maxAttempts < 1 { return "retry maxAttempts must be at least 1, got \(maxAttempts)" }
        if !(multiplier >= 1 && multiplier.isFinite) { return "retry multiplier must be a finite number ≥ 1, got \(multiplier)" }
        if !(jitter >= 0 && jitter <= 1) { return "retry jitter must be within 0...1, got \(jitter)" }
        if initialDelay < .zero || maxDelay < .zero { return "retry delays must not be negative" }
        if initialDelay > .longestWait || maxDelay > .longestWait {
            return "retry delays must be at most 1 day (86400 s), got initialDelay \(initialDelay), maxDelay \(maxDelay)"
        }
        return nil
    }

    /// The wait after failed attempt `attempt` (1-based).
    ///
    /// - Parameters:
    ///   - attempt: The attempt that just failed, ≥ 1.
    ///   - random: A number in `0..<1` (injected so tests are deterministic).
    ///   - retryAfterSeconds: The server's `Retry-After`, if any.
    ///
    /// Never traps, whatever the policy's numbers: the arithmetic is in `Double` seconds (an
    /// overflowing growth becomes infinity, then the ceiling) and the result is converted with
    /// ``Swift/Duration/init(clampingSeconds:)``.
    func delay(afterAttempt attempt: Int, random: Double, retryAfterSeconds: Int? = nil) -> Duration {
        let initial = max(0, initialDelay.inSeconds)
        let ceiling = max(0, maxDelay.inSeconds)
        let growth = pow(multiplier, Double(min(max(0, attempt - 1), 64)))
        // 0 × ∞ would be NaN: no initial wait grows into none.
        let exponential = initial == 0 ? 0 : min(ceiling, initial * growth)
        var seconds = exponential * (1 - jitter * min(max(random, 0), 1))
        if let retryAfterSeconds { seconds = max(seconds, min(ceiling, Double(retryAfterSeconds))) }
        return Duration(clampingSeconds: seconds)
    }
}
