extension Duration {
    /// The duration in seconds, fractions included, e.g. `0.5` for `.milliseconds(500)`.
    ///
    /// Never traps, whatever the duration (`components` would, beyond `Int64.max` seconds):
    /// the division works on the whole attosecond count.
    var inSeconds: Double {
        self / .seconds(1)
    }

    /// The longest wait or timeout the client accepts in its configuration: one day. Longer
    /// ones would help no one, and `Task.sleep` and URLSession trap on durations near
    /// `Int64.max` seconds.
    static let longestWait = Duration.seconds(86_400)

    /// `seconds` as a duration, rounded to the nanosecond. Never traps: NaN and values ≤ 0 give
    /// zero, values beyond `Int64.max` nanoseconds (about 292 years) give that.
    init(clampingSeconds seconds: Double) {
        let nanoseconds = (seconds * 1e9).rounded()
        if !(nanoseconds > 0) {
            self = .zero
        } else if nanoseconds >= 9.223_372_036_854_775_807e18 {
            self = .nanoseconds(Int64.max)
        } else {
            self = .nanoseconds(Int64(nanoseconds))
        }
    }
}
