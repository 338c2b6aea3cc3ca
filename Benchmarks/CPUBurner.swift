// A thread that keeps one core busy while a benchmark runs: `batch.places` measures KMA's
// rate under load (issue 25, item 6), not only on an idle machine.

import Foundation

/// Spins on a thread of its own from ``start()`` to ``stop()``, counting its loops.
final class CPUBurner: @unchecked Sendable {
    private let lock = NSLock()
    private var running = false
    private var loops: UInt64 = 0
    private var finished: DispatchSemaphore?

    /// Starts the spinning thread.
    func start() {
        lock.lock()
        running = true
        let done = DispatchSemaphore(value: 0)
        finished = done
        lock.unlock()
        let thread = Thread { [self] in
            var local: UInt64 = 0
            var x: UInt64 = 0x9E37_79B9_7F4A_7C15
            while true {
                // A slice of pure arithmetic, then a look at the flag.
                for _ in 0..<200_000 {
                    x ^= x << 13
                    x ^= x >> 7
                    x ^= x << 17
                }
                local += 1
                lock.lock()
                let keepGoing = running
                loops = local &+ (x & 0)
                lock.unlock()
                if !keepGoing { break }
            }
            done.signal()
        }
        thread.name = "cpu-burner"
        thread.start()
    }

    /// Stops the thread and waits for it; returns the slices it spun (200,000 xorshift steps each).
    @discardableResult
    func stop() -> UInt64 {
        lock.lock()
        running = false
        let done = finished
        lock.unlock()
        done?.wait()
        lock.lock()
        defer { lock.unlock() }
        return loops
    }
}
