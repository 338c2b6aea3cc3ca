import Foundation
import Testing
import KMAForecastClient
import _KMATestSupport
import _KMASystem

/// The package's lock (``Locked``), which stands in for `Mutex` so the package builds for
/// macOS 13 / iOS 16.
@Suite struct LockedTests {
    @Test("Concurrent increments from many tasks all count")
    func concurrentIncrements() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test("withLock returns the body's result and passes its error through")
    func resultAndError() {
        struct Refused: Error {}
        let state = Locked([1, 2])
        #expect(state.withLock { $0.append(3); return $0.count } == 3)
        #expect(throws: Refused.self) { try state.withLock { _ in throw Refused() } }
        #expect(state.withLock { $0 } == [1, 2, 3])
    }

    /// Issue 22: `Mutex` (Synchronization) needs iOS 18 / macOS 15; apps on iOS 16 must be able
    /// to adopt the package. No source imports it, and `Package.swift` declares the floor.
    @Test("No source uses Mutex, and Package.swift declares macOS 13 / iOS 16")
    func noSynchronization() throws {
        let root = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().path
        let banned = ["import " + "Synchronization", "Mu" + "tex<", "Mu" + "tex("]
        var offenders: [String] = []
        for folder in ["Sources", "Benchmarks", "Tests", "Examples"] {
            let base = root + "/" + folder
            guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                let text = try String(contentsOfFile: base + "/" + relative, encoding: .utf8)
                for word in banned where text.contains(word) { offenders.append("\(folder)/\(relative): \(word)") }
            }
        }
        #expect(offenders.isEmpty, "use Locked instead:\n\(offenders.joined(separator: "\n"))")
        let manifest = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        #expect(manifest.contains("platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)]"))
    }
}
