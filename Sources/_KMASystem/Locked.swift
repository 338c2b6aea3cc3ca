/// A value guarded by a lock: the package's one lock type, for state shared between tasks
/// (request counts, progress, buffered output, test recorders).
///
/// It replaces the standard library's `Mutex` (Synchronization), which needs macOS 15 / iOS 18;
/// this works back to the package's floor (macOS 13, iOS 16, tvOS 16, watchOS 9, visionOS 1)
/// and on Linux, with the platform's lock (``SystemCalls/makeLock()``: `os_unfair_lock` on
/// Apple platforms, `pthread_mutex_t` elsewhere). The lock is not recursive: do not call
/// ``withLock(_:)`` again from inside `body` on the same instance. Keep `body` short and never
/// `await` in it (it cannot).
///
/// A reference type by nature: copies of a holder share one value. `Sendable` when the value
/// is (the lock makes the shared access safe; `@unchecked` because it holds a raw pointer).
package final class Locked<Value> {
    private let lock: UnsafeMutableRawPointer
    /// Read and written only with `lock` held.
    private var value: Value

    /// A lock around `initial`.
    package init(_ initial: Value) {
        value = initial
        lock = SystemCalls.makeLock()
    }

    deinit { SystemCalls.destroyLock(lock) }

    /// Runs `body` with exclusive access to the value, and returns what it returns.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        SystemCalls.lock(lock)
        defer { SystemCalls.unlock(lock) }
        return try body(&value)
    }
}

extension Locked: @unchecked Sendable where Value: Sendable {}
