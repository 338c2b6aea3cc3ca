// The platform's C library, for its lock: `os_unfair_lock` on Apple platforms (macOS 10.12,
// iOS 10, tvOS 10, watchOS 3), `pthread_mutex_t` elsewhere (glibc, musl).
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#else
#error("Locked needs os_unfair_lock or pthread_mutex_t.")
#endif

/// A value guarded by a lock: the package's one lock type, for state shared between tasks
/// (request counts, progress, buffered output, test recorders).
///
/// It replaces the standard library's `Mutex` (Synchronization), which needs macOS 15 / iOS 18;
/// this works back to the package's floor (macOS 13, iOS 16, tvOS 16, watchOS 9, visionOS 1)
/// and on Linux. The lock is not recursive: do not call ``withLock(_:)`` again from inside
/// `body` on the same instance. Keep `body` short and never `await` in it (it cannot).
///
/// A reference type by nature: copies of a holder share one value. `Sendable` when the value
/// is (the lock makes the shared access safe; `@unchecked` because it holds a raw pointer).
package final class Locked<Value> {
    #if canImport(Darwin)
    private let lock: UnsafeMutablePointer<os_unfair_lock>
    #else
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    /// Read and written only with `lock` held.
    private var value: Value

    /// A lock around `initial`.
    package init(_ initial: Value) {
        value = initial
        #if canImport(Darwin)
        lock = .allocate(capacity: 1)
        lock.initialize(to: os_unfair_lock())
        #else
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(lock, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Runs `body` with exclusive access to the value, and returns what it returns.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
        #else
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        #endif
        return try body(&value)
    }
}

extension Locked: @unchecked Sendable where Value: Sendable {}
