import Foundation

/// Runs `body` on `count` threads at once (not tasks: the cooperative pool has as many threads
/// as cores, and these block on sockets) and waits for all.
func concurrently<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    let results = ResultsBox<T>(count)
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread.detachNewThread {
            results.set(index, body(index))
            group.leave()
        }
    }
    group.wait()
    return results.values
}

private final class ResultsBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [T?]
    init(_ count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: T) { lock.lock(); slots[index] = value; lock.unlock() }
    var values: [T] { lock.lock(); defer { lock.unlock() }; return slots.compactMap { $0 } }
}

/// Runs blocking work (sockets, waits) on a thread of its own and awaits it, so that a test
/// never blocks the cooperative pool the server's answers are computed on (2 threads on 2 cores:
/// two blocked tests would starve the server they wait for).
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            do {
                continuation.resume(returning: try body())
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }
}
