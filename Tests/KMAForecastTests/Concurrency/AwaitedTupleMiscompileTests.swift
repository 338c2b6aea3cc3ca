import Foundation
import KMAForecast
import Testing
import _KMATestSupport

/// Guards against the Swift 6.3.1 optimizer miscompile that broke every release fetch: an async
/// task-group child returning `(p, .success(try await fetch(p)))` from inside `do`/`catch`
/// handed back another child's `p` (upstream fix swiftlang/swift PR #91911, not in 6.3.1).
///
/// The reproduction below is the minimal one found while chasing it: an `enum P: String`, a
/// throwing async function that compares `p == .c`, three children. Built with
/// `swift test -c release` (CI runs it), the unsafe form gives keys such as `a, a, c`, and an
/// `Int` index instead of the enum goes wrong the same way (`0, 2, 2`), so keying by index is
/// no cure. The form the project uses, ``Result/init(awaiting:)`` (await into a local, then
/// build the tuple), is tested here in the same setting, and the sources are checked for the
/// unsafe form so it cannot come back unnoticed in a debug-only run.
@Suite("Awaited tuple miscompile (swiftlang/swift#91911)")
struct AwaitedTupleMiscompileTests {
    enum P: String, CaseIterable, Sendable { case a, b, c }
    struct Run: Sendable, Equatable { var n: Int }
    struct E: Error, Equatable { var m: String }

    @inline(never)
    static func fetch(_ p: P) async throws(E) -> Run {
        await Task.yield()
        if p == .c { throw E(m: "c") }
        return Run(n: p.rawValue.count)
    }

    /// A child's work in the project's form: awaited into a `Result` before any tuple is built.
    static func awaitedResult(_ p: P) async -> Result<Run, E> {
        func fetchRun() async throws(E) -> Run { try await fetch(p) }
        return await Result(awaiting: fetchRun)
    }

    /// The issue's reproduction, in the project's form: every child's key arrives, with its
    /// own result.
    @Test(arguments: 0..<8)
    func enumKeysSurviveTheAwait(round: Int) async {
        let collected = await withTaskGroup(of: (P, Result<Run, E>).self) { group in
            for p in P.allCases {
                group.addTask {
                    let result = await Self.awaitedResult(p)
                    return (p, result)
                }
            }
            var collected: [P: Result<Run, E>] = [:]
            for await (p, r) in group { collected[p] = r }
            return collected
        }
        #expect(collected.count == 3)
        #expect(collected[.a] == .success(Run(n: 1)))
        #expect(collected[.b] == .success(Run(n: 1)))
        #expect(collected[.c] == .failure(E(m: "c")))
    }

    /// The same with an `Int` index as the key (as the client's batch fetch does).
    @Test(arguments: 0..<8)
    func indexKeysSurviveTheAwait(round: Int) async {
        let cases = P.allCases
        let indices = await withTaskGroup(of: (Int, Result<Run, E>).self) { group in
            for (index, p) in cases.enumerated() {
                group.addTask {
                    let result = await Self.awaitedResult(p)
                    return (index, result)
                }
            }
            var seen: [Int: Result<Run, E>] = [:]
            for await (index, r) in group { seen[index] = r }
            return seen
        }
        #expect(indices.keys.sorted() == [0, 1, 2])
        #expect(indices[2] == .failure(E(m: "c")))
    }

    /// A single child: its own key comes back (the unsafe form turned `.b` into `.c`).
    @Test func singleChildKeepsItsKey() async {
        for p in P.allCases {
            let keys = await withTaskGroup(of: (P, Result<Run, E>).self) { group in
                group.addTask {
                    let result = await Self.awaitedResult(p)
                    return (p, result)
                }
                var keys: [P] = []
                for await (key, _) in group { keys.append(key) }
                return keys
            }
            #expect(keys == [p])
        }
    }

    /// No Swift file builds a tuple around an `await` on one line: the project's standing
    /// check, `git grep -nE '(return \(|\{ *\().*\bawait\b' -- '*.swift'`, run here on the same
    /// files (comments included), so a debug-only test run catches the form too. Await into a
    /// `Result` first (``Result/init(awaiting:)``), then build the tuple.
    @Test func sourcesAvoidTheUnsafeForm() throws {
        let root = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().path
        let pattern = try NSRegularExpression(pattern: #"(return \(|\{ *\().*\bawait\b"#)
        var offenders: [String] = []
        for folder in ["Sources", "Benchmarks", "Tests"] {
            let base = root + "/" + folder
            guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                let text = try String(contentsOfFile: base + "/" + relative, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let line = String(line)
                    let range = NSRange(line.startIndex..<line.endIndex, in: line)
                    if pattern.firstMatch(in: line, range: range) != nil {
                        offenders.append("\(folder)/\(relative):\(number + 1): \(line)")
                    }
                }
            }
        }
        #expect(offenders.isEmpty, "a tuple is built around an await; await into a local first (Result(awaiting:)), then build the tuple:\n\(offenders.joined(separator: "\n"))")
    }
}
