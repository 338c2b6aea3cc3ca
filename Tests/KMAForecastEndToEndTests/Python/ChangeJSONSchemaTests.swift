import Foundation
import KMAForecast
import KMAForecastClient
import Testing
import _KMATestSupport

/// The contract of a change (`watch --jsonl`, `watch --exec`'s input): every kind of
/// `ForecastChange` validates against `Schemas/forecast-change.schema.json` with Python's
/// `jsonschema`, and a broken one does not.
@Suite("ForecastChange JSON: every kind valid against Schemas/forecast-change.schema.json", .serialized)
struct ChangeJSONSchemaTests {
    static func at(_ value: Int64) -> KSTDateTime { WarningEvent.instant(value)! }

    /// One change of every kind, as the diff fills them.
    static func documents() throws -> [String] {
        let alert = WeatherWarning(zoneID: "L1090500", zoneName: "제주도산지", kind: .heavyRain, level: .warning, issuedAt: at(2026_0926_1100), effectiveAt: at(2026_0926_1100), endsAt: at(2026_0926_1200), firstIssuedAt: at(2026_0926_0800))
        let before = WeatherWarning(zoneID: "L1090500", zoneName: "제주도산지", kind: .heavyRain, level: .advisory, issuedAt: at(2026_0926_0800), effectiveAt: at(2026_0926_0800))
        return try ForecastChange.Kind.allCases.map { kind in
            let change: ForecastChange
            switch kind.topic {
            case .warnings:
                change = ForecastChange(kind: kind, place: "제주", at: at(2026_0926_1100), detectedAt: at(2026_0926_1110), basis: .warningService, resolution: .minute, alert: alert, previousAlert: before)
            case .temperature:
                change = ForecastChange(kind: kind, place: "제주", at: at(2026_0927_0000), detectedAt: at(2026_0926_1110), basis: .shortTermForecast, resolution: .day, value: 30, previousValue: 27.5)
            case .rain where kind == .precipitationChanceRising || kind == .precipitationChanceFalling:
                change = ForecastChange(kind: kind, place: "제주", at: at(2026_0927_0000), detectedAt: at(2026_0926_1110), basis: .shortTermForecast, resolution: .day, value: 0.6, previousValue: 0.2)
            case .rain:
                change = ForecastChange(kind: kind, place: "제주", at: at(2026_0926_1500), detectedAt: at(2026_0926_1110), basis: .ultraShortForecast, resolution: .hour, precipitation: .snow, previousPrecipitation: .rain)
            }
            return try JSONTextEncoder.encode(change)
        }
    }

    @Test("The weather alert of a change is the forecast's: one definition in both schemas")
    func sameAlert() throws {
        func alertDefinition(_ file: String) throws -> NSDictionary? {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Fixtures.repositoryRoot + "/Schemas/" + file))) as? [String: Any]
            return (object?["$defs"] as? [String: Any])?["weatherAlert"] as? NSDictionary
        }
        let change = try #require(try alertDefinition("forecast-change.schema.json"))
        #expect(change == (try alertDefinition("local-forecast.schema.json")))
    }

    @Test("Every kind validates; a chance above 1, an unknown key, a warning without its alert do not",
          .enabled(if: ForecastJSONSchemaTests.validatorAvailable || ForecastJSONSchemaTests.inCI, "needs Python's jsonschema (pip install jsonschema, or set KMA_PYTHON); CI installs it"))
    func validates() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kma-change-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = Fixtures.repositoryRoot + "/Schemas/forecast-change.schema.json"
        let script = Fixtures.repositoryRoot + "/Scripts/validate-json-schema.py"
        let documents = try Self.documents()
        var files: [String] = []
        for (index, text) in documents.enumerated() {
            let file = directory.appendingPathComponent("change-\(index).json").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        let result = try ProcessRun.run(ForecastJSONSchemaTests.python, ForecastJSONSchemaTests.pythonArguments + [script, schema] + files)
        #expect(result.status == 0, "\(result)")
        #expect(!result.finished || result.output.contains("\(files.count) documents, 0 errors"), "\(result)")
        let chance = try #require(documents.first { $0.contains("precipitationChanceRising") })
        let warning = try #require(documents.first { $0.contains(#""kind":"warningIssued""#) })
        let broken = [
            chance.replacingOccurrences(of: #""value":0.6"#, with: #""value":60"#),
            chance.replacingOccurrences(of: #""id":"#, with: #""surprise":1,"id":"#),
            warning.replacingOccurrences(of: #""alert":"#, with: #""notTheAlert":"#),
        ]
        for (index, text) in broken.enumerated() {
            #expect(!documents.contains(text), "mutation \(index) changed nothing")
            let file = directory.appendingPathComponent("broken-\(index).json").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            let refused = try ProcessRun.run(ForecastJSONSchemaTests.python, ForecastJSONSchemaTests.pythonArguments + [script, schema, file])
            #expect(refused.status == 1, "mutation \(index): \(refused)")
        }
    }
}
