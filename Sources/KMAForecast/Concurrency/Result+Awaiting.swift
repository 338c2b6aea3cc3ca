extension Result {
    /// The value `body` returns, or the error it throws, awaited before anything else is built.
    ///
    /// ```swift
    /// group.addTask {
    ///     func fetchRun() async throws(ForecastClientError) -> ForecastRun { try await client.fetch(product, cell: cell) }
    ///     let result = await Result(awaiting: fetchRun)
    ///     return (product, result)                 // built only once the result is in
    /// }
    /// ```
    ///
    /// (A typed-throwing nested function rather than a closure: Swift 6.3.1 infers `any Error`
    /// for a closure's thrown type here.)
    ///
    /// **Why this exists: a Swift 6.3.1 optimizer miscompile.** At `-O` (release builds), an
    /// async closure that returns an aggregate mixing a value it had *before* an `await` with
    /// the awaited value, from inside `do`/`catch` — a tuple of `p` and `.success` of the
    /// awaited `f(p)`, or of `p` and `.failure(error)`, in a task-group child or a `Task` — can return
    /// the wrong first element: another child's enum case or `Int` index (seen: 3 children,
    /// keys `a, a, c` for `a, b, c`). Debug builds are correct. It broke every fetch of the
    /// release `kma-forecast` (`Error: not fetched`) and would have shuffled batch results.
    /// The upstream fix is swiftlang/swift PR #91911, not in 6.3.1. Awaiting into a local
    /// first, as here, and building the tuple afterwards is correct at every optimization
    /// level; `Tests/KMAForecastTests/Concurrency/AwaitedTupleMiscompileTests.swift` keeps the minimal
    /// reproduction and guards the sources against the pattern.
    ///
    /// - Parameter body: The async work, with a typed error.
    @inlinable
    package init(awaiting body: () async throws(Failure) -> Success) async {
        do throws(Failure) {
            let value = try await body()
            self = .success(value)
        } catch {
            self = .failure(error)
        }
    }
}
