import Testing

/// The end-to-end suites run one at a time across the whole target: each test spawns a process
/// (the built binary, Python, GDAL, Chromium) that wants the machine's cores and memory, and
/// `BoundedMemoryTests` measures peak memory, which a neighbour's child must not disturb.
/// `.serialized` orders the tests inside one suite; this trait gives a suite the turn for all
/// of its tests, so no two end-to-end suites overlap, while the in-process tests of the other
/// targets keep running in parallel.
///
/// The turn is taken around the whole suite, not each test case: a test's `.timeLimit` wraps
/// its scope, and time spent waiting for another suite must not count against it.
struct OneAtATime: SuiteTrait, TestScoping {
    /// The turn every end-to-end suite waits for.
    static let turn = Turn()

    /// A first-come, first-served lock that suspends its waiters instead of blocking a thread.
    actor Turn {
        private var busy = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        /// Waits until no other test case holds the turn, then holds it.
        func take() async {
            guard busy else { busy = true; return }
            await withCheckedContinuation { waiting.append($0) }
        }

        /// Gives the turn to the next waiter, or frees it.
        func give() {
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
    }

    /// One scope for the suite, around all of its tests.
    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite ? self : nil
    }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        await Self.turn.take()
        do {
            try await function()
        } catch {
            await Self.turn.give()
            throw error
        }
        await Self.turn.give()
    }
}

extension Trait where Self == OneAtATime {
    /// Runs the suite alone among the end-to-end suites (see ``OneAtATime``).
    static var oneAtATime: Self { OneAtATime() }
}
