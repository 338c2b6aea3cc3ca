import Foundation
@testable import KMAForecastClient
import Testing
import _KMATestSupport

/// Issue 28: one documented list of environment variables. The README's table lists exactly
/// the cases of `EnvironmentVariable`, in order, and `Sources/` reads no other variable by name.
@Suite("Environment variables: one list, the README's table")
struct EnvironmentVariableTests {
    static let root = URL(fileURLWithPath: Fixtures.repositoryRoot)

    @Test("The README's table of environment variables lists exactly EnvironmentVariable's cases")
    func readmeTable() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Environment variables\n").dropFirst().first?
            .components(separatedBy: "\n## ").first)
        let names = section.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).prefix { $0 != "`" }.description
        }
        #expect(names == EnvironmentVariable.allCases.map(\.rawValue))
    }

    @Test("Sources/ reads only the listed variables")
    func sourcesReadTheList() throws {
        let listed = Set(EnvironmentVariable.allCases.map(\.rawValue))
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(!files.isEmpty)
        var read = Set<String>()
        for file in files where !file.path.contains("_KMATestSupport") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for piece in text.components(separatedBy: "environment[\"").dropFirst() {
                read.insert(String(piece.prefix { $0 != "\"" }))
            }
        }
        #expect(!read.isEmpty && read.isSubset(of: listed), "not listed: \(read.subtracting(listed).sorted())")
    }

    @Test("An empty variable counts as unset")
    func emptyIsUnset() {
        #expect(EnvironmentVariable.serviceKey.value(in: ["KMA_SERVICE_KEY": ""]) == nil)
        #expect(EnvironmentVariable.serviceKey.value(in: ["KMA_SERVICE_KEY": "k"]) == "k")
        let settings = ClientSettings(environment: ["KMA_SERVICE_KEY": "", "KMA_MAX_REQUESTS": "7", "KMA_CACHE_DIR": "/tmp/x"], now: { Date() })
        #expect(settings.keyText == nil)
        #expect((try? settings.budget())??.limit == 7)
        if case .directory(let path) = try? settings.cache() { #expect(path == "/tmp/x") } else { Issue.record("KMA_CACHE_DIR not read") }
    }
}
