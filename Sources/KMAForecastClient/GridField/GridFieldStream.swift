import KMAForecast

/// Many grid fields as they arrive, each with the progress so far: at most
/// ``GridFieldOptions/concurrency`` requests in flight, in the order they complete.
///
/// ```swift
/// for await update in try client.fields(.shortTerm, variables: [.tmp]) {
///     print("\(update.completed)/\(update.total)", update.request, (try? update.result.get())?.valueCount ?? 0)
/// }
/// ```
///
/// A failed field does not end the stream: its update carries the error (``GridFieldUpdate/result``).
/// Breaking out of the loop (or cancelling the task) cancels the requests in flight.
public struct GridFieldStream: AsyncSequence, Sendable {
    /// One field done.
    public typealias Element = GridFieldUpdate

    let client: GridFieldClient
    /// The requests, in the order they are started.
    public let requests: [GridFieldRequest]
    let budget: RequestBudget?

    /// Starts the requests and hands out the fields as they complete.
    public func makeAsyncIterator() -> AsyncStream<GridFieldUpdate>.Iterator {
        let client = self.client
        let requests = self.requests
        let budget = self.budget
        let limit = client.options.concurrency
        let (stream, continuation) = AsyncStream.makeStream(of: GridFieldUpdate.self)
        let task = Task {
            await withTaskGroup(of: GridFieldUpdate.self) { group in
                var next = 0
                var completed = 0
                func start() {
                    guard next < requests.count else { return }
                    let request = requests[next]
                    next += 1
                    group.addTask {
                        // Awaited into a local before the update is built (see `Result.init(awaiting:)`).
                        func get() async throws(ForecastClientError) -> GridField { try await client.fetch(request, budget: budget) }
                        let result = await Result(awaiting: get)
                        return GridFieldUpdate(request: request, result: result, completed: 0, total: requests.count)
                    }
                }
                for _ in 0..<Swift.min(limit, requests.count) { start() }
                while let finished = await group.next() {
                    completed += 1
                    var update = finished
                    update.completed = completed
                    continuation.yield(update)
                    if Task.isCancelled { group.cancelAll() } else { start() }
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream.makeAsyncIterator()
    }
}

/// One field of a ``GridFieldStream`` and the progress.
public struct GridFieldUpdate: Sendable {
    /// The request.
    public var request: GridFieldRequest
    /// The field, or why it could not be had.
    public var result: Result<GridField, ForecastClientError>
    /// Fields done so far, this one included (1...``total``).
    public var completed: Int
    /// Fields in the stream.
    public var total: Int
}
