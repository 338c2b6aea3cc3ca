import Testing
@testable import KMAForecastClient

@Suite("Duration.inSeconds")
struct DurationSecondsTests {
    @Test("Fractions are kept; durations beyond Int64 seconds do not trap", arguments: [
        (Duration.milliseconds(500), 0.5),
        (.milliseconds(375), 0.375),
        (.seconds(30), 30),
        (.zero, 0),
        (.seconds(-2), -2),
        (.seconds(Int64.max), 9.223_372_036_854_775_807e18),
        (.seconds(1e20), 1e20),
    ])
    func seconds(_ duration: Duration, _ expected: Double) {
        #expect(duration.inSeconds == expected)
    }

    @Test("Seconds become a duration to the nanosecond, clamped, never trapping", arguments: [
        (0.375, Duration.milliseconds(375)),
        (2.000_000_000_4, .seconds(2)),
        (0, .zero),
        (-1, .zero),
        (.nan, .zero),
        (.infinity, .nanoseconds(Int64.max)),
        (1e20, .nanoseconds(Int64.max)),
    ])
    func clamping(_ seconds: Double, _ expected: Duration) {
        #expect(Duration(clampingSeconds: seconds) == expected)
    }
}
