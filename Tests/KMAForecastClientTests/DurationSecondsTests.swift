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
}
