// Threads that keep the cores busy while a benchmark runs: `batch.places` measures KMA's rate
// under load (issue 25, item 6; issue 30: "with two burners"), not only on an idle machine.
// The same load as `Scripts/cpu-burner`, which the CI's busy test run uses: one spinning thread
// per core per burner, at the default priority.

import Foundation

/// Spins `threads` threads from ``start()`` to ``stop()``, counting their loops.
final class CPUBurner: @unchecked Sendable {
    /// The spinning threads of `burners` burners that each keep every core busy (one thread per
    /// active core each), as `Scripts/cpu-burner` run `burners` times.
    static func threads(burners: Int) -> Int {
        max(0, burners) * max(1, ProcessInfo.processInfo.activeProcessorCount)
    }

    private let lock = NSLock()
    private var running = false
    private var loops: UInt64 = 0
    private var finished: [DispatchSemaphore] = []
    /// How many threads ``start()`` spins (≥ 0).
    let threads: Int

    /// A burner of `threads` spinning threads (default 1: one core).
    init(threads: Int = 1) {
        self.threads = max(0, threads)
    }

    /// Starts the spinning threads.
    func start() {
        lock.lock()
        running = true
        let semaphores = (0..<threads).map { _ in DispatchSemaphore(value: 0) }
        finished = semaphores
        lock.unlock()
        for (index, done) in semaphores.enumerated() {
            let thread = Thread { [self] in
                var x: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(index)
                while true {
                    // A slice of pure arithmetic, then a look at the flag.
                    for _ in 0..<200_000 {
                        x ^= x << 13
                        x ^= x >> 7
                        x ^= x << 17
                    }
                    lock.lock()
                    let keepGoing = running
                    loops &+= 1 &+ (x & 0)
                    lock.unlock()
                    if !keepGoing { break }
                }
                done.signal()
            }
            thread.name = "cpu-burner-\(index)"
            thread.start()
        }
    }

    /// Stops the threads and waits for them; returns the slices they spun (200,000 xorshift
    /// steps each), all threads together.
    @discardableResult
    func stop() -> UInt64 {
        lock.lock()
        running = false
        let done = finished
        finished = []
        lock.unlock()
        for semaphore in done { semaphore.wait() }
        lock.lock()
        defer { lock.unlock() }
        return loops
    }
}
