import Foundation
import Testing
import _KMATestSupport

/// `kma-forecast mcp` as a process, the way an MCP client runs it: its real standard streams,
/// end of input, a client that stops reading, and the official MCP Python SDK as the client.
@Suite("kma-forecast mcp: the built binary as an MCP client runs it", .serialized, .oneAtATime)
struct MCPBinaryTests {
    /// A running `kma-forecast mcp` with pipes on all three streams.
    final class Child: @unchecked Sendable {
        let process = Process()
        let input = Pipe(), output = Pipe(), errors = Pipe()

        init(environment: [String: String] = [:]) throws {
            process.executableURL = URL(fileURLWithPath: try BuiltBinaryTests.binary())
            process.arguments = ["mcp"]
            process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(environment) { _, new in new }
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            try process.run()
        }

        func write(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }
        func closeInput() { try? input.fileHandleForWriting.close() }

        /// Waits for the process to exit, at most `seconds` (then kills it): its status, or
        /// `nil` when it had to be killed.
        func wait(seconds: Double) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
                return nil
            }
            return process.terminationStatus
        }
    }

    @Test("End of input: the replies written, exit status 0, logs on standard error only", .timeLimit(.minutes(10)))
    func endOfInput() throws {
        let child = try Child()
        child.write(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"kma_grid","arguments":{"nx":60,"ny":127}}}"# + "\n")
        child.closeInput()
        let stdout = child.output.fileHandleForReading.readDataToEndOfFile()
        // A hang guard, not a speed test: a busy machine may take long; `nil` means cut off.
        #expect(child.wait(seconds: 300) == 0, "nil: the server was still running 300 s after its input closed, and was killed")
        let lines = String(decoding: stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.first == #"{"jsonrpc":"2.0","id":1,"result":{}}"#)
        #expect(lines.count == 2 && lines[1].hasPrefix(#"{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"KMA grid cell nx 60, ny 127"#))
        let stderr = String(decoding: child.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr.hasPrefix("kma-forecast mcp: serving 8 tools"))
    }

    @Test("A flood read only after the end of input: the server reads it all, answers every line (the key in no output), and exits 0 once the replies are read", .timeLimit(.minutes(10)))
    func floodReadLate() throws {
        let key = "FLOODKEY+abcdefghijklmnop/qrstuv=="
        let child = try Child(environment: ["KMA_SERVICE_KEY": key])
        // About 7 MB of replies (tools/list is ~17 KB), plus garbage lines, written before
        // anything is read: the server must read past its full output to see the end.
        var flood = ""
        for id in 0..<400 {
            flood += #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/list"}"# + "\n"
            flood += "\u{1}garbage \(id)\n"
        }
        child.write(flood)
        child.closeInput()
        let stdout = child.output.fileHandleForReading.readDataToEndOfFile()
        #expect(child.wait(seconds: 300) == 0, "the server must exit once its replies are read (nil: still running after 300 s, killed)")
        let stderr = String(decoding: child.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let text = String(decoding: stdout, as: UTF8.self)
        #expect(!stderr.contains(key) && !text.contains(key))
        // Every line answered, whole: 400 tool lists and 400 parse errors.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "" && lines.count == 801)
        #expect(lines.filter { $0.contains(#""tools":["#) }.count == 400 && lines.filter { $0.contains("-32700") }.count == 400)
    }

    // MARK: The official MCP Python SDK as the client

    /// The Python with the SDK: `KMA_PYTHON`, else `python3`.
    static var python: (String, [String]) { (ForecastJSONSchemaTests.python, ForecastJSONSchemaTests.pythonArguments) }

    /// Whether `mcp==2.3.0` and `jsonschema` can be imported here. In CI they must be: there the test runs and fails instead.
    static var sdkAvailable: Bool {
        let check = "import importlib.metadata as m, jsonschema, mcp; assert m.version('mcp') == '2.3.0'"
        return (try? ForecastJSONSchemaTests.run(python.0, python.1 + ["-c", check]).status) == 0
    }

    @Test("The official MCP Python SDK (mcp 2.3.0), legacy and auto (2026-07-28): tools, 해운대's forecast with the ten days, 중구's candidates, a cancelled call; every result validated",
          .enabled(if: sdkAvailable || ForecastJSONSchemaTests.inCI, "needs Python with mcp==2.3.0 and jsonschema (pip install mcp==2.3.0 jsonschema, and set KMA_PYTHON); CI installs them"),
          .timeLimit(.minutes(10)))
    func officialSDK() throws {
        #expect(Self.sdkAvailable, "the MCP Python SDK is missing: CI must install it (pip install mcp==2.3.0 into the venv of KMA_PYTHON)")
        let fast = try HaeundaeScenario.server()
        defer { fast.stop() }
        let slow = try HaeundaeScenario.server()
        defer { slow.stop() }
        slow.setLatency(milliseconds: 15_000, for: "getVilageFcst")
        let script = ForecastJSONSchemaTests.root.appendingPathComponent("Scripts/check-mcp-sdk.py").path
        let result = try ForecastJSONSchemaTests.run(Self.python.0, Self.python.1 + [
            script, try BuiltBinaryTests.binary(), "--base", fast.baseURL, "--mid", fast.midTermBaseURL, "--slow-base", slow.baseURL,
            "--key", HaeundaeScenario.key, "--at", "2026-10-04T17:30:00+09:00",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(!result.finished || result.output.contains("44 checks, 0 failures"), "\(result)")
    }
}
