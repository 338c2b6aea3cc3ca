import Foundation
import KMAForecast
import KMAForecastClient
import KMAGrid
import KMAPlaces
import Testing

/// In an Apple UI errors are shown through `localizedDescription`; without `LocalizedError`
/// it reads "The operation could not be completed. (… error 0.)".
@Suite("Every public error reads well as localizedDescription")
struct LocalizedErrorTests {
    @Test("Each error's localizedDescription is its actionable description")
    func descriptions() throws {
        var errors: [(any Error, String)] = []
        func add<E: Error & CustomStringConvertible>(_ error: E) { errors.append((error, error.description)) }
        add(GridError.latitudeOutOfRange(91))
        add(KSTDateTimeError.unreadable(text: "x", expected: "YYYYMMDD"))
        add(ForecastResponseError.emptyRun)
        add(PagingError.incomplete(received: 1, expected: 2))
        add(ForecastClientError(.timedOut(seconds: 30)))
        do {
            _ = try PlaceDirectory.kma.place(named: "중구")
            Issue.record("'중구' is ambiguous")
        } catch {
            add(error)
        }
        do {
            _ = try PlaceDirectory(csv: "nonsense")
            Issue.record("not a table")
        } catch {
            add(error)
        }
        do {
            _ = try ForecastLocation.place("없는곳이름").resolved()
            Issue.record("no such place")
        } catch {
            add(error)
            #expect(error.stage == .request)
        }
        for (error, description) in errors {
            #expect(error.localizedDescription == description)
            #expect(!error.localizedDescription.contains("could not be completed"))
        }
    }
}
