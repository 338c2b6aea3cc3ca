import Foundation
import KMAForecast
import Testing
import _KMATestSupport

/// `Examples/NetCDFExample`, the app-style program of the README's NetCDF section, built with
/// the tests and run as a process against a stand-in API Hub: it writes a whole run through the
/// public API only, and the file holds every field.
@Suite("NetCDFExample: the example program writes a whole run's NetCDF file against a stand-in API Hub")
struct NetCDFExampleTests {
    /// The `NetCDFExample` executable of this build: beside the test bundle (Linux:
    /// `.build/<config>/kma-forecastPackageTests.xctest`; Darwin: a few levels up from inside it).
    static func binary() throws -> String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("NetCDFExample").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw NetCDFReader.Failure("no NetCDFExample executable beside the test runner \(CommandLine.arguments[0]); the test target depends on it")
    }

    @Test("TMP and POP at every valid time of a short-term run: exit 0, the file read back exactly, its summary printed", .timeLimit(.minutes(10)))
    func example() async throws {
        let built = try NetCDFTestSupport.built(.shortTerm, ["TMP", "POP"])
        let server = try ReplayServer(expectedKey: NetCDFTestSupport.key)
        built.serve(on: server)
        let directory = try NetCDFTestSupport.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/run.nc"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.binary())
        process.arguments = ["--base-url", server.apiHubFieldBaseURL, "--run", built.tmfc, "--vars", "TMP,POP", "--output", path, "--cache-dir", directory + "/cache"]
        process.environment = ["KMA_SERVICE_KEY": NetCDFTestSupport.key, "HOME": directory]
        let output = directory + "/stdout"
        FileManager.default.createFile(atPath: output, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        try process.run()
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(printed)")
        let count = built.validTimes.count
        #expect(printed.contains("Wrote \(path): TMP,POP × \(count) valid times of the short-term run \(built.run), \(2 * count) fields"), "\(printed)")
        #expect(server.requests.count == 2 * count)
        let reader = try NetCDFReader(path: path)
        #expect(reader.records == count)
        for variable in ["TMP", "POP"] {
            for time in 0..<count { #expect(try NetCDFTestSupport.holds(reader, built, variable, record: time, time: time), "\(variable) \(time)") }
        }
    }
}
