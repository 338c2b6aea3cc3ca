// A small benchmark harness: warm-up, repeated timed runs on ContinuousClock, median and
// spread, a black hole, a result check before timing, and an in-run baseline per benchmark.

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import KMAForecast
import KMAForecastCLI

/// A slower way to do the same job, timed in the same run; its median over the benchmark's
/// median is the benchmark's `ratio` (bigger is better).
struct Baseline {
    /// A stable name, e.g. `grid.forward.per-call-constants`.
    var name: String
    /// Operations per run of ``body`` (may differ from the benchmark's, to keep a slow
    /// baseline short; times are compared per operation).
    var items: Int
    /// Does `items` operations.
    var body: @MainActor () async -> Void

    init(_ name: String, items: Int, _ body: @escaping @MainActor () async -> Void) {
        self.name = name
        self.items = items
        self.body = body
    }
}

/// One registered benchmark.
struct Benchmark {
    /// A stable name (scripts track it), e.g. `grid.forward.batch`.
    var name: String
    /// What one operation is, e.g. `point`: the unit is nanoseconds per one of these.
    var per: String
    /// Operations per run of ``body``.
    var items: Int
    /// Runs once before any timing; throws ``CheckFailure`` if the results are wrong.
    var check: (@MainActor () async throws -> Void)?
    /// The in-run baseline, if there is one.
    var baseline: Baseline?
    /// Does `items` operations and feeds what they produce to ``blackHole(_:)``.
    var body: @MainActor () async -> Void
    /// Report in microseconds instead of nanoseconds (for operations that take a while).
    var microseconds = false
    /// Bytes and records one operation handles, for MB/s (when it reads bytes) and items/s;
    /// `nil` for none.
    var throughput: (bytes: Int?, records: Int)?

    /// A one-shot measurement instead of timed runs (see ``BenchmarkSuite/addMeasurement(_:_:)``).
    var measurement: (@MainActor (_ smoke: Bool) async throws -> [Figure])?

    var unit: String { (microseconds ? "us/" : "ns/") + per }
    /// Nanoseconds → the reported unit.
    var scale: Double { microseconds ? 1e-3 : 1 }
}

/// One figure of a one-shot measurement: `batch.places wall/floor 1.03 ratio (goal ≤ 1.1)`.
struct Figure {
    /// What was measured, e.g. `wall/floor`.
    var metric: String
    var value: Double
    /// e.g. `ratio`, `requests`, `MB`.
    var unit: String
    /// The goal, as text, if there is one.
    var goal: String?
    /// Whether the goal was met (`nil` for no goal): a missed goal is reported, not failed.
    var met: Bool?
}

/// A result check that failed: the benchmark is not timed and the run exits with status 1.
struct CheckFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Throws ``CheckFailure`` unless `condition` holds.
func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws(CheckFailure) {
    if !condition { throw CheckFailure(message()) }
}

// MARK: - Black hole

/// Where ``blackHole(_:)`` puts what it is given; read once at the end so that no store is dead.
nonisolated(unsafe) private var blackHoleSink = 0

/// Consumes a value so that the work that produced it cannot be optimised away.
@inline(never)
func blackHole(_ value: Int) {
    blackHoleSink &+= value
}

/// Consumes any value (its first byte), so that the work that produced it cannot be removed.
@inline(never)
func blackHole<T>(_ value: T) {
    withUnsafeBytes(of: value) { blackHoleSink &+= Int($0.first ?? 0) }
}

// MARK: - Inputs

/// A buffer allocated once and reused by every timed run (so that page faults of a fresh
/// allocation are not timed). Lives for the whole process; used by one benchmark at a time,
/// on the main actor, hence `@unchecked Sendable`.
final class Scratch<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>

    init(repeating value: Element, count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: value)
    }
}

// MARK: - Running

/// The median, smallest and largest of a set of samples, in nanoseconds per operation.
struct Statistics {
    var median: Double
    var min: Double
    var max: Double
    var count: Int

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        min = sorted.first ?? .nan
        max = sorted.last ?? .nan
        if sorted.isEmpty {
            median = .nan
        } else if sorted.count % 2 == 1 {
            median = sorted[sorted.count / 2]
        } else {
            median = (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
    }
}

extension Statistics {
    /// The same statistics in another unit.
    func scaled(by factor: Double) -> Statistics {
        var copy = self
        copy.median *= factor
        copy.min *= factor
        copy.max *= factor
        return copy
    }
}

/// Command-line options of the benchmark executable.
struct BenchmarkOptions {
    enum Format { case text, json }

    /// Run only benchmarks whose name contains this.
    var filter: String?
    var format: Format = .text
    /// Only list the names.
    var list = false
    /// Smoke mode: each benchmark's check, then one untimed run of it and of its baseline; no
    /// timing. For CI, so that a miscompiled hot path fails the build, not a user.
    var smoke = false
    /// Stop sampling once this many samples and ``minimumSeconds`` of timed runs are in...
    var minimumSamples = 5
    var minimumSeconds = 0.5
    /// ...or, with at least three samples, once this much time has gone into timed runs.
    var maximumSeconds = 3.0

    static let usage = """
        USAGE: swift run -c release Benchmarks [--filter <substring>] [--format text|json] [--list] [--smoke] [--cli <path>]

        OPTIONS:
          --filter <substring>  Run only the benchmarks whose name contains <substring>.
          --format <format>     'text' (a table, default) or 'json' (one object per line).
          --list                Print the benchmark names and exit.
          --smoke               Check each benchmark's results and run it and its baseline once, untimed (for CI).
          --cli <path>          Time this kma-forecast binary in cli.* instead of this executable's copy of the tool.
          -h, --help            Show this help.
        """
}

/// The registered benchmarks and the loop that times them.
@MainActor
final class BenchmarkSuite {
    private(set) var benchmarks: [Benchmark] = []
    private var cleanups: [@MainActor () -> Void] = []
    /// Failures seen while timing (a timed run that did not do its job), by benchmark name.
    private var timingFailures: [String: String] = [:]

    /// Records that a timed run of a benchmark (or of its baseline) failed: its numbers are not
    /// reported and the run exits with status 1.
    func fail(_ name: String, _ message: String) {
        if timingFailures[name] == nil { timingFailures[name] = message }
    }

    /// Registers clean-up work (removing temporary files) for the end of the run.
    func atExit(_ cleanup: @escaping @MainActor () -> Void) {
        cleanups.append(cleanup)
    }

    /// Registers a benchmark.
    ///
    /// ```swift
    /// suite.add("decode.page", per: "page", items: 100, baseline: Baseline("decode.page.foundation", items: 100) {
    ///     for _ in 0..<100 { blackHole(try? JSONSerialization.jsonObject(with: data)) }
    /// }) {
    ///     for _ in 0..<100 { blackHole(try? ForecastPageDecoder.decode(bytes)) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: A stable name; scripts track it.
    ///   - per: What one operation is (`point`, `call`, `line`, `page`); the unit is ns per one.
    ///   - items: Operations per run of `body`.
    ///   - check: Runs once before timing; throw ``CheckFailure`` (see ``expect(_:_:)``) when the
    ///     results are wrong.
    ///   - baseline: A slower way to do the same job, timed in the same run.
    ///   - body: Does `items` operations; pass what they produce to ``blackHole(_:)``.
    func add(
        _ name: String,
        per: String,
        items: Int,
        check: (@MainActor () async throws -> Void)? = nil,
        baseline: Baseline? = nil,
        microseconds: Bool = false,
        throughput: (bytes: Int?, records: Int)? = nil,
        _ body: @escaping @MainActor () async -> Void
    ) {
        precondition(items > 0, "a benchmark does at least one operation per run")
        precondition(!benchmarks.contains { $0.name == name }, "benchmark \(name) is registered twice")
        benchmarks.append(Benchmark(
            name: name, per: per, items: items, check: check, baseline: baseline, body: body,
            microseconds: microseconds, throughput: throughput
        ))
    }

    /// Registers a one-shot measurement: something that takes too long to repeat (a batch
    /// against the stand-in gateway at KMA's real rate), run once, reporting its own figures
    /// (each against its in-run floor or baseline). In smoke mode it runs a small version and
    /// fails only when it throws.
    func addMeasurement(_ name: String, _ measure: @escaping @MainActor (_ smoke: Bool) async throws -> [Figure]) {
        precondition(!benchmarks.contains { $0.name == name }, "benchmark \(name) is registered twice")
        var benchmark = Benchmark(name: name, per: "run", items: 1, check: nil, baseline: nil, body: {})
        benchmark.measurement = measure
        benchmarks.append(benchmark)
    }

    /// Prints a measurement's figures.
    private func report(_ name: String, _ figures: [Figure], _ options: BenchmarkOptions) {
        for figure in figures {
            let goal = figure.goal.map { " (goal \($0)\(figure.met == false ? ", MISSED" : ""))" } ?? ""
            switch options.format {
            case .json:
                var fields = ["\"name\":\"\(name)\"", "\"metric\":\"\(figure.metric)\"", "\"value\":\(figure.value)", "\"unit\":\"\(figure.unit)\""]
                if let text = figure.goal { fields.append("\"goal\":\"\(text)\"") }
                if let met = figure.met { fields.append("\"met\":\(met)") }
                print("{" + fields.joined(separator: ",") + "}")
            case .text:
                let value = figure.value == figure.value.rounded() && abs(figure.value) < 1e12 ? String(Int(figure.value)) : String(format3(figure.value))
                print("\(name)  \(figure.metric): \(value) \(figure.unit)\(goal)")
            }
        }
    }

    private func format3(_ value: Double) -> String {
        let scaled = (value * 1000).rounded() / 1000
        return String(scaled)
    }

    /// Runs the selected benchmarks and prints the results; returns the exit status.
    func run(_ options: BenchmarkOptions) async -> Int32 {
        let selected = benchmarks.filter { options.filter.map($0.name.contains) ?? true }
        if options.list {
            for benchmark in selected { print(benchmark.name) }
            return 0
        }
        if options.smoke {
            return await smoke(selected)
        }
        if Self.isDebugBuild {
            let warning = """

                ****************************************************************************
                *  WARNING: this is a DEBUG build. These numbers mean nothing.             *
                *  Run: swift run -c release Benchmarks                                    *
                ****************************************************************************

                """
            fputs(warning, stderr)
        }
        if selected.isEmpty {
            fputs("No benchmark matches '\(options.filter ?? "")'. Use --list to see the names.\n", stderr)
            return 1
        }
        if options.format == .text {
            print("kma-forecast benchmarks: \(Self.isDebugBuild ? "DEBUG" : "release") build, \(Self.cpuModel)")
            print(Self.row("benchmark", "median", "min … max", "baseline", "baseline median", "ratio"))
        }
        var status: Int32 = 0
        for benchmark in selected {
            if let measurement = benchmark.measurement {
                do {
                    report(benchmark.name, try await measurement(false), options)
                } catch {
                    fputs("CHECK FAILED: \(benchmark.name): \(error)\n", stderr)
                    status = 1
                }
                continue
            }
            if let check = benchmark.check {
                do {
                    try await check()
                } catch {
                    fputs("CHECK FAILED: \(benchmark.name): \(error)\n", stderr)
                    status = 1
                    continue
                }
            }
            let (main, base) = await Self.measure(benchmark, options)
            if let failure = timingFailures[benchmark.name] {
                fputs("FAILED WHILE TIMING: \(benchmark.name): \(failure)\n", stderr)
                status = 1
                continue
            }
            report(benchmark, main, base, options)
        }
        for cleanup in cleanups { cleanup() }
        // Read the sink once, so that the optimiser cannot treat its stores as dead.
        if blackHoleSink == 0x5EED { fputs("\n", stderr) }
        return status
    }

    /// Smoke mode: each benchmark's check, then one run of it and of its baseline, untimed; a
    /// line per benchmark and a closing `N passed, N failed` line. Status 1 if any failed.
    private func smoke(_ selected: [Benchmark]) async -> Int32 {
        guard !selected.isEmpty else {
            fputs("No benchmark to smoke-test. Use --list to see the names.\n", stderr)
            return 1
        }
        print("kma-forecast benchmarks, smoke mode (checks and one untimed run each): \(Self.isDebugBuild ? "DEBUG" : "release") build")
        var passed = 0
        var failed = 0
        for benchmark in selected {
            var failure: String?
            if let measurement = benchmark.measurement {
                do {
                    _ = try await measurement(true)
                } catch {
                    failure = "check failed: \(error)"
                }
            } else if let check = benchmark.check {
                do {
                    try await check()
                } catch {
                    failure = "check failed: \(error)"
                }
            }
            if failure == nil, benchmark.measurement == nil {
                await benchmark.body()
                await benchmark.baseline?.body()
                failure = timingFailures[benchmark.name].map { "failed while running: \($0)" }
            }
            if let failure {
                failed += 1
                print("FAIL \(benchmark.name): \(failure)")
                fputs("CHECK FAILED: \(benchmark.name): \(failure)\n", stderr)
            } else {
                passed += 1
                print("ok   \(benchmark.name)\(benchmark.check == nil && benchmark.measurement == nil ? " (ran; it has no check)" : "")")
            }
            fflush(stdout)
        }
        for cleanup in cleanups { cleanup() }
        if blackHoleSink == 0x5EED { fputs("\n", stderr) }
        print("\(passed) passed, \(failed) failed")
        return failed == 0 ? 0 : 1
    }

    /// Times a benchmark and its baseline: one warm-up run of each, then samples of the two in
    /// turn (so that a change in the machine's load affects both alike) until each has enough
    /// samples and time.
    private static func measure(_ benchmark: Benchmark, _ options: BenchmarkOptions) async -> (Statistics, Statistics?) {
        let clock = ContinuousClock()
        var main: [Double] = []
        var base: [Double] = []
        var mainTime = 0.0
        var baseTime = 0.0
        func enough(_ samples: [Double], _ time: Double) -> Bool {
            (samples.count >= options.minimumSamples && time >= options.minimumSeconds)
                || (samples.count >= 3 && time >= options.maximumSeconds)
                || samples.count >= 10_000
        }
        await benchmark.body()                 // warm-up
        await benchmark.baseline?.body()
        while true {
            let mainDone = enough(main, mainTime)
            let baseDone = benchmark.baseline == nil || enough(base, baseTime)
            if mainDone && baseDone { break }
            if !mainDone || benchmark.baseline == nil {
                let start = clock.now
                await benchmark.body()
                let elapsed = clock.now - start
                main.append(nanoseconds(elapsed) / Double(benchmark.items))
                mainTime += seconds(elapsed)
            }
            if let baseline = benchmark.baseline, !baseDone {
                let start = clock.now
                await baseline.body()
                let elapsed = clock.now - start
                base.append(nanoseconds(elapsed) / Double(baseline.items))
                baseTime += seconds(elapsed)
            }
        }
        return (Statistics(main), benchmark.baseline == nil ? nil : Statistics(base))
    }

    private func report(_ benchmark: Benchmark, _ rawMain: Statistics, _ rawBase: Statistics?, _ options: BenchmarkOptions) {
        let ratio = rawBase.map { $0.median / rawMain.median }
        let main = rawMain.scaled(by: benchmark.scale)
        let base = rawBase?.scaled(by: benchmark.scale)
        // Throughput at the median: bytes and records per second.
        let rates = benchmark.throughput.map { (mb: $0.bytes.map { Double($0) / rawMain.median * 1e3 }, items: Double($0.records) / rawMain.median * 1e9) }
        switch options.format {
        case .json:
            var fields: [(String, String)] = [
                ("name", JSONText.string(benchmark.name)),
                ("unit", JSONText.string(benchmark.unit)),
                ("median", JSONText.number(main.median)),
                ("min", JSONText.number(main.min)),
                ("max", JSONText.number(main.max)),
                ("iterations", String(main.count)),
                ("items", String(benchmark.items)),
            ]
            if let baseline = benchmark.baseline, let base, let ratio {
                fields += [
                    ("baseline", JSONText.string(baseline.name)),
                    ("baselineMedian", JSONText.number(base.median)),
                    ("baselineMin", JSONText.number(base.min)),
                    ("baselineMax", JSONText.number(base.max)),
                    ("baselineIterations", String(base.count)),
                    ("ratio", JSONText.number(ratio)),
                ]
            }
            if let rates {
                if let mb = rates.mb { fields.append(("megabytesPerSecond", JSONText.number(mb))) }
                fields.append(("itemsPerSecond", JSONText.number(rates.items)))
            }
            fields.append(("build", JSONText.string(Self.isDebugBuild ? "debug" : "release")))
            print(JSONText.object(fields))
        case .text:
            let unit = benchmark.unit
            print(Self.row(
                benchmark.name,
                "\(Self.short(main.median)) \(unit)",
                "\(Self.short(main.min)) … \(Self.short(main.max))",
                benchmark.baseline?.name ?? "",
                base.map { "\(Self.short($0.median)) \(unit)" } ?? "",
                (ratio.map { Self.fixed($0, decimals: 1) + "x" } ?? "")
                    + (rates.map { rate in
                        "  (" + (rate.mb.map { "\(Self.short($0)) MB/s, " } ?? "") + "\(Self.short(rate.items / 1e6)) M items/s)"
                    } ?? "")
            ))
        }
        fflush(stdout)
    }

    // MARK: Formatting

    private static func row(_ a: String, _ b: String, _ c: String, _ d: String, _ e: String, _ f: String) -> String {
        pad(a, 28) + pad(b, 18) + pad(c, 20) + pad(d, 36) + pad(e, 18) + f
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        let count = text.count
        return count >= width ? text + " " : text + String(repeating: " ", count: width - count)
    }

    /// Three significant digits, e.g. `38.2`, `4.71`, `1520`.
    static func short(_ value: Double) -> String {
        guard value.isFinite else { return "nan" }
        if value >= 100 { return fixed(value, decimals: 0) }
        if value >= 10 { return fixed(value, decimals: 1) }
        return fixed(value, decimals: 2)
    }

    static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard scaled.isFinite, abs(scaled) < 9e15 else { return String(value) }
        let whole = Int(scaled)
        if decimals == 0 { return String(whole) }
        let unit = Int(scale)
        let sign = whole < 0 ? "-" : ""
        return sign + String(abs(whole) / unit) + "." + (abs(whole) % unit).zeroPadded(toWidth: decimals)
    }


    // MARK: Environment

    /// Whether this is an unoptimised build (assertions run only at -Onone).
    static var isDebugBuild: Bool {
        var debug = false
        assert({ debug = true; return true }())
        return debug
    }

    /// The CPU model from /proc/cpuinfo, or "unknown CPU".
    static var cpuModel: String {
        guard let file = fopen("/proc/cpuinfo", "r") else { return "unknown CPU" }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 512)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("model name") || text.hasPrefix("Model") && text.contains(":") {
                return String(text.drop { $0 != ":" }.dropFirst()).trimmingWhitespace()
            }
        }
        return "unknown CPU"
    }
}

/// Seconds in a `Duration`.
func seconds(_ duration: Duration) -> Double {
    let (s, attoseconds) = duration.components
    return Double(s) + Double(attoseconds) * 1e-18
}

/// Nanoseconds in a `Duration`.
func nanoseconds(_ duration: Duration) -> Double {
    seconds(duration) * 1e9
}
