/// Finds files under the repository's top-level `Fixtures/` folder.
///
/// SwiftPM resources cannot reach outside a target, so fixtures are found relative to this
/// source file (`#filePath`), the way Mint's tests do: `Sources/_KMATestSupport/` → `../../Fixtures`.
public enum Fixtures {
    /// The absolute path of the `Fixtures/` folder.
    public static let directory: String = {
        var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)  // Fixtures.swift, _KMATestSupport, Sources
        return components.joined(separator: "/") + "/Fixtures"
    }()

    /// The absolute path of a fixture, e.g. `path("grid/reference-points.tsv")`.
    public static func path(_ relativePath: String) -> String {
        directory + "/" + relativePath
    }
}
