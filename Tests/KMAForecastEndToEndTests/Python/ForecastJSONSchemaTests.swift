import Foundation
import Testing
import KMAForecast
import KMAForecastClient
import _KMATestSupport

/// The contract of `--format json`: every JSON the forecast command prints validates against
/// `Schemas/local-forecast.schema.json`, checked by the Python `jsonschema` package (the
/// validator people use; CI installs it into a virtual environment and points `KMA_PYTHON` at
/// it), and decodes to a `LocalForecast` that encodes and decodes again to an equal value.
@Suite("--format json: the library's forecast, valid against the schema in the repository, restored equal", .serialized, .oneAtATime)
struct ForecastJSONSchemaTests {
    static let root = URL(fileURLWithPath: Fixtures.repositoryRoot)

    /// The Python with `jsonschema`: `KMA_PYTHON`, else `python3`.
    static var python: String { ProcessInfo.processInfo.environment["KMA_PYTHON"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/bin/env" }
    static var pythonArguments: [String] { ProcessInfo.processInfo.environment["KMA_PYTHON"].map { _ in [] } ?? ["python3"] }

    /// Runs a program to its end (or its hang guard): how it ended and its output. A run that
    /// was cut off or killed says so (``ProcessRun``), and is never read as the validator's verdict.
    static func run(_ executable: String, _ arguments: [String]) throws -> ProcessRun {
        try ProcessRun.run(executable, arguments)
    }

    /// Whether the validator can run here. In CI it must: there the test runs and fails instead.
    static var validatorAvailable: Bool {
        (try? run(python, pythonArguments + ["-c", "import jsonschema"]).status) == 0
    }

    static var inCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Every scenario's JSON: the sample of each product, a live forecast over the replay
    /// server whole and with a product failing, and the ten days with the mid-term service
    /// delivering, refused, and half failing.
    static func documents() async throws -> [(String, String)] {
        var documents: [(String, String)] = []
        for product in ["short-term", "ultra-short", "nowcast"] {
            let result = await runTool(["--demo", "--product", product, "--format", "json"])
            documents.append(("sample \(product)", result.stdout))
        }
        let server = try Scenario.server()
        defer { server.stop() }
        documents.append(("live, three products", await runTool(Scenario.arguments(server, ["--format", "json"]), environment: Scenario.environment, now: Scenario.now).stdout))
        server.inject(.status(500), times: 100, when: ReplayMatch(operation: "getUltraSrtNcst"))
        documents.append(("live, the nowcast failing", await runTool(Scenario.arguments(server, ["--format", "json"]), environment: Scenario.environment, now: Scenario.now).stdout))

        let at = try KSTDateTime(year: 2026, month: 10, day: 4, hour: 17, minute: 30).date
        for scenario in ["delivered", "refused", "half"] {
            let days = try ReplayServer(expectedKey: Scenario.key)
            defer { days.stop() }
            for time in ["1400", "1700"] {
                days.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20261004", baseTime: time), nx: 60, ny: 127))
            }
            try days.addRecordedMidTerm()
            if scenario == "refused" {
                days.inject(.status(403), times: 10, when: ReplayMatch(operation: "getMidTa"))
                days.inject(.status(403), times: 10, when: ReplayMatch(operation: "getMidLandFcst"))
            } else if scenario == "half" {
                days.inject(.body(try Fixtures.text("api/hand_made_gateway_error_22_quota.xml"), contentType: "text/xml"), times: 1, when: ReplayMatch(operation: "getMidTa"))
            }
            let arguments = ["--place", "서울특별시", "--base-url", days.baseURL, "--mid-base-url", days.midTermBaseURL, "--no-cache", "--days", "11", "--format", "json"]
            documents.append(("ten days, mid-term \(scenario)", await runTool(arguments, environment: Scenario.environment, now: at).stdout))
        }
        return documents
    }

    @Test("Every scenario's JSON decodes to a LocalForecast equal to itself after another encode and decode", .timeLimit(.minutes(10)))
    func roundTrip() async throws {
        for (name, text) in try await Self.documents() {
            let forecast = try JSONDecoder().decode(LocalForecast.self, from: Data(text.utf8))
            let again = try JSONDecoder().decode(LocalForecast.self, from: JSONEncoder().encode(forecast))
            #expect(again == forecast, "\(name)")
            #expect(!text.contains("null"), "\(name): a missing value is absent, never null")
            #expect(!text.contains(Scenario.key) && !text.contains("TESTKEY"), "\(name)")
        }
    }

    @Test("Every scenario's JSON validates against Schemas/local-forecast.schema.json (Python jsonschema); a broken one does not",
          .enabled(if: validatorAvailable || inCI, "needs Python's jsonschema (pip install jsonschema, or set KMA_PYTHON); CI installs it"),
          .timeLimit(.minutes(10)))
    func validates() async throws {
        #expect(Self.validatorAvailable, "Python's jsonschema is missing: CI must install it (pip install jsonschema into the venv of KMA_PYTHON)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kma-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for (index, (_, text)) in try await Self.documents().enumerated() {
            let file = directory.appendingPathComponent("document-\(index).json").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        let schema = Self.root.appendingPathComponent("Schemas/local-forecast.schema.json").path
        let script = Self.root.appendingPathComponent("Scripts/validate-json-schema.py").path
        let result = try Self.run(Self.python, Self.pythonArguments + [script, schema] + files)
        #expect(result.status == 0, "\(result)")
        #expect(!result.finished || result.output.contains("\(files.count) documents, 0 errors"), "\(result)")

        // The check can fail: a chance above 1, an unknown key, a null.
        let sample = try String(contentsOfFile: files[0], encoding: .utf8)
        let broken = [
            sample.replacingOccurrences(of: #""precipitationChance":0.3"#, with: #""precipitationChance":30"#),
            sample.replacingOccurrences(of: #""requestedAt":"#, with: #""surprise":1,"requestedAt":"#),
            sample.replacingOccurrences(of: #""placeName":"경기도 수원시 권선구""#, with: #""placeName":null"#),
        ]
        for (index, text) in broken.enumerated() {
            #expect(text != sample, "mutation \(index) changed nothing")
            let file = directory.appendingPathComponent("broken-\(index).json").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            let refused = try Self.run(Self.python, Self.pythonArguments + [script, schema, file])
            #expect(refused.status == 1, "mutation \(index): \(refused)")
        }
    }
}
