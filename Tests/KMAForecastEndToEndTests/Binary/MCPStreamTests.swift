import Foundation
import Testing
import _KMATestSupport

/// `kma-forecast mcp` as a long-lived process under load (issue 31, items 1–3): a gateway that
/// never answers with more calls than the limit, a client that pauses reading, one that never
/// reads, a standard output that fails, a standard error nobody reads or that is closed. Each
/// test asserts what happens (which replies, in which order, how often a line is logged); the
/// waits are hang guards only.
@Suite("kma-forecast mcp: the built binary under load, stalls and closed streams", .serialized, .oneAtATime)
struct MCPStreamTests {
    static let key = "STREAMKEY+abc/def=="

    static func call(_ id: Int, _ tool: String = "kma_forecast", _ arguments: String = #"{"nx":60,"ny":120}"#) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"# + "\n"
    }

    static func ping(_ id: Int) -> String { #"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"# + "\n" }

    static func cancel(_ id: Int, reason: String = "no longer needed") -> String {
        #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":\#(id),"reason":"\#(reason)"}}"# + "\n"
    }

    /// A reply parsed by Foundation (fast even in a debug build, for thousands of 17 KB lines).
    typealias Reply = [String: Any]

    /// The replies by id (each line parsed; a line that is not a JSON object is recorded as such).
    static func replies(_ lines: [String]) -> (byID: [Int: [Reply]], notJSON: [String]) {
        var byID: [Int: [Reply]] = [:]
        var notJSON: [String] = []
        for line in lines {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? Reply else {
                notJSON.append(String(line.prefix(200)))
                continue
            }
            if let id = (object["id"] as? NSNumber)?.intValue { byID[id, default: []].append(object) }
        }
        return (byID, notJSON)
    }

    static func errorCode(_ reply: Reply?) -> Int? { ((reply?["error"] as? Reply)?["code"] as? NSNumber)?.intValue }
    static func result(_ reply: Reply?) -> Reply? { reply?["result"] as? Reply }
    static func isError(_ reply: Reply?) -> Bool { (result(reply)?["isError"] as? Bool) == true }
    static func text(_ reply: Reply?) -> String { ((result(reply)?["content"] as? [Reply])?.first?["text"] as? String) ?? "" }

    static func hasReply(_ id: Int) -> ([String]) -> Bool {
        { lines in lines.contains { $0.hasPrefix(#"{"jsonrpc":"2.0","id":\#(id),"#) } }
    }

    // MARK: 1. The reader never stops reading

    @Test("32 calls held by a silent gateway: a 33rd is refused at once with the limit, a ping is answered before any held call ends, cancellations apply at once, the end of input is seen", .timeLimit(.minutes(10)))
    func callsHeld() throws {
        let gateway = try SilentGateway()
        defer { gateway.stop() }
        let child = try MCPProcess(environment: ["KMA_SERVICE_KEY": Self.key, "KMA_BASE_URL": gateway.baseURL])
        child.write((1...32).map { Self.call($0) }.joined())
        #expect(gateway.waitForConnections(32, seconds: 120), "the 32 calls reach the gateway")
        child.write(Self.call(33) + Self.ping(100))
        #expect(child.waitForOutput(Self.hasReply(100)), "the ping is answered while 32 calls are held")
        let early = Self.replies(child.lines).byID
        #expect((1...32).allSatisfy { early[$0] == nil }, "the ping comes before any held call ends: \(child.lines.map { $0.prefix(120) })")
        let refusal = try #require(early[33]?.first?["error"] as? Reply, "the 33rd call is refused at once")
        #expect((refusal["code"] as? NSNumber)?.intValue == -31001)
        let message = refusal["message"] as? String ?? ""
        #expect(message.contains("at most 32") && message.contains("wait") && message.contains("notifications/cancelled"), "\(message)")
        #expect(((refusal["data"] as? Reply)?["maximumCallsInFlight"] as? NSNumber)?.intValue == 32)

        // Cancel them all: applied at once (the log says so for each), then room for a call.
        child.write((1...32).map { Self.cancel($0) }.joined() + Self.call(34, "kma_grid", #"{"nx":60,"ny":127}"#) + Self.ping(101))
        #expect(child.waitForErrors { lines in (1...32).allSatisfy { id in lines.contains { $0.contains("cancelled request \(id): no longer needed") } } })
        #expect(child.waitForOutput(Self.hasReply(101)))
        #expect(child.waitForOutput(Self.hasReply(34)))
        child.closeInput()
        #expect(child.wait() == 0)
        let (byID, notJSON) = Self.replies(child.lines)
        #expect(notJSON.isEmpty)
        #expect((1...32).allSatisfy { byID[$0] == nil }, "a cancelled call gets no reply")
        #expect(byID[34]?.count == 1 && Self.result(byID[34]?.first) != nil && !Self.isError(byID[34]?.first))
    }

    @Test("40 kma_forecast and 33 kma_field_values calls then the end of input, against silent gateways: every call answered once (8 and 1 refused, the rest stopped with a reply that says so), exit 0", .timeLimit(.minutes(10)))
    func endOfInputWithCallsHeld() throws {
        let gateway = try SilentGateway()
        defer { gateway.stop() }
        let cases: [(tool: String, arguments: String, count: Int, environment: [String: String])] = [
            ("kma_forecast", #"{"nx":60,"ny":120}"#, 40, ["KMA_SERVICE_KEY": Self.key, "KMA_BASE_URL": gateway.baseURL]),
            ("kma_field_values", #"{"variable":"TMP","points":["서울"]}"#, 33, ["KMA_SERVICE_KEY": Self.key, "KMA_FIELD_BASE_URL": gateway.apiHubFieldBaseURL]),
        ]
        for run in cases {
            let child = try MCPProcess(environment: run.environment)
            child.write((1...run.count).map { Self.call($0, run.tool, run.arguments) }.joined())
            child.closeInput()
            #expect(child.waitForErrors { $0.contains { $0.contains("standard input ended: 32 call(s) in flight get up to 5 s") } }, "\(run.tool): the end of input is seen with 32 calls held: \(child.errorText)")
            #expect(child.wait() == 0)
            let (byID, notJSON) = Self.replies(child.lines)
            #expect(notJSON.isEmpty && !child.partialLine)
            #expect((1...run.count).allSatisfy { byID[$0]?.count == 1 }, "\(run.tool): one reply each: \(byID.keys.sorted())")
            let refused = byID.values.filter { Self.errorCode($0.first) == -31001 }.count
            let stopped = byID.values.filter {
                Self.isError($0.first) && Self.text($0.first).hasPrefix("Stopped: the client closed the server's standard input")
            }.count
            #expect(refused == run.count - 32 && stopped == 32, "\(run.tool): \(refused) refused, \(stopped) stopped")
        }
    }

    // MARK: 2. No reply dropped, only whole lines

    /// About 88 MB of replies (`tools/list` is about 29 KB), more than the old 64 MB queue.
    static let floodCount = 3_000

    static var flood: String { (0..<floodCount).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"tools/list"}"# + "\n" }.joined() }

    @Test("3,000 tools/list from a client that pauses reading, with and without the end of input: every reply arrives once, whole", .timeLimit(.minutes(10)))
    func pausedReader() throws {
        for endInput in [false, true] {
            let child = try MCPProcess(readOutput: false)
            child.write(Self.flood)
            if endInput {
                child.closeInput()
                #expect(child.waitForErrors { $0.contains { $0.contains("standard input ended") } }, "the end of input is seen while the output is backed up")
            } else {
                child.write(Self.ping(-1))
            }
            Thread.sleep(forTimeInterval: 2)  // the client is busy elsewhere: the server has filled its queue by now
            #expect(child.isRunning, "the server waits for its replies to be read")
            child.startReading()
            #expect(child.waitForOutput { $0.count >= Self.floodCount + (endInput ? 0 : 1) })
            if !endInput { child.closeInput() }
            #expect(child.wait() == 0)
            let (byID, notJSON) = Self.replies(child.lines)
            #expect(notJSON.isEmpty && !child.partialLine)
            #expect((0..<Self.floodCount).allSatisfy { byID[$0]?.count == 1 && Self.result(byID[$0]?.first)?["tools"] is [Any] }, "every tools/list answered once (end of input: \(endInput))")
            #expect(!child.errorText.contains { $0.contains("dropped") || $0.contains("discarded") }, "\(child.errorText)")
        }
    }

    @Test("A client that never reads: the server keeps reading (a cancellation and the end of input are seen), holds a bounded queue, and exits once the client closes its end; one line on standard error", .timeLimit(.minutes(10)))
    func neverReadingClient() throws {
        let gateway = try SilentGateway()
        defer { gateway.stop() }
        let child = try MCPProcess(environment: ["KMA_SERVICE_KEY": Self.key, "KMA_BASE_URL": gateway.baseURL], readOutput: false)
        child.write(Self.call(90_000) + Self.flood + Self.cancel(90_000, reason: "behind the flood"))
        child.closeInput()
        #expect(child.waitForErrors { $0.contains { $0.contains("cancelled request 90000: behind the flood") } }, "\(child.errorText)")
        #expect(child.waitForErrors { $0.contains { $0.contains("standard input ended") } }, "\(child.errorText)")
        #expect(child.isRunning, "the replies wait for the client: none is dropped")
        let peak = child.peakKiB
        #expect(peak < 400 * 1024, "peak memory \(peak) KiB while holding about 88 MB of replies back")
        child.closeOutput()
        #expect(child.wait() == 0)
        #expect(child.errorText.filter { $0.contains("standard output failed") }.count == 1, "\(child.errorText)")
        #expect(child.errorText.count <= 5, "\(child.errorText.prefix(10))")
    }

    // MARK: 3. One log line, never blocked on the log

    @Test("Standard output closed by the client: 10,000 pings then the end of input give one line on standard error, and exit 0", .timeLimit(.minutes(10)))
    func outputClosed() throws {
        let child = try MCPProcess(readOutput: false)
        child.closeOutput()
        child.write((0..<10_000).map { Self.ping($0) }.joined())
        child.closeInput()
        #expect(child.wait() == 0)
        let lines = child.errorText
        #expect(lines.filter { $0.contains("standard output failed") }.count == 1, "\(lines.prefix(5)) … \(lines.count) lines")
        #expect(lines.count <= 3, "\(lines.prefix(5)) … \(lines.count) lines")
    }

    @Test("Standard error never read: 1,000 cancellations with long reasons fill it, and the server still answers a ping and exits at the end of input", .timeLimit(.minutes(10)))
    func errorNeverRead() throws {
        let refusing = try RefusingPort()
        let child = try MCPProcess(environment: ["KMA_SERVICE_KEY": Self.key, "KMA_BASE_URL": refusing.baseURL], errorStream: .neverRead)
        let reason = String(repeating: "r", count: 900)
        child.write((1...1_000).map { Self.call($0) + Self.cancel($0, reason: reason) }.joined() + Self.ping(5_000))
        #expect(child.waitForOutput(Self.hasReply(5_000)), "the ping is answered although standard error is full")
        child.closeInput()
        #expect(child.wait() == 0)
        #expect(Self.replies(child.lines).notJSON.isEmpty)
    }

    @Test("Standard error closed: the server serves and exits 0", .timeLimit(.minutes(10)))
    func errorClosed() throws {
        let child = try MCPProcess(errorStream: .closed)
        child.write(Self.ping(1) + Self.call(2, "kma_grid", #"{"nx":60,"ny":127}"#))
        child.closeInput()
        #expect(child.wait() == 0)
        let (byID, notJSON) = Self.replies(child.lines)
        #expect(notJSON.isEmpty && byID[1]?.count == 1 && byID[2]?.count == 1, "\(child.lines)")
    }
}
