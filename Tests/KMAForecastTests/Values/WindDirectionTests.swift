import Testing
import KMAForecast

@Suite("WindDirection: how it prints")
struct WindDirectionTests {
    static let printed: [(Double, String)] = [
        (106, "ESE 106°"), (106.4, "ESE 106°"), (105.5, "ESE 106°"), (241, "WSW 241°"),
        (0, "N 0°"), (348.75, "N 349°"), (359.6, "N 360°"), (360, "N 360°"), (11.25, "NNE 11°"),
    ]

    /// Issue 22: `print(direction)` and `"\(direction)"` showed a struct dump
    /// (`WindDirection(degrees: 106.0, compassPoint: …)`).
    @Test("Prints as the compass point and whole degrees", arguments: printed)
    func description(_ degrees: Double, _ expected: String) throws {
        let direction = try #require(WindDirection(degrees: degrees))
        #expect(direction.description == expected)
        #expect("\(direction)" == expected)
        #expect(String(describing: direction) == expected)
    }
}
