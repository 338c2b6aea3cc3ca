// cli.*: the kma-forecast tool end to end, as a separate process.

import KMAGrid
import _KMATestSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines in the generated `grid --input` file.
private let lineCount = 1_000_000

/// The argument that makes this executable behave as `kma-forecast` (the same code as
/// `Sources/kma-forecast/main.swift`), so the benchmark always times the code it was built with.
let toolModeArgument = "--run-kma-forecast"
/// The argument that makes this executable run the naive baseline converter.
let naiveModeArgument = "--run-naive-grid-input"

/// A generated file of `lat,lon` lines, and the output `grid --input` must give for it.
@MainActor
final class GridInputFile {
    /// The file's path (in a fresh temporary directory, removed by ``remove()``).
    let path: String
    /// The exact expected output: `lat,lon,nx,ny`, then each input line with its cell.
    let expectedOutput: [UInt8]
    private let directory: String

    /// Writes `count` lines: a header, then points spread over the grid with six decimals.
    init(count: Int) throws(CheckFailure) {
        var template = Array("/tmp/kma-forecast-bench-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CheckFailure("cannot create a temporary directory in /tmp") }
        directory = String(cString: made)
        path = directory + "/points.csv"

        let grid = ForecastGrid.kma
        var generator = SplitMix64(seed: 0x434C_4931)
        var input = Array("lat,lon\n".utf8)
        var expected = Array("lat,lon,nx,ny\n".utf8)
        input.reserveCapacity(count * 22)
        expected.reserveCapacity(count * 30)
        var written = 0
        while written < count {
            // Micro-degrees, so the text is exact and the cell is the text's cell.
            let lat = Int.random(in: 31_650_000...43_430_000, using: &generator)
            let lon = Int.random(in: 123_310_000...132_770_000, using: &generator)
            guard let cell = try? grid.cell(latitude: Double(lat) / 1e6, longitude: Double(lon) / 1e6) else { continue }
            var line: [UInt8] = []
            Self.appendMicrodegrees(lat, &line)
            line.append(UInt8(ascii: ","))
            Self.appendMicrodegrees(lon, &line)
            input += line
            input.append(UInt8(ascii: "\n"))
            expected += line
            expected += Array(",\(cell.nx),\(cell.ny)\n".utf8)
            written += 1
        }
        expectedOutput = expected
        guard let file = fopen(path, "w") else { throw CheckFailure("cannot write \(path)") }
        let ok = input.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
        fclose(file)
        try expect(ok, "cannot write \(path)")
    }

    /// Removes the file and its directory.
    func remove() {
        unlink(path)
        rmdir(directory)
    }

    /// `37123456` → `37.123456`.
    private static func appendMicrodegrees(_ value: Int, _ bytes: inout [UInt8]) {
        bytes += Array(String(value / 1_000_000).utf8)
        bytes.append(UInt8(ascii: "."))
        let fraction = String(value % 1_000_000)
        bytes += Array(repeating: UInt8(ascii: "0"), count: 6 - fraction.count)
        bytes += Array(fraction.utf8)
    }
}

@MainActor
func addCLIBenchmarks(_ suite: BenchmarkSuite, tool: String?) {
    let this = ChildProcess.currentExecutable
    // The tool: a given kma-forecast binary, or this executable in tool mode.
    let toolCommand = tool.map { [$0] } ?? [this, toolModeArgument]
    var file: GridInputFile?   // written by the check, before any timing

    suite.add(
        "cli.grid-input-1M", per: "line", items: lineCount,
        check: {
            let made = try GridInputFile(count: lineCount)
            suite.atExit { made.remove() }
            file = made
            let output = made.path + ".out"
            defer { unlink(output) }
            let status = ChildProcess.run(toolCommand + ["grid", "--input", made.path], standardOutput: output)
            try expect(status == 0, "\(toolCommand.joined(separator: " ")) grid --input exited with status \(status)")
            try expect(ChildProcess.contents(of: output) == made.expectedOutput, "kma-forecast grid --input wrote something else than the expected cells")
            let baseline = ChildProcess.run([this, naiveModeArgument], standardInput: made.path, standardOutput: output)
            try expect(baseline == 0, "the naive baseline exited with status \(baseline)")
            try expect(ChildProcess.contents(of: output) == made.expectedOutput, "the naive baseline wrote something else than the expected cells")
        },
        baseline: Baseline("cli.grid-input-1M.naive-readline", items: lineCount) {
            guard let file else { return }
            let status = ChildProcess.run([this, naiveModeArgument], standardInput: file.path)
            if status != 0 { suite.fail("cli.grid-input-1M", "the naive baseline exited with status \(status)") }
        }
    ) {
        guard let file else { return }
        let status = ChildProcess.run(toolCommand + ["grid", "--input", file.path])
        if status != 0 { suite.fail("cli.grid-input-1M", "kma-forecast grid --input exited with status \(status)") }
    }
}

/// The baseline converter: what a straightforward Swift program does. `readLine()`, split on
/// the comma, `Double(String)`, the scalar `ForecastGrid.cell`, and `print` for each line;
/// failing lines keep their place as `lat,lon,,` with `Error: line N: …` on stderr, as the tool.
func runNaiveGridInput() -> Int32 {
    let grid = ForecastGrid.kma
    var lineNumber = 0
    var failed = false
    print("lat,lon,nx,ny")
    while let line = readLine() {
        lineNumber += 1
        let text = line.trimmingWhitespace()
        if text.isEmpty { continue }
        let fields = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
        if lineNumber == 1, fields.count == 2, fields[0].lowercased() == "lat", fields[1].lowercased() == "lon" { continue }
        let first = fields[0]
        let second = fields.count > 1 ? fields[1] : ""
        do {
            guard fields.count == 2 else { throw CheckFailure("expected one 'lat,lon' pair (2 fields), found \(fields.count)") }
            guard let latitude = Double(first), let longitude = Double(second) else { throw CheckFailure("not a number") }
            let cell = try grid.cell(latitude: latitude, longitude: longitude)
            print("\(first),\(second),\(cell.nx),\(cell.ny)")
        } catch {
            failed = true
            print("\(first),\(second),,")
            fputs("Error: line \(lineNumber): \(error)\n", stderr)
        }
    }
    return failed ? 1 : 0
}
