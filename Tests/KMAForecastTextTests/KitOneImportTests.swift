import KMAForecastKit
import Testing
import _KMATestSupport

/// The README's first library example needs one import: this file imports nothing else (but
/// the test framework and the fixtures' folder, which export no Foundation), so it
/// does not compile if `KMAForecastKit` stops re-exporting what the example uses (`Date`,
/// `ProcessInfo`), and the README's block is checked to import the one module.
@Suite("The README's first library example needs one import")
struct KitOneImportTests {
    @Test("ProcessInfo, Date and the client through `import KMAForecastKit` alone; the README's block imports only it")
    func oneImport() throws {
        let key = ProcessInfo.processInfo.environment["KMA_SERVICE_KEY_NOT_SET_IN_TESTS"] ?? ""
        var configuration = ClientConfiguration(serviceKey: try ServiceKey(key.isEmpty ? "your-data.go.kr-key" : key))
        configuration.now = { Date(timeIntervalSince1970: 0) }
        #expect(configuration.now() == Date(timeIntervalSince1970: 0))
        let readme = try String(contentsOfFile: Fixtures.repositoryRoot + "/README.md", encoding: .utf8)
        let section = try #require(readme.range(of: "## The library\n"))
        let block = try #require(readme[section.upperBound...].range(of: "```swift\n"))
        let end = try #require(readme[block.upperBound...].range(of: "```"))
        let imports = readme[block.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix("import ") }
        #expect(imports.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == ["import KMAForecastKit"], "\(imports)")
    }
}
