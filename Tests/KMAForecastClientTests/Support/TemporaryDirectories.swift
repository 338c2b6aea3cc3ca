import Foundation
import Testing
import KMAForecastClient
import _KMASystem

/// Temporary directories that are removed after each test: a suite marked
/// `@Suite(.removingTemporaryDirectories)` gets, for every test case, a fresh registry;
/// ``temporaryDirectory()`` registers each directory it makes there, and the registry removes
/// them all when the test case ends, passed or failed.
///
/// (Without it, every run left its directories in /tmp, thousands of them.)
struct TemporaryDirectories: SuiteTrait, TestTrait, TestScoping {
    /// The registry of the running test case, if its suite has the trait.
    @TaskLocal static var current: Registry?

    /// The directories of one test case.
    final class Registry: Sendable {
        private let paths = Locked<[String]>([])

        func add(_ path: String) { paths.withLock { $0.append(path) } }

        func removeAll() {
            for path in paths.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    /// Inherited by every test of the suite.
    var isRecursive: Bool { true }

    /// A scope for each test case, none for the suite itself.
    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite || testCase == nil ? nil : self
    }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let registry = Registry()
        defer { registry.removeAll() }
        try await Self.$current.withValue(registry) { try await function() }
    }
}

extension Trait where Self == TemporaryDirectories {
    /// Removes the directories made by ``temporaryDirectory()`` after each test case.
    static var removingTemporaryDirectories: Self { TemporaryDirectories() }
}

/// Why ``temporaryDirectory()`` refused.
struct TemporaryDirectoryOutsideScope: Error, CustomStringConvertible {
    var description: String { "temporaryDirectory() needs @Suite(.removingTemporaryDirectories), or the directory would never be removed" }
}

/// A fresh temporary directory, removed when the test case ends.
///
/// - Throws: ``TemporaryDirectoryOutsideScope`` in a suite without the trait.
func temporaryDirectory() throws -> String {
    guard let registry = TemporaryDirectories.current else { throw TemporaryDirectoryOutsideScope() }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("kma-client-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    registry.add(url.path)
    return url.path
}
